import FoundationEssentials
import ReviewStorage
import Scheduler

extension AnkiImport {
  /// The quiz grade of Anki's button `ease`: Again 1, Hard 3, Good 4, Easy 5; nil for 0 (no
  /// answer: a change made by hand) or a button Anki never writes.
  ///
  /// Again could be any of 0–2, which quiz's export all sends to Again and which SM-2 and FSRS
  /// treat alike (no recall: the repetitions start over, FSRS's Again); 1 is the one quiz gives
  /// for "forgot" elsewhere (`quiz fsrs simulate`), and it goes back to Again on export.
  static func grade(ofButton ease: Int64) -> Grade? {
    switch ease {
    case 1: 1
    case 2: 3
    case 3: 4
    case 4: 5
    default: nil
    }
  }

  /// The history kind of a line of `kind`; nil for a line that is no answer.
  static func historyKind(_ kind: AnkiReview.Kind) -> HistoryEvent.Kind? {
    switch kind {
    case .learning: .learning
    case .review: .review
    case .relearning: .relearning
    case .filtered: .filtered
    case .manual, .rescheduled: nil
    }
  }

  /// Whether `line` counts in Anki's own FSRS history: an answer, and not one of a filtered deck
  /// that left the card's schedule alone (cram and preview, whose ease factor Anki logs as 0).
  static func isAnswer(_ line: AnkiReview) -> Bool {
    grade(ofButton: line.ease) != nil && historyKind(line.kind) != nil
      && !(line.kind == .filtered && line.factor == 0)
  }

  /// Where FSRS starts the memory of a card whose review log is `lines` (in time order): the
  /// place of the first answer of its last unbroken run of learning answers, as Anki's
  /// optimizer starts a card there; nil when there is none after the card's last reset (a
  /// manual line with ease factor 0, Anki's "Forget"), as Anki then leaves the card out.
  /// Cram and preview lines are passed over, as if absent.
  static func memoryStart(of lines: [AnkiReview]) -> Int? {
    var start: Int?
    for index in lines.indices.reversed() {
      let line = lines[index]
      if line.kind == .filtered && line.factor == 0 { continue }
      if line.kind == .learning && grade(ofButton: line.ease) != nil {
        start = index
      } else if start != nil || (line.kind == .manual && line.factor == 0) {
        break
      }
    }
    return start
  }

  /// The answers of `lines`, one card's review log in time order (lines dated where the
  /// journal reads them), as history events of quiz's card `id`: each answer that counts for
  /// Anki's FSRS (``isAnswer(_:)``), its moment the line's id, the first of the card's memory
  /// (``memoryStart(of:)``) marked. The event ids are derived from the card and the line's id
  /// alone, so that the same line gives the same event in every import.
  static func history(of lines: [AnkiReview], card id: String) -> [HistoryEvent] {
    var history = AnkiHistory()
    history.add(lines, card: id)
    return Array(history)
  }
}
