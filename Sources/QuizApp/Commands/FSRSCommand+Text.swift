import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

/// The pieces of text and JSON that `quiz fsrs fit` and `evaluate` share.
extension FSRSCommand {
  /// Fewer items than this, and the figures say little: fsrs-rs trains every weight only from
  /// 64 items on.
  static let fewItems = 64

  /// `1,234 reviews of 150 cards`, and what an item is.
  static func historyText(_ data: FSRSHistoryData) -> String {
    let history = data.history
    var text =
      "\(ReportText.count(history.reviewCount, "review")) of "
      + "\(ReportText.count(history.cards.count, "card")) give "
      + "\(ReportText.count(data.set.itemCount, "item")): the reviews at least a day after the "
      + "card's previous one, which FSRS predicts."
    if history.cardsWithoutStart > 0 {
      text +=
        " \(ReportText.count(history.cardsWithoutStart, "card")) imported with progress "
        + "\(history.cardsWithoutStart == 1 ? "is" : "are") left out: their first reviews are not "
        + "in the journal."
    }
    return text
  }

  /// The honest sentence for a history without items: none to predict.
  static func tooFewText(_ data: FSRSHistoryData, doing what: String) -> String {
    "Too few reviews to \(what): "
      + "\(ReportText.count(data.history.reviewCount, "review")) of "
      + "\(ReportText.count(data.history.cards.count, "card")) give "
      + "\(ReportText.count(data.set.itemCount, "item")). FSRS predicts a review only when it "
      + "comes at least a day after the card's previous one (a card's first review, and "
      + "reviews on the same day, only shape its memory): review on more days, then run this "
      + "again."
  }

  /// The caution for a history of a few items.
  static func fewItemsText(_ count: Int) -> String {
    "Only \(ReportText.count(count, "item")): too few for these figures to say much; fitting "
      + "trains all 21 weights from \(fewItems) items on."
  }

  /// What the two figures are.
  static let figuresText =
    "Lower is better. Log loss: how far each predicted recall was from what happened, recent "
    + "reviews counting more. RMSE (bins): the gap between predicted and actual recall over "
    + "groups of similar reviews."

  /// The name of SM-2's row in the table of figures.
  static let sm2RowName = "SM-2 (as a predictor)"

  /// How SM-2 predicts recall, said under the table where its row is.
  static let sm2Text =
    "SM-2 predicts no recall of its own: as FSRS's benchmark does, its row takes the interval "
    + "SM-2 would have set from your grades, I days, and predicts recall 0.9^(t/I) for a review "
    + "t days after the one before."

  /// The table of evaluations: a row per set of weights, log loss and RMSE as Anki shows them.
  /// Prints the table of `rows`, then what its figures mean, and a word on how few items
  /// there are when there are few.
  static func printFigures(
    _ rows: [(name: String, evaluation: FSRSEvaluation?)], title: String = "Weights",
    items: Int, in context: CommandContext, wrapper: TextWrapper, noColor: Bool
  ) {
    let console = context.console
    let style = context.style(noColor: noColor)
    for line in figuresTable(rows, title: title).lines(style: style, width: context.width) {
      console.print(line)
    }
    console.print()
    if items < fewItems { console.print(wrapper.wrap(fewItemsText(items))) }
    console.print(wrapper.wrap(figuresText))
    if rows.contains(where: { $0.name == sm2RowName }) { console.print(wrapper.wrap(sm2Text)) }
  }

  static func figuresTable(
    _ rows: [(name: String, evaluation: FSRSEvaluation?)], title: String
  ) -> AlignedTable {
    var table = AlignedTable(columns: [
      .init(title: title, shrinkOrder: 0, minimum: 16),
      .init(title: "Log loss", alignsRight: true),
      .init(title: "RMSE (bins)", alignsRight: true),
    ])
    for row in rows {
      table.rows.append([
        row.name,
        row.evaluation.map { decimal($0.logLoss, places: 4) } ?? "–",
        row.evaluation.map { decimal($0.rmse * 100, places: 2) + "%" } ?? "–",
      ])
    }
    return table
  }

  /// `value` with `places` decimals, rounded half away from zero: `0.3412`.
  static func decimal(_ value: Double, places: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 1e15 else { return "\(value)" }
    let units = Int(scaled)
    let whole = units / Int(scale)
    let sign = value < 0 && units > 0 ? "-" : ""
    guard places > 0 else { return sign + "\(whole)" }
    let fraction = String(units % Int(scale))
    let padded = String(repeating: "0", count: places - fraction.count) + fraction
    return sign + "\(whole)." + padded
  }

  /// The day of `date` in UTC, as the saved file's moment is shown: `2026-11-29`.
  static func dayText(_ date: Date) -> String {
    String(Timestamp.format(date).prefix(10))
  }

  /// An evaluation as JSON: its log loss and RMSE, null without items.
  static func json(_ evaluation: FSRSEvaluation?) -> [(key: String, value: JSONValue)] {
    [
      ("logLoss", evaluation.map { .number($0.logLoss) } ?? .null),
      ("rmse", evaluation.map { .number($0.rmse) } ?? .null),
    ]
  }

  /// The history's counts as JSON members.
  static func jsonCounts(_ data: FSRSHistoryData) -> [(key: String, value: JSONValue)] {
    [
      ("cards", .integer(data.history.cards.count)),
      ("reviews", .integer(data.history.reviewCount)),
      ("items", .integer(data.set.itemCount)),
      ("cardsLeftOut", .integer(data.history.cardsWithoutStart)),
    ]
  }

  /// Prints `object` as pretty JSON, keys sorted.
  static func printJSON(_ object: JSONValue, on console: Console) {
    var bytes: [UInt8] = []
    object.appendPretty(to: &bytes)
    console.print(String(decoding: bytes, as: UTF8.self))
  }
}
