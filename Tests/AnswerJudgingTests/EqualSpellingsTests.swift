import CardDeck
import Testing

@testable import AnswerJudging

/// Code that says the same thing in another shape: branches in another order, a duration in
/// another unit; and the words that stay another word when spelt nearly alike.
@Suite("Judging attempts: the same code in another shape")
struct EqualSpellingsTests {
  private func judge(_ attempt: String, _ code: String, question: String = "") -> Judgement {
    AnswerJudge(code: code, question: question).judge(attempt)
  }

  static let ifLet = """
    if let whole = Int(exactly: measured) {
        print("Whole: \\(whole)")
    } else {
        print("Not whole")
    }
    """

  @Test(
    "reads an if, a guard and a switch over the same condition as the same branch",
    arguments: [
      """
      guard let whole = Int(exactly: measured) else {
          print("Not whole")
          return
      }
      print("Whole: \\(whole)")
      """,
      """
      switch Int(exactly: measured) {
      case let whole?:
          print("Whole: \\(whole)")
      case nil:
          print("Not whole")
      }
      """,
    ])
  func branches(attempt: String) {
    #expect(judge(attempt, Self.ifLet).grade == 5)
  }

  @Test("still weighs the API in a branch's condition written another way")
  func branchConditionWrong() throws {
    let judgement = judge(
      "guard let whole = Int(measured) else {\n    print(\"Not whole\")\n    return\n}",
      Self.ifLet)
    #expect(try #require(judgement.grade) <= 3)
    #expect(judgement.reason.contains("exactly:"))
  }

  static let trimming = """
    let cleaned = input.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !cleaned.isEmpty else { return }
    """

  @Test("reads a guard as the card's if with the test turned round")
  func guardForIf() {
    let attempt = """
      let cleaned = input.trimmingCharacters(in: .whitespacesAndNewlines)
      if cleaned.isEmpty {
          return
      }
      """
    #expect(judge(attempt, Self.trimming).grade == 5)
  }

  @Test("finds the card's value inside a guard it leaves out: the guard is what is missing")
  func guardLeftOut() {
    let judgement = judge(
      "let cleaned = input.trimmingCharacters(in: .whitespacesAndNewlines)", Self.trimming)
    #expect(judgement.grade == 3)
    #expect(judgement.reason == "Missing `.isEmpty`.")
  }

  @Test(
    "reads a duration in any unit by its length",
    arguments: [
      ("try await Task.sleep(for: .seconds(0.5))", "try await Task.sleep(for: .milliseconds(500))"),
      (
        "try await Task.sleep(for: .milliseconds(1500))", "try await Task.sleep(for: .seconds(1.5))"
      ),
      (
        "try await Task.sleep(for: .microseconds(2_000))",
        "try await Task.sleep(for: .milliseconds(2))"
      ),
    ])
  func durations(attempt: String, code: String) {
    #expect(judge(attempt, code).grade == 5)
  }

  @Test("holds a duration to the length the question states in words")
  func durationQuestionNumber() {
    let code = "try await Task.sleep(for: .seconds(5))"
    let question = "Pause the task for five seconds."
    #expect(
      judge("try await Task.sleep(for: .milliseconds(5000))", code, question: question).grade == 5)
    let judgement = judge("try await Task.sleep(for: .milliseconds(500))", code, question: question)
    #expect(judgement.grade == 4)
    #expect(judgement.reason.contains("where the question asks for `5`"))
  }

  @Test("reads the question's whole numbers written in words, not its fractions")
  func numberWords() {
    #expect(AnswerJudge.numbers(in: "Wait five seconds, then twelve more.") == ["5", "12"])
    #expect(AnswerJudge.numbers(in: "One row at a quarter of the height, half the width").isEmpty)
  }

  @Test(
    "takes a label in the singular for the plural, or an adjective for its adverb, for another label",
    arguments: [
      (
        "Button(\"Save\") { save() }.keyboardShortcut(\"s\", modifier: [.command, .shift])",
        "Button(\"Save\") { save() }\n    .keyboardShortcut(\"s\", modifiers: [.command, .shift])",
        "`modifier:` where the card has `modifiers:`."
      ),
      (
        "let whole = Int(exact: measured)", "let whole = Int(exactly: measured)",
        "`exact:` where the card has `exactly:`."
      ),
    ])
  func inflectedLabel(attempt: String, code: String, reason: String) {
    let judgement = judge(attempt, code)
    #expect(judgement.grade == 2)
    #expect(judgement.reason == reason)
  }

  @Test("takes a misspelt key path for a typo where the attempt names its property after it")
  func keyPathTypoNamedAlike() {
    let code = """
      @Environment(\\.colorScheme) private var colorScheme
      var body: some View { Text(colorScheme == .dark ? "Dark" : "Light") }
      """
    let attempt = """
      @Environment(\\.colourScheme) private var colourScheme
      var body: some View { Text(colourScheme == .dark ? "Dark" : "Light") }
      """
    let judgement = judge(attempt, code)
    #expect(judgement.grade == 3)
    #expect(judgement.reason == "`\\.colourScheme` looks like a typo for `\\.colorScheme`.")
  }
}
