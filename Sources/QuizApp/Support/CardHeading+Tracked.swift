import CardDeck
import ReviewStorage
import Scheduler

extension CardHeading {
  /// The card as Scheduler's progress reports know it.
  var tracked: TrackedCard {
    TrackedCard(id: id, deck: deck, topic: topic, kind: kind.rawValue)
  }
}

extension LoadedDeck {
  /// The deck as Scheduler's progress reports name it.
  var tracked: TrackedDeck {
    TrackedDeck(name: name, title: title, location: path)
  }
}
