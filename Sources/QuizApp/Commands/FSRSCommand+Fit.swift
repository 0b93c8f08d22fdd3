import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

extension FSRSCommand {
  /// The optimizer's seed without --seed: fsrs-rs's, so that a fit of the same history gives
  /// the same weights.
  static let fitSeed = 2023

  /// What `--save` did.
  enum SaveResult {
    /// The weights are in the file.
    case saved(URL)
    /// They were not saved, for the reason given (a sentence's end).
    case refused(String)
  }

  /// `quiz fsrs fit`: the weights fitted to the history, the figures before and after, and with
  /// `--save` the weights kept when they predict no worse than those in use.
  func fit(
    _ data: FSRSHistoryData, in context: CommandContext, clock: () -> Date
  ) -> ExitCode {
    let fit = FSRSOptimizer.standard.fit(data.set, seed: UInt64(seed ?? Self.fitSeed))
    let defaults = data.evaluate(FSRSParameters.defaultWeights)
    let saved = data.saved.map { data.evaluate($0.weights) }
    let fitted = data.evaluate(fit.weights)
    var result: SaveResult?
    if save {
      let inUse = data.saved == nil ? defaults : saved ?? nil
      if let refusal = Self.refusal(
        fit.outcome, fitted: fitted?.logLoss, inUse: inUse?.logLoss, savedBefore: saved != nil)
      {
        result = .refused(refusal)
      } else {
        do {
          // The weights are the optimizer's, within FSRS's bounds.
          let parameters = try! SavedFSRSParameters(
            weights: fit.weights, fittedAt: clock(), items: data.set.itemCount)
          try parameters.save(in: data.folder)
          result = .saved(SavedFSRSParameters.url(in: data.folder))
        } catch {
          context.console.failure(error)
          return .failure
        }
      }
    }
    let figures = Figures(defaults: defaults, saved: saved, fitted: fitted)
    if json {
      Self.printJSON(
        fitJSON(fit, data: data, figures: figures, result: result), on: context.console)
    } else {
      fitReport(fit, data: data, figures: figures, result: result, in: context)
    }
    return .success
  }

  /// The evaluations a fit prints: FSRS's defaults, the saved weights (nil when there are
  /// none), the fitted ones.
  struct Figures {
    let defaults: FSRSEvaluation?
    let saved: FSRSEvaluation??
    let fitted: FSRSEvaluation?
  }

  /// Why weights found as `outcome`, of log loss `fitted`, are not saved over those in use, of
  /// log loss `inUse`; nil when they may be. Anki keeps the weights in use unless the new ones
  /// predict the history better; here, unless they predict it no worse.
  static func refusal(
    _ outcome: FSRSFit.Outcome, fitted: Double?, inUse: Double?, savedBefore: Bool
  ) -> String? {
    if isDefaults(outcome) {
      return "the fit gave FSRS's defaults, which are what FSRS uses without saved weights"
    }
    guard let fitted, let inUse else { return "there is no review to evaluate them on" }
    guard fitted <= inUse else {
      return "their log loss, \(decimal(fitted, places: 4)), is worse than the "
        + "\(decimal(inUse, places: 4)) of the weights in use ("
        + (savedBefore ? "those saved before" : "FSRS's defaults") + "), which stay"
    }
    return nil
  }

  /// Whether `outcome` is FSRS's defaults.
  static func isDefaults(_ outcome: FSRSFit.Outcome) -> Bool {
    if case .defaults = outcome { true } else { false }
  }

  /// How the weights were found, for people.
  static func outcomeText(_ outcome: FSRSFit.Outcome) -> String {
    switch outcome {
    case .trained(let items):
      "All 21 weights trained on \(ReportText.count(items, "item")) (outliers left out, as "
        + "FSRS's optimizer does)."
    case .firstStabilitiesOnly(let items):
      "Only the first stabilities (w0 to w3) fitted, on \(ReportText.count(items, "item")); "
        + "the other weights keep FSRS's defaults until there are at least \(fewItems) items, "
        + "not all of them a card's first interval."
    case .defaults(.tooFewItems(let items)):
      "FSRS's default weights: \(ReportText.count(items, "item")) left once outliers are set "
        + "aside, and fitting needs at least 8."
    case .defaults(.noFirstIntervals):
      "FSRS's default weights: no card's first interval is left to fit the first stabilities "
        + "to."
    case .defaults(.notFinite):
      "FSRS's default weights: training gave a weight that is not a number."
    }
  }

