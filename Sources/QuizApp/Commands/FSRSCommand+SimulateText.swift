import CommandLineKit
import ReviewStorage
import Scheduler

/// The report of `quiz fsrs simulate`, for people.
extension FSRSCommand {
  /// The report's lines: what was simulated, the totals, a table by period, the plot and the
  /// model in a sentence.
  static func report(_ simulation: Simulation, in context: CommandContext, noColor: Bool)
    -> [String]
  {
    let wrapper = TextWrapper(width: context.proseWidth)
    let style = context.style(noColor: noColor)
    var lines = [wrapper.wrap(setUpText(simulation)), ""]
    lines.append(style.apply(.heading, totalsText(simulation)))
    lines.append(wrapper.wrap(endText(simulation)))
    guard simulation.fsrs.totalReviews + simulation.sm2.totalReviews > 0 else { return lines }
    let table = periodTable(simulation)
    lines += [
      "", "Reviews, and new cards, \(table.period == 1 ? "a day" : "by \(table.period) days"):",
    ]
    lines += table.table.lines(style: style, width: context.width)
    lines.append("")
    lines += plot(simulation, in: context, style: style)
    lines.append("")
    lines.append(wrapper.wrap(modelText))
    return lines
  }

  /// The plot of the reviews a day under each scheduler, under a line that gives its scale.
  static func plot(_ simulation: Simulation, in context: CommandContext, style: Style)
    -> [String]
  {
    let chart = SimulationChart(
      width: context.width ?? 80, style: style, charset: context.environment.charset)
    let series = [
      SimulationChart.Series(label: "FSRS", values: simulation.fsrs.reviews, role: .accent),
      SimulationChart.Series(label: "SM-2", values: simulation.sm2.reviews, role: .warn),
    ]
    let perColumn = chart.daysPerColumn(
      simulation.plan.days, labelWidth: SimulationChart.labelWidth(series))
    let highest =
      series.map { SimulationChart.columns($0.values, perColumn: perColumn).max() ?? 0 }
      .max() ?? 0
    let heading =
      "Reviews a day, the highest \(decimal(highest, places: perColumn == 1 ? 0 : 1))"
      + (perColumn == 1 ? ":" : " (a column is \(perColumn) days, their mean):")
    return [TextWrapper(width: context.proseWidth).wrap(heading)]
      + chart.lines(series, firstDay: simulation.plan.today)
  }

  /// What was simulated: the days, the cards, the limits, the weights and the seed.
  static func setUpText(_ simulation: Simulation) -> String {
    let plan = simulation.plan
    guard simulation.cards > 0 else {
      return "No card to simulate in the decks read (suspended ones left out): neither "
        + "scheduler has anything to ask for in the next \(ReportText.count(plan.days, "day"))."
    }
    let weights =
      simulation.saved.map {
        "the weights saved by 'quiz fsrs fit --save' on \(dayText($0.fittedAt))"
      }
      ?? "its default weights"
    return "Simulated \(ReportText.count(plan.days, "day")) from today, \(plan.today), of the "
      + "\(grouped(simulation.cards)) \(simulation.cards == 1 ? "card" : "cards") of the decks "
      + "read (suspended ones left out): \(grouped(simulation.reviewed)) reviewed, "
      + "\(grouped(simulation.cards - simulation.reviewed)) new, introduced "
      + "\(grouped(plan.newPerDay)) a day. FSRS schedules with \(weights), for a desired "
      + "retention of \(percent(simulation.desiredRetention)): \(retentionReason(simulation)); "
      + "SM-2 as published. Recalls drawn with seed \(simulation.seed) (--seed)."
  }

