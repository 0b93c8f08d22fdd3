import FoundationEssentials
import Scheduler

/// The mean of FSRS's retrievability over a group of cards: the probability, as FSRS's forgetting
/// curve gives it, of recalling each card at a moment, averaged.
public struct MeanRetrievability: Equatable, Sendable {
  /// How many cards are counted: those FSRS has a memory of.
  public var cards = 0
  /// The sum of their retrievabilities.
  public var total = 0.0

  /// No cards.
  public init() {}

  /// The mean, 0…1; nil without cards.
  public var mean: Double? { cards == 0 ? nil : total / Double(cards) }

  /// The mean as a whole percentage, or `–` without cards.
  public var percentText: String {
    mean.map { "\(Int(($0 * 100).rounded()))%" } ?? "–"
  }

  /// Counts a card of retrievability `value`.
  public mutating func add(_ value: Double) {
    cards += 1
    total += value
  }

  /// What gives a card's retrievability at `moment` under `scheduler`: FSRS's forgetting curve
  /// (py-fsrs's `get_card_retrievability`, whole days since the last review) for a card with
  /// an FSRS memory, nil for any other; nil (no measure at all) when `scheduler` is not FSRS.
  public static func measure(with scheduler: any ReviewScheduler, at moment: Date)
    -> (@Sendable (CardState) -> Double?)?
  {
    guard let fsrs = (scheduler as? FSRSReviewScheduler)?.scheduler else { return nil }
    return { state in
      guard let card = state.fsrs, card.stability != nil else { return nil }
      return fsrs.retrievability(of: card, at: moment)
    }
  }
}

extension MeanRetrievability: Encodable {
  enum CodingKeys: String, CodingKey { case cards, mean }

  /// `{"cards":…,"mean":…}`, the mean null without cards.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(cards, forKey: .cards)
    try container.encode(mean, forKey: .mean)
  }
}
