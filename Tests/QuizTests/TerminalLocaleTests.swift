import Foundation
import QuizTestSupport
import Testing

@testable import QuizApp

/// readline on a real pseudo-terminal under the locales people's terminals come with: what it
/// returns and what it writes must match what was typed.
@Suite("Line editing on a terminal", .serialized)
struct TerminalLocaleTests {
  /// The keys typed at the attempt: text, Ctrl-A, an insertion, Ctrl-E, two accented letters and
  /// a Backspace.
  static let attemptKeys = "abcZ\u{01}X\u{05}éè\u{7F}\r"
  /// The keys typed at the grade: text, Ctrl-U, a grade.
  static let gradeKeys = "12\u{15}4\r"
  /// The same at a session's grade prompt, where a digit alone on the line is the grade at once
  /// (one-key grading): the text starts with a letter, and the grade needs no Enter.
  static let sessionGradeKeys = "x2\u{15}4"

  /// The environment of a session started by `env -i`, with `locale` variables added.
  func variables(_ locale: [String: String], folder: TemporaryFolder) -> [String: String] {
    [
      "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": folder.path,
      "QUIZ_DECKS": folder.path + "/decks", "QUIZ_STATE": folder.path + "/state",
      "QUIZ_NOW": "2026-11-29T08:00:00Z",
    ].merging(locale) { _, new in new }
  }

