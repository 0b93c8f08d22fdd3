import Testing

@testable import CardDeck

@Suite("Control characters")
struct ControlCharactersTests {
  @Test("the byte test agrees with the character test, on random text of risky characters")
  func byteTest() {
    let pieces: [String] = [
      "a", "·", "…", "é", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{A0}", "\u{202E}", "\u{2028}",
      "\u{2066}", "\u{2069}", "\u{206A}", "\u{2030}", "\t", "\n", "\r", "\u{0}", "🙂",
    ]
    var state: UInt64 = 7
    for _ in 0..<5_000 {
      var text = ""
      for _ in 0..<6 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text += pieces[Int(state >> 33) % pieces.count]
      }
      let expected = text.unicodeScalars.contains {
        ControlCharacters.isControl($0) && $0 != "\n" && $0 != "\r"
      }
      #expect(
        ControlCharacters.mayContain(Array(text.utf8)) == expected, "\(text.debugDescription)")
      #expect(
        !ControlCharacters.visible(text).unicodeScalars.contains(where: ControlCharacters.isControl)
      )
    }
  }

  @Test("shows C0 as control pictures, DEL as ␡, and C1 and bidirectional controls by their code")
  func visible() {
    #expect(ControlCharacters.visible("a\u{1B}[2J\u{7}") == "a␛[2J␇")
    #expect(ControlCharacters.visible("\u{7F}\u{9B}\u{202E}x\ty") == "␡\\u{9B}\\u{202E}x\ty")
  }
}
