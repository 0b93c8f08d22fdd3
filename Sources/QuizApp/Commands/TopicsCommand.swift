import CardDeck
import CommandLineKit
import ReviewStorage
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
    options: ReportOptions.options(
      json: "Print one JSON array: topic, cards, due and new of each topic."),
    examples: [("quiz topics --deck navigation-guide", "The topics of one deck.")])

  var options: ReportOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    options = try ReportOptions(arguments)
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    guard let selection = try context.select(options.selection) else { return .failure }
    let cards = selection.cards
    var table = AlignedTable(columns: [
      .init(title: "Topic", shrinkOrder: 0), .init(title: "Cards", alignsRight: true),
      .init(title: "Due", alignsRight: true), .init(title: "New", alignsRight: true),
    ])
    // One pass over the cards, not one a topic.
    let byTopic = Dictionary(grouping: cards, by: \.topic)
    let topics = byTopic.keys.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    for topic in topics {
      let count = selection.counts(of: byTopic[topic] ?? [])
      table.rows.append([topic, String(count.cards), String(count.dueToday), String(count.new)])
    }
    return context.print(
      table, keys: ["topic", "cards", "due", "new"], json: options.json, style: options.selection,
      summary: selection.summary(topics.count, "topic"),
      of: selection)
  }
}
