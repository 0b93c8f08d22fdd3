import CardDeck
import Testing

@testable import AnswerJudging

@Suite("Judging attempts: what a parameterised test's function takes from `@Test(arguments:)`")
struct TestArgumentsTests {
  static let card = """
    @Test(arguments: ["", "12", "abcd", "12345"])
    func rejectsInvalidPin(pin: String) {
        #expect(!isValidPin(pin))
    }
    """

  @Test("arguments to a function without parameters do not compile, and the reason says so")
  func noParameters() {
    let attempt = """
      @Test(arguments: ["", "12", "abcd", "12345"])
      func rejectsInvalidPin() {
          #expect(!isValidPin(""))
      }
      """
    let judgement = judge(attempt, Self.card)
    #expect(judgement.grade! <= 2)
    #expect(judgement.reason.contains("`rejectsInvalidPin()` takes none"))
  }

  @Test("a function with parameters and no arguments does not compile")
  func noArguments() {
    let attempt = "@Test\nfunc rejectsInvalidPin(pin: String) {\n    #expect(!isValidPin(pin))\n}"
    #expect(
      SDKCheck(card: Self.card).problems(in: attempt)
        == ["`rejectsInvalidPin(…)` takes parameters, but its `@Test` passes no `arguments:`"])
  }

  @Test("two collections need two parameters; one collection may feed several")
  func collections() {
    let check = SDKCheck(card: Self.card)
    let one = "@Test(arguments: [0, 1], [2, 3])\nfunc sums(a: Int) { #expect(a >= 0) }"
    #expect(check.problems(in: one).contains { $0.contains("takes one") })
    let two = "@Test(arguments: [0, 1], [2, 3])\nfunc sums(a: Int, b: [String: Int]) {}"
    #expect(check.problems(in: two).isEmpty)
    let pairs = "@Test(arguments: zip([0, 1], [2, 3]))\nfunc sums(a: Int, b: Int) {}"
    #expect(check.problems(in: pairs).isEmpty)
    let named = "@Test(\"Sums\", .tags(.fast), arguments: [1])\n@MainActor func sums(a: Int) {}"
    #expect(check.problems(in: named).isEmpty)
    #expect(check.problems(in: "@Test func plain() { #expect(true) }").isEmpty)
  }

  @Test("the card's own test, with its names changed, is right")
  func renamed() {
    let attempt = """
      @Test("Invalid PINs are rejected", arguments: ["", "12", "abcd", "12345"])
      func rejectsInvalidPin(_ code: String) {
          #expect(isValidPin(code) == false)
      }
      """
    #expect(judge(attempt, Self.card).grade == 5)
  }
}
