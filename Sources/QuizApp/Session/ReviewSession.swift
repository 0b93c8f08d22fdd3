import AnswerJudging
import CardDeck
import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

/// One sitting: shows each card of the queue, takes an attempt and a grade, and records it.
///
/// Everything it touches is handed in (the input, the console, the clock, the store), so tests
/// drive it with scripted lines, a fixed clock and captured output.
final class ReviewSession {
  /// How grades are used.
  enum Mode {
    /// A review: grades go to the store, and cards still due today come back: at the end (SM-2),
    /// or when their learning step ends (FSRS).
    case review
    /// A mock interview: questions in the given order, scored; grades are recorded only when
    /// `record` is set, and nothing comes back. With a `timeLimit`, each question has that many
    /// seconds.
    case drill(record: Bool, timeLimit: Int?)
  }

  private var queue: SessionQueue
  /// Every card of the session, by id, as queued: its heading.
  private let headings: [String: CardHeading]
  /// Where the cards' content is read, when each is first shown.
  private let collection: DeckCollection
  /// The cards shown so far, with their content, by id; `:edit` replaces one.
  private(set) var cardsShown: [String: Card] = [:]
  private let store: ReviewStore?
  private let input: LineInput
  private let console: Console
  private let presenter: CardPresenter
  private let now: () -> Date
  private let clock: MonotonicClock
  private let today: Day
  private let mode: Mode
  /// Opens a card's file at its line; returns the card as reloaded, nil if it is gone, or
  /// throws a message.
  var edit: ((Card) throws -> Card?)?
  /// Opens the answer typed so far in an editor; returns the answer as saved, or throws a
  /// message.
  var compose: ((Card, String) throws -> String)?
  /// Done once, when the first card is on screen and before its answer is timed: what can wait
  /// until the user has something to read (the deck cache's write).
  var whenFirstCardShown: (() -> Void)?
  /// The prompts where lines are read.
  var prompts = SessionPrompts()
  /// The lapses that make a card a leech, and what becomes of it then.
  var leeches = (lapses: Settings.leechLapses.defaultValue, action: LeechAction.suspend)
  /// The clock that says when a review day starts, for the words a due day is said in; nil
  /// counts days from `today` alone.
  var dayClock: DayClock?

  private var result = SessionResult()
  /// The cards suspended in this sitting.
  private var suspendedIDs: Set<String> = []

