import CZstd
import FoundationEssentials

/// zstd, as Anki compresses a current package's collection and media list.
enum Zstd {
  /// `data` decompressed, refused as soon as it would exceed `limit` bytes, whatever the frame
  /// header claims (a zip bomb's header may lie). `entry` names the data in errors.
  static func decompress(
    _ data: Data, limit: Int, entry: String
  ) throws(AnkiPackageError) -> Data {
    guard let stream = ZSTD_createDStream() else { throw .malformed("zstd: out of memory") }
    defer { ZSTD_freeDStream(stream) }
    var output = Data()
    let chunk = ZSTD_DStreamOutSize()
    var buffer = [UInt8](repeating: 0, count: chunk)
    var lastResult = 0
    let failure: AnkiPackageError? = data.withUnsafeBytes { raw in
      var input = ZSTD_inBuffer(src: raw.baseAddress, size: raw.count, pos: 0)
      while true {
        let (result, produced) = buffer.withUnsafeMutableBytes { out in
          var outBuffer = ZSTD_outBuffer(dst: out.baseAddress, size: out.count, pos: 0)
          let result = ZSTD_decompressStream(stream, &outBuffer, &input)
          return (result, outBuffer.pos)
        }
        if ZSTD_isError(result) != 0 {
          return .malformed("\(entry): zstd: \(String(cString: ZSTD_getErrorName(result)))")
        }
        guard output.count + produced <= limit else { return .tooLarge(entry: entry, limit: limit) }
        output.append(contentsOf: buffer[..<produced])
        lastResult = result
        // Done when the input is used up and the decoder holds nothing more back.
        if input.pos == input.size && produced < chunk { return nil }
      }
    }
    if let failure { throw failure }
    guard lastResult == 0 else { throw .malformed("\(entry): the zstd data is truncated") }
    return output
  }

  /// `data` compressed at zstd's default level.
  static func compress(_ data: Data) throws(AnkiPackageError) -> Data {
    let bound = ZSTD_compressBound(data.count)
    var output = Data(count: bound)
    let size = output.withUnsafeMutableBytes { out in
      data.withUnsafeBytes { input in
        ZSTD_compress(out.baseAddress, bound, input.baseAddress, input.count, 3)
      }
    }
    guard ZSTD_isError(size) == 0 else {
      throw .cannotWrite("zstd: \(String(cString: ZSTD_getErrorName(size)))")
    }
    return output.prefix(size)
  }
}
