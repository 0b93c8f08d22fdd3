import CardDeck
import Testing

@testable import AnswerJudging

@Suite("Judging attempts: a declaration the question gives, which the card's code repeats")
struct GivenDeclarationsTests {
  static let theme = """
    enum Theme: String {
        case light, dark, system
    }

    let theme = Theme(rawValue: saved) ?? .system
    """
  static let themeQuestion =
    "Given `enum Theme: String { case light, dark, system }`, turn `saved: String` into `theme: Theme` with the raw-value initializer, falling back to `.system`."

  @Test("takes a given declaration left out as read, and the same written out as the card's")
  func leftOut() {
    let judge = AnswerJudge(code: Self.theme, question: Self.themeQuestion)
    #expect(judge.judge("let theme = Theme(rawValue: saved) ?? .system").grade == 5)
    #expect(judge.judge(Self.theme).grade == 5)
    // What the card asks is still weighed: the initialiser's label.
    #expect(judge.judge("let theme = Theme(saved) ?? .system").grade! <= 3)
  }

  @Test("takes an example value prose calls given, made of literals, or a span gives, as read")
  func givenValue() {
    let code = """
      let sales: [(String, Int)] = [("tea", 2), ("cake", 1)]
      let totals = Dictionary(sales, uniquingKeysWith: +)
      """
    let answer = "let totals = Dictionary(sales, uniquingKeysWith: +)"
    for question in [
      "`sales` is an array of `(String, Int)` pairs. Build `totals: [String: Int]` with one `Dictionary` initializer that adds up repeated names.",
      "Given `let sales: [(String, Int)] = [(\"tea\", 2), (\"cake\", 1)]`, sum the quantities by name with one `Dictionary` initializer.",
    ] {
      #expect(AnswerJudge(code: code, question: question).judge(answer).grade == 5, "\(question)")
    }
  }

  @Test("reads no declaration as given that holds more than the question writes, or is the answer")
  func notGiven() {
    let question = "`struct Contact: Identifiable` has an `id`. Make it `Hashable` by its `id`."
    #expect(
      !CodeClassifier.isGiven(
        ParsedCode(
          "struct Contact: Identifiable, Hashable { let id: UUID }", hints: .init(),
          vocabulary: .standard
        ).nodes[0], by: QuestionWords(question)))
    // The answer's own constant, which prose names with its type, is no example value.
    let numbers = ParsedCode(
      "let numbers = inputs.compactMap { Int($0) }", hints: .init(), vocabulary: .standard)
    #expect(
      !CodeClassifier.isGiven(
        numbers.nodes[0],
        by: QuestionWords(
          "`inputs` is a `[String]`. Make `numbers`, an `[Int]` of those that parse.")))
  }

  @Test(
    "reads a declaration the question asks to write as no setting, and a given literal array as one"
  )
  func asked() {
    let asked = AnswerJudge(
      code: Self.theme,
      question:
        "Declare `enum Theme: String { case light, dark, system }`, then turn `saved` into a `Theme`, falling back to `.system`."
    )
    #expect(asked.judge("let theme = Theme(rawValue: saved) ?? .system").grade! < 5)
  }
}
