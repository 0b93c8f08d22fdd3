import FoundationEssentials
import ReviewStorage
import Scheduler

/// The answers of a review log kept as history (``AnkiImport/history``), in time order: a
/// collection of ``HistoryEvent``s held in a few bytes an answer, each event made when read, so
/// that a log of millions of answers takes tens of MiB, not hundreds.
public struct AnkiHistory: RandomAccessCollection, Sendable {
  /// One answer, in 16 bytes: its moment, its card's place in ``cards``, and packed in
  /// ``details``, the time taken (at most ``AnkiNumber/answerMilliseconds``, 22 bits), its
  /// button as quiz's grade (3 bits), its kind (2 bits) and whether the card's memory starts
  /// there.
  struct Answer: Sendable {
    var milliseconds: Int64
    var card: Int32
    var details: UInt32

    init(
      milliseconds: Int64, card: Int32, taken: UInt32, grade: UInt8, kind: HistoryEvent.Kind,
      isFirst: Bool
    ) {
      self.milliseconds = milliseconds
      self.card = card
      let number: UInt32 =
        switch kind {
        case .learning: 0
        case .review: 1
        case .relearning: 2
        case .filtered: 3
        }
      details = taken | UInt32(grade) << 22 | number << 25 | (isFirst ? 1 << 27 : 0)
    }

    var taken: UInt32 { details & (1 << 22 - 1) }
    var grade: UInt8 { UInt8(details >> 22 & 0b111) }
    var kind: HistoryEvent.Kind {
      switch details >> 25 & 0b11 {
      case 0: .learning
      case 1: .review
      case 2: .relearning
      default: .filtered
      }
    }
    var isFirst: Bool { details >> 27 & 1 == 1 }
  }

  /// The quiz ids of the cards answered.
  private var cards: [String] = []
  private var answers: [Answer] = []

  /// No answer.
  public init() {}

  /// The position of the first answer.
  public var startIndex: Int { answers.startIndex }
  /// The position after the last answer.
  public var endIndex: Int { answers.endIndex }

  /// The answer at `position` as its event; its id derived from the card and the moment, as
  /// ``AnkiImport/history(of:card:)`` says.
  public subscript(position: Int) -> HistoryEvent {
    let answer = answers[position]
    let card = cards[Int(answer.card)]
    return HistoryEvent(
      id: Self.id(card: card, milliseconds: answer.milliseconds), card: card,
      at: Date(timeIntervalSince1970: Double(answer.milliseconds) / 1000), origin: "anki",
      grade: Grade(rawValue: Int(answer.grade)) ?? 1, kind: answer.kind,
      seconds: answer.taken > 0 ? Double(answer.taken) / 1000 : nil, isFirst: answer.isFirst)
  }

  /// The event id of the answer at `milliseconds` of the card `card`: the same in every import.
  static func id(card: String, milliseconds: Int64) -> UUID {
    JournalEvent.derivedID("anki-review|\(card)|\(milliseconds)")
  }

  /// Adds the answers of `lines`, one card's review log in time order, as the history of
  /// quiz's card `id` (see ``AnkiImport/history(of:card:)``); ``sort()`` puts them in time
  /// order with the others.
  mutating func add(_ lines: [AnkiReview], card id: String) {
    let start = AnkiImport.memoryStart(of: lines)
    let card = Int32(cards.count)
    var previous: Int64?
    var added = false
    for (index, line) in zip(lines.indices, lines) where AnkiImport.isAnswer(line) {
      // Two lines of one id (a package whose table lets them be) are one review.
      guard line.id != previous else { continue }
      previous = line.id
      guard let grade = AnkiImport.grade(ofButton: line.ease),
        let kind = AnkiImport.historyKind(line.kind),
        Timestamp.moment(milliseconds: line.id) != nil
      else { continue }
      answers.append(
        Answer(
          milliseconds: line.id, card: card,
          taken: UInt32(AnkiNumber.clamped(line.milliseconds, to: AnkiNumber.answerMilliseconds)),
          grade: UInt8(grade.rawValue), kind: kind, isFirst: index == start))
      added = true
    }
    if added { cards.append(id) }
  }

  /// Makes room for `answers` answers.
  mutating func reserveCapacity(_ answers: Int) {
    self.answers.reserveCapacity(answers)
  }

  /// Puts the answers in time order; a card has one answer a moment, so the order is the same
  /// every time.
  mutating func sort() {
    answers.sort { ($0.milliseconds, $0.card) < ($1.milliseconds, $1.card) }
  }

  /// Leaves out the answers of the cards `removed`.
  public mutating func removeAll(ofCards removed: Set<String>) {
    guard !removed.isEmpty else { return }
    let cards = self.cards
    answers.removeAll { removed.contains(cards[Int($0.card)]) }
  }

  /// Leaves out the answers whose events' ids are in `ids`.
  public mutating func removeAll(withIDs ids: Set<UUID>) {
    guard !ids.isEmpty else { return }
    let cards = self.cards
    answers.removeAll {
      ids.contains(Self.id(card: cards[Int($0.card)], milliseconds: $0.milliseconds))
    }
  }
}
