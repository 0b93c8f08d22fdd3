import Testing

@testable import CardDeck

@Suite("Derived card ids")
struct CardIDTests {
  /// Pieces of white space and of text that change what white space is next to them: every
  /// white space Character below U+0300, CR LF, marks that join a space into one Character,
  /// the line and paragraph separators, and text.
  private static let pieces = [
    "a", "Sheet", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}",
    "\u{301}", " \u{301}", "\u{2028}", "\u{3000}", "é", "e\u{301}", "\u{C2}", "·", "—", "🇫🇷",
    "\u{1F}", "x", "“", "”", "‘", "’", "…", "–", "\u{2009}", "\u{200D}", "\u{205F}", "\u{2060}",
    "\u{202F}", "\u{2029}", "“\u{301}", "—\u{200D}",
  ]

  /// The id as docs/deck-format.md specifies it, with white space folded a Character at a time.
  private static func modelID(deck: String, kind: CardKind, prompt: Prompt) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ bytes: some Sequence<UInt8>) {
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    }
    func folded(_ text: String) -> String {
      text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    add(deck.utf8)
    add([0x1F])
    add(kind.rawValue.utf8)
    add([0x1F])
    add(folded(prompt.text).utf8)
    add([0x1F])
    add(folded(prompt.code?.text ?? "").utf8)
    let digits = String(hash >> 32, radix: 16)
    return "\(kind.rawValue)-\(String(repeating: "0", count: 8 - digits.count))\(digits)"
  }

  @Test(
    "a derived id folds white space by bytes as splitting Characters folds it", arguments: 0..<600)
  func derivedAgreesWithModel(seed: Int) {
    var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func text() -> String {
      (0..<next(12)).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
    }
    let prompt = Prompt(text(), code: seed % 3 == 0 ? nil : CodeBlock(text()))
    let kind = CardKind.allCases[seed % CardKind.allCases.count]
    #expect(
      CardID.derived(deck: "lesson-7", kind: kind, prompt: prompt)
        == Self.modelID(deck: "lesson-7", kind: kind, prompt: prompt),
      "\(prompt.text.debugDescription) \(String(describing: prompt.code?.text.debugDescription))")
  }

  /// Runs of printable ASCII long enough to be fed eight bytes at a time, and some that end in
  /// a byte that is not (DEL, a control, a mark).
  private static let longPieces = [
    "NavigationStack", ".sheet(isPresented:", "abcdefgh", "abcdefg", "0123456789abcdef~",
    "x\u{7F}yyyyyyyy", "zzzzzzz\u{1F}", "wwwwwwwwwwwwwww\u{301}", "\"quoted-words\"",
    "a sheet on a phone held sideways", "Show a b c d e", "x  y  z", " lead and trail ",
    "a\u{7F} b\u{7F} c", "tab\tin prose here",
  ]

  @Test(
    "a derived id of long words and code folds white space as splitting Characters folds it",
    arguments: 0..<400)
  func derivedOfLongTextAgreesWithModel(seed: Int) {
    var generator = SplitMix64(state: UInt64(seed))
    func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    func text() -> String {
      (0..<next(40)).map { _ in
        next(3) == 0
          ? Self.pieces[next(Self.pieces.count)] : Self.longPieces[next(Self.longPieces.count)]
      }.joined()
    }
    let prompt = Prompt(text(), code: seed % 4 == 0 ? nil : CodeBlock(text()))
    let kind = CardKind.allCases[seed % CardKind.allCases.count]
    #expect(
      CardID.derived(deck: "lesson-7", kind: kind, prompt: prompt)
        == Self.modelID(deck: "lesson-7", kind: kind, prompt: prompt),
      "\(prompt.text.debugDescription) \(String(describing: prompt.code?.text.debugDescription))")
  }

  /// White space, and what is read next to it, as the bytes of a word of eight are: runs of
  /// spaces, tabs and line breaks, NBSP, U+0085, "\r", a mark that joins a space, curly quotes
  /// and controls, which are not white space.
  private static let gaps = [
    " ", "  ", "   ", "\t", "\n", "\n    ", " \t\n ", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}",
    " \u{A0} ", "\r", "\r\n", " \u{301}", "“", "” ", " ‘x’ ", "\u{1}", "\u{7F}", " \u{1F} ",
    "é ", "\u{2009}",
  ]

  @Test(
    "a derived id folds white space anywhere in a word of eight bytes as Characters fold it",
    arguments: gaps)
  func derivedAtEveryOffsetAgreesWithModel(gap: String) {
    for lead in 0..<17 {
      for middle in 0..<17 {
        let inner =
          String(repeating: "a", count: lead) + gap + String(repeating: "b", count: middle)
          + gap + "c"
        for text in [inner, gap + inner, inner + gap, gap + inner + gap + gap] {
          let prompt = Prompt(text, code: CodeBlock(text))
          #expect(
            CardID.derived(deck: "d", kind: .syntax, prompt: prompt)
              == Self.modelID(deck: "d", kind: .syntax, prompt: prompt), "\(text.debugDescription)")
        }
      }
    }
  }

  /// Words of one to twelve bytes and code, for texts of words and gaps.
  private static let words =
    (1...12).map { String("abcdefghijkl".prefix($0)) } + [
      "}", "Text(item.name)", ".sheet(isPresented:", "\"quoted\"",
    ]

  @Test(
    "a derived id of words and gaps folds white space as splitting Characters folds it",
    arguments: 0..<1000)
  func derivedOfWordsAndGapsAgreesWithModel(seed: Int) {
    var generator = SplitMix64(state: UInt64(seed) &+ 1000)
    func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    func text() -> String {
      (0..<next(30)).map { _ in
        next(2) == 0 ? Self.words[next(Self.words.count)] : Self.gaps[next(Self.gaps.count)]
      }.joined()
    }
    let prompt = Prompt(text(), code: seed % 4 == 0 ? nil : CodeBlock(text()))
    #expect(
      CardID.derived(deck: "lesson-7", kind: .trick, prompt: prompt)
        == Self.modelID(deck: "lesson-7", kind: .trick, prompt: prompt),
      "\(prompt.text.debugDescription) \(String(describing: prompt.code?.text.debugDescription))")
  }

  @Test("a derived id is the kind and eight hex digits of the question's hash")
  func derivedShape() {
    #expect(
      CardID.derived(deck: "lesson-7", kind: .syntax, prompt: Prompt("Show  a sheet.\n"))
        == CardID.derived(deck: "lesson-7", kind: .syntax, prompt: Prompt("Show a\tsheet."))
    )
    #expect(
      CardID.derived(deck: "lesson-7", kind: .syntax, prompt: Prompt("Show a sheet."))
        == Self.modelID(deck: "lesson-7", kind: .syntax, prompt: Prompt("Show a sheet.")))
  }
}
