import FoundationEssentials
import Scheduler

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
    /// FSRS's mean retrievability of the group's cards (not suspended), when measured.
    public var retrievability = MeanRetrievability()

    /// Counts a card in `stage`, due or not, of retrievability `value` if measured.
    mutating func add(_ stage: CardStage, isDue: Bool, retrievability value: Double?) {
      counts.add(stage, isDue: isDue)
      if let value { retrievability.add(value) }
    }
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
  /// The chosen cards that are leeches, in card order: lapsed at least as many times as the
  /// caller counts a leech by (``leeches(of:in:lapses:)``).
  public var leeches: [String] = []
  /// Whether the groups' retrievability was measured (under FSRS): else it is left out.
  public var measuresRetrievability: Bool

  /// The ids of `cards` that have lapsed `lapses` times or more in `state`.
  public static func leeches(of cards: [TrackedCard], in state: ReviewState, lapses: Int)
    -> [String]
  {
    cards.compactMap { card in
      (state.cards[card.id]?.lapses ?? 0) >= lapses ? card.id : nil
    }
  }

  /// The statistics of `cards` on `today`; `reviews` are the journal's reviews in effect.
  public init(
    cards: [TrackedCard], decks: [TrackedDeck], state: ReviewState, reviews: [ReviewEvent],
    today: Day, retrievability: (@Sendable (CardState) -> Double?)? = nil
  ) {
    self.init(
      cards: cards, decks: decks, state: state, grades: reviews.map(CountedGrade.init),
      today: today, retrievability: retrievability)
  }

  /// The statistics of `cards` on `today`; `grades` are those of the journal's reviews in
  /// effect, of ``firstRetentionDay(endingOn:)`` or later at least. With `retrievability`
  /// (``MeanRetrievability/measure(with:at:)``), each group's mean retrievability too.
  public init(
    cards: [TrackedCard], decks: [TrackedDeck], state: ReviewState, grades: [CountedGrade],
    today: Day, retrievability: (@Sendable (CardState) -> Double?)? = nil
  ) {
    self.today = today
    measuresRetrievability = retrievability != nil
    var grouping = Grouping(
      cards: cards, state: state, today: today, retrievability: retrievability)
    grouping.add(grades, of: Self.firstRetentionDay(endingOn: today)...today)
    self.total = grouping.total
    self.decks = decks.compactMap { deck in
      grouping.deckPlaces[deck.name].map {
        var group = grouping.decks[$0]
        group.title = deck.title
        return group
      }
    }
    // Each name lowercased once, not once a comparison.
    self.topics = grouping.topics.map { ($0.name.lowercased(), $0) }.sorted {
      ($0.0, $0.1.name) < ($1.0, $1.1.name)
    }.map(\.1)
    self.forecast = grouping.forecast.enumerated().map { (today + $0.offset, $0.element) }
    let start = today - today.weekday - 7 * (Self.calendarWeeks - 1)
    self.calendar = (0...(today - start)).map { offset in
      (start + offset, state.reviews(on: start + offset))
    }
    streak = state.streak(endingOn: today)
  }
}
