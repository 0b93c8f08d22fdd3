import CardDeck
import FoundationEssentials
import ReviewStorage
import Scheduler

/// quiz cards, their states and the journal as an Anki collection (docs/anki.md).
public enum AnkiExport {
  /// The fields of quiz's note type, in order.
  public enum Field: String, CaseIterable, Sendable {
    /// The card's kind.
    case kind = "Kind"
    /// The card's topic.
    case topic = "Topic"
    /// The question's prose.
    case prompt = "Prompt"
    /// The question's code.
    case promptCode = "Prompt code"
    /// The answer's prose.
    case answer = "Answer"
    /// The answer's code.
    case answerCode = "Answer code"
    /// Where the fact comes from.
    case source = "Source"
    /// What interviewers listen for (interview cards).
    case listenFor = "Listen for"
    /// The card's id in quiz.
    case quizID = "Quiz id"
  }

  /// The id of quiz's note type: always the same, so that Anki recognises the note type of an
  /// earlier export when importing a later one.
  public static let notetypeID: Int64 = 1_577_836_800_000

  /// The id of the deck preset an FSRS export puts its decks in: always the same, so that a
  /// later export's preset is recognised as this one.
  public static let fsrsPresetID: Int64 = 1_577_836_800_001

  /// The collection for `cards` (whose decks' titles `titles` gives, by deck name), with their
  /// scheduling from `state` and their review log from the reviews in effect that `reviews`
  /// visits, in journal order (``ReviewStore/forEachReviewInEffect(_:)``, which does not hold
  /// the journal's events).
  ///
  /// `now` is the moment of the export, `today` quiz's day then, and `dayStart` the moment that
  /// day began: the collection counts its days from it. `fsrs` is FSRS's parameters when FSRS
  /// schedules: then each card with an FSRS memory carries it, and the decks are put in a
  /// preset that schedules with these weights (docs/anki.md).
  public static func collection<Failure: Error>(
    cards: [Card], titles: [String: String], state: ReviewState,
    reviews: ((ReviewEvent) -> Void) throws(Failure) -> Void, now: Date, today: Day,
    dayStart: Date, fsrs: FSRSParameters? = nil
  ) throws(Failure) -> AnkiCollection {
    let nowMilliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
    var collection = AnkiCollection(
      created: Date(timeIntervalSince1970: dayStart.timeIntervalSince1970.rounded(.down)))
    collection.notetypes[notetypeID] = notetype
    collection.fsrsPreset = fsrs.map {
      AnkiFSRSPreset(
        id: fsrsPresetID, name: "quiz (FSRS)", weights: $0.weights,
        desiredRetention: $0.desiredRetention)
    }
    var deckIDs: [String: Int64] = [:]
    var cardIDs: [String: Int64] = [:]
    // Ids count down from now so that none is in the future; Anki gives an imported note whose
    // id it already has a new one, and matches notes by GUID.
    var nextID = nowMilliseconds - Int64(cards.count) - 1
    for card in cards {
      let deckName = "quiz::" + (titles[card.deck] ?? card.deck)
      let deck: Int64
      if let known = deckIDs[deckName] {
        deck = known
      } else {
        deck = nowMilliseconds + Int64(deckIDs.count) + 1
        deckIDs[deckName] = deck
        collection.decks[deck] = deckName
      }
      nextID += 1
      cardIDs[card.id] = nextID
      collection.notes.append(
        AnkiNote(
          id: nextID, guid: card.id, notetype: notetypeID, fields: fields(of: card),
          tags: [card.kind.rawValue, tag(card.topic)]))
      var exported = scheduled(
        AnkiCard(
          id: nextID, note: nextID, deck: deck, ordinal: 0, kind: .new, queue: 0,
          due: Int64(collection.cards.count + 1)),
        state: state.cards[card.id], isSuspended: state.suspended.contains(card.id),
        today: today, now: now)
      if let fsrs, let memory = state.cards[card.id]?.fsrs {
        exported.data = data(memory, parameters: fsrs) ?? ""
      }
      collection.cards.append(exported)
    }
    collection.reviews = try reviewLog(reviews, cardIDs: cardIDs)
    return collection
  }

