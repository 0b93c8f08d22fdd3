import CardDeck
import Testing

@testable import AnswerJudging

/// Code that says the same thing in another shape: branches in another order, a duration in
/// another unit; and the words that stay another word when spelt nearly alike.
@Suite("Judging attempts: the same code in another shape")
struct EqualSpellingsTests {
  static let ifLet = """
    if let whole = Int(exactly: measured) {
        print("Whole: \\(whole)")
    } else {
        print("Not whole")
    }
    """

  @Test(
    "reads an if, a guard and a switch over the same condition as the same branch",
    arguments: [
      """
      guard let whole = Int(exactly: measured) else {
          print("Not whole")
          return
      }
      print("Whole: \\(whole)")
      """,
      """
      switch Int(exactly: measured) {
      case let whole?:
          print("Whole: \\(whole)")
      case nil:
          print("Not whole")
      }
      """,
    ])
  func branches(attempt: String) {
    #expect(judge(attempt, Self.ifLet).grade == 5)
  }

  @Test("still weighs the API in a branch's condition written another way")
  func branchConditionWrong() throws {
    let judgement = judge(
      "guard let whole = Int(measured) else {\n    print(\"Not whole\")\n    return\n}",
      Self.ifLet)
    #expect(try #require(judgement.grade) <= 3)
    #expect(judgement.reason.contains("exactly:"))
  }

  static let trimming = """
    let cleaned = input.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !cleaned.isEmpty else { return }
    """

  @Test("reads a guard as the card's if with the test turned round")
  func guardForIf() {
    let attempt = """
      let cleaned = input.trimmingCharacters(in: .whitespacesAndNewlines)
      if cleaned.isEmpty {
          return
      }
      """
    #expect(judge(attempt, Self.trimming).grade == 5)
  }

  @Test("finds the card's value inside a guard it leaves out: the guard is what is missing")
  func guardLeftOut() {
    let judgement = judge(
      "let cleaned = input.trimmingCharacters(in: .whitespacesAndNewlines)", Self.trimming)
    #expect(judgement.grade == 3)
    #expect(judgement.reason == "Missing `.isEmpty`.")
  }

  @Test(
    "reads a duration in any unit by its length",
    arguments: [
      ("try await Task.sleep(for: .seconds(0.5))", "try await Task.sleep(for: .milliseconds(500))"),
      (
        "try await Task.sleep(for: .milliseconds(1500))", "try await Task.sleep(for: .seconds(1.5))"
      ),
      (
        "try await Task.sleep(for: .microseconds(2_000))",
        "try await Task.sleep(for: .milliseconds(2))"
      ),
    ])
  func durations(attempt: String, code: String) {
    #expect(judge(attempt, code).grade == 5)
  }

  @Test("holds a duration to the length the question states in words")
  func durationQuestionNumber() {
    let code = "try await Task.sleep(for: .seconds(5))"
    let question = "Pause the task for five seconds."
    #expect(
      judge("try await Task.sleep(for: .milliseconds(5000))", code, question: question).grade == 5)
    let judgement = judge("try await Task.sleep(for: .milliseconds(500))", code, question: question)
    #expect(judgement.grade == 4)
    #expect(judgement.reason.contains("where the question asks for `5`"))
  }

  @Test("reads the question's whole numbers written in words, not its fractions")
  func numberWords() {
    #expect(AnswerJudge.numbers(in: "Wait five seconds, then twelve more.") == ["5", "12"])
    #expect(AnswerJudge.numbers(in: "One row at a quarter of the height, half the width").isEmpty)
  }

  @Test(
    "takes a label in the singular for the plural, or an adjective for its adverb, for another label",
    arguments: [
      (
        "Button(\"Save\") { save() }.keyboardShortcut(\"s\", modifier: [.command, .shift])",
        "Button(\"Save\") { save() }\n    .keyboardShortcut(\"s\", modifiers: [.command, .shift])",
        "`modifier:` where the card has `modifiers:`."
      ),
      (
        "let whole = Int(exact: measured)", "let whole = Int(exactly: measured)",
        "`exact:` where the card has `exactly:`."
      ),
    ])
  func inflectedLabel(attempt: String, code: String, reason: String) {
    let judgement = judge(attempt, code)
    #expect(judgement.grade == 2)
    #expect(judgement.reason == reason)
  }

  @Test("takes a misspelt key path for a typo where the attempt names its property after it")
  func keyPathTypoNamedAlike() {
    let code = """
      @Environment(\\.colorScheme) private var colorScheme
      var body: some View { Text(colorScheme == .dark ? "Dark" : "Light") }
      """
    let attempt = """
      @Environment(\\.colourScheme) private var colourScheme
      var body: some View { Text(colourScheme == .dark ? "Dark" : "Light") }
      """
    let judgement = judge(attempt, code)
    #expect(judgement.grade == 3)
    #expect(judgement.reason == "`\\.colourScheme` looks like a typo for `\\.colorScheme`.")
  }
}