  /// Runs a review of the trick card `clay` on a terminal, typing ``attemptKeys`` and
  /// ``gradeKeys``; returns the lines readline returned (the history) and the screen's bytes.
  func session(_ locale: [String: String]) throws -> (lines: [String], screen: [UInt8]) {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path + "/decks", withIntermediateDirectories: true)
    try folder.write("decks/garden.md", gardenDeck)
    let terminal = try PseudoTerminal()
    let process = Process()
    process.executableURL = try quizExecutable()
    process.arguments = ["--card", "clay"]
    process.environment = variables(locale, folder: folder)
    try terminal.run(process)
    defer { PseudoTerminal.stop(process) }
    let hint = try #require(terminal.waitFor("lists commands."))
    // The prompt (it ends in a space), drawn once readline has the terminal: keys typed before
    // then would be edited by the terminal's own line discipline, not by readline.
    let prompt = try #require(terminal.waitFor(" ", after: hint))
    terminal.typeKeyByKey(Self.attemptKeys)
    let grade = try #require(terminal.waitFor("Grade 0", after: prompt))
    _ = try #require(terminal.waitFor(": ", after: grade))
    terminal.typeKeyByKey(Self.sessionGradeKeys)
    try #require(terminal.waitFor("Reviewed 1 card", after: grade) != nil)
    terminal.readToEnd()
    let history = try String(contentsOfFile: folder.path + "/state/history", encoding: .utf8)
    return (history.split(separator: "\n").map(String.init), terminal.output)
  }

  @Test(
    "returns the line as typed and writes whole UTF-8 letters, whatever the locale says",
    arguments: [
      [:], ["LANG": "C.UTF-8"], ["LANG": "C"], ["LC_ALL": "POSIX", "LANG": "C.UTF-8"],
      // A locale this system does not have: setlocale fails, and quiz is left in "C".
      ["LANG": "fr_FR.ISO-8859-1"],
    ])
  func editing(_ locale: [String: String]) throws {
    let (lines, screen) = try session(locale)
    #expect(lines == ["XabcZé", "4"])
    #expect(String(validating: screen, as: UTF8.self) != nil, "\(screen)")
    #expect(String(decoding: screen, as: UTF8.self).contains("› "))
  }

  @Test(
    "a Latin-1 locale the system has gives way to UTF-8 for the line",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/localedef")))
  func latin1() throws {
    let locales = try TemporaryFolder()
    let build = Process()
    build.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
    build.arguments = ["-i", "fr_FR", "-f", "ISO-8859-1", locales.path + "/fr_FR.ISO-8859-1"]
    try build.run()
    build.waitUntilExit()
    try #require(build.terminationStatus == 0, "localedef could not build a Latin-1 locale")
    let (lines, screen) = try session(["LOCPATH": locales.path, "LANG": "fr_FR.ISO-8859-1"])
    #expect(lines == ["XabcZé", "4"])
    #expect(String(validating: screen, as: UTF8.self) != nil, "\(screen)")
  }

  @Test("without a UTF-8 locale, prompts are ASCII and readline writes nothing else")
  func ascii() throws {
    // The test process never sets its locale: it is in "C", as quiz is on a system with no
    // UTF-8 locale at all (glibc before 2.35 without C.UTF-8 installed).
    try #require(String(cString: setlocale(LC_CTYPE, nil)) == "C")
    let terminal = try PseudoTerminal()
    // A person types on another thread while readline reads on this one, once readline has the
    // terminal (it shows the prompt then).
    let typed = DispatchSemaphore(value: 0)
    Thread {
      if let prompt = terminal.waitFor("> ") {
        terminal.typeKeyByKey(Self.attemptKeys)
        if terminal.waitFor("Grade 0-5: ", after: prompt) != nil {
          terminal.typeKeyByKey(Self.gradeKeys)
        }
      }
      typed.signal()
    }.start()
    let (line, grade) = {
      // readline's streams are closed, and what they hold written, when the input goes.
      let input = ReadlineInput(
        historyFile: nil, commands: [], clock: ManualClock().clock, charset: .ascii,
        terminal: (terminal.slave, terminal.slave))
      let prompts = SessionPrompts(.ascii)
      let line = input.read(prompt: prompts.attempt)
      return (line, input.read(prompt: prompts.grade(suggestion: nil)))
    }()
    typed.wait()
    terminal.closeSlave()
    terminal.readToEnd()
    // Two Backspaces take the two bytes of è: to readline each byte is a character.
    #expect(line == .line("XabcZé"))
    #expect(grade == .line("4"))
    #expect(terminal.output.allSatisfy { $0 < 0x80 }, "\(terminal.output)")
    let screen = String(decoding: terminal.output, as: UTF8.self)
    #expect(screen.contains("> ") && screen.contains("Grade 0-5: "), "\(screen.debugDescription)")
  }

  @Test("on a terminal, the time running out gives what the line held")
  func readlineKeepsTyped() throws {
    let terminal = try PseudoTerminal()
    let clock = ManualClock()
    let typed = DispatchSemaphore(value: 0)
    Thread {
      if terminal.waitFor("> ") != nil {
        terminal.typeKeyByKey("half an ans")
        // The person is still typing when the time runs out.
        clock.now += 10
      }
      typed.signal()
    }.start()
    let event = {
      let input = ReadlineInput(
        historyFile: nil, commands: [], clock: clock.clock, charset: .ascii,
        terminal: (terminal.slave, terminal.slave))
      return input.read(prompt: "> ", deadline: clock.now + 5, tick: nil)
    }()
    typed.wait()
    terminal.closeSlave()
    #expect(event == .timedOut(typed: "half an ans"))
    // readline set the locale from the environment; the test process is in "C" again.
    setlocale(LC_CTYPE, "C")
  }

  @Test(
    "keys typed while nothing reads (a pasted answer's next line) are shown once, by the next read")
  func typedAhead() throws {
    let terminal = try PseudoTerminal()
    let taken = DispatchSemaphore(value: 0)
    let typedAhead = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    Thread {
      if terminal.waitFor("> ") != nil { terminal.type("one\r") }
      // The line is taken; quiz works on it while the rest of the paste arrives.
      taken.wait()
      terminal.type("ahead\r")
      // What the terminal itself shows of those keys comes now, if anything does.
      terminal.waitFor("ahead")
      typedAhead.signal()
      finished.signal()
    }.start()
    let (one, two) = {
      let input = ReadlineInput(
        historyFile: nil, commands: [], clock: ManualClock().clock, charset: .ascii,
        terminal: (terminal.slave, terminal.slave))
      let one = input.read(prompt: "> ")
      taken.signal()
      _ = typedAhead.wait(timeout: .now() + 1)
      let two = input.read(prompt: ">> ")
      // Held off again after the line, and given back for another program (an editor).
      var held = termios()
      #expect(tcgetattr(terminal.master, &held) == 0 && held.c_lflag & tcflag_t(ECHO) == 0)
      ReadlineInput.releaseHeldEcho()
      var released = termios()
      #expect(
        tcgetattr(terminal.master, &released) == 0 && released.c_lflag & tcflag_t(ECHO) != 0)
      return (one, two)
    }()
    terminal.closeSlave()
    // The terminal is read by one thread at a time: the typist's may still be waiting for the
    // echo (on a loaded machine, past the second given above) until the close ends its wait.
    finished.wait()
    terminal.readToEnd()
    #expect(one == .line("one") && two == .line("ahead"))
    let screen = String(decoding: terminal.output, as: UTF8.self)
    #expect(screen.components(separatedBy: "ahead").count == 2, "\(screen.debugDescription)")
    #expect(screen.contains(">> ahead"), "\(screen.debugDescription)")
    // The echo held off between the reads is back once the input is gone.
    var settings = termios()
    #expect(tcgetattr(terminal.master, &settings) == 0 && settings.c_lflag & tcflag_t(ECHO) != 0)
    setlocale(LC_CTYPE, "C")
  }
}
