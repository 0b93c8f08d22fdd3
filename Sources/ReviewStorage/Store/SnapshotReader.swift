import FoundationEssentials
import Scheduler

/// Reads a `state.json` of the form quiz writes straight from its bytes into a ``Snapshot``,
/// without a tree of values in between: building and freeing that tree was two thirds of
/// reading the snapshot at start-up.
///
/// A shortcut, as FastJSONDecoder and ``Snapshot/fromTree(_:)`` are: it takes only the keys quiz
/// writes, each at most once, with values that `init(from:)` would accept (the version this code
/// writes, counts in range, valid ids, days and moments), strings without escapes, integers as
/// `-?digits`, and no `null`; for anything else it returns nil and the snapshot is decoded as
/// before, which reports the error if there is one.
struct SnapshotReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var offset = 0

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The snapshot in `data`, or nil if the shortcut does not apply.
  static func read(_ data: Data) -> Snapshot? {
    data.withUnsafeBytes { raw in
      var reader = SnapshotReader(bytes: raw.bindMemory(to: UInt8.self))
      guard let snapshot = reader.snapshot() else { return nil }
      reader.skipWhitespace()
      return reader.offset == reader.bytes.count ? snapshot : nil
    }
  }

  private mutating func snapshot() -> Snapshot? {
    guard consume("{") else { return nil }
    var snapshot = Snapshot()
    snapshot.journalBytes = nil
    var seen: [String] = []
    repeat {
      guard let key = string(), !seen.contains(key), consume(":") else { return nil }
      seen.append(key)
      switch key {
      case "version":
        guard integer() == Snapshot.currentVersion else { return nil }
      case "journalEntries":
        guard let count = count() else { return nil }
        snapshot.journalEntries = count
      case "journalBytes":
        guard let count = count() else { return nil }
        snapshot.journalBytes = count
      case "lastEventID":
        guard let text = string(), let id = UUID(uuidString: text) else { return nil }
        snapshot.lastEventID = id
      case "cards":
        guard cards(into: &snapshot.state.cards) else { return nil }
      case "suspended":
        guard consume("[") else { return nil }
        if !consume("]") {
          repeat {
            guard let id = string(), JournalEvent.problem(withCardID: id) == nil else {
              return nil
            }
            snapshot.state.suspended.insert(id)
          } while consume(",")
          guard consume("]") else { return nil }
        }
      case "newCardsByDay", "reviewsByDay":
        guard let counts = dayCounts() else { return nil }
        if key == "newCardsByDay" {
          snapshot.state.newCardsByDay = counts
        } else {
          snapshot.state.reviewsByDay = counts
        }
      default:
        return nil
      }
    } while consume(",")
    // A snapshot without its version is left to the decoder, which knows what that means.
    guard consume("}"), seen.contains("version") else { return nil }
    return snapshot
  }

  private mutating func cards(into cards: inout [String: CardState]) -> Bool {
    guard consume("{") else { return false }
    if consume("}") { return true }
    repeat {
      guard let id = string(), JournalEvent.problem(withCardID: id) == nil, consume(":"),
        let state = card(), cards.updateValue(state, forKey: id) == nil
      else { return false }
    } while consume(",")
    return consume("}")
  }

  private mutating func card() -> CardState? {
    guard consume("{") else { return nil }
    var state = CardState(due: Day(daysSince1970: 0))
    if consume("}") { return state }
    var seen: UInt8 = 0
    repeat {
      // The key's bytes, not a String: making and freeing eight strings a card was a third of
      // reading the cards.
      guard let key = rawString(), consume(":") else { return nil }
      let bit: UInt8
      switch true {
      case matches(key, "repetitions"):
        bit = 1
        guard let count = count() else { return nil }
        state.repetitions = count
      case matches(key, "lapses"):
        bit = 2
        guard let count = count() else { return nil }
        state.lapses = count
      case matches(key, "reviews"):
        bit = 4
        guard let count = count() else { return nil }
        state.reviews = count
      case matches(key, "interval"):
        bit = 8
        guard let days = integer(), (0...SM2.maximumInterval).contains(days) else { return nil }
        state.interval = days
      case matches(key, "easeFactor"):
        bit = 16
        guard let text = number()?.text, let ease = Double(text), ease.isFinite,
          ease >= SM2.minimumEaseFactor
        else { return nil }
        state.easeFactor = ease
      case matches(key, "due"):
        bit = 32
        guard let text = string(), let day = Day(text) else { return nil }
        state.due = day
      case matches(key, "needsExtraReview"):
        bit = 64
        guard let flag = boolean() else { return nil }
        state.needsExtraReview = flag
      case matches(key, "lastReview"):
        bit = 128
        // The canonical form quiz writes by its bytes; any other through the text.
        guard let range = rawString(),
          let date = Timestamp.parseCanonical(UnsafeBufferPointer(rebasing: bytes[range]))
            ?? text(range).flatMap(Timestamp.parse)
        else { return nil }
        state.lastReview = date
      default:
        return nil
      }
      guard seen & bit == 0 else { return nil }
      seen |= bit
    } while consume(",")
    return consume("}") ? state : nil
  }

  private mutating func dayCounts() -> [Day: Int]? {
    guard consume("{") else { return nil }
    var counts: [Day: Int] = [:]
    if consume("}") { return counts }
    repeat {
      guard let text = string(), let day = Day(text), consume(":"), let count = count(),
        counts.updateValue(count, forKey: day) == nil
      else { return nil }
    } while consume(",")
    return consume("}") ? counts : nil
  }

  // MARK: Values

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D: offset += 1
      default: return
      }
    }
  }

  /// Whether the next byte after white space is `character`, consumed if it is.
  private mutating func consume(_ character: Unicode.Scalar) -> Bool {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: character) else { return false }
    offset += 1
    return true
  }

  /// A string without escapes or control characters, as valid UTF-8.
  private mutating func string() -> String? {
    rawString().flatMap(text)
  }

  /// The bytes of `range` as a string, if they are valid UTF-8.
  private func text(_ range: Range<Int>) -> String? {
    let content = UnsafeBufferPointer(rebasing: bytes[range])
    return content.allSatisfy { $0 < 0x80 }
      ? String(decoding: content, as: UTF8.self) : String(validating: content, as: UTF8.self)
  }

  /// Where the bytes of a string without escapes or control characters lie.
  private mutating func rawString() -> Range<Int>? {
    guard consume("\"") else { return nil }
    return JSONBytes.stringBody(bytes, at: &offset)
  }

  /// Whether the bytes in `range` are `word`'s.
  private func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
    JSONBytes.matches(bytes, range, word)
  }

  private mutating func boolean() -> Bool? {
    skipWhitespace()
    return JSONBytes.boolean(bytes, at: &offset)
  }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, as its text.
  private mutating func number() -> (text: String, isInteger: Bool)? {
    skipWhitespace()
    return JSONBytes.number(bytes, at: &offset)
  }

  /// `-?(0|[1-9][0-9]*)` not followed by a fraction or an exponent, within `Int`: by its bytes,
  /// without making a string of each of the snapshot's numbers.
  private mutating func integer() -> Int? {
    skipWhitespace()
    return JSONBytes.integer(bytes, at: &offset)
  }

  /// A count the files may hold (0…``CardState/maximumCount``).
  private mutating func count() -> Int? {
    skipWhitespace()
    return JSONBytes.count(bytes, at: &offset)
  }
}
