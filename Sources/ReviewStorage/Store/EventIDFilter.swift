import FoundationEssentials

/// A Bloom filter of event ids: whether an id may have been added, never wrong about one that
/// was, in about two bytes an id (issue 31).
///
/// ``ReviewStore/appendImported(_:history:)`` learns from it which ids to hold exactly: only
/// those it says may repeat, few but for the events the journal holds already, where it held a
/// `Set` of every id, a hash table grown with each event.
struct EventIDFilter {
  private var words: [UInt64]
  private let bits: UInt64
  /// Seeded afresh in each process, as `Hasher` is: ids chosen to collide here (a package's
  /// ids are hashes of its content) would only cost memory, not change what is found.
  private let seed = Int.random(in: .min ... .max)

  /// How many bits each expected id gets, and how many of them each id sets: one id in about
  /// two hundred that was not added is taken for one that may have been, once all are added.
  static let bitsPerID = 16
  static let probes = 3

  /// An empty filter for about `count` ids.
  init(expecting count: Int) {
    let words = max(1, (count * Self.bitsPerID + 63) / 64)
    self.words = Array(repeating: 0, count: words)
    bits = UInt64(words * 64)
  }

  /// Adds `id`, and says whether it may have been added before: true for every id added
  /// before, and for a few others.
  mutating func insert(_ id: UUID) -> Bool {
    var present = true
    Self.forEachBit(of: id, seed: seed, bits: bits) { word, bit in
      if words[word] & bit == 0 {
        present = false
        words[word] |= bit
      }
    }
    return present
  }

  /// Whether `id` may have been added: true for every id added, and for a few others.
  func mayContain(_ id: UUID) -> Bool {
    var present = true
    Self.forEachBit(of: id, seed: seed, bits: bits) { word, bit in
      if words[word] & bit == 0 { present = false }
    }
    return present
  }

  /// Calls `body` with the word and the bit within it of each of `id`'s probes in a filter of
  /// `bits` bits, which are spread by two hashes (Kirsch and Mitzenmacher's double hashing).
  /// Static, so that `body` may change the filter's words.
  private static func forEachBit(
    of id: UUID, seed: Int, bits: UInt64, _ body: (_ word: Int, _ bit: UInt64) -> Void
  ) {
    var hasher = Hasher()
    hasher.combine(seed)
    hasher.combine(id)
    let first = UInt64(bitPattern: Int64(hasher.finalize()))
    // The second hash, odd so that the probes differ, from the first by SplitMix64's finalizer.
    var second = first &+ 0x9E37_79B9_7F4A_7C15
    second = (second ^ (second >> 30)) &* 0xBF58_476D_1CE4_E5B9
    second = (second ^ (second >> 27)) &* 0x94D0_49BB_1331_11EB
    second = (second ^ (second >> 31)) | 1
    for probe in 0..<UInt64(probes) {
      // The hash scaled to the bit count: its high half of the product.
      let index = (first &+ probe &* second).multipliedFullWidth(by: bits).high
      body(Int(index / 64), 1 << (index % 64))
    }
  }
}