  /// The outcome's name and count or reason, as JSON members.
  static func outcomeJSON(_ outcome: FSRSFit.Outcome) -> [(key: String, value: JSONValue)] {
    let (name, items, reason): (String, Int?, String?) =
      switch outcome {
      case .trained(let items): ("trained", items, nil)
      case .firstStabilitiesOnly(let items): ("firstStabilitiesOnly", items, nil)
      case .defaults(.tooFewItems): ("defaults", nil, "tooFewItems")
      case .defaults(.noFirstIntervals): ("defaults", nil, "noFirstIntervals")
      case .defaults(.notFinite): ("defaults", nil, "notFinite")
      }
    return [
      ("outcome", .string(name)), ("trainedItems", items.map { .integer($0) } ?? .null),
      ("reason", reason.map { .string($0) } ?? .null),
    ]
  }

  /// The JSON object of a fit.
  func fitJSON(
    _ fit: FSRSFit, data: FSRSHistoryData, figures: Figures, result: SaveResult?
  ) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("parameters", .array(fit.weights.map { .number($0) }))
    ]
    members += Self.outcomeJSON(fit.outcome) + Self.jsonCounts(data) + Self.json(figures.fitted)
    members += [
      ("defaultLogLoss", figures.defaults.map { .number($0.logLoss) } ?? .null),
      ("defaultRMSE", figures.defaults.map { .number($0.rmse) } ?? .null),
      ("savedLogLoss", (figures.saved ?? nil).map { .number($0.logLoss) } ?? .null),
      ("savedRMSE", (figures.saved ?? nil).map { .number($0.rmse) } ?? .null),
    ]
    switch result {
    case .saved(let url):
      members += [("saved", .boolean(true)), ("file", .string(url.path))]
    case .refused(let reason):
      members += [("saved", .boolean(false)), ("notSavedBecause", .string(reason))]
    case nil:
      members += [("saved", .boolean(false))]
    }
    return .object(members)
  }
}

extension FSRSCommand {
  /// The report of a fit, for people.
  func fitReport(
    _ fit: FSRSFit, data: FSRSHistoryData, figures: Figures, result: SaveResult?,
    in context: CommandContext
  ) {
    let console = context.console
    let wrapper = TextWrapper(width: context.proseWidth)
    if data.set.itemCount == 0 {
      console.print(wrapper.wrap(Self.tooFewText(data, doing: "fit FSRS's weights")))
      console.print(wrapper.wrap("The weights stay FSRS's defaults."))
    } else {
      console.print(wrapper.wrap(Self.historyText(data)))
      console.print(wrapper.wrap(Self.outcomeText(fit.outcome)))
      console.print()
      for line in Self.weightLines(fit.weights, width: context.width ?? 80) { console.print(line) }
      console.print()
      var rows: [(name: String, evaluation: FSRSEvaluation?)] = [
        ("FSRS's defaults", figures.defaults)
      ]
      if let saved = figures.saved, let parameters = data.saved {
        rows.append(("Saved (fitted \(Self.dayText(parameters.fittedAt)))", saved))
      }
      rows.append(("Fitted now", figures.fitted))
      Self.printFigures(
        rows, items: data.set.itemCount, in: context, wrapper: wrapper, noColor: noColor)
    }
    if result != nil || !Self.isDefaults(fit.outcome) { console.print() }
    switch result {
    case .saved(let url):
      console.print(
        wrapper.wrap(
          "Saved in \(url.path): --scheduler fsrs schedules with these weights from now on."))
    case .refused(let reason):
      console.print(wrapper.wrap("Not saved: \(reason)."))
    case nil:
      guard !Self.isDefaults(fit.outcome) else { break }
      console.print(
        wrapper.wrap("Not saved: 'quiz fsrs fit --save' keeps them for --scheduler fsrs."))
    }
  }

  /// The 21 weights in rows under their names, `w0–w6  0.2120  1.2931 …`, as many a row as fit
  /// `width` (at most 7).
  static func weightLines(_ weights: [Double], width: Int) -> [String] {
    let cell = 9
    let label = 9
    let perRow = max(1, min(7, (width - label) / cell))
    var lines: [String] = []
    var start = 0
    while start < weights.count {
      let end = min(start + perRow, weights.count)
      let name = end - start == 1 ? "w\(start)" : "w\(start)–w\(end - 1)"
      lines.append(
        name.padded(to: label)
          + weights[start..<end].map { decimal($0, places: 4).leftPadded(to: cell) }.joined())
      start = end
    }
    return lines
  }
}
