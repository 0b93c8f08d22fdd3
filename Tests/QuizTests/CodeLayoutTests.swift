import CardDeck
import Testing

@testable import QuizApp

@Suite("Laying out one-line code")
struct CodeLayoutTests {
  @Test(
    "puts a block's statements one to a line, a closure's parameters and what follows a brace kept with it"
  )
  func alert() {
    let code =
      #".alert("Remove?", item: $song) { song in Button("Remove", role: .destructive) { queue.remove(song) }; Button("Keep", role: .cancel) { } } message: { song in Text(song.title) }"#
    #expect(
      CodeLayout.laidOut(code) == """
        .alert("Remove?", item: $song) { song in
            Button("Remove", role: .destructive) {
                queue.remove(song)
            }
            Button("Keep", role: .cancel) { }
        } message: { song in
            Text(song.title)
        }
        """)
  }

  @Test("puts a call's modifiers one to a line below it, a block they open indented under them")
  func modifiers() {
    #expect(
      CodeLayout.laidOut(
        ".popover(isPresented: $shows) { Slider(value: $level).padding().presentationCompactAdaptation(.none); Text(a).bold() }"
      ) == """
        .popover(isPresented: $shows) {
            Slider(value: $level)
                .padding()
                .presentationCompactAdaptation(.none)
            Text(a)
                .bold()
        }
        """)
    #expect(
      CodeLayout.laidOut("List { Row(a).sheet(item: $b) { Detail(b: $0) } }") == """
        List {
            Row(a)
                .sheet(item: $b) {
                    Detail(b: $0)
                }
        }
        """)
    // Not inside brackets, nor after a name: `Color.red`, `$0.title`.
    #expect(
      CodeLayout.laidOut("VStack { Color.red.overlay(Text(a).bold()) }") == """
        VStack {
            Color.red.overlay(Text(a).bold())
        }
        """)
  }

  @Test("keeps a modifier, a closing parenthesis and else on the closing brace's line")
  func continuations() {
    #expect(
      CodeLayout.laidOut("VStack { Text(a); Text(b) }.padding()") == """
        VStack {
            Text(a)
            Text(b)
        }.padding()
        """)
    #expect(
      CodeLayout.laidOut("if let id { Detail(id: id) } else { Placeholder() }") == """
        if let id {
            Detail(id: id)
        } else {
            Placeholder()
        }
        """)
    #expect(
      CodeLayout.laidOut("withAnimation(.spring) { isOpen = true }") == """
        withAnimation(.spring) {
            isOpen = true
        }
        """)
  }

  @Test(
    "leaves braces and semicolons inside strings and comments, code with lines and code with no block as they are"
  )
  func untouched() {
    #expect(CodeLayout.laidOut(#"Text("{ a; b }")"#) == #"Text("{ a; b }")"#)
    #expect(CodeLayout.laidOut("path = []") == "path = []")
    let lines = "List {\n  Text(a) }"
    #expect(CodeLayout.laidOut(lines) == lines)
    // A regex literal, which the lexer does not read, and a line past a screen's worth or
    // deeper than a person writes (an adversarial review's: 35 KB gave 150 MB) are kept.
    #expect(CodeLayout.laidOut(#"let r = /\d{3}/; f(r)"#) == #"let r = /\d{3}/; f(r)"#)
    let deep = String(repeating: "g { ", count: 20) + "x" + String(repeating: " }", count: 20)
    #expect(CodeLayout.laidOut(deep) == deep)
    let long = "VStack { " + String(repeating: "Text(a); ", count: 300) + "}"
    #expect(CodeLayout.laidOut(long) == long)
  }

  @Test("keeps comments, and a closure's capture list and typed parameters on its opening line")
  func commentsAndSignatures() {
    #expect(
      CodeLayout.laidOut("VStack { Text(a) /* title */; Text(b) } // two rows") == """
        VStack {
            Text(a) /* title */
            Text(b)
        } // two rows
        """)
    #expect(
      CodeLayout.laidOut(
        "load { [weak self] (items: [Item]) -> Void in self?.show(items); done() }")
          == """
          load { [weak self] (items: [Item]) -> Void in
              self?.show(items)
              done()
          }
          """)
  }

  @Test(
    "keeps every significant token in order",
    arguments: [
      "NavigationSplitView { List(books, selection: $id) { Text($0.title) } } detail: { if let id { BookDetail(id: id) } else { ContentUnavailableView(\"None\", systemImage: \"book\") } }",
      ".toolbar { ToolbarItem(placement: .primaryAction) { Button(\"Add\") { add() } }; ToolbarSpacer(.fixed) }",
      "{ (a, b) in a < b }",
    ])
  func tokensKept(code: String) {
    func significant(_ text: String) -> [String] {
      SwiftLexer.tokens(in: text).filter(\.isSignificant).map { String(text[$0.range]) }
        .filter { $0 != ";" }
    }
    #expect(significant(CodeLayout.laidOut(code)) == significant(code))
  }

  static let deck = """
    # Alerts

    ## Syntax · Alerts · remove-song
    also: .alert("Remove Song?", item: $songToRemove) { song in Button("Remove", role: .destructive) { queue.remove(song) }; Button("Keep", role: .cancel) { } } message: { song in Text("It leaves the queue.") }
    also: .alert("Remove?", isPresented: $isRemoving) { }
    Ask before removing a song from the queue.

    ---

    ```swift
    .confirmationDialog("Remove Song?", isPresented: $isRemoving) {
        Button("Remove", role: .destructive) { queue.remove(song) }
    }
    ```

    The dialog asks first.
    """

  @Test("shows a long also: answer laid out on the answer screen and a short one as written")
  func answerScreen() throws {
    let (deck, diagnostics) = NativeDeckParser(deckName: "alerts").parse(
      SourceText(Self.deck, path: "alerts.md"))
    #expect(diagnostics.isEmpty)
    let card = try #require(deck.cards.first)
    let answer = CardPresenter(style: Style(usesColor: false), width: 80).answer(card)
    let also = answer.components(separatedBy: "Also right:\n").last ?? ""
    #expect(
      also.hasPrefix(
        """
            .alert("Remove Song?", item: $songToRemove) { song in
                Button("Remove", role: .destructive) {
        """))
    #expect(also.contains("\n    } message: { song in\n"))
    #expect(also.contains(#"    .alert("Remove?", isPresented: $isRemoving) { }"#))
    let wide = CardPresenter(style: Style(usesColor: false), width: 240).answer(card)
    #expect(
      wide.contains(#"{ song in Button("Remove", role: .destructive) { queue.remove(song) };"#))
  }
}
