import Glibc

/// The content part of a deck cache file, from which cards read their content when it is first
/// asked for: the file kept open (a newer cache renamed over it leaves this one as it was), or
/// bytes in memory for a cache parsed from them.
final class CacheContent: Sendable {
  /// The open cache file, or -1 for bytes in memory.
  private let descriptor: Int32
  private let bytes: [UInt8]
  /// Where the content part starts, in the file or in `bytes`.
  private let start: Int
  /// The content part's length.
  let count: Int

  /// The content part of the open file `descriptor`, which this takes over and closes.
  init(descriptor: Int32, start: Int, count: Int) {
    self.descriptor = descriptor
    bytes = []
    self.start = start
    self.count = count
  }

  /// The content part of `bytes`, from `start` to the end.
  init(bytes: [UInt8], start: Int) {
    descriptor = -1
    self.bytes = bytes
    self.start = start
    count = bytes.count - start
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// The bytes of `range` of the content part; nil if it is not all there (a file cut short).
  func read(_ range: Range<Int>) -> [UInt8]? {
    guard range.lowerBound >= 0, range.upperBound <= count else { return nil }
    guard descriptor >= 0 else {
      return Array(bytes[start + range.lowerBound..<start + range.upperBound])
    }
    return DeckCache.readAll(descriptor, from: start + range.lowerBound, count: range.count)
  }
}
