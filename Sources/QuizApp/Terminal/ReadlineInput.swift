import Basics
import CReadline
import FoundationEssentials
import Glibc

/// Lines from a person at a terminal, through GNU readline: line editing, a history file, and
/// tab completion of the `:` commands.
///
/// Uses readline's callback interface, so that this loop, not readline, waits for input: a
/// signal or a deadline can end the wait, and the terminal is restored before returning.
final class ReadlineInput: LineInput {
  let isInteractive = true
  private(set) var linesRead = 0
  private let historyFile: String?
  private let clock: MonotonicClock
  /// The terminal's descriptors: keys come from `input`, the line is drawn on `output`.
  private let input: Int32
  private let output: Int32
  /// When the last read ended on one of its keys, without Enter (a grade).
  private var keyTakenAt: Double?
  /// When the last line read was empty (an attempt's end): an Enter right after it at the
  /// grade prompt is that key pressed twice, not a grade taken before the answer is read.
  private var emptyLineAt: Double?
  /// readline's streams on a terminal other than standard input and output.
  private var streams: (input: UnsafeMutablePointer<FILE>?, output: UnsafeMutablePointer<FILE>?)?

  /// Starts readline with the history in `historyFile` and completion of `commands`; deadlines
  /// are read on `clock`. With an ASCII `charset`, bytes beyond ASCII are taken as typed and
  /// shown as `\303`: one column per character readline counts. The terminal is standard input
  /// and output unless `terminal` names another.
  init(
    historyFile: URL?, commands: [String], clock: MonotonicClock, charset: TerminalCharset,
    terminal: (input: Int32, output: Int32)? = nil
  ) {
    self.historyFile = historyFile.flatMap { Self.isSafeHistory($0) ? $0.path : nil }
    self.clock = clock
    input = terminal?.input ?? STDIN_FILENO
    output = terminal?.output ?? STDOUT_FILENO
    if let terminal {
      // Copies, so that closing the streams leaves the caller's descriptors open.
      streams = (fdopen(dup(terminal.input), "r"), fdopen(dup(terminal.output), "w"))
      quiz_readline_set_streams(streams?.input, streams?.output)
    }
    ReadlineCallback.commands = commands
    quiz_readline_configure(UnsafePointer(strdup("quiz")))
    quiz_readline_set_completion { text, _, _ in
      // Only the `:` commands complete; never file names, readline's default.
      quiz_readline_completion_is_over()
      guard let text else { return nil }
      return rl_completion_matches(text) { text, state in
        ReadlineCallback.completion(text, state)
      }
    }
    if charset == .ascii {
      // Initialised first, so that these settings are not undone by readline's own defaults
      // for the "C" locale (which strip the eighth bit or read it as Meta).
      rl_initialize()
      rl_variable_bind("input-meta", "on")
      rl_variable_bind("convert-meta", "off")
      rl_variable_bind("output-meta", "off")
    }
    quiz_readline_bind_tab()
    using_history()
    if let path = self.historyFile {
      try? OpenFile<FileError>.createFolder(URL(fileURLWithPath: path.parentPath))
      read_history(path)
      history_truncate_file(path, 1000)
    }
  }

  deinit {
    Self.releaseHeldEcho()
    guard let streams else { return }
    quiz_readline_set_streams(nil, nil)
    if let input = streams.input { fclose(input) }
    if let output = streams.output { fclose(output) }
  }

  func read(prompt: String, deadline: Double?, tick: ((Int) -> String)?) -> InputEvent {
    read(prompt: prompt, deadline: deadline, tick: tick, keys: [])
  }

  func read(prompt: String, keys: Set<Character>) -> InputEvent {
    read(prompt: prompt, deadline: nil, tick: nil, keys: keys)
  }

