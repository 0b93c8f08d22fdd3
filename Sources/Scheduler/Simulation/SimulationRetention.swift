/// The desired retention FSRS schedules for in a simulation.
public enum SimulationRetention: Hashable, Sendable {
  /// SM-2's retention in the same simulation (the share of its due reviews recalled), kept
  /// within ``range``, so that the two schedules are compared at one retention.
  case sm2
  /// This one, whatever SM-2's is.
  case fixed(Double)

  /// The desired retentions FSRS is run at: those Anki's deck options accept without a
  /// warning in red. Below, intervals grow past what FSRS's benchmark checks; above, the
  /// reviews needed grow steeply for little more recall.
  public static let range = 0.70...0.97

  /// Where the desired retention FSRS ran at came from.
  public enum Source: String, Hashable, Sendable {
    /// SM-2's retention, within ``SimulationRetention/range``.
    case sm2
    /// SM-2's retention, outside the range: the nearer bound.
    case sm2Clamped
    /// No review due under SM-2 to measure: FSRS's own desired retention, as set.
    case fsrs
    /// Given: ``SimulationRetention/fixed(_:)``.
    case fixed
  }

  /// The desired retention for FSRS, and where it came from, once SM-2 gave `sm2` (nil when no
  /// review was due under it); `fallback` is FSRS's own.
  func desired(sm2: Double?, fallback: Double) -> (retention: Double, source: Source) {
    switch self {
    case .fixed(let retention):
      return (retention, .fixed)
    case .sm2:
      guard let sm2 else { return (fallback, .fsrs) }
      let clamped = min(max(sm2, Self.range.lowerBound), Self.range.upperBound)
      return (clamped, clamped == sm2 ? .sm2 : .sm2Clamped)
    }
  }
}
