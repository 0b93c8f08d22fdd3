import CardDeck
import Testing

@testable import QuizApp

/// Where an attempt of several lines ends: at an empty line, but for one inside open brackets
/// or after a declaration where the card's answer goes on.
@Suite("Review sessions: reading an attempt's lines")
struct AttemptLinesTests {
  /// A deck of one card whose answer is a property, an empty line, then a view's body.
  static let counterDeck = """
    # Views

    ## Syntax · Views · counter-view
    A view that counts taps.

    ---

    ```swift
    @State private var count = 0

    var body: some View {
        Button("Tap") { count += 1 }
    }
    ```

    The state survives updates.
    """

  @Test("reads several lines of an attempt on a terminal, up to an empty line")
  func multilineAttempt() throws {
    let harness = try SessionHarness()
    let result = harness.run(
      ["--kind", "syntax"], lines: ["struct", "Planter {}", "", ""], interactive: true)
    #expect(result.out.contains("Your attempt: Same as the card's code."))
  }

  @Test("keeps an empty line inside an open brace as the attempt's, and ends on a second one")
  func blankLineInsideBraces() throws {
    let harness = try SessionHarness()
    let inside = harness.run(
      ["--kind", "syntax"], lines: ["struct Planter {", "", "}", "", ""], interactive: true)
    #expect(inside.out.contains("Your attempt: Same as the card's code."))
    // Two empty lines end an attempt left open, which is then judged as it stands.
    let open = try SessionHarness().run(
      ["--kind", "syntax"], lines: ["struct Planter {", "", "", "4"], interactive: true)
    #expect(open.out.contains("Your attempt:"))
    #expect(!open.out.contains("Same as the card's code."))
    #expect(ReviewSession.bracketBalance(of: "let s = \"{\" // (") == 0)
    #expect(ReviewSession.bracketBalance(of: "f(x, [y") == 2)
    #expect(ReviewSession.bracketBalance(of: "}) }") == -3)
  }

  @Test("keeps an empty line after a declaration as the attempt's, and ends on a second one")
  func blankLineAfterDeclaration() throws {
    let deck = Self.counterDeck
    let harness = try SessionHarness()
    let whole = harness.run(
      [],
      lines: [
        "@State private var count = 0", "", "var body: some View {",
        "Button(\"Tap\") { count += 1 }", "}", "", "5",
      ],
      interactive: true, deck: deck)
    #expect(whole.out.contains("Your attempt: Same as the card's code."))
    // So is a constant, where the card's answer goes on (a trial: `let detents = […]`, an
    // empty line, then the view, was ended at the `let`).
    let constant = try SessionHarness().run(
      [],
      lines: [
        "let start = 0", "", "@State private var count = start", "var body: some View {",
        "Button(\"Tap\") { count += 1 }", "}", "", "5",
      ],
      interactive: true, deck: deck)
    #expect(constant.out.contains("Button(\"Tap\")"))
    #expect(!constant.out.contains("is not a grade"), "\(constant.out)")
    // So is a type's declaration, on one line or several (a trial: `enum AppTab { case
    // browse, search }`, an empty line, then the `TabView`, was ended at the `enum`).
    for declaration in [
      ["enum Step { case one }"], ["struct Counter: View {", "@State private var count = 0", "}"],
    ] {
      let typed = try SessionHarness().run(
        [],
        lines: declaration + [
          "", "var body: some View {", "Button(\"Tap\") { count += 1 }", "}", "", "5",
        ], interactive: true, deck: deck)
      #expect(typed.out.contains("Button(\"Tap\")"), "\(declaration)")
      #expect(!typed.out.contains("is not a grade"), "\(typed.out)")
    }
    // A property alone is ended by a second empty line.
    let alone = try SessionHarness().run(
      [], lines: ["@State private var count = 0", "", "", "2"], interactive: true, deck: deck)
    #expect(alone.out.contains("Your attempt:"))
    #expect(!alone.out.contains("Same as the card's code."))
    // A card whose whole answer is one property: the first empty line ends the attempt.
    let one = """
      # Size

      ## Syntax · Size · size-class
      Read the horizontal size class.

      ---

      ```swift
      @Environment(\\.horizontalSizeClass) private var widthClass
      ```

      Compact or regular.
      """
    let single = try SessionHarness().run(
      [], lines: ["@Environment(\\.horizontalSizeClass) private var sizeClass", "", "5"],
      interactive: true, deck: one)
    #expect(single.out.contains("Suggested grade: 5."), "\(single.out)")
    #expect(single.out.contains("Grades: 5 ×1."), "\(single.out)")
    for line in [
      "@State private var count = 0", "let recipe: Recipe",
      "@Environment(\\.dismiss) private var dismiss",
      "private static let shared = Store()", "@AppStorage(\"on\") var on = false",
      "private(set) var count = 0", "nonisolated(unsafe) var cache = 0",
      "@objc dynamic var name = \"\"", "override var isEnabled: Bool",
      "let total = items.count", "var isOn = false", "private func go() {}",
      "@MainActor func load() async", "enum Tab { case browse, search }",
      "struct Row: View {", "final class Store {", "actor Counter {", "extension Row {",
      "mutating func reset() {", "convenience init() {",
    ] {
      #expect(ReviewSession.declares(line), "\(line)")
    }
    for line in [
      "Text(\"var\")", "count += 1", ".sheet(isPresented: $shows) { Sheet() }", "}",
      "letter = 1", "VStack {", "enumerated.count", "actors.first",
    ] {
      #expect(!ReviewSession.declares(line), "\(line)")
    }
  }

