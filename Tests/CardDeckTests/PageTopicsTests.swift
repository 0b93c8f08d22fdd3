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
    "text with the Kelvin sign and Greek gives the words a character at a time gives, and finds itself once",
    arguments: 0..<300)
  func kelvinAndGreekAgreeWithCharacters(seed: Int) {
    var generator = SplitMix64(state: UInt64(seed))
    func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    let alphabet = Array("aAbsSzZ09 _.$(){}\\\"\n\t-sSé’\u{301}\u{212A}Σ")
    let text = String((0..<next(120)).map { _ in alphabet[next(alphabet.count)] })
    #expect(PageTopics.words(text) == Self.model(text), "\(text.debugDescription)")
    let words = WordList(text)
    #expect(words.occurrences(of: words) == (words.count > 0 ? 1 : 0), "\(text.debugDescription)")
  }

  @Test(
    "an ASCII word's hash is that of its text alone, in any case, wherever it lies",
    arguments: 0..<300)
  func hashesAreOfTheWords(seed: Int) throws {
    var generator = SplitMix64(state: UInt64(seed))
    func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    // Long runs of letters and digits, in words of eight bytes and across them.
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCXYZ0123456789sssss _.(é")
    let text = String((0..<next(120)).map { _ in alphabet[next(alphabet.count)] })
    let words = WordList(text)
    for index in 0..<words.count where words.isASCII(index) {
      let word = words.text(of: index)
      // Alone, upper case, and after a few bytes that move it within its eight.
      for other in [word, word.uppercased(), "(\(String(repeating: "-", count: next(8))) \(word)."]
      {
        let alone = WordList(other)
        let place = try #require(
          (0..<alone.count).first { alone.isASCII($0) && alone.text(of: $0) == word })
        #expect(alone.hash(place) == words.hash(index), "\(word) in \(text.debugDescription)")
        #expect(alone.word(place, equals: index, of: words))
      }
    }
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

  /// The topic as it was first chosen: each candidate's words and the words only its flash
  /// cards use, worked out again for every card. The model the page-wide tables are held to.
  static func modelTopic(
    flashCards: [(topic: String, text: String)], text: String, among candidates: [String]
  ) -> String? {
    var wordsByTopic: [String: Set<Substring>] = [:]
    for card in flashCards {
      wordsByTopic[card.topic, default: []].formUnion(model(card.text).filter { $0.count >= 6 })
    }
    var distinctive: [String: Set<Substring>] = [:]
    for (topic, words) in wordsByTopic {
      let others = wordsByTopic.filter { $0.key != topic }.values.reduce(into: Set()) {
        $0.formUnion($1)
      }
      distinctive[topic] = words.subtracting(others)
    }
    let words = model(text)
    var best: (name: String, score: Int)?
    for candidate in candidates {
      let own = model(candidate)
      let occurrences =
        own.isEmpty || words.count < own.count
        ? 0
        : (0...(words.count - own.count)).filter {
          words[$0..<$0 + own.count].elementsEqual(own)
        }.count
      let score =
        2 * occurrences
        + (distinctive[candidate].map { set in words.filter(set.contains).count } ?? 0)
      if best == nil || score > best!.score { best = (candidate, score) }
    }
    return best?.name
  }

  @Test(
    "generated pages give each card the topic the first way of choosing gave", arguments: 0..<300)
  func generatedTopicsAgreeWithModel(seed: Int) {
    var state = UInt64(seed) &* 2_862_933_555_777_941_757 &+ 3_037_000_493
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let topics = ["Sheets", "Toolbars", "Search", "Split views", "Size", "Menus", "Détentes"]
    let vocabulary = [
      "sheet", "Sheets", "presentationDetents", "ViewThatFits", "toolbar", "searchable",
      "NavigationStack", "navigationStack", "menu", "Menus", "détente", "Détentes", "split",
      "views",
      "size", "ToolbarItem", "searchables", "glasses", "e\u{301}cran", "écran", "class", "Size2",
      // The Kelvin sign is lower-cased to ASCII: a word read a Character at a time.
      "\u{212A}elvins", "kelvin", "Ωmega—ΩMEGAS",
    ]
    let separators = [" ", ".", "(", "\n", ") {", ", ", "$0."]
    func text(words: Int) -> String {
      (0..<words).map { _ in vocabulary[next(vocabulary.count)] + separators[next(separators.count)]
      }
      .joined()
    }
    let flashCards = (0..<next(8)).map { _ in (topic: topics[next(4)], text: text(words: next(30)))
    }
    let pageTopics = PageTopics(flashCards: flashCards)
    for _ in 0..<5 {
      let names = (0..<next(5)).map { _ in
        next(3) == 0 ? vocabulary[next(vocabulary.count)] : topics[next(topics.count)]
      }
      let card = text(words: next(40))
      #expect(
        pageTopics.topic(of: card, among: pageTopics.candidates(names))
          == Self.modelTopic(flashCards: flashCards, text: card, among: names),
        "\(flashCards) \(card.debugDescription) \(names)")
    }
  }

  @Test(
    "many names, and names of many words, are counted as the first way counted them",
    arguments: 0..<100)
  func manyNamesAgreeWithModel(seed: Int) {
    var generator = SplitMix64(state: UInt64(seed))
    func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    let vocabulary = [
      "sheet", "Sheets", "split", "views", "View", "a", "toolbar", "écran", "e\u{301}cran",
      "menu", "Menus", "size", "SIZE", "\u{212A}elvin", "kelvins",
    ]
    func text(words: Int) -> String {
      (0..<words).map { _ in vocabulary[next(vocabulary.count)] }.joined(separator: " ")
    }
    let flashCards = (0..<next(4)).map { _ in (topic: text(words: 1), text: text(words: next(20))) }
    let pageTopics = PageTopics(flashCards: flashCards)
    // Up to 40 names of up to 4 words, and now and then one of 65 to 70 words of its own, which
    // the card's text holds twice.
    let long = ["alpha", "beta", "Gamma", "delta", "epsilons", "zeta"]
    let names = (0..<next(40)).map { _ in
      next(8) == 0
        ? (0..<65 + next(6)).map { _ in long[next(long.count)] }.joined(separator: " ")
        : text(words: 1 + next(4))
    }
    let longName = names.first { $0.utf8.count > 200 }
    let card =
      ((0..<next(3)).map { _ in
        next(2) == 0 && !names.isEmpty ? names[next(names.count)] : text(words: next(30))
      } + (longName.map { [$0, $0] } ?? []))
      .joined(separator: "\n")
    #expect(
      pageTopics.topic(of: card, among: pageTopics.candidates(names))
        == Self.modelTopic(flashCards: flashCards, text: card, among: names),
      "\(card.debugDescription) \(names)")
  }
}
