import Testing

@testable import AnswerJudging

@Suite("Judging attempts: which value goes with which outcome of a condition")
struct ConditionBranchesTests {
  static let card = """
    let layout = widthClass == .regular
        ? AnyLayout(HStackLayout(spacing: 12))
        : AnyLayout(VStackLayout(alignment: .leading))
    layout {
        TextField("Name", text: $name)
        TextField("Email", text: $email)
    }
    """
  static let wide = "AnyLayout(HStackLayout(spacing: 12))"
  static let narrow = "AnyLayout(VStackLayout(alignment: .leading))"

  func attempt(_ condition: String, _ first: String, _ second: String) -> Judgement {
    let code = Self.card.replacingOccurrences(
      of: "widthClass == .regular\n    ? \(Self.wide)\n    : \(Self.narrow)",
      with: "\(condition) ? \(first) : \(second)")
    return judge(code, Self.card)
  }

  @Test(
    "takes a ternary's condition said the other way round with its branches swapped as the card's")
  func oppositeAndSwapped() {
    // A trial's right answer got 4: "`.compact` where the card has `.regular`".
    for condition in ["widthClass == .compact", "widthClass != .regular"] {
      let judgement = attempt(condition, Self.narrow, Self.wide)
      #expect(judgement.grade == 5, "\(condition): \(judgement.reason)")
    }
  }

  @Test("tells which branch stands for which by what they share, details left out")
  func branchesByWhatTheyShare() {
    // The held-out set's right answer got 2, "`HStackLayout` is not where the card has it".
    let right = attempt(
      "widthClass == .compact", "AnyLayout(VStackLayout())", "AnyLayout(HStackLayout())")
    #expect(right.reason == "Missing `alignment: .leading`.", "\(right.grade ?? -1)")
    let wrong = attempt(
      "widthClass == .regular", "AnyLayout(VStackLayout())", "AnyLayout(HStackLayout())")
    #expect(wrong.grade == 2, "\(wrong.reason)")
    #expect(wrong.reason.hasPrefix("The branches are the other way round"))
  }

  @Test("reads a ternary's condition or branches turned round alone as an error")
  func turnedRoundAlone() {
    // Each got 5: the parse dropped the operator and the branches' order.
    for (condition, first, second) in [
      ("widthClass != .regular", Self.wide, Self.narrow),
      ("widthClass == .compact", Self.wide, Self.narrow),
    ] {
      let judgement = attempt(condition, first, second)
      #expect(judgement.grade == 2, "\(condition): \(judgement.reason)")
      #expect(
        judgement.reason
          == "The condition says the opposite of the card's: each value goes with the other outcome."
      )
    }
    let swapped = attempt("widthClass == .regular", Self.narrow, Self.wide)
    #expect(swapped.grade == 2, "\(swapped.reason)")
    #expect(swapped.reason.hasPrefix("The branches are the other way round"))
  }

  @Test("reads an if's condition negated without its branches swapped as an error")
  func negatedIf() {
    let card = """
      if reduceMotion {
          Text(title).transition(.opacity)
      } else {
          Text(title).transition(.slide)
      }
      """
    let negated = judge(
      card.replacingOccurrences(of: "if reduceMotion", with: "if !reduceMotion"), card)
    #expect(negated.grade == 2, "\(negated.reason)")
    let both = """
      if !reduceMotion {
          Text(title).transition(.slide)
      } else {
          Text(title).transition(.opacity)
      }
      """
    #expect(judge(both, card).grade == 5)
  }

  @Test("knows a type whose two cases are all it has")
  func onlyCases() {
    #expect(SDKIndex.shipped.areTheOnlyCases("compact", "regular"))
    #expect(SDKIndex.shipped.areTheOnlyCases("dark", "light"))
    // `ComparisonResult` has `orderedSame` too.
    #expect(!SDKIndex.shipped.areTheOnlyCases("orderedAscending", "orderedDescending"))
  }

  @Test("reads == nil and == false as not, != nil as is, and a force unwrap as nothing")
  func comparisonsWithNilAndFalse() {
    // An adversarial review's right answers, each 2 under the first form of the look.
    let card = """
      if let url = URL(string: address) {
          Link("Open", destination: url)
      } else {
          Text("Invalid address").foregroundStyle(.secondary)
      }
      """
    let notNil = judge(
      card.replacingOccurrences(
        of: "if let url = URL(string: address) {\n    Link(\"Open\", destination: url)",
        with:
          "if URL(string: address) != nil {\n    Link(\"Open\", destination: URL(string: address)!)"
      ),
      card)
    #expect((notNil.grade ?? 0) >= 4, "\(notNil.reason)")
    let toggle =
      "if isOn {\n  Text(title).transition(.opacity)\n} else {\n  Text(title).transition(.slide)\n}"
    let isFalse =
      "if isOn == false {\n  Text(title).transition(.slide)\n} else {\n  Text(title).transition(.opacity)\n}"
    #expect(judge(isFalse, toggle).grade == 5)
    let unwrapped =
      "if user!.isOn {\n  Text(title).transition(.opacity)\n} else {\n  Text(title).transition(.slide)\n}"
    #expect(judge(unwrapped, toggle.replacingOccurrences(of: "isOn", with: "user.isOn")).grade != 2)
  }

  @Test("reads no polarity into a condition said another way, and keeps a styled ternary's weight")
  func conditionSaidAnotherWay() {
    // An adversarial review's cases: each 2 under the first form of the look, or 5 where the
    // card's `.opacity(isEnabled ? 1 : 0.4)` went free once its argument was an `if`.
    let card = """
      VStack(alignment: .leading) {
          Image(systemName: "cart")
              .foregroundStyle(!items.isEmpty ? .blue : .gray)
          Text(caption)
              .font(.footnote)
      }
      """
    let count = judge(
      card.replacingOccurrences(of: "!items.isEmpty", with: "items.count > 0"), card)
    #expect(count.grade == 5, "\(count.reason)")
    let styled = """
      struct PillButton: View {
          @Environment(\\.isEnabled) private var isEnabled
          let title: String
          var body: some View {
              Text(title)
                  .padding()
                  .opacity(isEnabled ? 1 : 0.4)
          }
      }
      """
    let left = judge(
      styled.replacingOccurrences(of: "\n            .opacity(isEnabled ? 1 : 0.4)", with: ""),
      styled)
    #expect((left.grade ?? 5) <= 3, "\(left.reason)")
  }

  @Test("tells a ternary's branches apart by their literals too")
  func literalBranches() {
    // An adversarial review's case: the values swapped, the condition kept, got 5.
    let card = """
      struct Badge: View {
          @State private var isOn = false
          var body: some View {
              Image(systemName: "star").opacity(isOn ? 1 : 0.3)
          }
      }
      """
    let swapped = judge(
      card.replacingOccurrences(of: "isOn ? 1 : 0.3", with: "isOn ? 0.3 : 1"), card)
    #expect(swapped.grade == 2, "\(swapped.reason)")
    let both = judge(card.replacingOccurrences(of: "isOn ? 1 : 0.3", with: "!isOn ? 0.3 : 1"), card)
    #expect(both.grade == 5, "\(both.reason)")
  }
}
