import CardDeck
import Testing

@testable import AnswerJudging

@Suite("Judging attempts: an operator the card passes as a function")
struct OperatorArgumentsTests {
  @Test("takes a closure that applies the card's operator, in its order, as the operator")
  func sameFunction() {
    let sum = "let totals = Dictionary(sales, uniquingKeysWith: +)"
    #expect(judge("let totals = Dictionary(sales) { a, b in a + b }", sum).grade == 5)
    #expect(judge("let totals = Dictionary(sales, uniquingKeysWith: { $0 + $1 })", sum).grade == 5)
    let ranked = "let ranked = scores.sorted(by: >)"
    #expect(judge("let ranked = scores.sorted { $1 < $0 }", ranked).grade == 5)
    #expect(judge("let ranked = scores.sorted { a, b in a > b }", ranked).grade == 5)
  }

  @Test(
    "takes another operator, a closure that does not apply the card's, or one turned round for an error"
  )
  func otherFunction() throws {
    let sum = "let totals = Dictionary(sales, uniquingKeysWith: +)"
    let first = judge(
      "let totals = Dictionary(sales, uniquingKeysWith: { first, _ in first })", sum)
    #expect(try #require(first.grade) <= 2)
    #expect(
      first.reason == "The card passes `+` to `uniquingKeysWith:`; the closure does not apply it.")
    let ranked = "let ranked = scores.sorted(by: >)"
    let ascending = judge("let ranked = scores.sorted { $0 < $1 }", ranked)
    #expect(try #require(ascending.grade) <= 2)
    #expect(
      ascending.reason
        == "The card passes `>` to `sorted(by:)`; the closure takes its two values the other way round."
    )
    let other = judge("let ranked = scores.sorted(by: <)", ranked)
    #expect(other.reason == "`<` where the card passes `>` to `sorted(by:)`.")
  }
}
