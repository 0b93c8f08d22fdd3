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

  @Test("reads only the card's overload, and any one call that passes the card's function")
  func overloads() throws {
    let total = "let total = prices.reduce(0, +)"
    #expect(judge("let total = prices.reduce(0) { $0 + $1 }", total).grade == 5)
    #expect(try #require(judge("let total = prices.reduce(0, *)", total).grade) <= 2)
    // `reduce(into:)` is another overload, left to the comparison.
    #expect(
      !judge("let total = prices.reduce(into: 0) { $0 += $1 }", total).reason.contains(
        "the card passes"))
    // Two operators passed to methods of one name: each is the attempt's somewhere.
    let both = "let up = scores.sorted(by: <)\nlet down = scores.sorted(by: >)"
    #expect(judge(both, both).grade == 5)
    // Another call of the name, with a closure of its own, is not the card's.
    let sums = "let sums = zip(a, b).map(+)"
    #expect(judge(sums + "\nlet labels = sums.map { \"\\($0)\" }", sums).grade == 5)
    // Nor is a view's content closure an initialiser's function.
    let merged = "let totals = Dictionary(sales, uniquingKeysWith: +)\nVStack { Text(\"Totals\") }"
    #expect(judge(merged, merged).grade == 5)
  }

  @Test("takes a function named where the card passes an operator, unless the attempt declares it")
  func namedFunction() throws {
    let sum = "let totals = Dictionary(sales, uniquingKeysWith: +)"
    let maximum = judge("let totals = Dictionary(sales, uniquingKeysWith: max)", sum)
    #expect(try #require(maximum.grade) <= 2)
    #expect(maximum.reason == "`max` where the card passes `+` to `uniquingKeysWith:`.")
    let own =
      "func add(_ a: Int, _ b: Int) -> Int { a + b }\nlet totals = Dictionary(sales, uniquingKeysWith: add)"
    #expect(!judge(own, sum).reason.contains("where the card passes"))
    let named = judge("let totals = Dictionary(sales) { a, b in a + 1 }", sum)
    #expect(
      named.reason
        == "The card passes `+` to `uniquingKeysWith:`; the closure leaves one of its two values out."
    )
  }
}
