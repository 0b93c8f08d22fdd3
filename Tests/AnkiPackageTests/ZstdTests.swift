import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import AnkiPackage

@Suite("zstd")
struct ZstdTests {
  /// Sizes on both sides of each multiple of the decoder's output buffer (128 KiB), where the
  /// loop decides whether the decoder has more to give.
  static let sizes: [Int] = (1...4).flatMap { (k: Int) -> [Int] in
    let multiple = k * 131_072
    return [multiple - 1, multiple, multiple + 1]
  }

  /// Bytes that compress somewhat, as a collection does, and differ from seed to seed.
  static func bytes(_ count: Int, seed: UInt64) -> Data {
    var random = SeededGenerator(seed: seed)
    return Data((0..<count).map { _ in UInt8.random(in: 0...15, using: &random) })
  }

  @Test("data of any size around a buffer multiple decompresses to itself", arguments: sizes)
  func roundTrip(_ size: Int) throws {
    let original = Self.bytes(size, seed: UInt64(size))
    let compressed = try Zstd.compress(original)
    #expect(try Zstd.decompress(compressed, limit: 1 << 20, entry: "x") == original)
  }

  @Test("data cut anywhere before its end is refused as truncated", arguments: [1, 7, 500])
  func truncated(_ cut: Int) throws {
    let compressed = try Zstd.compress(Self.bytes(2 * 131_072, seed: 3))
    #expect {
      try Zstd.decompress(compressed.dropLast(cut), limit: 1 << 20, entry: "x")
    } throws: { error in
      (error as? AnkiPackageError)?.description.contains("truncated") == true
    }
  }

  @Test("two frames one after the other decompress to both")
  func twoFrames() throws {
    let first = Self.bytes(131_072, seed: 1)
    let second = Self.bytes(1_000, seed: 2)
    let compressed = try Zstd.compress(first) + Zstd.compress(second)
    #expect(try Zstd.decompress(compressed, limit: 1 << 20, entry: "x") == first + second)
  }

  @Test("data larger than the limit is refused, whatever its size")
  func limit() throws {
    let compressed = try Zstd.compress(Self.bytes(131_072, seed: 4))
    #expect(throws: AnkiPackageError.self) {
      try Zstd.decompress(compressed, limit: 131_071, entry: "x")
    }
    #expect(try Zstd.decompress(compressed, limit: 131_072, entry: "x").count == 131_072)
  }
}

@Suite("SQLite's buffer")
struct SQLiteBufferTests {
  @Test("a database decompressed into a buffer that grows piece by piece reads as the original")
  func growsAndOpens() throws {
    let file = try collectionFile(version: 11)
    let padded = file + Data(count: 300_000 - file.count % 4_096)
    let buffer = try SQLiteBuffer(reserving: 0)
    try Zstd.decompress(try Zstd.compress(padded), limit: 1 << 20, entry: "x") {
      (bytes) throws(AnkiPackageError) in try buffer.append(bytes)
    }
    #expect(buffer.count == padded.count)
    let database = try SQLiteDatabase(buffer: buffer)
    #expect(try database.scalar("SELECT ver FROM col") == 11)
    #expect(buffer.count == 0)
  }
}
