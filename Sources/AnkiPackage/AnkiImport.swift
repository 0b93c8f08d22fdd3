import CardDeck
import FoundationEssentials
import Glibc
import ReviewStorage
import Scheduler

/// An Anki collection as quiz decks, and its scheduling as journal events (docs/anki.md).
public struct AnkiImport: Sendable {
  /// The decks, one per Anki deck that holds cards, by name; an Anki deck whose cards make
  /// more text than a deck file may hold is several decks, its parts (``files``).
  public var decks: [Deck] = []
  /// The deck files each Anki deck that holds cards became, in the order of ``decks``.
  public var files: [DeckFiles] = []
  /// The cards whose text alone is more than a deck file may hold: a package with one is not
  /// imported (``AnkiPackageReader/importing(path:shown:now:today:existingFiles:deckFileLimit:scratchFolder:)``
  /// refuses it).
  public var oversized: [OversizedCard] = []
  /// The events that give the cards their Anki scheduling: an ``ImportEvent`` per card that
  /// was reviewed and a ``SuspensionEvent`` per suspended card, with ids derived from what they
  /// bring, so that importing the same package again gives the same events.
  public var events: [JournalEvent] = []
  /// The review log's answers, as history for FSRS (``history(of:card:)``), in time order.
  public var history = AnkiHistory()
  /// What was not carried over, for people.
  public var warnings: [String] = []

  /// Converts `collection`, read from `path`, at `now`, which is `today` by quiz's clock, into
  /// decks named apart from each other and from `existingFiles`, the names of the files the
  /// target folder holds (see ``fileNames(_:parts:existing:)``), each deck's text at most
  /// `deckFileLimit` bytes less a margin (see ``partBudget(limit:)``).
  public init(
    _ collection: AnkiCollection, path: String, now: Date, today: Day,
    existingFiles: [String] = [], deckFileLimit: Int = DeckLoader.largestFile
  ) {
    // In the order a package's notes are read (by id); the first of two with one id is taken.
    let notes = collection.notes.enumerated().sorted {
      ($0.element.id, $0.offset) < ($1.element.id, $1.offset)
    }.map(\.element)
    // Each card's lines in the order the collection holds them (a package's: by id).
    let reviews = Dictionary(grouping: collection.reviews, by: \.card)
    self.init(
      collection, notes: { visit in notes.forEach(visit) },
      reviewIDs: { visit in for review in collection.reviews { visit(review.id) } },
      reviews: { reviews[$0] ?? [] }, path: path, now: now, today: today,
      existingFiles: existingFiles, deckFileLimit: deckFileLimit)
  }

