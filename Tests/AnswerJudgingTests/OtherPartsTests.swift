import Testing

@testable import AnswerJudging

@Suite("Judging attempts: another property or operator on a line otherwise the card's")
struct OtherPartsTests {
  static let card = """
    let kind = "ScoreWidget"
    let installed = try await WidgetCenter.shared.currentConfigurations()
    if installed.contains(where: { $0.kind == kind }) {
        WidgetCenter.shared.reloadTimelines(ofKind: kind)
    }
    """

  @Test("a property no code declares, read for the card's, is another value: 2")
  func otherProperty() {
    let verdict = judge(Self.card.replacing("$0.kind", with: "$0.family"), Self.card)
    #expect(verdict.grade == 2)
    #expect(verdict.reason == "`.family` where the card reads `.kind`.")
  }

  @Test("the card's property misspelt is a typo: 3")
  func misspeltProperty() {
    let verdict = judge(Self.card.replacing("$0.kind", with: "$0.kinds"), Self.card)
    #expect(verdict.grade == 3)
    #expect(verdict.reason == "`.kinds` looks like a typo for `.kind`.")
  }

  @Test(
    "lines the card has, in another order, and a property renamed where declared, are the card's")
  func sameLines() {
    let path = """
      var path = Path()
      path.move(to: CGPoint(x: rect.midX, y: rect.minY))
      path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
      path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
      path.closeSubpath()
      """
    let turned = """
      var path = Path()
      path.move(to: CGPoint(x: rect.midX, y: rect.minY))
      path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
      path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
      path.closeSubpath()
      """
    #expect(judge(turned, path).grade == 5)
    let model = """
      struct Item: Identifiable { let id: UUID; var isDone: Bool }
      let done = items.filter { $0.isDone }
      """
    #expect(judge(model.replacing("isDone", with: "isFinished"), model).grade == 5)
  }

  @Test("another comparison or arithmetic operator is another value: 2")
  func otherOperator() {
    let verdict = judge(Self.card.replacing("$0.kind == kind", with: "$0.kind != kind"), Self.card)
    #expect(verdict.grade == 2)
    #expect(verdict.reason == "`!=` where the card has `==`.")
  }

  @Test("a condition turned round may go with its branches turned round: not told so")
  func branches() {
    let card = """
      let sorted = people.sorted {
          if $0.last != $1.last { return $0.last < $1.last }
          return $0.first < $1.first
      }
      """
    let turned = """
      let sorted = people.sorted {
          if $0.last == $1.last { return $0.first < $1.first }
          return $0.last < $1.last
      }
      """
    #expect(judge(turned, card).reason != "`==` where the card has `!=`.")
  }

  @Test("a closure's parameter named where the card writes `$0`, or the other way, is the same")
  func namedParameter() {
    let named = Self.card.replacing("{ $0.kind == kind }", with: "{ info in info.family == kind }")
    #expect(judge(named, Self.card).reason == "`.family` where the card reads `.kind`.")
    let otherOperator = Self.card.replacing(
      "{ $0.kind == kind }", with: "{ info in info.kind != kind }")
    #expect(judge(otherOperator, Self.card).reason == "`!=` where the card has `==`.")
    let right = Self.card.replacing("{ $0.kind == kind }", with: "{ info in info.kind == kind }")
    #expect(judge(right, Self.card).grade == 5)
    #expect(judge(Self.card.replacing("$0.kind", with: "$0.family"), right).grade == 2)
  }
}
