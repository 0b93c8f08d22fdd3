import Foundation
import QuizTestSupport
import Testing

@testable import QuizApp

/// The Tab key on a real pseudo-terminal: it completes commands, and indents code.
extension TerminalLocaleTests {
  /// The line read after `keys` are typed at the prompt.
  func line(typing keys: String) throws -> InputEvent {
    let terminal = try PseudoTerminal()
    let finished = DispatchSemaphore(value: 0)
    Thread {
      if terminal.waitFor("> ") != nil { terminal.typeKeyByKey(keys) }
      finished.signal()
    }.start()
    let event = {
      let input = ReadlineInput(
        historyFile: nil, commands: [":help", ":quit"], clock: ManualClock().clock,
        charset: .ascii, terminal: (terminal.slave, terminal.slave))
      return input.read(prompt: "> ")
    }()
    finished.wait()
    terminal.closeSlave()
    setlocale(LC_CTYPE, "C")
    return event
  }

  @Test("Tab in code indents it by four spaces, at the start of a line or later")
  func indents() throws {
    #expect(try line(typing: "\tText(\"a\")\r") == .line("    Text(\"a\")"))
    #expect(try line(typing: "\t\t.bold()\r") == .line("        .bold()"))
  }

  @Test("Tab after a `:` completes the command")
  func completes() throws {
    guard case .line(let text) = try line(typing: ":he\t\r") else {
      Issue.record("no line")
      return
    }
    #expect(text.trimmingCharacters(in: .whitespaces) == ":help")
  }
}