/// An argument the card passes with the value its parameter has when left out.
@Suite("Judging attempts: a loop written as a call")
struct LoopSpellingsTests {
  static let code = """
    for (name, score) in zip(names, scores) {
        print("\\(name): \\(score)")
    }
    """

  @Test("reads `forEach` over a sequence as the `for` loop over it")
  func forEachIsALoop() throws {
    #expect(
      judge(
        """
        zip(names, scores).forEach { name, score in
            print("\\(name): \\(score)")
        }
        """, Self.code
      ).grade == 5)
    #expect(
      judge(
        "stride(from: 0, through: 100, by: 5).forEach { print($0) }",
        "for value in stride(from: 0, through: 100, by: 5) {\n    print(value)\n}"
      ).grade == 5)
    // What the loop goes over still counts.
    let other = judge(
      "names.forEach { name in\n    print(name)\n}", Self.code)
    #expect(try #require(other.grade) <= 2)
  }
}

@Suite("Judging attempts: an early exit, and its condition the other way round")
struct EarlyExitTests {
  static let code = """
    let sorted = people.sorted {
        if $0.lastName != $1.lastName {
            return $0.lastName < $1.lastName
        }
        return $0.firstName < $1.firstName
    }
    """

  @Test(
    "reads the code after an early return as the other branch, the condition negated with the branches swapped"
  )
  func negatedAndSwapped() throws {
    let swapped = """
      let sorted = people.sorted { lhs, rhs in
          if lhs.lastName == rhs.lastName {
              return lhs.firstName < rhs.firstName
          }
          return lhs.lastName < rhs.lastName
      }
      """
    let question =
      "`people` is a `[Person]` with `lastName` and `firstName`: sort by last name, then first."
    #expect(judge(swapped, Self.code, question: question).grade == 5)
    // Swapped without the condition turned round, it sorts by first name first: wrong.
    let wrong = judge(
      swapped.replacingOccurrences(of: "==", with: "!="), Self.code, question: question)
    #expect(try #require(wrong.grade) <= 2)
  }
}

@Suite("Judging attempts: a type named through an alias")
struct TypeAliasTests {
  @Test("reads a type alias the attempt declares as the type it stands for")
  func alias() {
    let code = """
      struct MaxWidthKey: PreferenceKey {
          static var defaultValue: CGFloat = 0
          static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) {
              value = max(value, nextValue())
          }
      }
      """
    let aliased = """
      struct MaxWidthKey: PreferenceKey {
          typealias Value = CGFloat
          static var defaultValue: Value = 0
          static func reduce(value: inout Value, nextValue: () -> Value) {
              value = max(value, nextValue())
          }
      }
      """
    #expect(judge(aliased, code).grade == 5)
    #expect(judge(code, code).grade == 5)
  }
}

