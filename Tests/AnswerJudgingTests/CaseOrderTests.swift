import CardDeck
import Testing

@testable import AnswerJudging

@Suite("Judging attempts: a `switch` case that an earlier case always matches first")
struct CaseOrderTests {
  static let card = """
    let label: String
    switch (n % 3, n % 5) {
    case (0, 0): label = "FizzBuzz"
    case (0, _): label = "Fizz"
    case (_, 0): label = "Buzz"
    default: label = String(n)
    }
    """

  @Test("a case after wildcards that match all it matches is dead, and the reason says which")
  func deadCase() {
    let attempt = """
      let label: String
      switch (n % 3, n % 5) {
      case (0, _): label = "Fizz"
      case (_, 0): label = "Buzz"
      case (0, 0): label = "FizzBuzz"
      default: label = String(n)
      }
      """
    let judgement = judge(attempt, Self.card)
    #expect(judgement.grade! <= 2)
    #expect(
      judgement.reason.contains("`case (0, 0)` is never reached: `case (0, _)` before it"))
  }

  @Test("a bound name matches anything; a case guarded by `where` matches only some")
  func boundAndGuarded() {
    let check = SDKCheck(card: Self.card)
    let bound = "switch (a, b) {\ncase (let x, _): f(x)\ncase (1, 2): g()\ndefault: h()\n}"
    #expect(check.problems(in: bound).contains { $0.contains("`case (1, 2)` is never reached") })
    let guarded =
      "switch (a, b) {\ncase (let x, _) where x > 0: f(x)\ncase (1, 2): g()\ndefault: h()\n}"
    #expect(check.problems(in: guarded).isEmpty)
    let repeated = "switch phase {\ncase .a, .b: f()\ncase .c: g()\ncase .b: h()\n}"
    #expect(check.problems(in: repeated).contains { $0.contains("`case .b` is never reached") })
  }

  @Test("the card's order, an `if case` in a case's statements, or a nested switch are left alone")
  func leftAlone() {
    let check = SDKCheck(card: Self.card)
    #expect(check.problems(in: Self.card).isEmpty)
    let nested = """
      switch kind {
      case .a:
          if case .some(let x) = value { use(x) }
          switch x {
          case 1: f()
          default: g()
          }
      case .b: h()
      default: break
      }
      """
    #expect(check.problems(in: nested).isEmpty)
    #expect(judge(Self.card.replacingOccurrences(of: "label", with: "text"), Self.card).grade == 5)
  }
}
