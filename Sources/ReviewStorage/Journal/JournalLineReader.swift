import FoundationEssentials
import Scheduler

/// Reads a journal line of the form ``JournalEvent/encodedLine()`` writes straight from its
/// bytes, without a tree of values, `Decodable` or C's `sscanf` in between: those were nearly all
/// of reading a journal (`quiz stats`, `export`, `merge`).
///
/// A shortcut, as ``SnapshotReader`` is: it takes only the members quiz writes, in the order it
/// writes them (`v` first, `type` unless a review; a state's keys in any order), no white space,
/// values that the decoder would accept (a version it reads, valid ids, days and moments, counts
/// in range), lowercase UUIDs, moments as `format` writes them and integers as `-?digits`; for
/// anything else it returns nil and the line is decoded as before, which reports the error if
/// there is one.
enum JournalLineReader {
  /// The event on `line` (without its newline), or nil if the shortcut does not apply.
  static func read(_ line: Data) -> JournalEvent? {
    line.withUnsafeBytes { raw in
      var scanner = JSONScanner(bytes: raw.bindMemory(to: UInt8.self), allowsWhitespace: false)
      guard let event = scanner.journalEvent(), scanner.isAtEnd() else { return nil }
      return event
    }
  }
}

extension JSONScanner {
  /// A journal line's event, as ``JournalEvent/encodedLine()`` writes it.
  mutating func journalEvent() -> JournalEvent? {
    guard consume("{"), key("v"), let version = integer(),
      (1...JournalEvent.currentVersion).contains(version), consume(",")
    else { return nil }
    guard key("type") else { return review() }
    guard let type = rawString(), consume(",") else { return nil }
    switch true {
    case matches(type, "undo"): return undo()
    case matches(type, "suspend"): return suspension(isSuspended: true)
    case matches(type, "unsuspend"): return suspension(isSuspended: false)
    case matches(type, "torn"): return tornLine()
    case matches(type, "import"): return imported()
    case matches(type, "history"): return history()
    default: return nil
    }
  }

  private mutating func review() -> JournalEvent? {
    guard key("id"), let id = uuid(), consume(","), key("card"), let card = cardID(),
      consume(","), key("at"), let at = moment(), consume(","), key("day"), let day = eventDay(),
      consume(","), key("grade"), let value = integer(), let grade = Grade(rawValue: value),
      consume(",")
    else { return nil }
    var seconds: Double?
    if key("seconds") {
      guard let value = double(), value.isFinite, consume(",") else { return nil }
      seconds = value
    }
    guard key("before"), let before = cardState(), consume(","), key("after"),
      let after = cardState(), consume("}")
    else { return nil }
    return .review(
      ReviewEvent(
        id: id, card: card, at: at, day: day, grade: grade, seconds: seconds, before: before,
        after: after))
  }

  private mutating func undo() -> JournalEvent? {
    guard key("id"), let id = uuid(), consume(","), key("undoes"), let undoes = uuid(),
      consume(","), key("card"), let card = cardID(), consume(","), key("at"),
      let at = moment(), consume(","), key("reviewDay"), let reviewDay = eventDay(),
      consume(","), key("restored"), let restored = cardState(), consume("}")
    else { return nil }
    return .undo(
      UndoEvent(
        id: id, at: at, undoes: undoes, card: card, reviewDay: reviewDay, restored: restored))
  }

  private mutating func suspension(isSuspended: Bool) -> JournalEvent? {
    guard key("id"), let id = uuid(), consume(","), key("card"), let card = cardID(),
      consume(","), key("at"), let at = moment(), consume("}")
    else { return nil }
    return .suspension(SuspensionEvent(id: id, card: card, at: at, isSuspended: isSuspended))
  }

  private mutating func tornLine() -> JournalEvent? {
    guard key("id"), let id = uuid(), consume(","), key("at"), let at = moment(), consume(","),
      key("offset"), let offset = integer(), consume("}")
    else { return nil }
    return .tornLine(TornLineEvent(id: id, at: at, offset: offset))
  }

  private mutating func imported() -> JournalEvent? {
    guard key("id"), let id = uuid(), consume(","), key("card"), let card = cardID(),
      consume(","), key("at"), let at = moment(), consume(","), key("from"),
      let origin = string(), consume(","), key("state"), let state = cardState(), consume("}")
    else { return nil }
    return .imported(ImportEvent(id: id, card: card, at: at, origin: origin, state: state))
  }

  private mutating func history() -> JournalEvent? {
    guard key("id"), let id = uuid(), consume(","), key("card"), let card = cardID(),
      consume(","), key("at"), let at = moment(), consume(","), key("from"),
      let origin = string(), consume(","), key("kind"), let kindText = string(),
      let kind = HistoryEvent.Kind(rawValue: kindText), consume(","), key("grade"),
      let value = integer(), let grade = Grade(rawValue: value)
    else { return nil }
    var seconds: Double?
    var isFirst = false
    var more = consume(",")
    if more, key("seconds") {
      guard let value = double(), value.isFinite else { return nil }
      seconds = value
      more = consume(",")
    }
    if more {
      // Written only when true.
      guard key("first"), boolean() == true else { return nil }
      isFirst = true
    }
    guard consume("}") else { return nil }
    return .history(
      HistoryEvent(
        id: id, card: card, at: at, origin: origin, grade: grade, kind: kind, seconds: seconds,
        isFirst: isFirst))
  }
}
