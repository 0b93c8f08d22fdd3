import Foundation
import Glibc

/// A monotonic clock in nanoseconds.
func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// A process started with `posix_spawn`, its standard input and output on pipes and its standard
/// error in a file, timed from the instant before the spawn.
///
/// Its output is read as it comes, so that the time at which a piece of text first appears can be
/// taken; ``finish()`` reaps it with `wait4`, which gives its peak memory (`ru_maxrss`).
final class ChildProcess {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// What `wait4` said about the ended process.
  struct Ending {
    var status: Int32
    /// Peak resident memory in bytes: the process's own under a ``MemoryLauncher``; otherwise
    /// at least the benchmark's own at the spawn, which Linux counts for the child too.
    var maxRSS: Int
    /// Nanoseconds from spawn to reaping.
    var elapsed: UInt64
    var userSeconds: Double
    var systemSeconds: Double
  }

  let pid: pid_t
  /// The instant just before `posix_spawn`.
  let started: UInt64
  private var input: Int32
  private let outputDescriptor: Int32
  /// Everything the process wrote to standard output so far.
  private(set) var output: [UInt8] = []
  private var outputEnded = false

  /// The file where ``MemoryLauncher`` writes the peak memory, when the process runs under it.
  private let memoryFile: String?

  /// Starts `executable`; with a `launcher`, under it, so that its peak memory is its own.
  init(
    _ executable: String, _ arguments: [String], environment: [String: String],
    standardError: String = "/dev/null", launcher: MemoryLauncher? = nil
  ) throws {
    var executable = executable
    var arguments = arguments
    if let launcher {
      let file = launcher.folder.appending(path: "rss-\(UInt64.random(in: 0...UInt64.max))").path
      arguments = [file, executable] + arguments
      executable = launcher.path
      memoryFile = file
    } else {
      memoryFile = nil
    }
    var inPipe: [Int32] = [0, 0]
    var outPipe: [Int32] = [0, 0]
    guard pipe(&inPipe) == 0, pipe(&outPipe) == 0 else {
      throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
    }
    // Only the ends dup2'd onto 0 and 1 go to the child.
    for descriptor in inPipe + outPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_addopen(
      &actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    started = monotonicNanoseconds()
    let code = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    close(inPipe[0])
    close(outPipe[1])
    guard code == 0 else {
      close(inPipe[1])
      close(outPipe[0])
      throw Failure(description: "cannot start \(executable): \(String(cString: strerror(code)))")
    }
    self.pid = pid
    input = inPipe[1]
    outputDescriptor = outPipe[0]
  }

  deinit {
    if input >= 0 { close(input) }
    close(outputDescriptor)
  }

  /// Writes `text` to the process's standard input.
  func send(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeMutableBytes {
        write(input, $0.baseAddress! + offset, $0.count - offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += count
    }
    bytes.removeAll()
  }

  /// Closes the process's standard input, so that it reads the end of it.
  func closeInput() {
    if input >= 0 {
      close(input)
      input = -1
    }
  }

  /// Reads standard output until it holds `count` occurrences of `marker` in all (counting from
  /// its start), or until it ends or `timeout` seconds pass. Returns the instant at which the
  /// count was reached, or nil.
  func wait(for marker: String, count: Int = 1, timeout: Double = 60) -> UInt64? {
    let needle = Array(marker.utf8)
    let deadline = monotonicNanoseconds() + UInt64(timeout * 1e9)
    while true {
      if occurrences(of: needle) >= count { return monotonicNanoseconds() }
      if outputEnded { return nil }
      let now = monotonicNanoseconds()
      if now >= deadline { return nil }
      readOnce(timeoutMilliseconds: Int32(min(1000, (deadline - now) / 1_000_000 + 1)))
    }
  }

  private var counted: [[UInt8]: (scanned: Int, found: Int)] = [:]

  private func occurrences(of needle: [UInt8]) -> Int {
    var (scanned, found) = counted[needle] ?? (0, 0)
    guard !needle.isEmpty, output.count >= needle.count else { return found }
    var index = scanned
    let last = output.count - needle.count
    output.withUnsafeBufferPointer { bytes in
      while index <= last {
        if bytes[index] == needle[0] {
          var matches = true
          for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
            matches = false
            break
          }
          if matches {
            found += 1
            index += needle.count
            continue
          }
        }
        index += 1
      }
    }
    scanned = index
    counted[needle] = (scanned, found)
    return found
  }

  private func readOnce(timeoutMilliseconds: Int32) {
    var poller = pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0)
    let ready = poll(&poller, 1, timeoutMilliseconds)
    guard ready > 0 else { return }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let count = chunk.withUnsafeMutableBytes { read(outputDescriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      output += chunk[..<count]
    } else if count == 0 || errno != EINTR {
      outputEnded = true
    }
  }

  /// Closes standard input, reads standard output to its end, and reaps the process.
  func finish(timeout: Double = 600) throws -> Ending {
    closeInput()
    let deadline = monotonicNanoseconds() + UInt64(timeout * 1e9)
    while !outputEnded {
      if monotonicNanoseconds() >= deadline {
        kill(pid, SIGKILL)
        break
      }
      readOnce(timeoutMilliseconds: 1000)
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else {
        throw Failure(description: "wait4: \(String(cString: strerror(errno)))")
      }
    }
    let ended = monotonicNanoseconds()
    var maxRSS = Int(usage.ru_maxrss) * 1024
    if let memoryFile {
      let text = (try? String(contentsOfFile: memoryFile, encoding: .utf8)) ?? ""
      unlink(memoryFile)
      guard let kibibytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
        throw Failure(description: "the memory launcher wrote no figure")
      }
      maxRSS = kibibytes * 1024
    }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return Ending(
      status: status, maxRSS: maxRSS, elapsed: ended - started,
      userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime))
  }

  /// The output as text.
  var outputText: String { String(decoding: output, as: UTF8.self) }
}