  /// A session on `cards`, in this order, their content read from `collection` as each is
  /// shown. Grades are recorded on the day `now` says, which also says when a learning step has
  /// ended; how long answers take, and time limits, are measured on `clock`.
  init(
    cards: [CardHeading], from collection: DeckCollection, store: ReviewStore?, input: LineInput,
    console: Console,
    presenter: CardPresenter, now: @escaping () -> Date, clock: MonotonicClock, today: Day,
    mode: Mode = .review
  ) {
    if case .drill = mode {
      queue = SessionQueue(cards.map(\.id), bringsBackDueCards: false)
    } else {
      queue = SessionQueue(cards.map(\.id), bringsBackDueCards: true)
      // A card left in a learning step by an earlier sitting waits for its step to end, as one
      // graded in this sitting does.
      for card in cards {
        if let end = store?.state(of: card.id)?.learningStepEnd { queue.hold(card.id, until: end) }
      }
    }
    headings = Dictionary(cards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    self.collection = collection
    self.store = store
    self.input = input
    self.console = console
    self.presenter = presenter
    self.now = now
    self.clock = clock
    self.today = today
    self.mode = mode
  }

  private var records: Bool {
    switch mode {
    case .review: true
    case .drill(let record, _): record
    }
  }

  /// Runs until the queue is empty, the user quits, the input ends or a signal arrives.
  func run() -> SessionResult {
    let started = clock.seconds()
    while let id = queue.next(at: now()), let heading = headings[id] {
      if Signals.hasArrived {
        result.ending = .interrupted(receivedSignal)
        break
      }
      guard let card = read(heading) else { continue }
      if let ending = present(card) {
        result.ending = ending
        break
      }
    }
    result.seconds = clock.seconds() - started
    return result
  }

  /// The card `heading` names, with its content: read when first shown, then kept. When it
  /// cannot be read, nil, after saying why (its file and line) and taking it out of the queue.
  private func read(_ heading: CardHeading) -> Card? {
    if let card = cardsShown[heading.id] { return card }
    do {
      let card = try collection.card(heading)
      cardsShown[heading.id] = card
      return card
    } catch {
      queue.remove(heading.id)
      console.print(presenter.style.apply(.warn, "\(error); moving on."))
      console.print()
      return nil
    }
  }

  /// What happened at a prompt.
  private enum Step {
    case line(String)
    case grade(Grade)
    case handled
    /// The time ran out; what was typed is kept.
    case timedOut(String)
    case stop(SessionResult.Ending)
  }

  /// Shows one card and takes its grade; an ending if the session is over.
  private func present(_ card: Card) -> SessionResult.Ending? {
    let position = result.graded.count + result.skipped + 1
    console.print(
      presenter.header(for: card, position: position, total: position + queue.remaining - 1))
    // A card back in the same session says why, or it reads as a glitch (a trial's finding).
    if let earlier = result.graded.last(where: { $0.card == card.id }) {
      console.print(
        presenter.style.apply(
          .dim, "Again: graded \(earlier.grade.rawValue) earlier in this session."))
    }
    console.print()
    console.print(presenter.question(card))
    console.print()
    if let whenFirstCardShown {
      self.whenFirstCardShown = nil
      whenFirstCardShown()
    }
    let started = clock.seconds()

    var attempt: String?
    var timedOut = false
    switch readAttempt(for: card) {
    case .line(let text): attempt = text
    case .handled, .grade: return nil
    case .timedOut(let typed):
      timedOut = true
      attempt = typed.trimmingSpaces().isEmpty ? nil : typed
      console.print(
        presenter.style.apply(
          .warn, "Time is up." + (attempt == nil ? "" : " What you typed is kept.")))
    case .stop(let ending): return ending
    }

    var judgement: Judgement?
    if case .syntax(let syntax) = card.content, let attempt {
      judgement = AnswerJudge(card: syntax).judge(attempt)
    }
    let answer = presenter.answer(card, judgement: judgement)
    console.print()
    console.print(answer)
    console.print()
    if let reminder = presenter.reminder(of: card, below: [presenter.question(card), answer]) {
      console.print(reminder)
    }
    if let reminder = presenter.reminder(of: judgement, in: answer) { console.print(reminder) }
    var suggestion = judgement?.grade.flatMap { Grade(rawValue: $0) }
    // Out of time, an answer the reviewer cannot grade counts as not given.
    if timedOut && suggestion == nil { suggestion = 0 }

    let grade: Grade
    switch readGrade(for: card, suggestion: suggestion) {
    case .grade(let value): grade = value
    case .line, .handled, .timedOut: return nil
    case .stop(let ending): return ending
    }
    let seconds = clock.seconds() - started
    return record(grade, for: card, seconds: seconds, timedOut: timedOut, attempt: attempt)
  }

  private func record(
    _ grade: Grade, for card: Card, seconds: Double, timedOut: Bool, attempt: String?
  ) -> SessionResult.Ending? {
    var after: CardState?
    var isNewLeech = false
    if records, let store {
      do {
        let before = store.state(of: card.id)?.lapses ?? 0
        let recorded = try store.record(grade, for: card.id, seconds: seconds)
        after = recorded
        isNewLeech = before < leeches.lapses && recorded.lapses >= leeches.lapses
      } catch {
        return .failed("\(error)")
      }
    }
    let due = after?.due
    result.graded.append(
      .init(
        card: card.id, topic: card.topic, grade: grade, seconds: seconds, timedOut: timedOut,
        attempt: attempt?.trimmingSpaces().isEmpty == false ? attempt : nil))
    // Under FSRS, a card in a learning step comes back when the step ends; under SM-2, a card
    // still due today comes back at the end of the queue.
    let stepEnd = after?.learningStepEnd
    let comesBack =
      stepEnd.map { queue.grade(card.id, learningUntil: $0) }
      ?? queue.grade(card.id, nowDue: due, today: today)
    if isNewLeech {
      guard leeches.action == .keep else { return suspendLeech(card) }
      console.print(
        presenter.style.apply(
          .warn,
          "\(card.id) has lapsed \(leeches.lapses) times: it is a leech; it stays in reviews "
            + "(leech-action = keep)."))
    }
    if comesBack, let stepEnd, let reviewed = after?.lastReview {
      let wait = SummaryPresenter.wait(stepEnd.timeIntervalSince(reviewed))
      console.print(
        presenter.style.apply(.dim, "Learning step: this card is due again in \(wait)."))
    } else if comesBack {
      console.print(presenter.style.apply(.dim, "This card comes back later in this session."))
    } else if let due, due > today {
      let words =
        dayClock.map { DayWords(today: today, clock: $0, now: now()).describe(due) }
        ?? DayWords.describe(due, from: today)
      console.print(presenter.style.apply(.dim, "Next time: \(words)."))
    }
    console.print()
    return nil
  }

  /// Suspends `card`, which has just become a leech, and says so.
  private func suspendLeech(_ card: Card) -> SessionResult.Ending? {
    guard let store else { return nil }
    do {
      try store.suspend(card.id)
    } catch {
      return .failed("\(error)")
    }
    queue.remove(card.id)
    suspendedIDs.insert(card.id)
    result.suspended += 1
    console.print(
      presenter.style.apply(
        .warn,
        presenter.wrapper.wrap(
          "\(card.id) has lapsed \(leeches.lapses) times: it is a leech, suspended. Rewrite it "
            + "and 'quiz unsuspend \(card.id)' brings it back (leech-action = keep keeps "
            + "leeches).")))
    console.print()
    return nil
  }

  /// The attempt: one line, or on a terminal for a syntax card, lines up to an empty one.
  private func readAttempt(for card: Card) -> Step {
    let multiline = input.isInteractive && card.kind == .syntax
    if input.isInteractive {
      let hint =
        multiline
        ? "Type your answer, ending with an empty line (two while a bracket is open or after a declaration), or press Enter to see it. :help lists commands."
        : "Say or type your answer, then press Enter to see it. :help lists commands."
      console.print(presenter.style.apply(.dim, presenter.wrapper.wrap(hint)))
    }
    var limit: Double?
    if case .drill(_, let seconds?) = mode { limit = Double(seconds) }
    // On a terminal the countdown ends the wait; piped lines are read whenever they come, and
    // one that comes too late is set aside, so that the next line is still this card's grade.
    let started = clock.seconds()
    let deadline = input.isInteractive ? limit.map { started + $0 } : nil
    var lines: [String] = []
    // Brackets opened and not closed by the lines so far, each line read once.
    var openBrackets = 0
    // Whether the last statement begun outside any bracket is a declaration, one line or
    // several: `enum Tab { case browse, search }`, or `struct Row: View {` to its `}`.
    var statementDeclares = false
    // An answer of one property (`@Environment(…) private var widthClass`) ends at the first
    // empty line: only where the card's code goes on after as many lines is one kept.
    var answerLines = 0
    if case .syntax(let syntax) = card.content {
      answerLines = syntax.code.text.split(separator: "\n").count(where: {
        !$0.trimmingSpaces().isEmpty
      })
    }
    while true {
      let prompt = lines.isEmpty ? prompts.attempt : prompts.continuation
      let event = input.read(
        prompt: prompt, deadline: deadline,
        tick: { seconds in
          "[\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)] \(prompt)"
        })
      let command = event.line.flatMap(SessionCommand.parse)
      // A late answer is kept as the attempt, timed out; a late `:` command is still carried out.
      if case .line(let text) = event, let limit, clock.seconds() - started > limit,
        command == nil
      {
        return .timedOut((lines + [text]).joined(separator: "\n"))
      }
      switch event {
      case .line(let text):
        // A command on any line; on a later line, a `:` line that names none is code (`: Int`).
        if let command, lines.isEmpty || command != .unknown(text.trimmingSpaces()) {
          if command == .command(.compose) {
            guard let text = compose(card, lines: lines) else { continue }
            console.print(text)
            if let limit, clock.seconds() - started > limit { return .timedOut(text) }
            return .line(text)
          }
          let step = handle(command, card: card)
          if case .line = step { continue }
          return step
        }
        if !multiline { return .line(text) }
        // A paste of nothing but empty lines is one too.
        if text.split(whereSeparator: \.isNewline).allSatisfy({
          String($0).trimmingSpaces().isEmpty
        }) {
          // Inside an open brace, bracket or parenthesis an empty line is the code's own (a
          // blank line in a body), and so is one after a declaration (a view's `@State` before
          // its body, an `enum` of tabs before the `TabView`) where the card's answer goes on;
          // a second one in a row ends the attempt all the same.
          // So is one with more already waiting behind it: a paste the terminal typed.
          if let last = lines.last, last != "",
            openBrackets > 0
              || statementDeclares && answerLines > lines.count(where: { !$0.isEmpty })
              || input.hasTypedAhead
          {
            lines.append("")
            continue
          }
          while lines.last == "" { lines.removeLast() }
          return .line(lines.joined(separator: "\n"))
        }
        // A paste readline took whole (bracketed paste) is one line of several: its empty
        // lines are the code's, and Enter after it is the line's end, not an empty line.
        var pasted = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        while pasted.last?.trimmingSpaces().isEmpty == true { pasted.removeLast() }
        for line in pasted.map(String.init) {
          lines.append(line.trimmingSpaces().isEmpty ? "" : line)
          if openBrackets == 0, !line.trimmingSpaces().isEmpty {
            statementDeclares = Self.declares(line)
          }
          openBrackets += Self.bracketBalance(of: line)
        }
      case .end: return lines.isEmpty ? .stop(.quit) : .line(lines.joined(separator: "\n"))
      case .interrupted: return .stop(.interrupted(receivedSignal))
      case .timedOut(let typed):
        return .timedOut((lines + [typed]).filter { !$0.isEmpty }.joined(separator: "\n"))
      case .overlong(let limit): return .stop(overlong(limit))
      }
    }
  }

  /// `:compose`: the attempt as saved in the editor, begun with `lines`; nil, after saying why,
  /// when the editor could not be used (the attempt is then read on from where it was).
  private func compose(_ card: Card, lines: [String]) -> String? {
    guard let compose else {
      console.print(presenter.style.apply(.warn, "This session cannot open an editor."))
      return nil
    }
    do {
      return try compose(card, lines.joined(separator: "\n"))
    } catch {
      console.print(presenter.style.apply(.warn, "\(error)"))
      return nil
    }
  }

  static let gradeLegend = [
    "0 blackout", "1 wrong, but recognised", "2 wrong, easy once seen", "3 right, with effort",
    "4 right, after a pause", "5 perfect",
  ]

  /// The grade legend on one line where it fits, else the wrong grades above the right ones
  /// (never one grade alone on a line), else wrapped item by item.
  static func legend(width: Int) -> String {
    let separator = " · "
    let whole = gradeLegend.joined(separator: separator)
    if whole.count <= width { return whole }
    let halves = [gradeLegend[..<3], gradeLegend[3...]].map { $0.joined(separator: separator) }
    if halves.allSatisfy({ $0.count <= width }) { return halves.joined(separator: "\n") }
    return TextWrapper(width: width).wrap(items: gradeLegend)
  }

  /// A grade from 0 to 5; asks again, saying why, until it gets one.
  private func readGrade(for card: Card, suggestion: Grade?) -> Step {
    console.print(presenter.style.apply(.dim, Self.legend(width: presenter.width)))
    // After a line that is not a grade (the rest of an attempt typed after it ended), an empty
    // line is no choice of the suggestion, and the prompt no longer offers it.
    var refused = false
    while true {
      let prompt = prompts.grade(suggestion: refused ? nil : suggestion)
      switch input.read(prompt: prompt, keys: ["0", "1", "2", "3", "4", "5"]) {
      case .line(let text):
        let trimmed = text.trimmingSpaces()
        if let parsed = SessionCommand.parse(trimmed) {
          let step = handle(parsed, card: card)
          if case .line = step { continue }
          return step
        }
        if trimmed.isEmpty, let suggestion, !refused { return .grade(suggestion) }
        if let grade = Int(trimmed).flatMap(Grade.init(rawValue:)) { return .grade(grade) }
        // A script's grade line that is not a grade would make every line after it the
        // wrong card's: stop, and say which line.
        guard input.isInteractive else {
          return .stop(
            .failed(
              "standard input, line \(input.linesRead): "
                + (trimmed.isEmpty
                  ? "an empty grade line" : "'\(ControlCharacters.visible(trimmed))'")
                + " is not a grade from 0 to 5"))
        }
        // The rest of an attempt typed here can be long: quoted in part, wrapped at words.
        let shown = ControlCharacters.visible(trimmed)
        let quoted = shown.count > 24 ? shown.prefix(23) + "…" : shown
        console.print(
          presenter.style.apply(
            .warn,
            presenter.wrapper.wrap(
              trimmed.isEmpty
                ? "Type a grade from 0 to 5 (or :help)."
                : "'\(quoted)' is not a grade: type a whole number from 0 to 5 (or :help).")))
        refused = refused || !trimmed.isEmpty
      case .end: return .stop(.quit)
      case .interrupted: return .stop(.interrupted(receivedSignal))
      case .timedOut: continue
      case .overlong(let limit): return .stop(overlong(limit))
      }
    }
  }

  /// The end of a session whose input has a line too long to be an answer.
  private func overlong(_ limit: Int) -> SessionResult.Ending {
    .failed(
      "standard input, line \(input.linesRead): longer than \(limit / 1024) KiB; an answer is a "
        + "few lines")
  }

  /// Carries out a `:` command. `.line("")` means: ask the same prompt again.
  private func handle(_ parsed: SessionCommand.Parsed, card: Card) -> Step {
    switch parsed {
    case .unknown(let text):
      console.print(
        presenter.style.apply(
          .warn,
          "\(ControlCharacters.visible(text)) is not a command; they are "
            + SessionCommand.typed.filter { $0 != ":compose" }.joined(separator: ", ")
            + ". While you type an answer, :compose too."
        )
      )
      return .line("")
    case .command(.help):
      for command in SessionCommand.allCases {
        console.print("  :\(command.rawValue.padded(to: 9)) \(command.summary)")
      }
      return .line("")
    case .command(.quit):
      return .stop(.quit)
    case .command(.compose):
      console.print(presenter.style.apply(.warn, ":compose is for an answer, while you type it."))
      return .line("")
    case .command(.skip):
      queue.remove(card.id)
      result.skipped += 1
      console.print(presenter.style.apply(.dim, "Skipped."))
      console.print()
      return .handled
    case .command(.suspend):
      guard let store, records else {
        console.print(
          presenter.style.apply(.warn, "A drill without --record changes nothing; :skip instead."))
        return .line("")
      }
      do {
        try store.suspend(card.id)
      } catch {
        return .stop(.failed("\(error)"))
      }
      queue.remove(card.id)
      suspendedIDs.insert(card.id)
      result.suspended += 1
      console.print(
        presenter.style.apply(
          .dim, "Suspended \(card.id); 'quiz unsuspend \(card.id)' brings it back."))
      console.print()
      return .handled
    case .command(.undo):
      return undo()
    case .command(.edit):
      guard let edit else {
        console.print(presenter.style.apply(.warn, "This session cannot open an editor."))
        return .line("")
      }
      do {
        if let reloaded = try edit(card) {
          cardsShown[card.id] = reloaded
          console.print(presenter.style.apply(.dim, "Reloaded \(card.id)."))
        } else {
          queue.remove(card.id)
          console.print(
            presenter.style.apply(.warn, "\(card.id) is no longer in its deck; moving on."))
        }
      } catch {
        console.print(presenter.style.apply(.warn, "\(error)"))
        return .line("")
      }
      console.print()
      return .handled
    }
  }

  private func undo() -> Step {
    guard let last = result.graded.last else {
      console.print(presenter.style.apply(.warn, "Nothing to undo in this session."))
      return .line("")
    }
    if records, let store {
      do {
        guard try store.undo() != nil else {
          console.print(presenter.style.apply(.warn, "Nothing to undo in this session."))
          return .line("")
        }
      } catch {
        return .stop(.failed("\(error)"))
      }
    }
    result.graded.removeLast()
    _ = queue.undoLastGrade()
    // A card suspended since that grade stays out of the sitting: the grade is taken back,
    // the suspension stands.
    if suspendedIDs.contains(last.card) {
      queue.remove(last.card)
      console.print(
        presenter.style.apply(
          .dim, "Took back the grade \(last.grade) for \(last.card); it stays suspended."))
    } else {
      console.print(
        presenter.style.apply(
          .dim, "Took back the grade \(last.grade) for \(last.card); here it is again."))
    }
    console.print()
    return .handled
  }

}