  @Test("reads a paste readline took whole as its lines: its empty lines are the code's")
  func bracketedPaste() throws {
    let deck = Self.counterDeck
    let paste =
      "@State private var count = 0\n\nvar body: some View {\n\n    Button(\"Tap\") { count += 1 }\n}\n"
    let result = try SessionHarness().run(
      [], lines: [paste, "", "5"], interactive: true, deck: deck)
    #expect(result.out.contains("Your attempt: Same as the card's code."), "\(result.out)")
    #expect(result.out.contains("Grades: 5 ×1."), "\(result.out)")
    // Lines ended as Windows ends them are the same lines; a paste of empty lines is one.
    let crlf = try SessionHarness().run(
      [], lines: [paste.replacing("\n", with: "\r\n"), "", "5"], interactive: true, deck: deck)
    #expect(crlf.out.contains("Your attempt: Same as the card's code."), "\(crlf.out)")
    let empty = try SessionHarness().run(
      [], lines: ["\n\n", "3"], interactive: true, deck: deck)
    #expect(empty.out.contains("Grades: 3 ×1."), "\(empty.out)")
    // A paste that leaves a brace open still waits for the rest.
    let open = try SessionHarness().run(
      [], lines: ["var body: some View {\n\n", "Button(\"Tap\") { count += 1 }", "}", "", "5"],
      interactive: true, deck: deck)
    #expect(open.out.contains("Button(\"Tap\")"), "\(open.out)")
    #expect(!open.out.contains("is not a grade"), "\(open.out)")
  }

  @Test("keeps an empty line with more already waiting behind it: a paste typed as keys")
  func pasteTypedAsKeys() throws {
    let lines = ["let pots = 3", "", "struct Planter {}", "", "", "5"]
    let typed = try SessionHarness().run([], lines: lines, interactive: true)
    #expect(typed.out.contains("is not a grade"), "\(typed.out)")
    let pasted = try SessionHarness().run([], lines: lines, interactive: true, pasted: true)
    #expect(!pasted.out.contains("is not a grade"), "\(pasted.out)")
    #expect(pasted.out.contains("Grades: 5 ×1."), "\(pasted.out)")
  }
}
