import CardDeck
import Foundation
import Scheduler

/// What `quiz stats` reports, computed from the chosen cards, the review state and the journal.
struct ReviewStatistics: Encodable {
  /// The counts and the retention of a group of cards: a deck, a topic, or all of them.
  struct Group: Encodable {
    var name: String
    var title: String?
    var counts = StageCounts()
    var retention = Retention()
  }

  /// Days over which retention is measured, today included.
  static let retentionDays = 30
  /// Days of the forecast, today included.
  static let forecastDays = 14
  /// Weeks of the review calendar, this one included.
  static let calendarWeeks = 26

  var today: Day
  var total: Group
  var decks: [Group]
  var topics: [Group]
  /// How many of the chosen cards (not suspended) are due on each of the next days; cards due
  /// earlier count for today.
  var forecast: [(day: Day, due: Int)]
  /// The reviews of every day from the Monday that starts the calendar to today.
  var calendar: [(day: Day, reviews: Int)]
  var streak: Int

  init(cards: [Card], decks: [Deck], state: ReviewState, reviews: [ReviewEvent], today: Day) {
    self.today = today
    var total = Group(name: "all decks")
    var byDeck: [String: Group] = [:]
    var byTopic: [String: Group] = [:]
    var placeOf: [String: (deck: String, topic: String)] = [:]
    var forecast = Array(repeating: 0, count: Self.forecastDays)
    for card in cards {
      placeOf[card.id] = (card.deck, card.topic)
      total.counts.add(card.id, in: state, today: today)
      byDeck[card.deck, default: Group(name: card.deck)].counts.add(
        card.id, in: state, today: today)
      byTopic[card.topic, default: Group(name: card.topic)].counts.add(
        card.id, in: state, today: today)
      if !state.suspended.contains(card.id), let due = state.cards[card.id]?.due {
        let offset = max(0, due - today)
        if offset < Self.forecastDays { forecast[offset] += 1 }
      }
    }
    let firstDay = today - (Self.retentionDays - 1)
    for review in reviews where review.day >= firstDay && review.day <= today {
      guard let place = placeOf[review.card] else { continue }
      total.retention.add(review)
      byDeck[place.deck]?.retention.add(review)
      byTopic[place.topic]?.retention.add(review)
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
    let start = today - MomentText.weekday(of: today) - 7 * (Self.calendarWeeks - 1)
    self.calendar = (0...(today - start)).map { offset in
      (start + offset, state.reviews(on: start + offset))
    }
    streak = state.streak(endingOn: today)
  }

  enum CodingKeys: String, CodingKey {
    case today, total, decks, topics, retention, forecast, heatmap, streak
  }

  private struct DayCount: Encodable {
    var day: Day
    var due: Int?
    var reviews: Int?
  }

  private struct Measured: Encodable {
    var days: Int
    var retention: Retention

    enum CodingKeys: String, CodingKey { case days, reviews, recalled, rate }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(days, forKey: .days)
      try container.encode(retention.reviews, forKey: .reviews)
      try container.encode(retention.recalled, forKey: .recalled)
      try container.encode(retention.rate, forKey: .rate)
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(today, forKey: .today)
    try container.encode(GroupJSON(total, key: nil), forKey: .total)
    try container.encode(decks.map { GroupJSON($0, key: "deck") }, forKey: .decks)
    try container.encode(topics.map { GroupJSON($0, key: "topic") }, forKey: .topics)
    try container.encode(
      Measured(days: Self.retentionDays, retention: total.retention), forKey: .retention)
    try container.encode(forecast.map { DayCount(day: $0.day, due: $0.due) }, forKey: .forecast)
    try container.encode(
      calendar.map { DayCount(day: $0.day, reviews: $0.reviews) }, forKey: .heatmap)
    try container.encode(streak, forKey: .streak)
  }

  /// A group as one flat JSON object: its name under `key`, its title for a deck, its counts,
  /// and its retention.
  private struct GroupJSON: Encodable {
    var group: Group
    var key: String?

    init(_ group: Group, key: String?) {
      self.group = group
      self.key = key
    }

    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(_ string: String) { stringValue = string }
      init?(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      if let key { try container.encode(group.name, forKey: Key(key)) }
      if key == "deck" { try container.encode(group.title, forKey: Key("title")) }
      let counts = group.counts
      for (name, value) in [
        ("cards", counts.cards), ("new", counts.new), ("learning", counts.learning),
        ("young", counts.young), ("mature", counts.mature), ("suspended", counts.suspended),
        ("dueToday", counts.dueToday),
      ] {
        try container.encode(value, forKey: Key(name))
      }
      try container.encode(group.retention, forKey: Key("retention"))
    }
  }
}
