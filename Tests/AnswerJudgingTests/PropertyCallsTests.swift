import Testing

@testable import AnswerJudging

@Suite("The card's properties called as methods on a value of no known type")
struct PropertyCallsTests {
  static let card = "let digits = phone.filter { $0.isNumber }"

  @Test("do not compile but recall the member: 3, and the reason says so")
  func calledProperty() {
    let judgement = AnswerJudge(code: Self.card, question: "Keep only the digits of `phone`.")
      .judge("let digits = phone.filter { $0.isNumber() }")
    #expect(judgement.grade == 3)
    #expect(judgement.reason == "`isNumber` is a property, not a method: no `()`.")
  }

  @Test("leave alone a name some type declares as a method, or one the attempt declares")
  func methodsLeftAlone() {
    let check = SDKCheck(card: "let n = words.count")
    #expect(check.problems(in: "let n = words.count()") == [])
    let own = SDKCheck(card: Self.card)
    #expect(
      own.problems(in: "func isNumber() -> Bool { true }\nlet d = phone.filter { $0.isNumber() }")
        == [])
    #expect(own.problems(in: "let digits = phone.filter { $0.isNumber }") == [])
    #expect(SDKIndex.shipped.declaresOnlyProperty(named: "isNumber"))
    #expect(!SDKIndex.shipped.declaresOnlyProperty(named: "count"))
    #expect(!SDKIndex.shipped.declaresOnlyProperty(named: "noSuchNameAnywhere"))
  }

  @Test("reads the card's properties, not its calls or trailing closures")
  func propertiesRead() {
    let code = SDKCheck.Code("let d = phone.filter { $0.isNumber }.sorted().first")
    #expect(code.propertiesRead() == ["isNumber"])
    // A method passed as a value and an environment action read as properties are not asked
    // about: both are called, and rightly.
    let action = SDKCheck(card: "Button(\"Refresh\", action: model.refresh)")
    #expect(action.problems(in: "Button(\"Refresh\") { model.refresh() }") == [])
    let dismiss = SDKCheck(
      card:
        "@Environment(\\.dismissSearch) private var dismissSearch\nButton(\"Done\") { dismissSearch() }"
    )
    #expect(
      dismiss.problems(
        in:
          "@Environment(\\.dismissSearch) private var dismissSearch\nButton(\"Done\") { self.dismissSearch() }"
      )
        == [])
  }
}
