import Scheduler

extension ReviewStatistics: Encodable {
  enum CodingKeys: String, CodingKey {
    case today, total, decks, topics, retention, retrievability, forecast, heatmap, streak
    case leeches
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

  /// The form of `quiz stats --json`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(today, forKey: .today)
    let measures = measuresRetrievability
    try container.encode(GroupJSON(total, key: nil, measures), forKey: .total)
    try container.encode(decks.map { GroupJSON($0, key: "deck", measures) }, forKey: .decks)
    try container.encode(topics.map { GroupJSON($0, key: "topic", measures) }, forKey: .topics)
    try container.encode(
      Measured(days: Self.retentionDays, retention: total.retention), forKey: .retention)
    // Under FSRS only, so that SM-2's output stays as it was.
    if measures { try container.encode(total.retrievability, forKey: .retrievability) }
    try container.encode(forecast.map { DayCount(day: $0.day, due: $0.due) }, forKey: .forecast)
    try container.encode(
      calendar.map { DayCount(day: $0.day, reviews: $0.reviews) }, forKey: .heatmap)
    try container.encode(streak, forKey: .streak)
    try container.encode(leeches.count, forKey: .leeches)
  }

  /// A group as one flat JSON object: its name under `key`, its title for a deck, its counts,
  /// its retention, and its retrievability when measured.
  private struct GroupJSON: Encodable {
    var group: Group
    var key: String?
    var measuresRetrievability: Bool

    init(_ group: Group, key: String?, _ measuresRetrievability: Bool) {
      self.group = group
      self.key = key
      self.measuresRetrievability = measuresRetrievability
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: AnyCodingKey.self)
      if let key { try container.encode(group.name, forKey: AnyCodingKey(key)) }
      if key == "deck" { try container.encode(group.title, forKey: AnyCodingKey("title")) }
      let counts = group.counts
      for (name, value) in [
        ("cards", counts.cards), ("new", counts.new), ("learning", counts.learning),
        ("young", counts.young), ("mature", counts.mature), ("suspended", counts.suspended),
        ("dueToday", counts.dueToday),
      ] {
        try container.encode(value, forKey: AnyCodingKey(name))
      }
      try container.encode(group.retention, forKey: AnyCodingKey("retention"))
      if measuresRetrievability {
        try container.encode(group.retrievability, forKey: AnyCodingKey("retrievability"))
      }
    }
  }
}
