/// What `quiz stats` reports, computed from the chosen cards, the review state and the journal.
public struct ReviewStatistics: Sendable {
  /// The counts and the retention of a group of cards: a deck, a topic, or all of them.
  public struct Group: Sendable {
    /// A deck's or a topic's name; `all decks` for the total.
    public var name: String
    /// A deck's title.
    public var title: String?
    /// The cards in each stage.
    public var counts = StageCounts()
    /// The retention of the group's cards.
    public var retention = Retention()
  }

  /// Days over which retention is measured, today included.
  public static let retentionDays = 30
  /// Days of the forecast, today included.
  public static let forecastDays = 14
  /// Weeks of the review calendar, this one included.
  public static let calendarWeeks = 26

  /// The first of the ``retentionDays`` that end on `today`: the reviews that count for
  /// retention are of this day or later (and not after `today`).
  public static func firstRetentionDay(endingOn today: Day) -> Day {
    today - (retentionDays - 1)
  }

  /// The day the statistics are for.
  public var today: Day
  /// All the chosen cards.
  public var total: Group
  /// A group per deck that has chosen cards, in the decks' order.
  public var decks: [Group]
  /// A group per topic, sorted ignoring case.
  public var topics: [Group]
  /// How many of the chosen cards (not suspended) are due on each of the next days; cards due
  /// earlier count for today.
  public var forecast: [(day: Day, due: Int)]
  /// The reviews of every day from the Monday that starts the calendar to today.
  public var calendar: [(day: Day, reviews: Int)]
  /// Days in a row with reviews, up to today (see ``ReviewState/streak(endingOn:)``).
  public var streak: Int

  /// The statistics of `cards` on `today`; `reviews` are the journal's reviews in effect.
  public init(
    cards: [TrackedCard], decks: [TrackedDeck], state: ReviewState, reviews: [ReviewEvent],
    today: Day
  ) {
    self.init(
      cards: cards, decks: decks, state: state, grades: reviews.map(CountedGrade.init),
      today: today)
  }

  /// The statistics of `cards` on `today`; `grades` are those of the journal's reviews in
  /// effect, of ``firstRetentionDay(endingOn:)`` or later at least.
  public init(
    cards: [TrackedCard], decks: [TrackedDeck], state: ReviewState, grades: [CountedGrade],
    today: Day
  ) {
    self.today = today
    var total = Group(name: "all decks")
    var byDeck: [String: Group] = [:]
    var byTopic: [String: Group] = [:]
    var placeOf: [String: (deck: String, topic: String)] = [:]
    var forecast = Array(repeating: 0, count: Self.forecastDays)
    placeOf.reserveCapacity(cards.count)
    // A deck's cards come one after the other: they are counted apart and added to their deck's
    // group when the deck changes, not looked up by name a card.
    var run = (deck: "", counts: StageCounts())
    func endRun() {
      guard run.counts.cards > 0 else { return }
      byDeck[run.deck, default: Group(name: run.deck)].counts.add(run.counts)
    }
    for card in cards {
      placeOf[card.id] = (card.deck, card.topic)
      // Looked up and classified once for its three groups, not once for each.
      let cardState = state.cards[card.id]
      let isSuspended = state.suspended.contains(card.id)
      let stage = CardStage(state: cardState, isSuspended: isSuspended)
      let isDue = !isSuspended && cardState?.isDue(on: today) == true
      total.counts.add(stage, isDue: isDue)
      if card.deck != run.deck {
        endRun()
        run = (card.deck, StageCounts())
      }
      run.counts.add(stage, isDue: isDue)
      byTopic[card.topic, default: Group(name: card.topic)].counts.add(stage, isDue: isDue)
      if !isSuspended, let due = cardState?.due {
        let offset = max(0, due - today)
        if offset < Self.forecastDays { forecast[offset] += 1 }
      }
    }
    endRun()
    let firstDay = Self.firstRetentionDay(endingOn: today)
    for grade in grades where grade.day >= firstDay && grade.day <= today {
      guard let place = placeOf[grade.card] else { continue }
      total.retention.add(grade)
      byDeck[place.deck]?.retention.add(grade)
      byTopic[place.topic]?.retention.add(grade)
    }
    self.total = total
    self.decks = decks.compactMap { deck in
      byDeck[deck.name].map {
        var group = $0
        group.title = deck.title
        return group
      }
    }
    self.topics = byTopic.values.sorted {
      ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name)
    }
    self.forecast = forecast.enumerated().map { (today + $0.offset, $0.element) }
    let start = today - today.weekday - 7 * (Self.calendarWeeks - 1)
    self.calendar = (0...(today - start)).map { offset in
      (start + offset, state.reviews(on: start + offset))
    }
    streak = state.streak(endingOn: today)
  }
}
