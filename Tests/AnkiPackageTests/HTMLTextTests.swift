import CardDeck
import ReviewStorage
import Scheduler
import Testing

@testable import AnkiPackage

@Suite("Anki field HTML as deck text")
struct HTMLTextTests {
  @Test("decodes named and numeric entities")
  func entities() {
    #expect(
      HTMLText("a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#x27; &nbsp;e &bogus; &").blocks == [
        .text("a <b> & \"c\" 'd' e &bogus; &")
      ])
  }

  @Test("<br>, <div> and <p> end lines; other tags are dropped")
  func lines() {
    #expect(
      HTMLText("one<br>two<div>three</div><p><b>four</b> <i>five</i></p>").blocks == [
        .text("one"), .text("two"), .text("three"), .text("four five"),
      ])
  }

  @Test("<pre> is a code block, its line ends and entities kept")
  func preformatted() {
    #expect(
      HTMLText("Look:<pre><code>if a &lt; b {\n  go()\n}</code></pre>after").blocks == [
        .text("Look:"), .code("if a < b {\n  go()\n}"), .text("after"),
      ])
  }

  @Test("a <code> over lines is a block, a short one stays inline in backquotes")
  func code() {
    #expect(HTMLText("Use <code>let</code> here").blocks == [.text("Use `let` here")])
    #expect(HTMLText("<code>a<br>b</code>").blocks == [.code("a\nb")])
    #expect(HTMLText("<code class=\"x\">a &amp; b</code >!").blocks == [.text("`a & b`!")])
  }

  @Test("images and sounds stay as text and are listed as media")
  func media() {
    let text = HTMLText("<img src=\"cat.jpg\"> [sound:meow.mp3]")
    #expect(text.blocks == [.text("[image: cat.jpg] [sound:meow.mp3]")])
    #expect(text.media == ["cat.jpg", "meow.mp3"])
  }

  @Test("plain text and clozes agree with the simplest search on random fields", arguments: 0..<4)
  func agreesWithReference(_ seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    for _ in 0..<2_000 {
      let html = HostileInputTests.text(&random)
      #expect(HTMLText.plain(html) == referencePlain(html), "\(html.debugDescription)")
      let number = Int.random(in: 1...3, using: &random)
      let cloze = Cloze(html, number: number)
      let reference = referenceCloze(html, number: number)
      #expect(cloze.question == reference.question, "\(html.debugDescription)")
      #expect(cloze.answers == reference.answers, "\(html.debugDescription)")
    }
  }

  /// Pieces of Anki field HTML, for fields the byte reading and the Characters must read alike:
  /// none puts a combining mark after an ASCII character (where they differ, on purpose).
  static let htmlPieces =
    HostileInputTests.pieces + [
      "<pre>", "<PRE class='x'>", "</pre >", "<code class=\"swift\">", "</CODE>", "<br/>",
      "<br />", "<p>", "</p>", "<DIV>", "<li>", "<tr>", "<h1>", "<h3>", "<b>", "</i>",
      "<img src='a b.png'>", "<img SRC=x.jpg/>", "<img alt=\"y\">", "&lt;", "&gt;", "&quot;",
      "&nbsp;", "&hellip;", "&#65;", "&#x41;", "&#X1F600;", "&#+66;", "&bogus;", "&amp",
      "[sound:a.mp3]", "[sound:", "\t", "  ", "\n\n", "e\u{301}", "한", "ü", "·", "x", "42",
      "&#13;", "&#x0D;", "&#10;", "&#x1b;", "&#9;", "&#x202E;", "&#133;",
    ]

  static func html(_ random: inout SeededGenerator) -> String {
    (0..<Int.random(in: 0...60, using: &random)).map { _ in
      htmlPieces.randomElement(using: &random)!
    }.joined()
  }

  @Test(
    "read by bytes, random fields give the blocks and media the Characters gave", arguments: 0..<8)
  func agreesWithCharacters(_ seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    for _ in 0..<3_000 {
      let html = Self.html(&random)
      let bytes = HTMLText(html)
      let characters = CharacterHTMLText(html)
      #expect(bytes.blocks == characters.blocks, "\(html.debugDescription)")
      #expect(bytes.media == characters.media, "\(html.debugDescription)")
      #expect(HTMLText.plain(html) == CharacterHTMLText.plain(html), "\(html.debugDescription)")
    }
  }

  @Test("an entity's control character is made harmless as a field's own: CR a line end")
  func controlEntities() {
    #expect(HTMLText("line one&#13;<br>line two").blocks == [.text("line one"), .text("line two")])
    #expect(HTMLText("one&#13;two").blocks == [.text("one"), .text("two")])
    // "&#13;" and a line end after it are one line end, in code as in "\r\n".
    #expect(HTMLText("<pre>a&#13;\nb&#x0d;c&#10;d</pre>").blocks == [.code("a\nb\nc\nd")])
    #expect(HTMLText("red &#27;[31m text &#x202E;").blocks == [.text("red ␛[31m text \\u{202E}")])
    #expect(HTMLText("a&#9;b").blocks == [.text("a b")])
    #expect(HTMLText.plain("<code>x&#13;</code>") == "x\n")
    for html in ["&#13;", "&#27;", "&#x7f;", "&#133;", "&#x2066;"] {
      for block in HTMLText("a\(html)b").blocks {
        guard case .text(let text) = block else { continue }
        #expect(!text.unicodeScalars.contains { ControlCharacters.isControl($0) || $0 == "\r" })
      }
    }
  }

  @Test("a combining mark after a tag is text after the tag: HTML reads code points")
  func combiningMarkAfterTag() {
    // Read by Characters, ">" and the mark were one character, and the tag was no tag.
    #expect(HTMLText("<b>\u{301}x</b>").blocks == [.text("\u{301}x")])
    #expect(CharacterHTMLText("<b>\u{301}x</b>").blocks != [.text("\u{301}x")])
    #expect(HTMLText("a&amp;\u{301}b").blocks == [.text("a&\u{301}b")])
  }

  @Test("a field of 100,000 '<' is text, read once (it used to be read again for each '<')")
  func manyOpenings() {
    let field = String(repeating: "<", count: 100_000)
    #expect(HTMLText(field).blocks == [.text(field)])
    #expect(HTMLText.plain(field) == field)
    #expect(HTMLText.plain("<b>x</b>" + field) == "x" + field)
  }

  @Test("20,000 unclosed deletions are text, read once; one closed at the end is one deletion")
  func manyDeletions() {
    let text = String(repeating: "{{c1::", count: 20_000)
    let open = Cloze(text, number: 1)
    #expect(open.question == text && open.revealed == text)
    #expect(open.answers.isEmpty)
    let closed = Cloze(text + "}}", number: 1)
    #expect(closed.answers.count == 1)
  }
}