extension ChildProcess.Ending {
  /// Whether the process exited with status 0.
  var succeeded: Bool { status & 0x7F == 0 && (status >> 8) & 0xFF == 0 }
  /// The exit status, or 128 + the signal.
  var exitCode: Int32 { status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F) }
}

/// A tiny C program, compiled with the toolchain's clang, that forks and runs a program and
/// writes that program's peak memory (`ru_maxrss` from `wait4`, KiB) to a file.
///
/// Linux counts a parent's resident memory at the fork, or at an exec in a vfork child, in the
/// child's `ru_maxrss`; started straight from the benchmark, every child would show at least the
/// benchmark's own memory, its generated data included. Started from this launcher, the figure
/// is the program's own (the launcher's own memory at the fork, small and fixed, is the floor).
struct MemoryLauncher {
  let path: String
  let folder: URL

  static let source = """
    #include <stdio.h>
    #include <sys/resource.h>
    #include <sys/wait.h>
    #include <unistd.h>
    int main(int argc, char **argv) {
      if (argc < 3) return 64;
      pid_t pid = fork();
      if (pid < 0) return 71;
      if (pid == 0) { execv(argv[2], argv + 2); _exit(127); }
      int status = 0;
      struct rusage usage;
      while (wait4(pid, &status, 0, &usage) < 0) {}
      FILE *file = fopen(argv[1], "w");
      if (file) { fprintf(file, "%ld\\n", usage.ru_maxrss); fclose(file); }
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    """

  /// Compiles the launcher into `folder` with `clang`.
  static func build(in folder: URL, clang: String) throws -> MemoryLauncher {
    let file = folder.appending(path: "launcher.c")
    try Data(source.utf8).write(to: file)
    let path = folder.appending(path: "launcher").path
    let compile = try ChildProcess(
      clang, ["-O2", "-o", path, file.path], environment: ["PATH": "/usr/bin:/bin"],
      standardError: folder.appending(path: "launcher.log").path)
    guard try compile.finish().succeeded else {
      let log = (try? String(contentsOf: folder.appending(path: "launcher.log"), encoding: .utf8))
      throw ChildProcess.Failure(description: "clang could not build the launcher: \(log ?? "")")
    }
    return MemoryLauncher(path: path, folder: folder)
  }
}