  /// `card` with the scheduling `state` gives it.
  static func scheduled(
    _ card: AnkiCard, state: CardState?, isSuspended: Bool, today: Day, now: Date
  ) -> AnkiCard {
    var card = card
    if let state, state.reviews > 0 {
      card.factor = Int64(AnkiNumber.clamped(state.easeFactor * 1000, to: AnkiNumber.factors))
      card.reviews = Int64(state.reviews)
      card.lapses = Int64(state.lapses)
      if let stepEnd = state.learningStepEnd, let memory = state.fsrs {
        // In an FSRS learning or relearning step: due when the step ends, one step left.
        let isLearning = memory.state == .learning
        card.kind = isLearning ? .learning : .relearning
        card.queue = 1
        card.due = Int64(stepEnd.timeIntervalSince1970.rounded(.down))
        card.interval = isLearning ? 0 : Int64(max(1, state.interval))
        card.left = 1001
      } else if state.isDue(on: today) && (state.needsExtraReview || state.interval == 0) {
        // In SM-2's same-day repetition: a learning card if it never got past its first
        // recall, else relearning; due now, one step left.
        let isLearning = state.lapses == 0 && state.repetitions <= 1
        card.kind = isLearning ? .learning : .relearning
        card.queue = 1
        card.due = Int64(now.timeIntervalSince1970)
        card.interval = isLearning ? 0 : Int64(max(1, state.interval))
        card.left = 1001
      } else {
        card.kind = .review
        card.queue = 2
        card.due = Int64(state.due - today)
        card.interval = Int64(max(1, state.interval))
      }
    }
    if isSuspended { card.queue = AnkiCard.suspendedQueue }
    return card
  }

  /// Anki's `cards.data` for an FSRS memory: stability `s` (days) and difficulty `d` (1–10),
  /// the desired retention `dr`, the forgetting curve's `decay` (w20) and the last review
  /// `lrt` (seconds since 1970), as Anki 25.x writes them; nil for a card never reviewed.
  ///
  /// Anki rounds the four numbers to 4, 3, 2 and 3 places whenever it stores a card, an
  /// imported one included, so they are written so: the package holds what Anki keeps.
  static func data(_ memory: FSRSCard, parameters: FSRSParameters) -> String? {
    guard let stability = memory.stability, let difficulty = memory.difficulty,
      let lastReview = memory.lastReview
    else { return nil }
    return CompactJSON.text(
      [
        "s": rounded(stability, places: 4), "d": rounded(difficulty, places: 3),
        "dr": rounded(parameters.desiredRetention, places: 2),
        "decay": rounded(parameters.weights[20], places: 3),
        "lrt": Int64(lastReview.timeIntervalSince1970.rounded(.down)),
      ] as [String: Any])
  }

  /// `value` to `places` decimal places, halves away from zero, as Anki rounds them.
  static func rounded(_ value: Double, places: Int) -> Double {
    let factor = (0..<places).reduce(1.0) { product, _ in product * 10 }
    return (value * factor).rounded(.toNearestOrAwayFromZero) / factor
  }

  /// The reviews in effect (an undone one is left out) of the cards `cardIDs` names, as Anki's
  /// review log: ids are the moments in milliseconds, made unique by counting on.
  static func reviewLog<Failure: Error>(
    _ reviews: ((ReviewEvent) -> Void) throws(Failure) -> Void, cardIDs: [String: Int64]
  ) throws(Failure) -> [AnkiReview] {
    var log: [AnkiReview] = []
    var lastID: Int64 = .min
    try reviews { review in
      guard let card = cardIDs[review.card] else { return }
      var id = Int64((review.at.timeIntervalSince1970 * 1000).rounded(.down))
      if id <= lastID { id = lastID + 1 }
      lastID = id
      let before = review.before
      let after = review.after
      let kind: AnkiReview.Kind =
        before.reviews == 0
        ? .learning
        : (before.needsExtraReview || (before.repetitions == 0 && before.lapses > 0))
          ? .relearning : .review
      log.append(
        AnkiReview(
          id: id, card: card, ease: ease(review.grade),
          // Days when the grade scheduled the card on a later day; else Anki's seconds, 10
          // minutes: quiz shows it again the same day.
          interval: after.due > review.day ? Int64(after.interval) : -600,
          lastInterval: Int64(before.interval),
          factor: Int64(AnkiNumber.clamped(after.easeFactor * 1000, to: AnkiNumber.factors)),
          milliseconds: Int64(
            AnkiNumber.clamped((review.seconds ?? 0) * 1000, to: AnkiNumber.answerMilliseconds)),
          kind: kind))
    }
    return log.sorted { $0.id < $1.id }
  }

