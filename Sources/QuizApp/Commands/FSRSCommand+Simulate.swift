import CardDeck
import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

extension FSRSCommand {
  /// What `quiz fsrs simulate` started from and what it gave.
  struct Simulation {
    /// The days, today, the moment and the limits simulated.
    var plan: SimulationPlan
    /// The seed of the draws.
    var seed: Int
    /// The cards simulated (the decks' cards not suspended), and how many had a state.
    var cards: Int
    var reviewed: Int
    /// The weights FSRS scheduled with, when saved ones; nil for FSRS's defaults.
    var saved: SavedFSRSParameters?
    /// What FSRS and SM-2 asked for, and where FSRS's desired retention came from.
    var outcome: SimulationOutcome

    var fsrs: SimulatedSchedule { outcome.fsrs }
    var sm2: SimulatedSchedule { outcome.sm2 }
    /// The desired retention FSRS ran at.
    var desiredRetention: Double {
      outcome.fsrs.desiredRetention ?? plan.fsrs.scheduler.parameters.desiredRetention
    }
  }

  /// `quiz fsrs simulate`: the next days of reviews of the decks' cards, under FSRS and under
  /// SM-2, on the same draws.
  func simulate(in context: CommandContext) throws(UsageError) -> ExitCode {
    let now = try context.clock()()
    let today = try context.dayClock(state).day(for: now)
    let newPerDay = try context.environment.value(
      of: Settings.newPerDay, option: self.newPerDay, command: context.command)
    let collection = try context.loadDecks(decks)
    let seed = self.seed ?? Self.defaultSeed
    var generator = SeededGenerator(seed: UInt64(seed))
    guard
      let simulation = simulation(
        of: collection.cards, today: today, now: now, newPerDay: newPerDay, in: context,
        using: &generator)
    else { return .failure }
    if json {
      Self.printJSON(Self.json(simulation), on: context.console)
    } else {
      for line in Self.report(simulation, in: context, noColor: noColor) {
        context.console.print(line)
      }
    }
    return collection.errors.isEmpty ? .success : .failure
  }

  /// The simulation of `cards` (the suspended left out) from their states today, under FSRS
  /// with the state folder's weights and under SM-2; nil, after saying why, when the state
  /// cannot be read.
  func simulation<Generator: RandomNumberGenerator>(
    of cards: [CardHeading], today: Day, now: Date, newPerDay: Int, in context: CommandContext,
    using generator: inout Generator
  ) -> Simulation? {
    let parameters: (parameters: FSRSParameters, saved: SavedFSRSParameters?)
    do {
      parameters = try state.fsrsParameters(in: context.environment)
    } catch {
      context.console.failure(error)
      return nil
    }
    let fsrs = FSRSReviewScheduler(parameters: parameters.parameters)
    guard let fsrsStore = context.openForReading(state, under: fsrs),
      let sm2Store = context.openForReading(state, under: SM2Scheduler(), warns: false)
    else { return nil }
    let suspended = fsrsStore.state.suspended
    let simulated = cards.filter { !suspended.contains($0.id) }.map {
      SimulationCard(fsrs: fsrsStore.state(of: $0.id), sm2: sm2Store.state(of: $0.id))
    }
    let plan = SimulationPlan(
      days: days ?? Self.defaultDays, today: today, start: now, newPerDay: newPerDay,
      newAlreadyToday: fsrsStore.state.newCards(on: today), fsrs: fsrs,
      retention: retention.map { .fixed($0) } ?? .sm2)
    let outcome = ReviewSimulation.run(simulated, plan: plan, using: &generator)
    return Simulation(
      plan: plan, seed: seed ?? Self.defaultSeed, cards: simulated.count,
      reviewed: simulated.count { $0.fsrs != nil }, saved: parameters.saved, outcome: outcome)
  }

  /// How the JSON names where FSRS's desired retention came from.
  static func sourceName(_ source: SimulationRetention.Source) -> String {
    switch source {
    case .sm2: "sm2"
    case .sm2Clamped: "sm2Clamped"
    case .fsrs: "default"
    case .fixed: "option"
    }
  }

  /// The simulation as one JSON object: what it started from, then per scheduler the totals
  /// and the series a day.
  static func json(_ simulation: Simulation) -> JSONValue {
    let plan = simulation.plan
    func schedule(_ schedule: SimulatedSchedule) -> JSONValue {
      let days = schedule.reviews.indices.map { offset in
        JSONValue.object([
          ("day", .string((plan.today + offset).description)),
          ("reviews", .integer(schedule.reviews[offset])),
          ("newCards", .integer(schedule.newCards[offset])),
        ])
      }
      return .object([
        ("reviews", .integer(schedule.totalReviews)),
        ("newCards", .integer(schedule.totalNewCards)),
        ("desiredRetention", schedule.desiredRetention.map { .number($0) } ?? .null),
        ("retention", schedule.retention.map { .number($0) } ?? .null),
        ("recallAtEnd", schedule.recallAtEnd.map { .number($0) } ?? .null),
        ("perDay", .array(days)),
      ])
    }
    return .object([
      ("days", .integer(plan.days)), ("firstDay", .string(plan.today.description)),
      ("seed", .integer(simulation.seed)), ("newPerDay", .integer(plan.newPerDay)),
      ("desiredRetention", .number(simulation.desiredRetention)),
      ("desiredRetentionFrom", .string(sourceName(simulation.outcome.retentionSource))),
      ("weights", .string(simulation.saved == nil ? "default" : "saved")),
      ("cards", .integer(simulation.cards)), ("reviewedCards", .integer(simulation.reviewed)),
      ("newCards", .integer(simulation.cards - simulation.reviewed)),
      ("fsrs", schedule(simulation.fsrs)), ("sm2", schedule(simulation.sm2)),
    ])
  }
}
