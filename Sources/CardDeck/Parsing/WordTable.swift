import Glibc

/// A table from ASCII words of ``WordList``s to numbers, hashed by their bytes' FNV-1a hash:
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

  /// The slot of ASCII word `index` of `words`: where it is, or the empty one where it goes.
  private func slot(_ words: WordList, _ index: Int) -> (slot: Int, entry: Int?) {
    let hash = words.hash(index)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    while true {
      let stored = Int(slots[slot])
      if stored == 0 { return (slot, nil) }
      let entry = entries[stored - 1]
      if entry.hash == hash && Int(entry.count) == words.byteCount(index)
        && words.withBytes(
          of: index,
          { word in
            keys.withUnsafeBufferPointer {
              word.isEmpty
                || memcmp($0.baseAddress! + Int(entry.start), word.baseAddress!, word.count) == 0
            }
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

  /// The number stored for ASCII word `index` of `words`.
  func value(_ words: WordList, _ index: Int) -> Int? {
    slot(words, index).entry.map { entries[$0].value }
  }

  /// Records that `owner` uses ASCII word `index` of `words`: the word is the owner's unless
  /// another owner uses it too, then it is -1 for good.
  mutating func claim(_ words: WordList, _ index: Int, by owner: Int) {
    var (slot, entry) = self.slot(words, index)
    if let entry {
      if entries[entry].value != owner { entries[entry].value = -1 }
      return
    }
    if 2 * (entries.count + 1) >= slots.count {
      grow()
      slot = self.slot(words, index).slot
    }
    let start = keys.count
    words.withBytes(of: index) { keys.append(contentsOf: $0) }
    entries.append((words.hash(index), Int32(start), Int32(keys.count - start), owner))
    slots[slot] = Int32(entries.count)
  }
}