  /// Anki's button for an SM-2 grade: 0–2 Again, 3 Hard, 4 Good, 5 Easy.
  static func ease(_ grade: Grade) -> Int64 {
    switch grade.rawValue {
    case 3: 2
    case 4: 3
    case 5: 4
    default: 1
    }
  }

  /// A topic as an Anki tag, which holds no space.
  static func tag(_ topic: String) -> String {
    "topic::" + topic.split(whereSeparator: \.isWhitespace).joined(separator: "_")
  }

  /// The fields of `card`'s note, HTML-escaped, in ``Field`` order.
  static func fields(of card: Card) -> [String] {
    let record = CardRecord(card)
    return [
      escape(card.kind.rawValue), escape(card.topic), prose(record.prompt),
      escape(record.promptCode ?? ""), prose(record.answer), escape(record.answerCode ?? ""),
      prose(record.source ?? ""), prose(record.listenFor ?? ""), escape(card.id),
    ]
  }

  /// Text as HTML: escaped, line ends as `<br>`.
  static func prose(_ text: String) -> String {
    escaped(text, lineEnds: Array("<br>".utf8))
  }

  /// Text with HTML's special characters escaped; line ends kept (the code fields show in a
  /// `<pre>`).
  public static func escape(_ text: String) -> String {
    escaped(text, lineEnds: nil)
  }

  /// `text` with `&`, `<`, `>` and `"` escaped and each line feed replaced by `lineEnds`, if
  /// given; by bytes, so that an `&` followed by a combining mark is escaped too, and so that no
  /// field is split into Characters for the sake of five ASCII bytes.
  private static func escaped(_ text: String, lineEnds: [UInt8]?) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): bytes += Array("&amp;".utf8)
      case UInt8(ascii: "<"): bytes += Array("&lt;".utf8)
      case UInt8(ascii: ">"): bytes += Array("&gt;".utf8)
      case UInt8(ascii: "\""): bytes += Array("&quot;".utf8)
      case UInt8(ascii: "\n") where lineEnds != nil: bytes += lineEnds!
      default: bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// quiz's note type: a field per part of a card, code in a monospace block.
  static let notetype = AnkiNotetype(
    id: notetypeID, name: "quiz card", fields: Field.allCases.map(\.rawValue),
    templates: [
      AnkiNotetype.Template(
        name: "Card",
        front: """
          <div class="quiz-meta">{{Kind}} · {{Topic}}</div>
          <div class="quiz-prompt">{{Prompt}}</div>
          {{#Prompt code}}<pre class="quiz-code"><code>{{Prompt code}}</code></pre>{{/Prompt code}}
          """,
        back: """
          {{FrontSide}}
          <hr id="answer">
          {{#Answer}}<div class="quiz-answer">{{Answer}}</div>{{/Answer}}
          {{#Answer code}}<pre class="quiz-code"><code>{{Answer code}}</code></pre>{{/Answer code}}
          {{#Listen for}}<div class="quiz-listen">Listen for: {{Listen for}}</div>{{/Listen for}}
          {{#Source}}<div class="quiz-source">Source: {{Source}}</div>{{/Source}}
          """)
    ],
    css: """
      .card { font-family: sans-serif; font-size: 18px; text-align: left; }
      .quiz-meta { color: #888; font-size: 14px; }
      .quiz-code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 15px;
        white-space: pre; overflow-x: auto; background: rgba(128, 128, 128, 0.12);
        padding: 8px; }
      """, sortField: 2)
}

extension AnkiExport {
  /// The moment the day of `now` began by `clock`, to the second: the first second that
  /// `clock` counts as that day, found by halving (days are 23 to 25 hours long).
  public static func dayStart(of clock: DayClock, at now: Date) -> Date {
    let today = clock.day(for: now)
    var low = now.timeIntervalSince1970.rounded(.down) - 26 * 3600
    var high = now.timeIntervalSince1970.rounded(.down)
    // Invariant: low is before today, high is in it.
    while high - low > 1 {
      let middle = ((low + high) / 2).rounded(.down)
      if clock.day(for: Date(timeIntervalSince1970: middle)) < today {
        low = middle
      } else {
        high = middle
      }
    }
    return Date(timeIntervalSince1970: high)
  }
}