  /// Why FSRS ran at the retention it ran at.
  static func retentionReason(_ simulation: Simulation) -> String {
    let range = SimulationRetention.range
    switch simulation.outcome.retentionSource {
    case .sm2:
      return "the share of reviews SM-2 recalls when due in this simulation, so that both "
        + "are compared at one retention (--retention to choose another)"
    case .sm2Clamped:
      let sm2 = simulation.sm2.retention.map(percent) ?? "–"
      return "the nearer of \(percent(range.lowerBound)) and \(percent(range.upperBound)) to "
        + "the \(sm2) SM-2 recalls when due in this simulation (--retention to choose another)"
    case .fsrs:
      return "its own, as no review comes due under SM-2 to measure its retention"
    case .fixed:
      return "as --retention asks"
    }
  }

  /// A share as a percentage to a tenth: `86.5%`.
  static func percent(_ share: Double) -> String {
    "\(decimal(share * 100, places: 1))%"
  }

  /// `FSRS: 4,210 reviews; SM-2: 5,870 reviews over 365 days.`
  static func totalsText(_ simulation: Simulation) -> String {
    "FSRS: \(grouped(simulation.fsrs.totalReviews)) reviews; "
      + "SM-2: \(grouped(simulation.sm2.totalReviews)) reviews "
      + "over \(ReportText.count(simulation.plan.days, "day"))."
  }

  /// The new cards, the share of reviews recalled when due, and the recall each schedule leaves
  /// the day after.
  static func endText(_ simulation: Simulation) -> String {
    var text = "New cards: \(grouped(simulation.fsrs.totalNewCards)) under each."
    func percents(_ fsrs: Double?, _ sm2: Double?) -> String? {
      guard let fsrs, let sm2 else { return nil }
      return "FSRS \(percent(fsrs)), SM-2 \(percent(sm2))"
    }
    if let fsrs = simulation.fsrs.retention, let sm2 = simulation.sm2.retention {
      text +=
        " Recalled when due: FSRS \(percent(fsrs)) (desired "
        + "\(percent(simulation.desiredRetention))), SM-2 \(percent(sm2))."
    }
    if let recall = percents(simulation.fsrs.recallAtEnd, simulation.sm2.recallAtEnd) {
      text += " Mean recall of the cards learnt, the day after: \(recall)."
    }
    return text
  }

  /// The model, in short; docs/scheduling.md has it whole.
  static let modelText =
    "The model: each day every card due is reviewed, and again that day while a learning step "
    + "(FSRS) or a repeat (SM-2, after a grade under 4) keeps it due; it is recalled with the "
    + "chance FSRS's forgetting curve gives at that moment (under both schedulers FSRS models "
    + "the memory; a first review, \(decimal(ReviewSimulation.firstReviewRecall * 100, places: 0))%), "
    + "graded Good (4) when recalled and Again (1) when not. Reviews count every answer. "
    + "docs/scheduling.md states the model and its limits."

  /// The reviews under each scheduler and the new cards, by period: a day, a week, a month, …
  /// so that at most 13 rows hold them all.
  static func periodTable(_ simulation: Simulation) -> (table: AlignedTable, period: Int) {
    let days = simulation.plan.days
    let period = [1, 7, 14, 30, 91, 182, 365].first { (days + $0 - 1) / $0 <= 13 } ?? 365
    var table = AlignedTable(columns: [
      .init(title: period == 1 ? "Day" : "From"),
      .init(title: "FSRS", alignsRight: true),
      .init(title: "SM-2", alignsRight: true),
      .init(title: "New cards", alignsRight: true),
    ])
    for start in stride(from: 0, to: days, by: period) {
      let range = start..<min(start + period, days)
      table.rows.append([
        (simulation.plan.today + start).description,
        grouped(simulation.fsrs.reviews[range].reduce(0, +)),
        grouped(simulation.sm2.reviews[range].reduce(0, +)),
        grouped(simulation.fsrs.newCards[range].reduce(0, +)),
      ])
    }
    table.rows.append([
      "Total", grouped(simulation.fsrs.totalReviews), grouped(simulation.sm2.totalReviews),
      grouped(simulation.fsrs.totalNewCards),
    ])
    return (table, period)
  }

  /// `number` with its thousands apart: `4,210`.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return (number < 0 ? "-" : "") + text
  }
}
