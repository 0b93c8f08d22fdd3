import Basics
import FoundationEssentials
import Testing

@Suite("Hashes")
struct HashTests {
  @Test("FNV-1a-64 gives the published values")
  func fnv() {
    // The test vectors of the FNV reference (the empty string, "a", "foobar").
    for (text, value) in [
      ("", 0xcbf2_9ce4_8422_2325 as UInt64), ("a", 0xaf63_dc4c_8601_ec8c),
      ("foobar", 0x8594_4171_f739_67e8),
    ] {
      var hash = FNV1a64()
      hash.add(text)
      #expect(hash.value == value)
      var bytewise = FNV1a64()
      bytewise.add(Array(text.utf8))
      #expect(bytewise.value == value)
    }
  }

  @Test("Feeding a word is feeding its eight bytes, lowest first")
  func fnvWords() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<100 {
      let word = random.next() as UInt64
      var byWord = FNV1a64()
      byWord.add(word: word)
      var byByte = FNV1a64()
      for shift in stride(from: 0, to: 64, by: 8) {
        byByte.add(UInt8(truncatingIfNeeded: word >> shift))
      }
      #expect(byWord.value == byByte.value)
    }
  }

  /// The hash written out one byte at a time, as its definition reads.
  private static func model(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var index = 0
    while index + 8 <= bytes.count {
      var word: UInt64 = 0
      for k in 0..<8 { word |= UInt64(bytes[index + k]) << (8 * k) }
      hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
      hash = (hash << 31) | (hash >> 33)
      index += 8
    }
    for byte in bytes[index...] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    hash ^= hash >> 33
    hash = hash &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash >> 33)
  }

  @Test("The stable hash is its definition, for every length up to three words")
  func stableHash() {
    var random = SystemRandomNumberGenerator()
    for length in 0...24 {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      #expect(StableHash.of(bytes) == Self.model(bytes))
      #expect(StableHash.of(bytes[...]) == Self.model(bytes))
    }
  }

  @Test("The stable hash of a known input never changes: the caches' formats depend on it")
  func stableHashValue() {
    // Worked out by hand from the definition (Python's integers, masked to 64 bits).
    #expect(StableHash.of(Array("quiz".utf8)) == 0xf37d_7a36_e004_4db3)
    #expect(StableHash.of(Array("the deck cache, state.bin".utf8)) == 0x2351_353b_e97f_b3b6)
  }

  @Test("The stable hash fed a part at a time is the hash of the whole", arguments: 0..<50)
  func runningHash(_ seed: Int) {
    var random = SystemRandomNumberGenerator()
    let length = Int.random(in: 0...200, using: &random)
    let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
    bytes.withUnsafeBytes { raw in
      var hash = StableHash.Running(count: length)
      var offset = 0
      // Parts of whole words, of random lengths, then the tail.
      while length - offset >= 8 {
        let part = 8 * Int.random(in: 0...(length - offset) / 8, using: &random)
        hash.add(words: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + part]))
        offset += part
        if part == 0 { break }
      }
      let whole = length & ~7
      hash.add(words: UnsafeRawBufferPointer(rebasing: raw[offset..<whole]))
      let value = hash.end(tail: UnsafeRawBufferPointer(rebasing: raw[whole...]))
      #expect(value == Self.model(bytes))
    }
  }

  @Test(
    "A file's stable hash, read a part at a time, is the hash of its bytes",
    arguments: [0, 1, 7, 8, 9, 4095, 131_071, 131_072, 131_073, 300_001])
  func fileHash(_ length: Int) throws {
    let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
    let url = FileManager.default.temporaryDirectory.appending(
      path: "quiz-hash-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let file = try #require(try OpenFile<FileError>.openForReadingIfPresent(url))
    #expect(file.stableHash(count: length) == StableHash.of(bytes))
    // A count the file cannot fill gives nothing; a shorter one, the hash of the start.
    #expect(file.stableHash(count: length + 1) == nil)
    if length > 0 {
      #expect(file.stableHash(count: length - 1) == StableHash.of(bytes.dropLast()))
    }
  }

  @Test("A screen of strings passes every string it was made from", arguments: 0..<20)
  func screen(_ seed: Int) {
    var random = SystemRandomNumberGenerator()
    let alphabet = Array("ab-09_éß漢🙂 ")
    let strings = (0..<Int.random(in: 0...2_000, using: &random)).map { _ in
      String((0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement()! })
    }
    let screen = StringScreen(strings, count: strings.count)
    #expect(strings.allSatisfy(screen.mayContain))
  }
}
