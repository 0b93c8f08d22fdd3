import CardDeck
import CommandLineKit
import Scheduler

/// `quiz topics`: each topic, with card and due counts.
struct TopicsCommand: Command {
  static let declaration = CommandDeclaration(
    name: "topics",
    summary: "The topics, with card and due counts.",
    discussion: """
      Lists the topics, sorted: topic, cards, cards due today and new cards (never reviewed). \
      With a filter, the topics of the matching cards, and the counts of those.
      """,
    options: SelectionOptions.options + [
      .noColor
    ],
    examples: [("quiz topics --deck navigation-guide", "The topics of one deck.")])

  var selection: SelectionOptions
  var noColor: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    selection = try SelectionOptions(arguments)
    noColor = arguments.flag("--no-color")
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    guard let selection = try context.select(selection) else { return .failure }
    let cards = selection.cards
    var table = AlignedTable(columns: [
      .init(title: "Topic"), .init(title: "Cards", alignsRight: true),
      .init(title: "Due", alignsRight: true), .init(title: "New", alignsRight: true),
    ])
    let topics = Set(cards.map(\.topic)).sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    for topic in topics {
      let count = selection.counts(of: cards.filter { $0.topic == topic })
      table.rows.append([topic, String(count.cards), String(count.dueToday), String(count.new)])
    }
    let total = selection.counts(of: cards)
    let lines =
      table.lines(style: context.style(noColor: noColor)) + [
        "",
        "\(ReportText.count(topics.count, "topic")), \(ReportText.count(total.cards, "card")): "
          + "\(total.dueToday) due today, \(total.new) new.",
      ]
    for line in lines { context.console.print(line) }
    return selection.collection.errors.isEmpty ? .success : .failure
  }
}
