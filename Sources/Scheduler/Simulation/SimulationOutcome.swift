/// What a simulation gave: each scheduler's schedule, and where the retention FSRS was run at
/// came from.
public struct SimulationOutcome: Hashable, Sendable {
  /// FSRS's schedule; its ``SimulatedSchedule/desiredRetention`` is the one it ran at.
  public var fsrs: SimulatedSchedule
  /// SM-2's schedule.
  public var sm2: SimulatedSchedule
  /// Where FSRS's desired retention came from.
  public var retentionSource: SimulationRetention.Source

  /// The schedules `fsrs` and `sm2`, FSRS's retention having come from `retentionSource`.
  public init(
    fsrs: SimulatedSchedule, sm2: SimulatedSchedule,
    retentionSource: SimulationRetention.Source
  ) {
    self.fsrs = fsrs
    self.sm2 = sm2
    self.retentionSource = retentionSource
  }
}
