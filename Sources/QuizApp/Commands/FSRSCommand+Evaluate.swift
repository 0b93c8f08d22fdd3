import CommandLineKit
import ReviewStorage
import Scheduler

extension FSRSCommand {
  /// `quiz fsrs evaluate`: the log loss and RMSE of SM-2 as a predictor, of FSRS's default
  /// weights, and of the saved ones, on the history.
  func evaluate(_ data: FSRSHistoryData, in context: CommandContext) {
    let sm2 = data.set.evaluateSM2()
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
            ("sm2", .object(Self.json(sm2))), ("default", .object(Self.json(defaults))),
            ("saved", savedJSON),
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
    var rows: [(name: String, evaluation: FSRSEvaluation?)] = [
      (Self.sm2RowName, sm2), ("FSRS's defaults", defaults),
    ]
    if let saved {
      rows.append(
        (
          "Saved (fitted \(Self.dayText(saved.parameters.fittedAt)))", saved.evaluation
        ))
    }
    Self.printFigures(
      rows, title: "Predictor", items: data.set.itemCount, in: context, wrapper: wrapper,
      noColor: noColor)
    if saved == nil {
      console.print()
      console.print(
        wrapper.wrap(
          "No fitted weights are saved: 'quiz fsrs fit' fits them to these reviews, and "
            + "'quiz fsrs fit --save' keeps them for --scheduler fsrs."))
    }
  }
}
