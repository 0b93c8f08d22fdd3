import Testing

@testable import AnswerJudging

@Suite("Judging attempts: the calls of an action read from the environment")
struct EnvironmentActionsTests {
  static let card = """
    @Environment(\\.openWindow) private var openWindow
    Button("About") { openWindow(id: "about") }
    """

  @Test("another label is another of the action's calls, an error, whatever the value")
  func otherLabel() {
    let verdict = judge(Self.card.replacing("id:", with: "value:"), Self.card)
    #expect(verdict.grade == 2)
    #expect(verdict.reason == "`value:` where the card has `id:`.")
    #expect(judge(Self.card.replacing("id:", with: "identifier:"), Self.card).grade == 2)
  }

  @Test("the action under a name of the attempt's own, with the card's label, is the card's call")
  func renamedAction() {
    let renamed = Self.card.replacing("openWindow(", with: "show(")
      .replacing("var openWindow", with: "var show")
    #expect(judge(renamed, Self.card).grade == 5)
    // The value is the author's example: another scene's id is no other call.
    #expect(judge(Self.card.replacing("\"about\"", with: "\"help\""), Self.card).grade == 5)
  }
}
