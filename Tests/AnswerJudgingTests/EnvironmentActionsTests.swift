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

  @Test("arguments none of the action's calls takes do not compile, whatever the card")
  func argumentsTheActionTakesNot() {
    let dismiss = "@Environment(\\.dismiss) private var dismiss\nButton(\"Done\") { dismiss() }"
    let animated = judge(dismiss.replacing("dismiss()", with: "dismiss(animated: true)"), dismiss)
    #expect(animated.grade == 2)
    #expect(
      animated.reason
        == "`DismissAction` takes no `dismiss(animated:)`: it is called as `dismiss()`.")
    let open = "@Environment(\\.openURL) private var openURL\nButton(\"Help\") { openURL(helpURL) }"
    #expect(
      judge(open.replacing("openURL(helpURL)", with: "openURL(url: helpURL)"), open).grade == 2)
    // Its other call, with a completion handler, is the action's too.
    let completion = open.replacing(
      "openURL(helpURL)", with: "openURL(helpURL) { accepted in print(accepted) }")
    #expect(judge(completion, open).grade == 5)
  }

  @Test("an asynchronous action called without `await` does not compile")
  func asynchronousAction() {
    let card =
      "@Environment(\\.refresh) private var refresh\nButton(\"Reload\") {\n    Task { await refresh?() }\n}"
    let verdict = judge(card.replacing("await refresh", with: "refresh"), card)
    #expect(verdict.grade == 2)
    #expect(verdict.reason == "`refresh` (`RefreshAction`) is `async`: it needs `await`.")
    #expect(judge(card, card).grade == 5)
  }

  @Test("an action the code adds to the environment itself has the author's labels")
  func ownAction() {
    let card = """
      struct ToastAction {
          func callAsFunction(message: String) { print(message) }
      }
      extension EnvironmentValues {
          @Entry var showToast = ToastAction()
      }
      @Environment(\\.showToast) private var showToast
      Button("Save") { showToast(message: "Saved") }
      """
    #expect(judge(card.replacing("message:", with: "text:"), card).grade == 5)
  }

  @Test("the action's `callAsFunction` written out is the same call")
  func explicitCall() {
    let explicit = Self.card.replacing("openWindow(id:", with: "openWindow.callAsFunction(id:")
    #expect(judge(explicit, Self.card).grade == 5)
    #expect(AnswerJudge.callingDirectly("a.callAsFunction(x)") == "a(x)")
  }
}
