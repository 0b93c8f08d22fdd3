import Foundation
import Scheduler

/// The same state folders under FSRS: what a user who switched has, and what switching costs.
extension Bench {
  /// What one start of quiz took, to its first card.
  struct Start {
    /// Milliseconds from spawn to the first card's header.
    var milliseconds: Double
    var maxRSS: Int
  }

  /// Copies of `histories` as a user who switched to FSRS has them: each copy opened once by
  /// `quiz review` under FSRS, which replays the journal under FSRS and rewrites the snapshot
  /// (a snapshot of SM-2's states is not used under FSRS), then checked to hold an FSRS
  /// snapshot. Adds a table of those first starts.
  func fsrsHistories(_ histories: [History], decks: URL) throws -> [History] {
    var table = Table(
      title: "FSRS: each history switched, once (`quiz review` under QUIZ_SCHEDULER=fsrs: the "
        + "journal replayed under FSRS, the snapshot rewritten)",
      header: ["reviews", "first start after switching, to the first card", "peak RSS"])
    var switched: [History] = []
    for history in histories {
      var fsrs = history
      fsrs.folder = work.appending(path: history.folder.lastPathComponent + "-fsrs")
      fsrs.scheduler = .fsrs
      try? FileManager.default.removeItem(at: fsrs.folder)
      try FileManager.default.copyItem(at: history.folder, to: fsrs.folder)
      let start = try firstStart(decks: decks, history: fsrs)
      table.add([history.label, Format.ms(start.milliseconds), Format.mib(start.maxRSS)])
      switched.append(fsrs)
    }
    tables.append(table)
    return switched
  }

  /// The first start after switching on `history` (SM-2's folder), `runs` times, each on a
  /// fresh copy of it; the figures and a row of the table they go in.
  func switchingStarts(from history: History, decks: URL, runs: Int) throws -> [Start] {
    var copy = history
    copy.folder = work.appending(path: history.folder.lastPathComponent + "-switching")
    copy.scheduler = .fsrs
    defer { try? FileManager.default.removeItem(at: copy.folder) }
    var starts: [Start] = []
    for _ in 0..<runs {
      try? FileManager.default.removeItem(at: copy.folder)
      try FileManager.default.copyItem(at: history.folder, to: copy.folder)
      starts.append(try firstStart(decks: decks, history: copy))
    }
    return starts
  }

  /// One `quiz review` on `history` under its scheduler, timed to its first card, the deck
  /// cache warm; then checks that the folder holds a snapshot of that scheduler's states.
  func firstStart(decks: URL, history: History) throws -> Start {
    var environment = quizEnvironment(
      decks: decks, state: history.folder, today: history.today, scheduler: history.scheduler)
    environment["XDG_CACHE_HOME"] = work.appending(path: "cache-warm").path
    let errors = work.appending(path: "switch.err").path
    _ = try ChildProcess(quiz, ["decks"], environment: environment, standardError: errors)
      .finish()
    let child = try ChildProcess(
      quiz, ["review"], environment: environment, standardError: errors, launcher: launcher)
    guard let seen = child.wait(for: "[1/", timeout: 600) else {
      _ = try child.finish()
      throw ChildProcess.Failure(
        description: "quiz under FSRS never showed a card:\n\(child.outputText.prefix(2000))")
    }
    let ending = try child.finish()
    try requireSnapshot(of: history.scheduler, in: history.folder)
    return Start(milliseconds: Double(seen - child.started) / 1e6, maxRSS: ending.maxRSS)
  }

  /// Throws unless `folder`'s `state.json` holds `scheduler`'s states (it names FSRS; SM-2's
  /// name none).
  func requireSnapshot(of scheduler: SchedulerKind, in folder: URL) throws {
    let data = try Data(contentsOf: folder.appending(path: "state.json"))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let named = object?["scheduler"] as? String ?? SchedulerKind.sm2.rawValue
    guard named == scheduler.rawValue else {
      throw ChildProcess.Failure(
        description: "\(folder.path)/state.json holds \(named)'s states, not \(scheduler)'s")
    }
  }
}
