import Foundation
import Testing

@testable import QuizApp

/// Runs `script` in bash and returns its standard output.
func runBash(_ script: String, path: String? = nil) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/bash")
  process.arguments = ["--norc", "--noprofile", "-c", script]
  if let path { process.environment = ["PATH": path + ":/usr/bin:/bin"] }
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}

@Suite("Shell completion and the man page, made from the declarations")
struct CompletionAndManualTests {
  /// What bash completion offers for `words` (the last one being completed).
  func bashCompletes(_ words: [String]) throws -> [String] {
    let folder = try TemporaryFolder()
    let script = try folder.write("quiz.bash", runQuiz(["completions", "bash"]).out)
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let out = try runBash(
      """
      source '\(script)'
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMPREPLY=()
      _quiz
      printf '%s\\n' "${COMPREPLY[@]}"
      """)
    return out.split(separator: "\n").map(String.init)
  }

  @Test(
    "bash completes commands, options and option values",
    arguments: [
      (["quiz", "dr"], ["drill"]),
      (["quiz", "drill", "--ti"], ["--time-limit"]),
      (["quiz", "export", "--format", ""], ["json", "csv", "md", "apkg"]),
      (["quiz", "--ki"], ["--kind"]),
      (["quiz", "cards", "--kind", "t"], ["trick"]),
      (["quiz", "completions", ""], ["bash", "zsh", "fish"]),
      (["quiz", "s"], ["stats", "suspend"]),
    ])
  func bash(words: [String], expected: [String]) throws {
    #expect(try bashCompletes(words) == expected)
  }

  @Test("bash offers the listed values quoted, never globbed or run: a topic '/*' is '/*'")
  func valuesQuoted() throws {
    let folder = try TemporaryFolder()
    let script = try folder.write("quiz.bash", runQuiz(["completions", "bash"]).out)
    let out = try runBash(
      """
      source '\(script)'
      quiz() { printf '%s\\n' '/*' 'a b' '$(echo run)'; }
      COMP_WORDS=(quiz --topic ''); COMP_CWORD=2; COMPREPLY=()
      _quiz
      printf '%s\\n' "${COMPREPLY[@]}"
      """)
    #expect(out.split(separator: "\n") == ["/\\*", "a\\ b", "\\$\\(echo\\ run\\)"])
  }

  @Test("lists decks, topics, card ids and lessons for the scripts")
  func values() {
    #expect(runQuiz(["completions", "--values", "decks"]).out == "garden\n")
    #expect(runQuiz(["completions", "--values", "topics"]).out == "Planters\nSoil\n")
    #expect(runQuiz(["completions", "--values", "cards"]).out == "planter\nclay\nwet\n")
    #expect(runQuiz(["completions", "--values", "lessons"]).out == "7\n")
  }

  @Test("names every command and every option in each shell's script")
  func everyOption() {
    for shell in ["bash", "zsh", "fish"] {
      let script = runQuiz(["completions", shell]).out
      for type in Quiz.commands {
        #expect(script.contains(type.declaration.name), "\(shell)")
        for option in type.declaration.allOptions {
          let name = shell == "fish" ? "-l " + option.name.dropFirst(2) : option.name
          #expect(script.contains(name), "\(shell): \(option.name)")
        }
      }
    }
  }

  @Test("refuses a shell it has no script for")
  func unknownShell() {
    let result = runQuiz(["completions", "tcsh"])
    #expect(result.status == .usage)
    #expect(result.error.hasPrefix("quiz completions: no completion for 'tcsh'"))
  }

  @Test("prints a man page that man renders, with every command, ENVIRONMENT and FILES")
  func manual() throws {
    let page = runQuiz(["man"]).out
    #expect(page.hasPrefix(".TH QUIZ 1 "))
    for section in ["NAME", "SYNOPSIS", "COMMANDS", "ENVIRONMENT", "FILES", "EXIT STATUS"] {
      #expect(page.contains(".SH \(section)\n"), "\(section)")
    }
    #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
    let folder = try TemporaryFolder()
    let file = try folder.write("quiz.1", page)
    // Bold and underline come as overstrikes (x, backspace, x) when the output is not a
    // terminal; drop them to compare the text.
    var rendered = try runBash("MANWIDTH=80 man -P cat -l '\(file)' 2>&1")
    while let backspace = rendered.firstIndex(of: "\u{8}") {
      let before = rendered.index(before: backspace)
      rendered.removeSubrange(before...backspace)
    }
    #expect(rendered.contains("quiz - spaced-repetition flash cards in the terminal"))
    #expect(rendered.contains("--time-limit S"))
    #expect(rendered.contains("QUIZ_NOW"))
    #expect(rendered.contains("~/.local/share/quiz/reviews.jsonl"))
    #expect(!rendered.contains("warning"))
  }
}

@Suite("Completion of the decks' own values")
struct ValueCompletionTests {
  @Test("bash completes a topic ignoring case, as --topic matches it")
  func topicIgnoringCase() throws {
    let folder = try TemporaryFolder()
    let script = try folder.write("quiz.bash", runQuiz(["completions", "bash"]).out)
    let bin = try quizExecutable().deletingLastPathComponent().path
    let out = try runBash(
      """
      source '\(script)'
      COMP_WORDS=(quiz --topic she); COMP_CWORD=2; COMPREPLY=()
      _quiz
      printf '%s\\n' "${COMPREPLY[@]}"
      """, path: bin)
    #expect(out == "Sheets\n")
  }

  @Test("zsh matches the decks' values ignoring case")
  func zsh() {
    #expect(
      runQuiz(["completions", "zsh"]).out.contains("compadd -M 'm:{a-zA-Z}={A-Za-z}' -a values"))
  }
}
