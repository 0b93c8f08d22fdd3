import CardDeck
import CommandLineKit
import Testing

@testable import QuizApp

/// Help, completions and messages list the formats, kinds and shells from the enums' cases, so a
/// case added is listed everywhere.
@Suite("Lists made from the enums' cases")
struct CaseListTests {
  @Test("lists words as a sentence does")
  func listed() {
    #expect([String]().listed(joinedBy: "or") == "")
    #expect(["json"].listed(joinedBy: "or") == "json")
    #expect(["a", "b"].listed(joinedBy: "and") == "a and b")
    #expect(["json", "csv", "md", "apkg"].listed(joinedBy: "or") == "json, csv, md or apkg")
  }

  @Test("names every export format in help, in completion and in the refusal of another")
  func formats() {
    let names = ExportCommand.Format.allCases.map(\.rawValue)
    let help = runQuiz(["export", "--help"]).out
    let manual = runQuiz(["man"]).out
    for format in ExportCommand.Format.allCases {
      #expect(help.contains("\n  \(format.rawValue.padded(to: 4))  "), "\(format)")
      #expect(manual.contains(format.title), "\(format)")
    }
    #expect(ExportCommand.Keys.format.declaration.completion == .values(names))
    #expect(
      runQuiz(["export", "--format", "xml"]).error.contains(
        "--format takes \(names.listed(joinedBy: "or")), not 'xml'"))
  }

  @Test("names every kind of card in help, in completion and in the refusal of another")
  func kinds() {
    let names = CardKind.allCases.map(\.rawValue)
    #expect(runQuiz(["cards", "--help"]).out.contains(names.listed(joinedBy: "or")))
    #expect(DeckOptions.Keys.kind.declaration.completion == .values(names))
    #expect(
      runQuiz(["cards", "--kind", "essay"]).error.contains(
        "the kinds are \(names.listed(joinedBy: "and"))"))
    let manual = runQuiz(["man"]).out
    for kind in CardKind.allCases {
      #expect(manual.contains(kind.plural), "\(kind)")
    }
  }

  @Test("offers every shell and every listing that completion knows")
  func completions() {
    for shell in CompletionsCommand.Shell.allCases {
      #expect(runQuiz(["completions", shell.rawValue]).status == .success)
    }
    for values in ListedValues.allCases {
      #expect(runQuiz(["completions", "--values", values.rawValue]).status == .success)
    }
  }
}
