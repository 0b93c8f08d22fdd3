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
    var total = Group(name: "all decks")
    // Groups by place in these arrays, so that a card or a grade is added to its deck and its
    // topic without hashing their names: one look-up of its id, none of the names but where
    // they change from one card to the next.
    var deckGroups: [Group] = []
    var deckPlaces: [String: Int] = [:]
    var topicGroups: [Group] = []
    var topicPlaces: [String: Int] = [:]
    var placeOf: [String: (deck: Int, topic: Int)] = [:]
    var forecast = Array(repeating: 0, count: Self.forecastDays)
    placeOf.reserveCapacity(cards.count)
    func place(of name: String, in places: inout [String: Int], _ groups: inout [Group]) -> Int {
      if let place = places[name] { return place }
      groups.append(Group(name: name))
      places[name] = groups.count - 1
      return groups.count - 1
    }
    // The place of a topic seen lately, by a cheap key of its name (its length and first byte):
    // a deck's cards mix a score of topics, so the topic changes at nearly every card, and a
    // look among the last few is one comparison where a dictionary hashes the whole name.
    var recentTopics = [(name: String, place: Int)?](repeating: nil, count: 64)
    var previousPlace = (deck: -1, topic: -1)
    // By index, not `for card in cards`: a copy of each card retains and releases its four
    // strings, which classifying it does not need.
    for index in cards.indices {
      var cardPlace = previousPlace
      if index == 0 || cards[index - 1].deck != cards[index].deck {
        cardPlace.deck = place(of: cards[index].deck, in: &deckPlaces, &deckGroups)
      }
      if index == 0 || cards[index - 1].topic != cards[index].topic {
        let topic = cards[index].topic
        let slot = (topic.utf8.count &* 31 &+ Int(topic.utf8.first ?? 0)) & 63
        if let recent = recentTopics[slot], recent.name == topic {
          cardPlace.topic = recent.place
        } else {
          cardPlace.topic = place(of: topic, in: &topicPlaces, &topicGroups)
          recentTopics[slot] = (topic, cardPlace.topic)
        }
      }
      previousPlace = cardPlace
      let id = cards[index].id
      placeOf[id] = cardPlace
      // Looked up and classified once for its three groups, not once for each.
      let cardState = state.cards[id]
      let isSuspended = !state.suspended.isEmpty && state.suspended.contains(id)
      let stage = CardStage(state: cardState, isSuspended: isSuspended)
      let isDue = !isSuspended && cardState?.isDue(on: today) == true
      let value = isSuspended ? nil : cardState.flatMap { retrievability?($0) }
      total.add(stage, isDue: isDue, retrievability: value)
      deckGroups[cardPlace.deck].add(stage, isDue: isDue, retrievability: value)
      topicGroups[cardPlace.topic].add(stage, isDue: isDue, retrievability: value)
      if !isSuspended, let due = cardState?.due {
        let offset = max(0, due - today)
        if offset < Self.forecastDays { forecast[offset] += 1 }
      }
    }
    let firstDay = Self.firstRetentionDay(endingOn: today)
    for grade in grades where grade.day >= firstDay && grade.day <= today {
      guard let place = placeOf[grade.card] else { continue }
      total.retention.add(grade)
      deckGroups[place.deck].retention.add(grade)
      topicGroups[place.topic].retention.add(grade)
    }
    self.total = total
    self.decks = decks.compactMap { deck in
      deckPlaces[deck.name].map {
        var group = deckGroups[$0]
        group.title = deck.title
        return group
      }
    }
    // Each name lowercased once, not once a comparison.
    self.topics = topicGroups.map { ($0.name.lowercased(), $0) }.sorted {
      ($0.0, $0.1.name) < ($1.0, $1.1.name)
    }.map(\.1)
    self.forecast = forecast.enumerated().map { (today + $0.offset, $0.element) }
    let start = today - today.weekday - 7 * (Self.calendarWeeks - 1)
    self.calendar = (0...(today - start)).map { offset in
      (start + offset, state.reviews(on: start + offset))
    }
    streak = state.streak(endingOn: today)
  }
}