  /// Converts `collection` (whose own notes and review log are not read) with the notes that
  /// `notes` visits in the order of their ids, one at a time, each card's review-log lines that
  /// `reviews` gives (in the order of their ids) as the card is converted, and the ids of all
  /// the lines that `reviewIDs` visits (to count those left out):
  /// ``AnkiPackageReader/importing(path:shown:now:today:existingFiles:deckFileLimit:scratchFolder:)``
  /// reads them from the package's database as they are converted, so that neither the notes'
  /// text nor the log is ever held whole beside the database, only one card's lines at a time.
  /// Without `keepingHistory`, ``history`` is left empty (an import without progress).
  init<Failure: Error>(
    _ collection: AnkiCollection,
    notes: (_ visit: (AnkiNote) -> Void) throws(Failure) -> Void,
    reviewIDs: (_ visit: (Int64) -> Void) throws(Failure) -> Void,
    reviews: @escaping (_ card: Int64) throws(Failure) -> [AnkiReview],
    path: String, now: Date, today: Day, existingFiles: [String], deckFileLimit: Int,
    keepingHistory: Bool = true
  ) throws(Failure) {
    var undated = 0
    var dated = 0
    try reviewIDs { id in
      if Self.isDated(id, now: now) { dated += 1 } else { undated += 1 }
    }
    if undated > 0 {
      warnings.append(
        "\(path): \(ReportText.count(undated, "review-log line")) dated after tomorrow or "
          + "outside the years \(Timestamp.supportedYears.lowerBound)…"
          + "\(Timestamp.supportedYears.upperBound) (ids in milliseconds since 1970); left out")
    }
    // Anki's day number of today: whole days since the collection was created.
    let ankiToday = AnkiNumber.clamped(
      (now.timeIntervalSince(collection.created) / 86_400).rounded(.down),
      to: AnkiNumber.dayNumbers)
    var converter = Converter(
      collection: collection, path: path, now: now, today: today, ankiToday: ankiToday,
      deckFileLimit: deckFileLimit, keepsHistory: keepingHistory)
    // Room for every line at once: grown as it is appended to, the history would be held twice
    // while copied.
    if keepingHistory { converter.history.reserveCapacity(dated) }
    // The cards of each note, in the order they came (by note, then template).
    let cardsByNote = Dictionary(grouping: collection.cards, by: \.note)
    var last: Int64?
    // The first failure to read a card's lines: the notes' visit cannot throw it.
    var failure: Failure?
    try notes { note in
      guard failure == nil, note.id != last, let cards = cardsByNote[note.id] else { return }
      last = note.id
      do throws(Failure) {
        for card in cards {
          try converter.add(card, of: note) { () throws(Failure) in
            try reviews(card.id).filter { Self.isDated($0.id, now: now) }
          }
        }
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    warnings += converter.warnings
    events = converter.events
    history = converter.history
    converter.history = AnkiHistory()
    history.sort()
    oversized = converter.oversized
    (decks, files) = Self.decks(
      converter.cardsByDeck, sizes: converter.sizesByDeck, titles: converter.titles,
      existingFiles: existingFiles, budget: Self.partBudget(limit: deckFileLimit))
    if !converter.unknownNotetypes.isEmpty {
      warnings.append(
        "\(path): \(ReportText.count(converter.unknownNotetypes.count, "note type")) missing; "
          + "their notes skipped")
    }
    var listed: Set<String> = []
    let missing = converter.media.filter { listed.insert($0).inserted }
    if !missing.isEmpty {
      warnings.append(
        "\(path): media not imported, kept as text: "
          + missing.map(ForeignText.line).joined(separator: ", "))
    }
  }

  /// What the cards converted so far make: the decks' cards and titles, the events, and what
  /// was not carried over.
  private struct Converter {
    let collection: AnkiCollection
    let path: String
    let now: Date
    let today: Day
    let ankiToday: Int
    let deckFileLimit: Int
    let keepsHistory: Bool
    var titles: [Int64: String] = [:]
    // Appended to in place: a deck taken out, appended to and put back is copied per card.
    var cardsByDeck: [Int64: [Card]] = [:]
    /// The size of each card's text in a deck file, beside ``cardsByDeck``.
    var sizesByDeck: [Int64: [Int]] = [:]
    /// The size of each deck's heading, its title's line.
    var headingSizes: [Int64: Int] = [:]
    var oversized: [OversizedCard] = []
    var events: [JournalEvent] = []
    var history = AnkiHistory()
    var warnings: [String] = []
    var seen: Set<String> = []
    var media: [String] = []
    var unknownNotetypes: Set<Int64> = []

    /// Converts `card` of `note`, with the review-log lines `reviews` gives (read only for a
    /// card converted), or says why it is skipped.
    mutating func add<Failure: Error>(
      _ card: AnkiCard, of note: AnkiNote, reviews: () throws(Failure) -> [AnkiReview]
    ) throws(Failure) {
      guard let notetype = collection.notetypes[note.notetype] else {
        unknownNotetypes.insert(note.notetype)
        return
      }
      let title =
        titles[card.deck]
        ?? AnkiImport.title(collection.decks[card.deck] ?? "Default")
      let guid = ForeignText.line(note.guid)
      guard let ordinal = AnkiNumber.checked(Int64(card.ordinal), in: AnkiNumber.ordinals),
        var made = NoteCard(note: note, notetype: notetype, ordinal: ordinal)
      else {
        warnings.append(
          "\(path): note \(guid) (\(notetype.name)) has no card with ord \(card.ordinal) "
            + "(card \(card.id)); skipped")
        return
      }
      made.topic = AnkiImport.topic(made.topic.isEmpty ? title : made.topic)
      guard !made.prompt.text.isEmpty || made.prompt.code != nil else {
        warnings.append("\(path): note \(guid)'s card \(ordinal + 1) asks nothing; skipped")
        return
      }
      guard !made.answer.isEmpty else {
        warnings.append("\(path): note \(guid)'s card \(ordinal + 1) has no answer; skipped")
        return
      }
      guard seen.insert(made.id).inserted else {
        warnings.append("\(path): two cards would have the id \(made.id); the second skipped")
        return
      }
      media += made.media
      titles[card.deck] = title
      // The deck's name and file come when every deck's name is known.
      let converted = Card(
        id: made.id, deck: "", topic: made.topic, location: SourceLocation(path: "", line: 1),
        content: .trick(TrickCard(question: made.prompt, answer: made.answer)))
      // Its text's size, exactly: it says which part of a large deck the card goes to.
      let writer = NativeDeckWriter()
      let size = writer.text(of: converted).utf8.count
      let heading =
        headingSizes[card.deck]
        ?? writer.heading(of: Deck(name: "", title: title, path: "", format: .native)).utf8.count
      headingSizes[card.deck] = heading
      // Alone in a part, with the part's note.
      let alone = heading + AnkiImport.partNoteRoom + size
      if alone > deckFileLimit {
        oversized.append(OversizedCard(note: guid, card: ordinal + 1, id: made.id, size: alone))
      }
      let lines = try reviews()
      cardsByDeck[card.deck, default: []].append(converted)
      sizesByDeck[card.deck, default: []].append(size)
      events += AnkiImport.events(
        for: card, id: made.id, reviews: lines, now: now, today: today, ankiToday: ankiToday)
      if keepsHistory { history.add(lines, card: made.id) }
    }
  }

  /// Whether a review-log line of id `id` is kept: not dated where the journal could not read
  /// it back (every later read of it would fail) nor after tomorrow (it would win over every
  /// review to come; a day allows for a phone's clock).
  static func isDated(_ id: Int64, now: Date) -> Bool {
    guard let moment = Timestamp.moment(milliseconds: id) else { return false }
    return moment.timeIntervalSince(now) <= 86_400
  }

  /// The events that give `card`, quiz's card `id`, its Anki scheduling: its state (unless it
  /// is new) and its suspension, with ids derived from what Anki says of it, not from what it
  /// means today, so that the same package gives the same ids on any day.
  static func events(
    for card: AnkiCard, id: String, reviews: [AnkiReview], now: Date, today: Day, ankiToday: Int
  ) -> [JournalEvent] {
    var events: [JournalEvent] = []
    if let state = state(of: card, reviews: reviews, today: today, ankiToday: ankiToday) {
      let fingerprint =
        "anki|\(id)|\(card.kind.rawValue)|\(card.due)|"
        + "\(card.interval)|\(card.factor)|\(card.reviews)|\(card.lapses)|"
        + "\(reviews.last?.id ?? 0)"
      events.append(
        .imported(
          ImportEvent(
            id: JournalEvent.derivedID(fingerprint), card: id, at: now, origin: "anki",
            state: state)))
    }
    if card.isSuspended {
      events.append(
        .suspension(
          SuspensionEvent(
            id: JournalEvent.derivedID("anki-suspend|\(id)"), card: id, at: now,
            isSuspended: true)))
    }
    return events
  }

  /// The quiz state of `card`, or nil for a card never reviewed.
  static func state(
    of card: AnkiCard, reviews: [AnkiReview], today: Day, ankiToday: Int
  ) -> CardState? {
    guard card.kind != .new || card.reviews > 0 else { return nil }
    let graded = reviews.filter { $0.ease >= 1 && $0.kind.isAnswerKind }
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

  /// What differs between the cards of `deck` and `readBack`, the cards its written text reads
  /// back as, in words; nil when every card reads back as it was meant, in order.
  public static func difference(between deck: Deck, and readBack: [Card]) -> String? {
    guard readBack.count == deck.cards.count else {
      return "its \(ReportText.count(deck.cards.count, "card")) read back as \(readBack.count)"
    }
    for (meant, read) in zip(deck.cards, readBack) {
      if read.id != meant.id { return "card \(meant.id) reads back as \(read.id)" }
      if read.deck != meant.deck || read.topic != meant.topic || read.content != meant.content {
        return "card \(meant.id) reads back with other text"
      }
    }
    return nil
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
