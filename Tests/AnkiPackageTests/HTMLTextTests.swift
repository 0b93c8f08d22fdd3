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
