import Scheduler

extension ReviewStatistics {
  /// Cards and grades added to their groups: all decks, each deck and each topic.
  ///
  /// Groups are kept by place in arrays, so that a card or a grade is added to its deck and its
  /// topic without hashing their names: one look-up of its id, none of the names but where they
  /// change from one card to the next.
  struct Grouping {
    var total = Group(name: "all decks")
    var decks: [Group] = []
    var deckPlaces: [String: Int] = [:]
    var topics: [Group] = []
    var topicPlaces: [String: Int] = [:]
    var placeOf: [String: (deck: Int, topic: Int)] = [:]
    /// Cards due on each of the ``ReviewStatistics/forecastDays`` from today.
    var forecast = Array(repeating: 0, count: ReviewStatistics.forecastDays)

    /// Groups `cards` by their state on `today`.
    init(
      cards: [TrackedCard], state: ReviewState, today: Day,
      retrievability: (@Sendable (CardState) -> Double?)?
    ) {
      placeOf.reserveCapacity(cards.count)
      // The place of a topic seen lately, by a cheap key of its name (its length and first
      // byte): a deck's cards mix a score of topics, so the topic changes at nearly every card,
      // and a look among the last few is one comparison where a dictionary hashes the name.
      var recentTopics = [(name: String, place: Int)?](repeating: nil, count: 64)
      var previousPlace = (deck: -1, topic: -1)
      // By index, not `for card in cards`: a copy of each card retains and releases its four
      // strings, which classifying it does not need.
      for index in cards.indices {
        var cardPlace = previousPlace
        if index == 0 || cards[index - 1].deck != cards[index].deck {
          cardPlace.deck = Self.place(of: cards[index].deck, in: &deckPlaces, &decks)
        }
        if index == 0 || cards[index - 1].topic != cards[index].topic {
          let topic = cards[index].topic
          let slot = (topic.utf8.count &* 31 &+ Int(topic.utf8.first ?? 0)) & 63
          if let recent = recentTopics[slot], recent.name == topic {
            cardPlace.topic = recent.place
          } else {
            cardPlace.topic = Self.place(of: topic, in: &topicPlaces, &topics)
            recentTopics[slot] = (topic, cardPlace.topic)
          }
        }
        previousPlace = cardPlace
        let id = cards[index].id
        placeOf[id] = cardPlace
        let isSuspended = !state.suspended.isEmpty && state.suspended.contains(id)
        add(
          state.cards[id], at: cardPlace, isSuspended: isSuspended, today: today,
          retrievability: retrievability)
      }
    }

    /// Adds `grades` of `days` to the groups of their cards.
    mutating func add(_ grades: [CountedGrade], of days: ClosedRange<Day>) {
      for grade in grades where days.contains(grade.day) {
        guard let place = placeOf[grade.card] else { continue }
        total.retention.add(grade)
        decks[place.deck].retention.add(grade)
        topics[place.topic].retention.add(grade)
      }
    }

    /// Counts a card of `cardState` in its three groups, classified once for all three.
    private mutating func add(
      _ cardState: CardState?, at place: (deck: Int, topic: Int), isSuspended: Bool, today: Day,
      retrievability: (@Sendable (CardState) -> Double?)?
    ) {
      let stage = CardStage(state: cardState, isSuspended: isSuspended)
      let isDue = !isSuspended && cardState?.isDue(on: today) == true
      let value = isSuspended ? nil : cardState.flatMap { retrievability?($0) }
      total.add(stage, isDue: isDue, retrievability: value)
      decks[place.deck].add(stage, isDue: isDue, retrievability: value)
      topics[place.topic].add(stage, isDue: isDue, retrievability: value)
      if !isSuspended, let due = cardState?.due {
        let offset = max(0, due - today)
        if offset < ReviewStatistics.forecastDays { forecast[offset] += 1 }
      }
    }

    private static func place(
      of name: String, in places: inout [String: Int], _ groups: inout [Group]
    ) -> Int {
      if let place = places[name] { return place }
      groups.append(Group(name: name))
      places[name] = groups.count - 1
      return groups.count - 1
    }
  }
}
