import CommandLineKit
import ReviewStorage
import Scheduler

extension FSRSCommand {
  /// `quiz fsrs evaluate`: the log loss and RMSE of FSRS's default weights, and of the saved
  /// ones, on the history.
  func evaluate(_ data: FSRSHistoryData, in context: CommandContext) {
    let defaults = data.evaluate(FSRSParameters.defaultWeights)
    let saved = data.saved.map { (parameters: $0, evaluation: data.evaluate($0.weights)) }
    let console = context.console
    if json {
      var savedJSON = JSONValue.null
      if let saved {
        savedJSON = .object(
          Self.json(saved.evaluation) + [
            ("fittedAt", .string(Timestamp.format(saved.parameters.fittedAt))),
            ("fittedItems", .integer(saved.parameters.items)),
          ])
      }
      Self.printJSON(
        .object(
          Self.jsonCounts(data) + [
            ("default", .object(Self.json(defaults))), ("saved", savedJSON),
          ]), on: console)
      return
    }
    let wrapper = TextWrapper(width: context.proseWidth)
    guard data.set.itemCount > 0 else {
      console.print(wrapper.wrap(Self.tooFewText(data, doing: "evaluate FSRS")))
      return
    }
    console.print(wrapper.wrap(Self.historyText(data)))
    console.print()
    var rows: [(name: String, evaluation: FSRSEvaluation?)] = [("FSRS's defaults", defaults)]
    if let saved {
      rows.append(
        (
          "Saved (fitted \(Self.dayText(saved.parameters.fittedAt)))", saved.evaluation
        ))
    }
    Self.printFigures(rows, items: data.set.itemCount, in: context, wrapper: wrapper)
    if saved == nil {
      console.print()
      console.print(
        wrapper.wrap(
          "No fitted weights are saved: 'quiz fsrs fit' fits them to these reviews, and "
            + "'quiz fsrs fit --save' keeps them for --scheduler fsrs."))
    }
  }
}
