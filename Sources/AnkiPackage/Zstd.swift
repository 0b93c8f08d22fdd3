import CZstd
import FoundationEssentials

/// zstd, as Anki compresses a current package's collection and media list.
enum Zstd {
  /// `data` decompressed, refused as soon as it would exceed `limit` bytes, whatever the frame
  /// header claims (a zip bomb's header may lie). `entry` names the data in errors.
  static func decompress(
    _ data: Data, limit: Int, entry: String
  ) throws(AnkiPackageError) -> Data {
    var output = Data()
    try decompress(data, limit: limit, entry: entry) { output.append(contentsOf: $0) }
    return output
  }

  /// The size `data` says it decompresses to, if it says.
  static func declaredSize(of data: Data) -> Int? {
    let size = data.withUnsafeBytes { ZSTD_getFrameContentSize($0.baseAddress, $0.count) }
    // ZSTD_CONTENTSIZE_UNKNOWN and _ERROR are the largest values.
    return size < UInt64(Int.max) ? Int(size) : nil
  }

  /// ``decompress(_:limit:entry:)``, the output handed to `consume` a piece at a time.
  static func decompress(
    _ data: Data, limit: Int, entry: String,
    into consume: (UnsafeRawBufferPointer) throws(AnkiPackageError) -> Void
  ) throws(AnkiPackageError) {
    guard let stream = ZSTD_createDStream() else { throw .malformed("zstd: out of memory") }
    defer { ZSTD_freeDStream(stream) }
    let chunk = ZSTD_DStreamOutSize()
    var buffer = [UInt8](repeating: 0, count: chunk)
    var total = 0
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
        guard total + produced <= limit else { return .tooLarge(entry: entry, limit: limit) }
        total += produced
        var failure: AnkiPackageError?
        buffer.withUnsafeBytes { out in
          do throws(AnkiPackageError) {
            try consume(UnsafeRawBufferPointer(rebasing: out[..<produced]))
          } catch {
            failure = error
          }
        }
        if let failure { return failure }
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
  }
}
