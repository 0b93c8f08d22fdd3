import Testing

@testable import CardDeck

@Suite("A lesson page's words, as its topics are matched")
struct PageTopicsTests {
  /// The words as a character at a time gives them: the model the byte path is held to.
  static func model(_ text: String) -> [Substring] {
    text.lowercased().split { !($0.isLetter || $0.isNumber) }.map { word in
      word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? word.dropLast() : word
    }
  }

  @Test(
    "text beyond ASCII gives the words a character at a time gives",
    arguments: [
      "“Sheets” — the sheet’s detents · 2 Vues", "e\u{301}te\u{301} cafe\u{301}s déjà-vu",
      "x-\u{301}y a\u{308}b", "İstanbul ΣΑΣ σας", "½ cup, ２ items, 漢字かな 😀 emoji🙂s",
      "Zeile\u{2028}neu\u{00A0}nbsp", "", "…",
    ])
  func unicodeAgreesWithCharacters(text: String) {
    #expect(PageTopics.words(text) == Self.model(text), "\(text.debugDescription)")
  }

  @Test("generated text gives the words a character at a time gives", arguments: 0..<200)
  func generatedAgreesWithCharacters(seed: Int) {
    // A linear congruential sequence: the same texts on every run.
    var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let alphabet = Array("aAbsSzZ09 _.$(){}\\\"\n\t-sSé’\u{301}")
    let text = String((0..<next(81)).map { _ in alphabet[next(alphabet.count)] })
    #expect(PageTopics.words(text) == Self.model(text), "\(text.debugDescription)")
  }

  @Test(
    "words are lower case, split at what is neither letter nor digit, a plural s dropped",
    arguments: [
      (
        "Sheets and .presentationDetents([.medium])",
        ["sheet", "and", "presentationdetent", "medium"]
      ),
      ("class glass Class2 bus ss", ["class", "glass", "class2", "bus", "ss"]),
      ("Éditions d’été, 2 vues", ["édition", "d", "été", "2", "vue"]),
    ])
  func examples(text: String, words: [String]) {
    #expect(PageTopics.words(text).map(String.init) == words)
    #expect(PageTopics.words(text) == Self.model(text))
  }
}
