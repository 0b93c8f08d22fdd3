import Glibc

/// A table from ASCII words (as ``WordScanner`` reads them) to numbers, hashed by their bytes:
/// one probe a look-up, where a dictionary of Substrings hashed each word again and compared
/// it by Characters.
struct WordTable {
  /// Entry numbers plus one, 0 for none; a power of two long, never more than half full.
  private var slots: [Int32]
  private var entries: [(hash: UInt64, start: Int32, count: Int32, value: Int)] = []
  private var keys: [UInt8] = []

  /// A table for up to `capacity` words.
  init(capacity: Int = 0) {
    var size = 8
    while size < 2 * capacity + 2 { size <<= 1 }
    slots = [Int32](repeating: 0, count: size)
  }

  /// The slot of the ASCII word of `count` bytes at `start` with `hash` (in any case): where it
  /// is, or the empty one where it goes.
  @inline(__always)
  private func slot(
    hash: UInt64, _ start: UnsafePointer<UInt8>, count: Int
  ) -> (slot: Int, entry: Int?) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    while true {
      let stored = Int(slots[slot])
      if stored == 0 { return (slot, nil) }
      let entry = entries[stored - 1]
      if entry.hash == hash && Int(entry.count) == count
        && keys.withUnsafeBufferPointer({
          count == 0
            || WordScanner.word(start, count: count, equals: $0.baseAddress! + Int(entry.start))
        })
      {
        return (slot, stored - 1)
      }
      slot = (slot + 1) & mask
    }
  }

  /// Twice the slots, every entry in its new one.
  private mutating func grow() {
    slots = [Int32](repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (number, entry) in entries.enumerated() {
      var slot = Int(truncatingIfNeeded: entry.hash ^ (entry.hash >> 29)) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(number + 1)
    }
  }

  /// The number stored for the ASCII word of `count` bytes at `start` (in any case) with `hash`.
  @inline(__always)
  func value(hash: UInt64, _ start: UnsafePointer<UInt8>, count: Int) -> Int? {
    slot(hash: hash, start, count: count).entry.map { entries[$0].value }
  }

  /// Records that `owner` uses the ASCII word of `count` bytes at `start` (in any case) with
  /// `hash`: the word is the owner's unless another owner uses it too, then it is -1 for good.
  mutating func claim(hash: UInt64, _ start: UnsafePointer<UInt8>, count: Int, by owner: Int) {
    var (slot, entry) = self.slot(hash: hash, start, count: count)
    if let entry {
      if entries[entry].value != owner { entries[entry].value = -1 }
      return
    }
    if 2 * (entries.count + 1) >= slots.count {
      grow()
      slot = self.slot(hash: hash, start, count: count).slot
    }
    let offset = keys.count
    keys.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
    for index in offset..<keys.count { keys[index] |= 0x20 }
    entries.append((hash, Int32(offset), Int32(count), owner))
    slots[slot] = Int32(entries.count)
  }
}
