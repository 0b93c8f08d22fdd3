import Basics
import FoundationEssentials
import Scheduler

extension ByteWriter {
  /// A day: its days since 1970-01-01, signed, in eight bytes.
  mutating func append(day: Day) {
    append(UInt64(bitPattern: Int64(day.daysSince1970)))
  }

  /// A card id: its UTF-8 length in two bytes, then its bytes.
  mutating func append(id: String) {
    append(UInt16(truncatingIfNeeded: id.utf8.count))
    bytes.append(contentsOf: id.utf8)
  }
}
