import Basics
import FoundationEssentials
import Scheduler

/// The values of the state folder's binary caches (`state.bin`, `journal-index.bin`), each
/// checked against the ranges that the JSON files' readers take.
extension ByteReader {
  /// The days the JSON readers take (``Day/supportedYears``).
  private static let days: ClosedRange<Int> =
    Day(year: Day.supportedYears.lowerBound, month: 1, day: 1)!
    .daysSince1970...Day(
      year: Day.supportedYears.upperBound, month: 12, day: 31)!.daysSince1970

  /// A count the files may hold (0…``CardState/maximumCount``).
  mutating func storedCount() throws(Malformed) -> Int {
    let value = try uint64()
    guard value <= UInt64(CardState.maximumCount) else { throw Malformed() }
    return Int(value)
  }

  mutating func day() throws(Malformed) -> Day {
    let days = try int()
    guard ByteReader.days.contains(days) else { throw Malformed() }
    return Day(daysSince1970: days)
  }

  /// A card id that the journal would read (``JournalEvent/problem(withCardID:)``).
  mutating func id() throws(Malformed) -> String {
    let count = Int(try uint16())
    guard count >= 1, count <= JournalEvent.maximumCardIDLength else { throw Malformed() }
    let bytes = try bytes(count)
    // Printable ASCII, as almost every id is, needs no other check.
    if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return String(decoding: bytes, as: UTF8.self)
    }
    guard let id = String(validating: bytes, as: UTF8.self),
      JournalEvent.problem(withCardID: id) == nil
    else { throw Malformed() }
    return id
  }

  /// A byte that must be at most `largest`: a set of flags.
  mutating func flags(upTo largest: UInt8) throws(Malformed) -> UInt8 {
    let value = try byte()
    guard value <= largest else { throw Malformed() }
    return value
  }

  /// Throws unless `condition` holds: a value the writer could not have written.
  func require(_ condition: Bool) throws(Malformed) {
    guard condition else { throw Malformed() }
  }
}
