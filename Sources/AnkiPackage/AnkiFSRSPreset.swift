/// A deck preset (Anki's deck options) that schedules with FSRS: the weights and the desired
/// retention the exported memory states were computed with.
public struct AnkiFSRSPreset: Equatable, Sendable {
  /// The preset's id (in `col.dconf`), which the decks name as their `conf`.
  public var id: Int64
  /// Its name in Anki's deck options.
  public var name: String
  /// FSRS-6's 21 weights (`fsrsParams6`).
  public var weights: [Double]
  /// The desired retention (`desiredRetention`).
  public var desiredRetention: Double

  /// A preset with these values.
  public init(id: Int64, name: String, weights: [Double], desiredRetention: Double) {
    self.id = id
    self.name = name
    self.weights = weights
    self.desiredRetention = desiredRetention
  }
}
