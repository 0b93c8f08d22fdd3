import Basics

/// Which cards a command works on: by topic, kind, deck and lesson.
public struct CardFilter: Sendable, Equatable {
  /// Topics to match; a card matches any of them. Empty matches every card.
  public var topics: [String]
  /// Kinds to keep. Empty keeps every kind.
  public var kinds: Set<CardKind>
  /// Deck names to keep, without regard to case. Empty keeps every deck.
  public var decks: [String]
  /// Lessons to keep. Empty keeps every lesson.
  public var lessons: Set<Int>
  /// Card ids to keep. Empty keeps every card.
  public var ids: Set<String>

  /// Creates a filter; with no arguments it keeps every card.
  public init(
    topics: [String] = [], kinds: Set<CardKind> = [], decks: [String] = [], lessons: Set<Int> = [],
    ids: Set<String> = []
  ) {
    self.topics = topics
    self.kinds = kinds
    self.decks = decks
    self.lessons = lessons
    self.ids = ids
  }

  /// Whether `card` passes every part of the filter.
  public func matches(_ card: CardHeading) -> Bool {
    (topics.isEmpty || topics.contains { Self.topic($0, matches: card) })
      && (kinds.isEmpty || kinds.contains(card.kind))
      && (decks.isEmpty || decks.contains { $0.lowercased() == card.deck.lowercased() })
      && (lessons.isEmpty || card.lesson.map(lessons.contains) == true)
      && (ids.isEmpty || ids.contains(card.id))
  }

  /// Whether `query` names the card's topic or section: its words appear there, in order, as
  /// whole words, without regard to case. `sheets` matches `Sheets` and `Sheets, alerts, and
  /// popovers`, but not `Bottom sheet`.
  public static func topic(_ query: String, matches card: CardHeading) -> Bool {
    let wanted = words(query)
    guard !wanted.isEmpty else { return false }
    return [card.topic, card.section].contains { text in
      guard let text else { return false }
      let have = words(text)
      guard have.count >= wanted.count else { return false }
      return (0...(have.count - wanted.count)).contains { start in
        Array(have[start..<start + wanted.count]) == wanted
      }
    }
  }

  /// Topics from `topics` that look like what `query` meant: a word starts with it, or is at most
  /// two edits away.
  public static func suggestions(for query: String, among topics: [String]) -> [String] {
    let wanted = words(query)
    return topics.filter { topic in
      words(topic).contains { word in
        wanted.contains { word.hasPrefix($0) || Spelling.distance($0, word) <= 2 }
      }
    }
  }

  private static func words(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }
}