@Suite("Judging attempts: arguments left out that pass their default")
struct DefaultArgumentTests {
  @Test(
    "takes an argument left out for the card's where the card passes its default",
    arguments: [
      (
        "Text(\"a\").animation(.easeInOut.repeatForever(autoreverses: true), value: on)",
        "Text(\"a\").animation(.easeInOut.repeatForever(), value: on)"
      ),
      (
        "VStack(alignment: .center) {\n    Text(\"a\")\n}",
        "VStack {\n    Text(\"a\")\n}"
      ),
    ])
  func leftOut(code: String, attempt: String) {
    #expect(AnswerJudge(code: code).judge(attempt).grade == 5)
  }

  @Test("still misses an argument whose value is not the default")
  func notDefault() {
    let code = "VStack(alignment: .leading) {\n    Text(\"a\")\n}"
    let judgement = AnswerJudge(code: code).judge("VStack {\n    Text(\"a\")\n}")
    #expect((judgement.grade ?? 5) < 5)
  }

  @Test("takes a flag of an API call turned the other way for an error, not a state's start")
  func flagTurned() {
    let code = "Text(\"a\").animation(.easeInOut.repeatForever(autoreverses: true), value: on)"
    let judgement = AnswerJudge(code: code).judge(
      "Text(\"a\").animation(.easeInOut.repeatForever(autoreverses: false), value: on)")
    #expect(judgement.grade == 2)
    #expect(judgement.reason == "`autoreverses: false` where the card has `autoreverses: true`.")
    let toggle = "@State private var on = false\nToggle(\"Alerts\", isOn: $on)"
    #expect(
      AnswerJudge(code: toggle).judge(
        "@State private var on = true\nToggle(\"Alerts\", isOn: $on)"
      ).grade == 5)
  }

  @Test("reads each parameter's default from the index")
  func indexDefaults() throws {
    let forever = try #require(
      SDKIndex.shipped.members(named: "repeatForever", of: "Animation").first)
    #expect(forever.parameterTypes == ["Bool"] && forever.parameterDefaults == ["true"])
  }
}

/// API that does exactly another's job (the vocabulary's `equivalent`), written in its place.
@Suite("Judging attempts: an animation given to the view or to the change")
struct EquivalentAPITests {
  static let implicit = """
    Circle()
        .scaleEffect(isExpanded ? 1.5 : 1)
        .animation(.easeInOut(duration: 0.3), value: isExpanded)
        .onTapGesture { isExpanded.toggle() }
    """
  static let explicit = """
    Circle()
        .scaleEffect(isExpanded ? 1.5 : 1)
        .onTapGesture {
            withAnimation(.easeInOut(duration: 0.3)) { isExpanded.toggle() }
        }
    """

  @Test("reads withAnimation around the change as the card's .animation(_:value:), and back")
  func eitherWay() {
    #expect(AnswerJudge(code: Self.implicit).judge(Self.explicit).grade == 5)
    #expect(AnswerJudge(code: Self.explicit).judge(Self.implicit).grade == 5)
  }

  @Test("still compares the animation each one is given")
  func otherCurve() {
    let attempt = Self.explicit.replacingOccurrences(
      of: ".easeInOut(duration: 0.3)", with: ".linear(duration: 0.3)")
    let judgement = AnswerJudge(code: Self.implicit).judge(attempt)
    #expect(judgement.grade == 2)
    #expect(judgement.reason == "`.linear` where the card has `.easeInOut`.")
  }

  @Test("misses the animation where neither is written")
  func neither() {
    let attempt =
      "Circle()\n    .scaleEffect(isExpanded ? 1.5 : 1)\n    .onTapGesture { isExpanded.toggle() }"
    let judgement = AnswerJudge(code: Self.implicit).judge(attempt)
    #expect((judgement.grade ?? 5) <= 3)
    #expect(judgement.reason == "Missing `.animation`.")
  }

  @Test("lists each equivalent both ways")
  func symmetric() {
    let vocabulary = APIVocabulary.standard
    #expect(vocabulary.equivalent["animation"] == ["withAnimation"])
    #expect(vocabulary.equivalent["withAnimation"] == ["animation"])
    #expect(vocabulary.equivalent["fill"] == ["foregroundStyle"])
  }