  /// Reads a line as ``LineInput/read(prompt:deadline:tick:)`` does; a key of `keys` that is all
  /// the line holds ends it at once.
  private func read(
    prompt: String, deadline: Double?, tick: ((Int) -> String)?, keys: Set<Character>
  ) -> InputEvent {
    ReadlineCallback.line = nil
    ReadlineCallback.finished = false
    // Echo back on before readline reads the terminal's settings: it shows nothing typed on
    // a terminal it finds silent.
    Self.releaseHeldEcho()
    rl_callback_handler_install(prompt) { line in
      if let line {
        ReadlineCallback.line = String(cString: line)
        free(line)
      }
      ReadlineCallback.finished = true
      rl_callback_handler_remove()
    }
    var countdown = deadline.map(Countdown.init(deadline:))
    // An Enter typed out of habit after a one-key grade is not this line's: it would show the
    // next card's answer (or take its grade) before anything was typed. Nor is one right after
    // the empty line that ended an attempt, at the grade prompt: it would take the suggestion
    // before the answer is read (a trial pressed Enter twice where one ended the attempt).
    var habitualEnterUntil = (keyTakenAt ?? (keys.isEmpty ? nil : emptyLineAt)).map {
      $0 + Self.habitualEnterSeconds
    }
    keyTakenAt = nil
    emptyLineAt = nil
    // Those already waiting were typed before this prompt showed, however long quiz took to
    // show it (judging an attempt on a slow machine can take longer than the window).
    var stuffed = false
    if habitualEnterUntil != nil, let key = dropWaitingEnters() {
      // The first other key is typed as it came: readline reads it first.
      rl_stuff_char(Int32(key))
      stuffed = true
      habitualEnterUntil = nil
    }
    while !ReadlineCallback.finished {
      if Signals.hasArrived { return abandon(.interrupted) }
      var timeout: Int32 = -1
      switch countdown?.step(at: clock.seconds()) {
      case nil: break
      case .expired:
        let typed = quiz_readline_line().map { String(cString: $0) } ?? ""
        return abandon(.timedOut(typed: typed))
      case .wait(let milliseconds, let show):
        if let tick, let show {
          rl_set_prompt(tick(show))
          rl_redisplay()
        }
        timeout = milliseconds
      }
      var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      let ready = stuffed ? 1 : poll(&descriptor, 1, timeout)
      stuffed = false
      if ready < 0 {
        if errno == EINTR { continue }
        return abandon(.end)
      }
      if ready > 0, let until = habitualEnterUntil {
        var byte: UInt8 = 0
        if clock.seconds() < until, Glibc.read(input, &byte, 1) == 1 {
          // Enter pressed twice or more: each within the window is the habit's.
          if byte == 13 || byte == 10 { continue }
          // Anything else is typed as it came: readline reads it first.
          rl_stuff_char(Int32(byte))
        }
        habitualEnterUntil = nil
      }
      if ready > 0 { rl_callback_read_char() }
      if !ReadlineCallback.finished, !keys.isEmpty,
        let typed = quiz_readline_line().map({ String(cString: $0) }), typed.count == 1,
        let key = typed.first, keys.contains(key)
      {
        _ = abandon(.end)
        keyTakenAt = clock.seconds()
        return took(typed)
      }
    }
    guard let line = ReadlineCallback.line else { return .end }
    if line.isEmpty { emptyLineAt = clock.seconds() }
    // A grade taken with Enter (the suggestion) is followed by Enters as a key's is.
    if !keys.isEmpty { keyTakenAt = clock.seconds() }
    return took(line)
  }

  /// How long after a one-key grade an Enter is taken as the grade's, not the next line's.
  static let habitualEnterSeconds = 1.0

  /// Whether a key is waiting to be read on the terminal: typed ahead, or pasted.
  var hasTypedAhead: Bool {
    var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0
  }

  /// Reads the Enters waiting on the terminal, up to the first other key, which it returns.
  private func dropWaitingEnters() -> UInt8? {
    var byte: UInt8 = 0
    while hasTypedAhead, Glibc.read(input, &byte, 1) == 1 {
      if byte != 13 && byte != 10 { return byte }
    }
    return nil
  }

