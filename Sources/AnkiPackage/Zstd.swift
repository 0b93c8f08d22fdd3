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
        guard input.pos == input.size else { continue }
        // 0 is "a frame ended and all of it was flushed": a call after that, with no input left,
        // would begin a next frame and say how many bytes of its header it wants.
        if result == 0 { return nil }
        // A full buffer may have left more to flush; one not filled means the decoder needs
        // input that is not there.
        if produced < chunk { return .malformed("\(entry): the zstd data is truncated") }
      }
    }
    if let failure { throw failure }
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
