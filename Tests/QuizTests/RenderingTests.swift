import AnswerJudging
import CardDeck
import CommandLineKit
import Testing

@testable import QuizApp

@Suite("Rendering")
struct RenderingTests {
  @Test("colours keywords, strings, comments, attributes and numbers, and nothing without colour")
  func highlight() {
    let code = "@Model let x = \"s\" // c\nvar y = 2"
    #expect(Style(usesColor: false).highlight(code) == code)
    let coloured = Style(usesColor: true).highlight(code)
    #expect(coloured.contains("\u{1B}[36m@Model\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[35mlet\u{1B}[0m"))
    // Strings in green and attributes in cyan: red and yellow are the comparison's colours
    // for the card's side of a difference and for yours.
    #expect(coloured.contains("\u{1B}[32m\"s\"\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[2;3m// c\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[34m2\u{1B}[0m"))
  }

  static let longCode = """
    struct InboxModel {
        var selectedID: Message.ID?                       // what the detail column shows, and more words
        func open(_ id: Message.ID) { selectedID = id; attachments = []; path.append(Attachment(name: "a long name of a file")) }
    }
    """

  @Test(
    "wraps a code line wider than the width between tokens, under its indentation and four spaces more",
    arguments: [40, 60, 80], [false, true])
  func wrappedCode(width: Int, color: Bool) {
    let lines = Style(usesColor: color).highlightedLines(Self.longCode, width: width)
    let shown = lines.map(Self.visible)
    #expect(shown.allSatisfy { $0.count <= width }, "\(shown)")
    #expect(shown.count > 4)
    // Only white space where a line breaks is left out, and a comment's continuations say
    // `//`: every token is there, in order.
    #expect(
      shown.joined().replacing("//", with: "").filter { !$0.isWhitespace }
        == Self.longCode.replacing("//", with: "").filter { !$0.isWhitespace })
    let original = Self.longCode.split(separator: "\n")
    #expect(shown.first == String(original[0]))
    for line in shown where !original.contains(Substring(line)) {
      #expect(line.hasPrefix("    "), "\(line)")
    }
    if color {
      // The comment, wherever its words land, is coloured as a comment.
      for line in lines where ["column", "words"].contains(where: Self.visible(line).contains) {
        #expect(line.contains("\u{1B}[2;3m"), "\(line)")
      }
    }
  }

  @Test("keeps a trailing comment's start on its code line, each continuation marked //")
  func wrappedComment() {
    let code = "let limit = 20  // new cards a day, the same as Anki's default for a fresh deck"
    let lines = Style(usesColor: false).highlightedLines(code, width: 60)
    #expect(lines.count == 2, "\(lines)")
    #expect(lines[0].hasPrefix("let limit = 20  // new cards"), "\(lines)")
    #expect(lines[1].drop(while: { $0 == " " }).hasPrefix("// "), "\(lines)")
  }

  @Test("breaks a long line after an argument where it can, keeping a label with its value")
  func wrappedAtArguments() {
    let code =
      ".alert(\"Remove Song?\", isPresented: $isRemoving, presenting: songToRemove) { song in"
    let lines = Style(usesColor: false).highlightedLines(code, width: 80)
    #expect(
      lines == [
        ".alert(\"Remove Song?\", isPresented: $isRemoving,",
        "    presenting: songToRemove) { song in",
      ],
      "\(lines)")
    // No comma far enough along: the last white space that fits, as before.
    let call = "someRatherLongFunctionName(argument: valueNumberOne) + anotherValue + more + more"
    #expect(Style(usesColor: false).highlightedLines(call, width: 80).count == 2)
  }

  @Test(
    "counts a tab as four columns and a wide character as two when it wraps code",
    arguments: [30, 50, 80])
  func wideCode(width: Int) {
    let code =
      "\tlet title = \"日本語のとても長いタイトルの文字列で折り返しが要る\" // 注釈も長い\n"
      + "\t\tButton(\"Delete\", role: .destructive) { model.deleteEverythingAndStartAgain() }"
    let lines = Style(usesColor: false).highlightedLines(code, width: width)
    #expect(
      lines.allSatisfy { Style.columns(Substring($0)) <= width && !$0.contains("\t") }, "\(lines)")
    #expect(
      lines.joined().replacing("//", with: "").filter { !$0.isWhitespace }
        == code.replacing("//", with: "").filter { !$0.isWhitespace })
    #expect(lines[0].hasPrefix("    let title"))
    #expect(!lines.contains { $0.hasSuffix("//") || $0.hasSuffix("// ") }, "\(lines)")
  }

  @Test("keeps code that fits as it is, and colours it as highlight does")
  func codeThatFits() {
    let code = "@Model let x = \"s\" // c\nvar y = 2"
    #expect(
      Style(usesColor: false).highlightedLines(code, width: 80)
        == code.split(separator: "\n").map(String.init))
    #expect(
      Style(usesColor: true).highlightedLines(code, width: 80).joined(separator: "\n")
        == Style(usesColor: true).highlight(code))
  }

  @Test("shows Markdown code spans in bold without backquotes on a terminal, as written without")
  func inlineMarkdown() {
    let coloured = Style(usesColor: true)
    #expect(
      coloured.inlineMarkdown("Use `.sheet(item:)` here")
        == "Use \u{1B}[1m.sheet(item:)\u{1B}[0m here")
    #expect(coloured.inlineMarkdown("an odd ` quote") == "an odd ` quote")
    #expect(coloured.headingText("Conform to `Identifiable`") == "Conform to Identifiable")
    #expect(
      coloured.inlineMarkdown("a **strong** word, `a*b` and 2 * 3")
        == "a \u{1B}[1mstrong\u{1B}[0m word, \u{1B}[1ma*b\u{1B}[0m and 2 * 3")
    #expect(coloured.inlineMarkdown("an open **mark") == "an open **mark")
    let plain = Style(usesColor: false)
    #expect(plain.inlineMarkdown("Use `.sheet` here") == "Use `.sheet` here")
    #expect(plain.inlineMarkdown("a **strong** word") == "a **strong** word")
    #expect(plain.headingText("Conform to `Identifiable`") == "Conform to `Identifiable`")
  }

  @Test("wraps prose at spaces to the width, keeping an indent and existing line breaks")
  func wrap() {
    let wrapped = TextWrapper(width: 24).wrap(
      "one two three four five six seven eight\nnine", indent: "  ")
    #expect(wrapped == "  one two three four\n  five six seven eight\n  nine")
    #expect(wrapped.split(separator: "\n").allSatisfy { $0.count <= 24 })
  }

  @Test("lists below the headline only what it does not say, whichever finding it names")
  func findingsBesideHeadline() {
    let judge = AnswerJudge(
      code: "TabView {\n    Tab(\"Library\", systemImage: \"books\") { Library() }\n"
        + "    Tab(role: .search) { Search() }\n}",
      hints: JudgingHints(essential: ["role:"], context: ["Tab", "TabView"]))
    let judgement = judge.judge(
      "TabView {\n    Library().tabItem { Label(\"Library\", systemImage: \"books\") }\n"
        + "    Search().tabItem { Label(\"Search\", systemImage: \"magnifyingglass\") }\n}")
    let text = CardPresenter(style: Style(usesColor: false), width: 100).comparison(judgement)
    let headline = "Your attempt: `.tabItem` is deprecated: use `Tab`."
    #expect(text.hasPrefix(headline), "\(text)")
    #expect(text.components(separatedBy: "is deprecated").count == 2, "\(text)")
    #expect(text.contains("· `systemImage:` where the card has `role:`"), "\(text)")
  }

  static let toolbar = """
    .toolbar {
        ToolbarItem(placement: .topBarTrailing) {
            Button("Edit") { isEditing.toggle() }
        }
        ToolbarItem(placement: .primaryAction) {
            Button("Add", systemImage: "plus") { addRecipe() }
        }
    }
    """

  private func comparison(_ attempt: String, code: String = toolbar, color: Bool, width: Int = 80)
    -> String
  {
    let judgement = AnswerJudge(code: code).judge(attempt)
    return CardPresenter(style: Style(usesColor: color), width: width).comparison(judgement)
  }

  @Test("without colour, lays the marks along the card's lines in [-card-]{+yours+} notation")
  func comparisonWithoutColour() {
    let text = comparison(
      ".toolbar { ToolbarItem(placement: .topBarTrailing) { EditButton() }; ToolbarItem(placement: .bottomBar) { Button(\"Add\") { add() } } }",
      color: false)
    // The suggestion is kept whole: on a line of its own where the reason's last has no room.
    #expect(
      text.hasPrefix(
        "Your attempt: `.bottomBar` where the card has `.primaryAction`.\nSuggested grade: 2.\n"))
    let wide = comparison(
      ".toolbar { ToolbarItem(placement: .bottomBar) { Button(\"Add\") { add() } } }",
      color: false, width: 100)
    #expect(wide.contains("`.primaryAction`. Suggested grade: 1.\n"), "\(wide)")
    #expect(text.contains("    ToolbarItem(placement: .[-primaryAction-]{+bottomBar+}) {"))
    #expect(!text.contains("topBarTrailing"))
    #expect(!text.contains("\u{1B}["))
    // The legend names the marks shown: a part missing is the card's alone, said so (a trial
    // read `[-…-]` under a legend of "[-the card's-] {+yours+}" as replaced).
    #expect(text.contains("marked ([-the card's-]{+yours+}):"), "\(text)")
    let missing = comparison(
      ".presentationDetents([.medium])", code: "Text(\"x\").presentationDetents([.medium, .large])",
      color: false)
    #expect(missing.contains("The card's code, marked ([-missing-]):"), "\(missing)")
    #expect(missing.contains("[-.large-]") || missing.contains("[-large-]"), "\(missing)")
  }

  @Test("marks missing tokens with nothing between them as one run")
  func missingRun() {
    let judgement = AnswerJudge(code: "Button(\"Back\") {\n    path.removeLast(path.count)\n}")
      .judge("Button(\"Back\") {\n    path.removeLast()\n}")
    let text = CardPresenter(style: Style(usesColor: false), width: 80).comparison(judgement)
    // Read as the attempt, the line is `path.removeLast()`: the name is the card's.
    #expect(text.contains("    path.removeLast([-path.count-])"), "\(text)")
    // Runs end at a line's end: a missing token at the start of the next is its own.
    var split = judgement
    split.code = "path\ncount"
    split.marks = [0: .missing, 1: .missing]
    let marked = CardPresenter(style: Style(usesColor: false), width: 80).comparison(split)
    #expect(marked.contains("    [-path-]\n    [-count-]"), "\(marked)")
  }

  @Test(
    "lays the grade legend on one line where it fits, else the wrong grades above the right",
    arguments: [60, 80, 120, 140])
  func gradeLegend(width: Int) {
    let lines = ReviewSession.legend(width: width).split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= width })
    #expect(!lines.contains { $0.hasPrefix("5 perfect") })
    if width >= 122 {
      #expect(lines.count == 1)
    } else if width >= 62 {
      #expect(lines.count == 2 && lines[0].hasSuffix("easy once seen"))
    } else {
      #expect(lines.count >= 2)
    }
  }

  @Test("marks another label on the label alone, before the card's colon")
  func wrongLabelMark() {
    let text = comparison(
      ".sheet(isPresented: $editing) { Editor() }",
      code: ".sheet(item: $editing) { Editor(book: $0) }",
      color: false)
    #expect(text.contains("[-item-]{+isPresented+}: $editing"), "\(text)")
    #expect(!text.contains("::"))
  }

  @Test(
    "says after the line that the attempt has a part elsewhere, with colour and without",
    arguments: [true, false])
  func misplacedNote(color: Bool) {
    let code =
      "NavigationStack {\n    List(items) { Text($0) }\n        .searchable(text: $query)\n}"
    let text = comparison(
      "NavigationStack { List(items) { Text($0).searchable(text: $query) } }", code: code,
      color: color)
    #expect(text.contains("yours has it elsewhere"), "\(text)")
    #expect(!text.contains("(elsewhere)") && !text.contains("{+elsewhere+}"))
    if !color { #expect(text.contains(".[-searchable-](text: $query)  ← yours has it elsewhere")) }
  }

  @Test("wraps an explanation by the columns it shows: in colour, code spans without backticks")
  func explanationColumns() throws {
    let explanation =
      "Use `searchable(text:)` with `searchSuggestions` and `searchCompletion(_:)` on each row, and `onSubmit(of:)` for `.search` submissions."
    let deck =
      "# Search\n\n## Syntax · Search · suggest\nSuggest searches.\n\n---\n\n```swift\nText(a)\n```\n\n"
      + explanation + "\n"
    let (parsed, diagnostics) = NativeDeckParser(deckName: "search").parse(
      SourceText(deck, path: "search.md"))
    #expect(diagnostics.isEmpty)
    let card = try #require(parsed.cards.first)
    let coloured = CardPresenter(style: Style(usesColor: true), width: 50).answer(card)
    let shown = Self.visible(coloured).split(separator: "\n").map(String.init)
    let expected = TextWrapper(width: 50).wrap(explanation.replacing("`", with: ""))
      .split(separator: "\n").map(String.init)
    #expect(shown.contains(expected[0]) && shown.contains(expected[1]), "\(shown)")
    #expect(shown.allSatisfy { $0.count <= 50 })
  }

  @Test(
    "shows a source's code without backticks in colour, as the explanation does, and with them in plain text"
  )
  func sourceBackticks() {
    let source = "Apple, `Tab` init(role:content:)"
    let coloured = CardPresenter(style: Style(usesColor: true), width: 80).sourceLine(source)
    #expect(!coloured.contains("`") && coloured.contains("Apple, Tab init(role:content:)"))
    let plain = CardPresenter(style: Style(usesColor: false), width: 80).sourceLine(source)
    #expect(plain == "Source: Apple, `Tab` init(role:content:)")
  }

  @Test("with colour, colours only what is wrong or missing, without brackets")
  func comparisonWithColour() {
    let text = comparison(
      ".presentationDetents([.medium])", code: "Text(\"x\").presentationDetents([.medium, .large])",
      color: true)
    #expect(text.contains(Style(usesColor: true).apply(.missing, "large")))
    #expect(!text.contains("[-"))
    #expect(!text.contains(Style(usesColor: true).apply(.missing, "medium")))
    // The legend, in the marks' colours: which side of an arrow is whose, a typo's too; on a
    // narrow terminal on a line of its own, coloured still.
    let style = Style(usesColor: true)
    let narrow = comparison(
      ".presentationDetents([.medium])", code: "Text(\"x\").presentationDetents([.medium, .large])",
      color: true, width: 40)
    let both = comparison(
      ".presentationDetents([.small])", code: "Text(\"x\").presentationDetents([.medium, .large])",
      color: true, width: 40)
    #expect(
      both.contains(
        "The card's code, marked\n(" + style.apply(.bad, "the card's") + style.apply(.dim, "→")
          + style.apply(.warn, "yours") + ", " + style.apply(.missing, "missing") + "):"),
      "\(both)")
    #expect(narrow.contains("The card's code, marked (" + style.apply(.missing, "missing") + "):"))
    let typo = comparison(
      ".presentationDetent([.medium, .large])",
      code: "Text(\"x\").presentationDetents([.medium, .large])", color: true)
    // Only the marks shown: a typo has nothing missing (a trial read the legend's "missing" as
    // something left out).
    #expect(
      typo.contains(
        "The card's code, marked (" + style.apply(.bad, "the card's") + style.apply(.dim, "→")
          + style.apply(.warn, "yours") + "):"), "\(typo)")
    #expect(
      typo.contains(
        style.apply(.bad, "presentationDetents") + style.apply(.dim, "→")
          + style.apply(.warn, "presentationDetent")), "\(typo)")
    #expect(
      text.contains("The card's code, marked (" + style.apply(.missing, "missing") + "):"),
      "\(text)")
  }

  @Test("says the reason once, however a key path is written in the finding behind it")
  func reasonOnce() {
    // A trial: "`\\.presentationMode` is deprecated" headline, and the same as a bullet.
    let code = """
      @Environment(\\.dismiss) private var dismiss

      Button(role: .close) { dismiss() }
      """
    let text = comparison(
      "@Environment(\\.presentationMode) var presentationMode\nButton(role: .close) { presentationMode.wrappedValue.dismiss() }",
      code: code, color: false)
    #expect(text.contains("is deprecated"), "\(text)")
    #expect(text.ranges(of: "is deprecated").count == 1, "\(text)")
  }

  @Test("does not list again the finding a reason says with more after it")
  func reasonWithMore() {
    // Tried in tmux: "Missing `step:`, which the question asks for." and "· missing `step:`".
    let code = "Stepper(\"Break\", value: $minutes, in: 5...60, step: 5)"
    let judgement = AnswerJudge(code: code, question: "A stepper that moves in steps of 5.")
      .judge("Stepper(\"Break\", value: $minutes, in: 5...60)")
    #expect(judgement.reason == "Missing `step:`, which the question asks for.")
    let text = CardPresenter(style: Style(usesColor: false), width: 80).comparison(judgement)
    #expect(!text.contains("· missing `step:`"), "\(text)")
  }

  @Test("shows renamed placeholders as accepted, not as errors")
  func comparisonAccepted() {
    let text = comparison(
      ".sheet(item: $chosen) { r in DetailView(recipe: r) }",
      code: ".sheet(item: $selectedRecipe) { recipe in\n    RecipeDetail(recipe: recipe)\n}",
      color: false)
    #expect(text.contains("Same API as the card, with names of your own."))
    #expect(
      text.contains("Your own names, accepted: `$chosen` for `$selectedRecipe`, `r` for `recipe`"))
    #expect(!text.contains("[-"))
  }

  @Test(
    "lists the other findings with a dot, their later lines under the text", arguments: [40, 80])
  func findingsHang(width: Int) throws {
    let text = comparison(
      "@Environment(\\.isPresented) private var isPresented; Button(\"Done\") { isPresented = false }",
      code: "@Environment(\\.dismiss) private var dismiss\nButton(\"Done\") { dismiss() }",
      color: false, width: width)
    let lines = text.split(separator: "\n")
    let dot = try #require(lines.firstIndex { $0.hasPrefix("  · ") }, "\(text)")
    #expect(lines[dot].contains("isPresented"))
    // The finding is longer than the width: what follows the dot's line is indented to its text.
    #expect(lines[dot + 1].hasPrefix("    ") && !lines[dot + 1].hasPrefix("     "), "\(text)")
    for line in lines { #expect(line.count <= width, "\(text)") }
  }

  @Test(
    "wraps the names accepted by the columns they show, a code span's backticks taking none",
    arguments: [false, true])
  func acceptedNamesFillTheWidth(color: Bool) throws {
    let text = comparison(
      ".sheet(item: $chosenRecipeForDetails) { selectedRecipeValue in RecipeDetailScreen(recipe: selectedRecipeValue) }",
      code: ".sheet(item: $selectedRecipe) { recipe in\n    RecipeDetail(recipe: recipe)\n}",
      color: color, width: 70)
    let lines = Self.visible(text).split(separator: "\n")
    let first = try #require(lines.firstIndex { $0.hasPrefix("Your own names") }, "\(text)")
    let names = lines[first...]
    #expect(names.count > 1, "\(text)")
    for (line, next) in zip(names, names.dropFirst()) {
      #expect(line.count <= 70, "\(text)")
      // Greedy: the next line's first word would not have fitted after this one.
      let word = next.split(separator: " ").first ?? ""
      #expect(line.count + 1 + word.count > 70, "\(text)")
    }
  }

  /// `text` without its ANSI escape sequences: what takes columns on a terminal.
  static func visible(_ text: some StringProtocol) -> String {
    var out = ""
    var inEscape = false
    for character in text {
      if character == "\u{1B}" {
        inEscape = true
      } else if inEscape {
        if character.isLetter { inEscape = false }
      } else {
        out.append(character)
      }
    }
    return out
  }

  @Test(
    "fits the comparison to the terminal's width, escape codes taking no columns",
    arguments: [40, 80, 120], [false, true])
  func comparisonFits(width: Int, color: Bool) {
    let code =
      ".alert(\"Delete this order and everything in it?\", isPresented: $confirmingDelete, presenting: order) { order in Button(\"Delete\", role: .destructive) { } }"
    let text = comparison(
      ".alert(\"Delete?\", isPresented: $c) { Button(\"Delete\") { } }", code: code, color: color,
      width: width)
    #expect(text.contains("[-") != color)
    for line in text.split(separator: "\n") {
      #expect(Self.visible(line).count <= width, "\(text)")
    }
  }

  @Test("wraps what interviewers listen for with its label, within the width", arguments: [60, 80])
  func listenFor(width: Int) throws {
    let deck = """
      # D

      ## Interview · Design · i-card
      Design a thing.

      ---

      Do it well.

      Listen for: a long list of things that an interviewer wants to hear about, at some length, so that it wraps more than once on a narrow terminal.

      Source: experience
      """
    let card = try #require(
      NativeDeckParser(deckName: "d").parse(SourceText(deck, path: "d.md")).deck.cards.first)
    let text = CardPresenter(style: Style(usesColor: false), width: width).answer(card)
    #expect(text.contains("What interviewers listen for: a long list"))
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= width })
  }

  @Test(
    "shows position and progress in the header, narrowing the bar to fit the width",
    arguments: [100, 60, 30])
  func header(width: Int) throws {
    let card = try #require(
      NativeDeckParser(deckName: "d").parse(
        SourceText("# D\n\n## Trick · Sheets · a-card\nQ?\n---\nA.\n", path: "d.md")
      )
      .deck.cards.first)
    let line = CardPresenter(style: Style(usesColor: false), width: width).header(
      for: card, position: 3, total: 4)
    #expect(line.hasPrefix("[3/4] "))
    #expect(line.hasSuffix("Sheets · trick · a-card"))
    #expect(line.count <= max(width, 30))
    if width == 100 { #expect(line.contains("██████████░░░░░░░░░░")) }
  }

  @Test("parses the session's commands, and only at the start of a line")
  func commands() {
    #expect(SessionCommand.parse(" :undo ") == .command(.undo))
    #expect(SessionCommand.parse(":q") == .command(.quit))
    #expect(SessionCommand.parse(":nope") == .unknown(":nope"))
    #expect(SessionCommand.parse("a :quit") == nil)
  }
}