  @Test("reads a shape's foreground style as its fill")
  func shapeFill() {
    let code = """
      Image(systemName: "bell")
          .overlay(alignment: .topTrailing) {
              Circle()
                  .fill(.red)
                  .frame(width: 10, height: 10)
          }
      """
    #expect(judge(code.replacing(".fill(.red)", with: ".foregroundStyle(.red)"), code).grade == 5)
    #expect(judge(code.replacing(".fill(.red)", with: ""), code).grade! < 5)
  }
}

/// Names the language or a protocol gives meaning, which an attempt cannot rename.
@Suite("Judging attempts: member names a protocol or an attribute requires")
struct RequiredNamesTests {
  static let wrapper = """
    @propertyWrapper
    struct Tracked<Value> {
        private var value: Value
        private(set) var projectedValue = false
        init(wrappedValue: Value) { value = wrappedValue }
        var wrappedValue: Value {
            get { value }
            set { value = newValue; projectedValue = true }
        }
    }
    """

  @Test("takes another name for a property wrapper's projectedValue for another member")
  func projectedValueRenamed() {
    let attempt = Self.wrapper.replacingOccurrences(of: "projectedValue", with: "projection")
    let judgement = AnswerJudge(code: Self.wrapper).judge(attempt)
    #expect(judgement.grade == 2)
    #expect(judgement.reason == "`var projection` where the card has `var projectedValue`.")
  }

  @Test("lets the wrapper's own storage be renamed")
  func storageRenamed() {
    let attempt = Self.wrapper.replacingOccurrences(of: "value", with: "stored")
      .replacingOccurrences(of: "newstored", with: "newValue")
    #expect(AnswerJudge(code: Self.wrapper).judge(attempt).grade == 5)
  }

  @Test("takes another name for a view modifier's body for another member")
  func modifierBody() {
    let card = """
      struct CardStyle: ViewModifier {
          func body(content: Content) -> some View {
              content.padding().background(.thinMaterial, in: .rect(cornerRadius: 12))
          }
      }
      """
    let attempt = card.replacingOccurrences(of: "func body", with: "func make")
    #expect((AnswerJudge(code: card).judge(attempt).grade ?? 5) <= 2)
  }

  @Test("reads a model type's conformances as the example's: no name of theirs is required")
  func modelRequirementsFree() {
    let card = "struct Song: Identifiable, Hashable {\n    let id = UUID()\n}"
    var parser = CodeParser(source: card)
    #expect(CodeClassifier.requiredNames(of: parser.parse()[0]).isEmpty)
    var modifier = CodeParser(source: "struct S: ViewModifier {\n}")
    #expect(CodeClassifier.requiredNames(of: modifier.parse()[0]).contains("body"))
  }

  @Test(
    "reads a static value with its type, without it, or made by an empty initialiser alike in an argument",
    arguments: [
      ("Circle().foregroundStyle(Color.red)", "Circle().foregroundStyle(.red)"),
      ("Circle().foregroundStyle(.red)", "Circle().foregroundStyle(Color.red)"),
      (
        "DatePicker(\"Due\", selection: $due, in: Date.now..., displayedComponents: .date)",
        "DatePicker(\"Due\", selection: $due, in: Date()..., displayedComponents: .date)"
      ),
      (
        "DatePicker(\"Due\", selection: $due, in: .now...)",
        "DatePicker(\"Due\", selection: $due, in: Date.now...)"
      ),
      ("let start = Date.now", "let start = Date()"),
    ])
  func implicitMembers(code: String, attempt: String) {
    #expect(judge(attempt, code).grade == 5)
  }

