import Foundation
import Glibc

/// A pseudo-terminal: the side a program reads and writes as its terminal, and the side a test
/// types into and reads the screen's bytes from.
/// Used by one thread at a time: a test that types on another thread waits for it to finish.
final class PseudoTerminal: @unchecked Sendable {
  /// The test's side.
  let master: Int32
  /// The program's side, a terminal to `isatty`.
  let slave: Int32
  /// Every byte the program wrote so far.
  private(set) var output: [UInt8] = []

  /// A terminal of `columns` by `rows`.
  init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
    // posix_openpt and its kin are not in Swift's Glibc module; these are the Linux calls they
    // make: TIOCSPTLCK unlocks the terminal, TIOCGPTN gives its number.
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0,
      ioctl(master, 0x8004_5430, &number) == 0
    else { throw POSIXError(.ENOTTY) }
    let name = "/dev/pts/\(number)"
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    slave = open(name, O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw POSIXError(.ENOTTY) }
  }

  deinit {
    close(master)
    closeSlave()
  }

  private var slaveIsOpen = true

  /// Closes the program's side here, once a child holds it: the test then sees the end of the
  /// output when the child exits.
  /// Starts `process` with this terminal as its standard input, output and error, and closes
  /// this side's copy of the terminal, so that the process's end reads as the end of output.
  func run(_ process: Process) throws {
    let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    closeSlave()
  }

  /// Ends `process` if it still runs, and waits for it.
  static func stop(_ process: Process) {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  func closeSlave() {
    if slaveIsOpen { close(slave) }
    slaveIsOpen = false
  }

  /// Types `keys` as a person would: the bytes of the text, control keys included.
  func type(_ keys: String) {
    let bytes = Array(keys.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Types `keys` one at a time, each after the screen has answered the one before, so that
  /// readline draws the line after every key as it does for a person.
  func typeKeyByKey(_ keys: String) {
    for key in keys {
      let before = output.count
      type(String(key))
      waitForMore(than: before)
    }
  }

  /// Reads until ``output`` holds more than `count` bytes, the program's side is closed, or 5 s
  /// pass.
  private func waitForMore(than count: Int) {
    let deadline = Date().addingTimeInterval(1)
    while output.count <= count, Date() < deadline {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 100) >= 0 || errno == EINTR else { return }
      guard descriptor.revents != 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let read = chunk.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
      if read <= 0 { return }
      output += chunk[..<read]
    }
  }

  /// Reads the screen's bytes until they contain `text` after the first `from` bytes, the
  /// program's side is closed, or 20 s pass (a watchdog: a hung program fails its test rather
  /// than stalling the run). Returns where `text` ends in ``output``; nil if it did not come.
  @discardableResult
  func waitFor(_ text: String, after from: Int = 0) -> Int? {
    let wanted = Array(text.utf8)
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if let end = end(of: wanted, after: from) { return end }
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 100) >= 0 || errno == EINTR else { return nil }
      guard descriptor.revents != 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      // EIO: every copy of the program's side is closed.
      if count <= 0 { return end(of: wanted, after: from) }
      output += chunk[..<count]
    }
    return nil
  }

  /// Reads until the program's side is closed (or the watchdog's 20 s pass).
  func readToEnd() { waitFor("\u{0}never\u{0}") }

  /// Where `needle` first ends in ``output`` after `from`.
  private func end(of needle: [UInt8], after from: Int) -> Int? {
    var start = from
    while start + needle.count <= output.count {
      if output[start..<start + needle.count].elementsEqual(needle) { return start + needle.count }
      start += 1
    }
    return nil
  }
}
