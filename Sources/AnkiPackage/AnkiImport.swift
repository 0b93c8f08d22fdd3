import CardDeck
import FoundationEssentials
import Glibc
import Scheduler

/// An Anki collection as quiz decks, and its scheduling as journal events (docs/anki.md).
public struct AnkiImport: Sendable {
  /// The decks, one per Anki deck that holds cards, by name.
  public var decks: [Deck] = []
  /// The events that give the cards their Anki scheduling: an ``ImportEvent`` per card that
  /// was reviewed and a ``SuspensionEvent`` per suspended card, with ids derived from what they
  /// bring, so that importing the same package again gives the same events.
  public var events: [JournalEvent] = []
  /// What was not carried over, for people.
  public var warnings: [String] = []

  /// Converts `collection`, read from `path`, at `now`, which is `today` by quiz's clock.
  public init(_ collection: AnkiCollection, path: String, now: Date, today: Day) {
    let notes = Dictionary(collection.notes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var reviews: [Int64: [AnkiReview]] = [:]
    var undated = 0
    for review in collection.reviews {
      // A moment the journal could not read back would make every later read of it fail.
      guard Timestamp.moment(milliseconds: review.id) != nil else {
        undated += 1
        continue
      }
      reviews[review.card, default: []].append(review)
    }
    if undated > 0 {
      warnings.append(
        "\(path): \(ReportText.count(undated, "review-log line")) dated outside the years "
          + "\(Timestamp.supportedYears.lowerBound)…\(Timestamp.supportedYears.upperBound) "
          + "(ids in milliseconds since 1970); left out")
    }
    // Anki's day number of today: whole days since the collection was created.
    let ankiToday = AnkiNumber.clamped(
      (now.timeIntervalSince(collection.created) / 86_400).rounded(.down),
      to: AnkiNumber.dayNumbers)
    var decksByID: [Int64: Deck] = [:]
    var seen: Set<String> = []
    var media: [String] = []
    var unknownNotetypes: Set<Int64> = []
    for card in collection.cards {
      guard let note = notes[card.note] else { continue }
      guard let notetype = collection.notetypes[note.notetype] else {
        unknownNotetypes.insert(note.notetype)
        continue
      }
      let deckName = collection.decks[card.deck] ?? "Default"
      var deck =
        decksByID[card.deck]
        ?? Deck(
          name: Self.fileName(Self.title(deckName)), title: Self.title(deckName),
          path: Self.fileName(Self.title(deckName)) + ".md", format: .native)
      guard let ordinal = AnkiNumber.checked(Int64(card.ordinal), in: AnkiNumber.ordinals),
        var made = NoteCard(note: note, notetype: notetype, ordinal: ordinal)
      else {
        warnings.append(
          "\(path): note \(ForeignText.line(note.guid)) (\(notetype.name)) has no card with ord \(card.ordinal) "
            + "(card \(card.id)); skipped")
        continue
      }
      made.topic = Self.topic(made.topic.isEmpty ? deck.title : made.topic)
      let guid = ForeignText.line(note.guid)
      guard !made.prompt.text.isEmpty || made.prompt.code != nil else {
        warnings.append(
          "\(path): note \(guid)'s card \(ordinal + 1) asks nothing; skipped")
        continue
      }
      guard !made.answer.isEmpty else {
        warnings.append(
          "\(path): note \(guid)'s card \(ordinal + 1) has no answer; skipped")
        continue
      }
      guard seen.insert(made.id).inserted else {
        warnings.append("\(path): two cards would have the id \(made.id); the second skipped")
        continue
      }
      media += made.media
      deck.cards.append(
        Card(
          id: made.id, deck: deck.name, topic: made.topic,
          location: SourceLocation(path: deck.path, line: 1),
          content: .trick(TrickCard(question: made.prompt, answer: made.answer))))
      decksByID[card.deck] = deck
      let state = Self.state(
        of: card, reviews: reviews[card.id] ?? [], today: today, ankiToday: ankiToday)
      // What Anki says of the card, not what it means today: the same package gives the same
      // ids on any day.
      let fingerprint =
        "anki|\(made.id)|\(card.kind.rawValue)|\(card.due)|"
        + "\(card.interval)|\(card.factor)|\(card.reviews)|\(card.lapses)|"
        + "\(reviews[card.id]?.last?.id ?? 0)"
      if let state {
        events.append(
          .imported(
            ImportEvent(
              id: JournalEvent.derivedID(fingerprint), card: made.id, at: now, origin: "anki",
              state: state)))
      }
      if card.isSuspended {
        events.append(
          .suspension(
            SuspensionEvent(
              id: JournalEvent.derivedID("anki-suspend|\(made.id)"), card: made.id, at: now,
              isSuspended: true)))
      }
    }
    decks = decksByID.values.sorted { $0.name < $1.name }
    var names: [String: Int] = [:]
    for index in decks.indices {
      // Two Anki decks whose names make the same file name: the later ones get a number.
      let count = names[decks[index].name, default: 0]
      names[decks[index].name] = count + 1
      if count > 0 {
        decks[index].name += "-\(count + 1)"
        decks[index].path = decks[index].name + ".md"
        for card in decks[index].cards.indices { decks[index].cards[card].deck = decks[index].name }
      }
    }
    if !unknownNotetypes.isEmpty {
      warnings.append(
        "\(path): \(ReportText.count(unknownNotetypes.count, "note type")) missing; "
          + "their notes skipped")
    }
    var listed: Set<String> = []
    let missing = media.filter { listed.insert($0).inserted }
    if !missing.isEmpty {
      warnings.append(
        "\(path): media not imported, kept as text: "
          + missing.map(ForeignText.line).joined(separator: ", "))
    }
  }

  /// The quiz state of `card`, or nil for a card never reviewed.
  static func state(
    of card: AnkiCard, reviews: [AnkiReview], today: Day, ankiToday: Int
  ) -> CardState? {
    guard card.kind != .new || card.reviews > 0 else { return nil }
    let graded = reviews.filter { $0.ease >= 1 && $0.kind != .manual }
    var repetitions = graded.reversed().prefix { $0.ease > 1 }.count
    if graded.isEmpty, card.kind == .review { repetitions = card.interval > 1 ? 2 : 1 }
    let easeFactor =
      card.factor == 0
      ? SM2.initialEaseFactor
      : Double(AnkiNumber.clamped(card.factor, to: AnkiNumber.factors)) / 1000
    let count = { (value: Int64) in AnkiNumber.clamped(value, to: AnkiNumber.counts) }
    let lastReview = reviews.last.flatMap { Timestamp.moment(milliseconds: $0.id) }
    switch card.kind {
    case .review:
      let days =
        AnkiNumber.clamped(card.due, to: AnkiNumber.dayNumbers)
        - AnkiNumber.clamped(Int64(ankiToday), to: AnkiNumber.dayNumbers)
      return CardState(
        repetitions: max(1, repetitions), easeFactor: easeFactor,
        interval: AnkiNumber.clamped(card.interval, to: AnkiNumber.intervals),
        due: today + AnkiNumber.clamped(Int64(days), to: AnkiNumber.dueOffsets),
        lapses: count(card.lapses), reviews: count(card.reviews), lastReview: lastReview)
    case .learning, .relearning, .new:
      // Still in Anki's learning steps: due now, as quiz's same-day repetition is.
      return CardState(
        repetitions: 0, easeFactor: easeFactor, interval: 0, due: today,
        lapses: count(card.lapses), reviews: count(card.reviews), lastReview: lastReview)
    }
  }

  /// A file name for the Anki deck `name`: its letters and digits, lowercased, words joined by
  /// `-`, `::` as `--`.
  static func fileName(_ name: String) -> String {
    let parts = name.components(separatedBy: "::").map { part in
      part.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) || !$0.isASCII })
        .joined(separator: "-")
    }.filter { !$0.isEmpty }
    let joined = parts.joined(separator: "--")
    return joined.isEmpty ? "anki" : String(joined.prefix(80))
  }

  /// The deck's title: its name without the `quiz::` that quiz's export adds; "Anki" for none.
  static func title(_ name: String) -> String {
    let title = name.hasPrefix("quiz::") ? String(name.dropFirst(6)) : name
    return title.isEmpty ? "Anki" : title
  }

  /// `text` (one line already) as a card's topic: a heading separates its parts with " · ",
  /// which a topic must not hold (a deck named "Kanji · N5"), nor end with " ·".
  static func topic(_ text: String) -> String {
    var topic = ForeignText.line(text)
    while topic.contains(" · ") { topic = topic.replacing(" · ", with: " - ") }
    while topic.hasSuffix(" ·") { topic = ForeignText.line(String(topic.dropLast(2))) }
    return topic.isEmpty ? "Anki" : topic
  }
}
