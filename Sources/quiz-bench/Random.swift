import Foundation
import ReviewStorage
import Scheduler

/// Drawing from Scheduler's SplitMix64 generator, whose sequence depends only on its seed, so that
/// every run of the benchmark generates the same decks and the same histories.
extension SeededGenerator {
  /// A whole number in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  /// One of `items`.
  mutating func pick<T>(_ items: [T]) -> T {
    items[Int.random(in: 0..<items.count, using: &self)]
  }

  /// True with probability `probability`.
  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }

  /// A version 4 UUID made from this generator's bits.
  mutating func uuid() -> UUID {
    var bytes = (next(), next())
    return withUnsafeMutableBytes(of: &bytes) { raw in
      raw[6] = (raw[6] & 0x0F) | 0x40
      raw[8] = (raw[8] & 0x3F) | 0x80
      return UUID(
        uuid: (
          raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7], raw[8], raw[9],
          raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
        ))
    }
  }
}
