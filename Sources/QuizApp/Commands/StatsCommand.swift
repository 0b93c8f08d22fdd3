import CardDeck
import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

/// `quiz stats`: how the cards stand, retention, what is coming, and the review habit.
struct StatsCommand: Command {
  static let declaration = CommandDeclaration(
    name: "stats",
    summary: "Progress per deck and topic: retention, forecast, calendar, streak.",
    discussion: """
      Shows, per deck and per topic, how many cards are new (never reviewed), learning \
      (reviewed but not yet recalled, or waiting for a 4 after a 3), young (an interval under \
      \(CardStage.matureInterval) days), mature (\(CardStage.matureInterval) days or more) and \
      suspended, and how many are due today. Then the retention over the last \
      \(ReviewStatistics.retentionDays) days (the share of grades of 3 or more given to cards \
      already learnt), the cards due on each of the next \(ReviewStatistics.forecastDays) days, \
      a calendar of the reviews of the last \(ReviewStatistics.calendarWeeks) weeks, and the \
      streak of days with reviews, and the leeches (cards that lapsed leech-lapses times, 8 by \
      default). The counts, the retention, the leeches and the forecast are of the chosen \
      cards; the calendar and the streak count every review.

      Under --scheduler fsrs, a Recall column and a line give FSRS's mean retrievability now: \
      the chance of recalling a card today that FSRS's forgetting curve gives, averaged over the \
      cards it has a memory of (not suspended).
      """,
    options: ReportOptions.options(json: "Print it all as one JSON object."),
    examples: [("quiz stats --topic sheets --json", "The progress on sheets, for scripts.")])

  var options: ReportOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    options = try ReportOptions(arguments)
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    let console = context.console
    guard let selection = try context.select(options.selection) else { return .failure }
    let store = selection.store
    let grades: [CountedGrade]
    do {
      grades = try store.gradesInEffect(
        from: ReviewStatistics.firstRetentionDay(endingOn: selection.today))
    } catch {
      console.failure(error)
      return .failure
    }
    let tracked = selection.cards.map(\.tracked)
    var statistics = ReviewStatistics(
      cards: tracked, decks: selection.collection.decks.map(\.tracked), state: store.state,
      grades: grades, today: selection.today,
      retrievability: MeanRetrievability.measure(with: store.scheduler, at: try context.clock()()))
    let lapses = try context.environment.value(
      of: Settings.leechLapses, option: nil, command: context.command)
    statistics.leeches = ReviewStatistics.leeches(of: tracked, in: store.state, lapses: lapses)

    if options.json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data = (try? encoder.encode(statistics)) ?? Data("{}".utf8)
      console.print(String(decoding: data, as: UTF8.self))
    } else {
      let report = report(
        statistics, leechLapses: lapses, style: context.style(noColor: options.selection.noColor),
        width: context.width)
      for line in report { console.print(line) }
    }
    return selection.collection.errors.isEmpty ? .success : .failure
  }

  /// The report as lines of text.
  func report(_ statistics: ReviewStatistics, leechLapses: Int, style: Style, width: Int?)
    -> [String]
  {
    let recall = statistics.measuresRetrievability
    var lines = table(
      "Deck", statistics.decks + [statistics.total], recall: recall, style: style, width: width)
    lines.append("")
    lines += table("Topic", statistics.topics, recall: recall, style: style, width: width)

    let retention = statistics.total.retention
    lines.append("")
    lines.append(
      TextWrapper(width: width ?? 80).wrap(
        "Retention over the last \(ReviewStatistics.retentionDays) days: "
          + (retention.rate == nil
            ? "no grades yet of cards already learnt."
            : "\(retention.percentText) (\(retention.recalled) of \(retention.reviews) grades of "
              + "cards already learnt were 3 or more).")))
    if statistics.measuresRetrievability {
      let recall = statistics.total.retrievability
      lines.append(
        TextWrapper(width: width ?? 80).wrap(
          "Recall now (FSRS's retrievability): "
            + (recall.mean == nil
              ? "no card has an FSRS memory yet."
              : "\(recall.percentText) on average over "
                + "\(ReportText.count(recall.cards, "card")), the chance of recalling each today."))
      )
    }
    let streak = statistics.streak
    let reviewedToday = statistics.calendar.last?.reviews ?? 0
    lines.append(
      "Streak: \(ReportText.count(streak, "day"))"
        + (streak > 0 && reviewedToday == 0 ? ", if you review today." : "."))
    let leeches = statistics.leeches
    lines.append(
      TextWrapper(width: width ?? 80).wrap(
        "Leeches (\(leechLapses) lapses or more): "
          + (leeches.isEmpty
            ? "none."
            : "\(leeches.count): "
              + (leeches.prefix(10) + (leeches.count > 10 ? ["…"] : [])).joined(separator: ", ")
              + ".")))

    let charts = ReviewCharts(width: width ?? 80, style: style)
    lines.append("")
    lines.append(style.apply(.heading, "Due in the next \(ReviewStatistics.forecastDays) days"))
    if statistics.forecast.allSatisfy({ $0.due == 0 }) {
      lines.append("Nothing is due.")
    } else {
      lines += charts.forecast(statistics.forecast, today: statistics.today)
    }

    let total = statistics.calendar.reduce(0) { $0 + $1.reviews }
    lines.append("")
    lines.append(
      style.apply(
        .heading,
        "Reviews in the last \(ReviewStatistics.calendarWeeks) weeks: \(total)"))
    if total > 0 { lines += charts.calendar(statistics.calendar) }
    return lines
  }

  /// A table of groups: name, cards, due today, a column per stage, and with `recall` the mean
  /// retrievability. Where a deck's name would not fit beside the numbers, their headings are
  /// shortened and the columns set one space apart, so that rows stay whole.
  private func table(
    _ title: String, _ groups: [ReviewStatistics.Group], recall: Bool, style: Style, width: Int?
  ) -> [String] {
    let full = table(title, groups, recall: recall, compact: false)
    let longest = groups.map(\.name.count).max() ?? 0
    guard title == "Deck", let width, full.widths(fitting: width)[0] < longest else {
      return full.lines(style: style, width: width)
    }
    return table(title, groups, recall: recall, compact: true).lines(style: style, width: width)
  }

  private func table(
    _ title: String, _ groups: [ReviewStatistics.Group], recall: Bool, compact: Bool
  ) -> AlignedTable {
    let numbers =
      (compact
        ? ["Cards", "Due", "New", "Learn", "Young", "Mature", "Susp"]
        : ["Cards", "Due", "New", "Learning", "Young", "Mature", "Suspended"])
      + (recall ? ["Recall"] : [])
    // Deck names are typed back (--deck), so they are never cut; topics may be.
    var table = AlignedTable(
      columns: [.init(title: title, shrinkOrder: title == "Topic" ? 0 : nil)]
        + numbers.map { .init(title: $0, alignsRight: true) }, gap: compact ? 1 : 2)
    for group in groups {
      let counts = group.counts
      table.rows.append(
        [group.name]
          + [
            counts.cards, counts.dueToday, counts.new, counts.learning, counts.young,
            counts.mature, counts.suspended,
          ].map(String.init)
          + (recall ? [group.retrievability.percentText] : []))
    }
    return table
  }
}
