import Foundation
import QuizTestSupport
import Testing

@testable import QuizApp

/// An Enter pressed out of habit at the grade prompt, on a real pseudo-terminal, with the clock
/// in the test's hands.
extension TerminalLocaleTests {
  /// Reads an attempt's empty line, moves the clock on by `pause` seconds (quiz judging and
  /// showing the answer), then reads the grade prompt; `ahead` is typed with the empty line,
  /// `later` once the grade prompt shows.
  func grade(ahead: String, later: String, pause: Double) throws -> InputEvent {
    let terminal = try PseudoTerminal()
    let clock = ManualClock()
    let finished = DispatchSemaphore(value: 0)
    Thread {
      if terminal.waitFor("> ") != nil { terminal.type("\r" + ahead) }
      if terminal.waitFor("Grade 0-5: ") != nil {
        // The prompt shows before quiz drops the Enters already waiting: a key typed in the
        // same instant may be taken for one typed ahead, and the read would wait for ever. A
        // real pause puts `later` after the prompt opened (the window runs on the test's clock).
        Thread.sleep(forTimeInterval: 0.3)
        terminal.type(later)
      }
      finished.signal()
    }.start()
    let event = {
      let input = ReadlineInput(
        historyFile: nil, commands: [], clock: clock.clock, charset: .ascii,
        terminal: (terminal.slave, terminal.slave))
      #expect(input.read(prompt: "> ") == .line(""))
      clock.now += pause
      return input.read(prompt: "Grade 0-5: ", keys: Set("012345"))
    }()
    finished.wait()
    terminal.closeSlave()
    setlocale(LC_CTYPE, "C")
    return event
  }

  @Test("an Enter typed before the grade prompt shows is dropped, however long the judging took")
  func waitingEnterDropped() throws {
    #expect(try grade(ahead: "\r", later: "4", pause: 10) == .line("4"))
    #expect(try grade(ahead: "\r", later: "4", pause: 0) == .line("4"))
  }

  @Test("an Enter typed once the grade prompt shows, after the window, takes the suggestion")
  func lateEnterTaken() throws {
    #expect(
      try grade(ahead: "", later: "\r", pause: ReadlineInput.habitualEnterSeconds + 1) == .line(""))
  }

  @Test("a key other than Enter typed ahead is kept as typed")
  func otherKeyKept() throws {
    #expect(try grade(ahead: "3", later: "", pause: 10) == .line("3"))
  }

  @Test("every Enter already waiting at the grade prompt is dropped, not only the first")
  func waitingEntersDropped() throws {
    #expect(try grade(ahead: "\r\r\r", later: "4", pause: 10) == .line("4"))
  }

  @Test("an Enter right after a grade taken with Enter is that grade's, not the next line's")
  func enterAfterEnteredGrade() throws {
    let terminal = try PseudoTerminal()
    let clock = ManualClock()
    let finished = DispatchSemaphore(value: 0)
    Thread {
      // Enter takes the suggestion, and is pressed again at once.
      if terminal.waitFor("Grade 0-5: ") != nil { terminal.type("\r\r") }
      if terminal.waitFor("> ") != nil { terminal.type("x\r") }
      finished.signal()
    }.start()
    let (grade, next) = {
      let input = ReadlineInput(
        historyFile: nil, commands: [], clock: clock.clock, charset: .ascii,
        terminal: (terminal.slave, terminal.slave))
      let grade = input.read(prompt: "Grade 0-5: ", keys: Set("012345"))
      clock.now += 5
      return (grade, input.read(prompt: "> "))
    }()
    finished.wait()
    terminal.closeSlave()
    setlocale(LC_CTYPE, "C")
    #expect(grade == .line(""))
    #expect(next == .line("x"))
  }
}