  @Test("keeps the type where a static value cannot be written without it, or is another's")
  func typedMembers() {
    #expect(
      judge("print(SuspendingClock.now)", "print(ContinuousClock.now)").reason
        == "`SuspendingClock.now` where the card has `ContinuousClock.now`.")
    #expect(
      judge(
        "let elapsed = SuspendingClock().measure { work() }\nprint(elapsed, SuspendingClock.now)",
        "let elapsed = ContinuousClock().measure { work() }\nprint(elapsed, ContinuousClock.now)"
      ).grade! < 5)
    #expect(
      judge(
        "List {}.scrollDismissesKeyboard(ScrollDismissesKeyboardMode.immediately)",
        "List {}.scrollDismissesKeyboard(.interactively)"
      ).grade! < 5)
  }

  @Test(
    "reads one option of a set of options alone or in an array alike, but not a one-element array")
  func singleOption() {
    // Where nothing else in the code is rewritten, too.
    #expect(
      judge("content.ignoresSafeArea(edges: [.top])", "content.ignoresSafeArea(edges: .top)").grade
        == 5)
    let code = "DatePicker(\"Due\", selection: $due, displayedComponents: .date)"
    #expect(
      judge("DatePicker(\"Due\", selection: $due, displayedComponents: [.date])", code).grade == 5)
    #expect(
      judge(
        "DatePicker(\"Due\", selection: $due, displayedComponents: .date)",
        "DatePicker(\"Due\", selection: $due, displayedComponents: [.date])"
      ).grade == 5)
    #expect(
      judge(
        "Text(\"a\").presentationDetents(.medium)", "Text(\"a\").presentationDetents([.medium])"
      )
      .grade! < 5)
  }

  @Test(
    "reads a text given a formatted value and one given the value and its format alike",
    arguments: [
      (
        "Text(distance.formatted(.number.precision(.fractionLength(1))))",
        "Text(distance, format: .number.precision(.fractionLength(1)))"
      ),
      (
        "Text(distance, format: .number.precision(.fractionLength(1)))",
        "Text(distance.formatted(.number.precision(.fractionLength(1))))"
      ),
      (
        "Text(distance.formatted(.number.precision(.fractionLength(1))))",
        "let shown = distance.formatted(.number.precision(.fractionLength(1)))\nText(shown)"
      ),
    ])
  func formattedText(code: String, attempt: String) {
    #expect(judge(attempt, code).grade == 5)
  }

  @Test("still compares the format a text is given")
  func formattedTextStyle() {
    let judgement = judge(
      "Text(distance.formatted(.number))",
      "Text(distance, format: .number.precision(.fractionLength(1)))")
    #expect(judgement.grade! < 5)
    #expect(judgement.reason == "Missing `.precision`.")
  }

  static let pressable = """
    struct PressableStyle: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label.scaleEffect(configuration.isPressed ? 0.95 : 1)
        }
    }
    """

  @Test("reads a type's conformance and members written in an extension of it as the type's own")
  func extensions() {
    let split = """
      struct PressableStyle {}

      extension PressableStyle: ButtonStyle {
          func makeBody(configuration: Configuration) -> some View {
              configuration.label.scaleEffect(configuration.isPressed ? 0.95 : 1)
          }
      }
      """
    #expect(judge(split, Self.pressable).grade == 5)
    // And the card's extension of a type declared elsewhere as the attempt's declaration.
    let extended = Self.pressable.replacing(
      "struct PressableStyle", with: "extension PressableStyle")
    #expect(judge(Self.pressable, extended).grade == 5)
    // What the extension holds still counts.
    let wrong = split.replacing("isPressed", with: "isHighlighted")
    #expect(judge(wrong, Self.pressable).grade! <= 2)
  }

  @Test("reads a function the attempt writes inside a wrapper of its own as the card's")
  func wrappedFunctions() {
    let code = """
      @Test func firstBookIsDune() throws {
          let book = try #require(library.books.first)
          #expect(book.title == "Dune")
      }
      """
    let wrapped = """
      @Suite struct LibraryTests {
          let library = Library.sample

          @Test func firstBookIsDune() throws {
              let book = try #require(library.books.first)
              #expect(book.title == "Dune")
          }
      }
      """
    #expect(judge(wrapped, code).grade == 5)
    #expect(judge(wrapped.replacing("@Test func", with: "func"), code).grade! < 5)
  }
}
