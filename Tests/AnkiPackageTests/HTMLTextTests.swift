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
}