  /// `line`, counted and kept in the history.
  private func took(_ line: String) -> InputEvent {
    holdEcho()
    linesRead += 1
    if !line.trimmingSpaces().isEmpty {
      add_history(line)
      if let historyFile {
        // append_history needs the file to exist already.
        if FileManager.default.fileExists(atPath: historyFile) {
          append_history(1, historyFile)
        } else {
          write_history(historyFile)
          chmod(historyFile, 0o600)
        }
      }
    }
    return .line(line)
  }

  /// Whether the history file may be read and written: readline follows links, so the file must
  /// be absent or a regular file of the user's, in a folder of the user's that no one else may
  /// write in. Otherwise sessions simply keep no history.
  static func isSafeHistory(_ url: URL) -> Bool {
    var folder = stat()
    guard stat(url.deletingLastPathComponent().path, &folder) == 0 else {
      // No folder yet: it is created private (0700) below.
      return errno == ENOENT
    }
    guard folder.st_uid == geteuid(), folder.st_mode & 0o022 == 0 else { return false }
    var file = stat()
    guard lstat(url.path, &file) == 0 else { return errno == ENOENT }
    return file.st_mode & S_IFMT == S_IFREG && file.st_uid == geteuid()
  }

  /// Turns the terminal's echo off until the next read: keys typed while quiz works (the next
  /// lines of a pasted answer) wait unseen, and the next read shows them once. With echo on,
  /// the terminal showed them as they came and readline again after its prompt.
  private func holdEcho() {
    guard HeldEcho.terminal == nil else { return }
    var settings = termios()
    guard tcgetattr(input, &settings) == 0, settings.c_lflag & tcflag_t(ECHO) != 0 else { return }
    HeldEcho.hold(input, restoring: settings)
    settings.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(input, TCSANOW, &settings)
  }

  /// Puts back the echo ``holdEcho()`` held off: before each read, before another program (an
  /// editor) reads the terminal, and when the input goes.
  static func releaseHeldEcho() {
    guard var held = HeldEcho.terminal else { return }
    tcsetattr(held.descriptor, TCSANOW, &held.settings)
    HeldEcho.terminal = nil
  }

  /// Ends a read that will not complete, and puts the terminal back as it was.
  private func abandon(_ event: InputEvent) -> InputEvent {
    rl_free_line_state()
    rl_callback_sigcleanup()
    rl_callback_handler_remove()
    _ = Glibc.write(output, "\n", 1)
    return event
  }
}

/// The terminal whose echo is held off, with its settings before: one for the process, as the
/// exit handler that puts it back should quiz end between two reads (`exit` after `:quit`)
/// can reach nothing else.
private enum HeldEcho {
  nonisolated(unsafe) static var terminal: (descriptor: Int32, settings: termios)?
  nonisolated(unsafe) static var isRegistered = false

  static func hold(_ descriptor: Int32, restoring settings: termios) {
    terminal = (descriptor, settings)
    guard !isRegistered else { return }
    isRegistered = true
    atexit {
      guard var held = HeldEcho.terminal else { return }
      tcsetattr(held.descriptor, TCSANOW, &held.settings)
    }
  }

}

/// State that readline's C callbacks reach; they cannot capture context.
private enum ReadlineCallback {
  nonisolated(unsafe) static var line: String?
  nonisolated(unsafe) static var finished = false
  nonisolated(unsafe) static var commands: [String] = []
  nonisolated(unsafe) static var matches: [String] = []

  /// readline's completion generator: state 0 starts a new completion.
  static func completion(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<
    CChar
  >? {
    if state == 0 {
      let prefix = text.map { String(cString: $0) } ?? ""
      matches = commands.filter { $0.hasPrefix(prefix) }
    }
    let index = Int(state)
    return index < matches.count ? strdup(matches[index]) : nil
  }
}
