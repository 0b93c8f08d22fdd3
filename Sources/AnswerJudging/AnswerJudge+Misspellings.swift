import CardDeck

/// Names of the card's or the question's that the attempt misspells where the comparison does
/// not look: the code does not compile.
extension AnswerJudge {
  /// A name the attempt uses without declaring it that is a misspelling of one the question
  /// writes as code and the answer uses but does not declare, a value given (`downloadBytes`
  /// for `downloadedBytes`), with that name; nil where the attempt writes the name as given.
  /// (One the card declares may be the attempt's own name for it: `isHovering`.)
  func misspeltGivenName(in typed: ParsedCode, for answer: ParsedCode) -> (String, String)? {
    let given = questionNames.filter { name in
      name.first?.isLowercase == true
        && (answer.names.contains(name) || answer.names.contains("$" + name))
        && !answer.declared.contains(name) && !typed.writtenNames.contains(Substring(name))
        && !typed.writtenNames.contains(Substring("$" + name))
    }
    guard !given.isEmpty else { return nil }
    let index = SDKIndex.shipped
    // (A constant used once is read in its place: no longer among what the code declares.)
    let bound = Matching.boundNames(in: typed)
    var seen: Set<Substring> = []
    for token in typed.tokens where token.kind == .identifier || token.kind == .dollar {
      // `$value` binds `value`; a type (`Cart` for a given `cart`) is no value.
      let text = typed.source[token.range]
      let word = text.hasPrefix("$") ? text.dropFirst() : text
      guard word.first?.isLowercase == true, seen.insert(word).inserted, !bound.contains(word)
      else { continue }
      let name = String(word)
      guard !typed.declared.contains(name), !vocabulary.knows(name),
        !index.declaresMember(named: name)
      else { continue }
      if let given = given.sorted().first(where: {
        $0 != name && Matching.isMisspelling(name, of: $0)
      }) {
        return (name, given)
      }
    }
    return nil
  }

  /// A misspelt name of the card's in an attempt: the token, as typed, and the card's name.
  struct Misspelling {
    var token: Int
    var typo: String
    var name: String
    /// How the reason writes a name in its place: `.name`, `name:`, `@name` or `name`.
    var place: (prefix: String, suffix: String) = ("", "")

    /// "`.navigaitonTitle` looks like a typo for `.navigationTitle`"
    var message: String {
      let (prefix, suffix) = place
      return "`\(prefix + typo + suffix)` looks like a typo for `\(prefix + name + suffix)`"
    }
  }

  /// The names of the card's answers that a misspelling may be of: their SDK names of five
  /// letters or more, their keywords of four or more, and every name they use.
  struct Spellings: Sendable {
    var names: [String] = []
    var keywords: [String] = []
    var used: Set<String> = []

    init(_ answers: [ParsedCode], vocabulary: APIVocabulary) {
      var names: Set<String> = []
      var keywords: Set<String> = []
      for answer in answers {
        used.formUnion(answer.names)
        for token in answer.tokens {
          if token.kind == .keyword, answer.source[token.range].count >= 4 {
            keywords.insert(String(answer.source[token.range]))
          }
          guard let name = AnswerJudge.word(answer, token), name.count >= 5,
            !names.contains(name), !answer.declared.contains(name),
            AnswerJudge.isKnown(name, vocabulary: vocabulary)
          else { continue }
          names.insert(name)
        }
      }
      self.names = names.sorted()
      self.keywords = keywords.sorted()
    }
  }

  /// Whether the index or the vocabulary knows `name`: a type, a member or a label.
  static func isKnown(_ name: String, vocabulary: APIVocabulary) -> Bool {
    let index = SDKIndex.shipped
    return vocabulary.knows(name) || index.describes(name) || index.declaresMember(named: name)
      || index.declaresLabel(name)
  }

  /// The name a token writes, an attribute's without its `@`; nil for other tokens.
  static func word(_ code: ParsedCode, _ token: SwiftToken) -> String? {
    guard token.kind == .identifier || token.kind == .attribute else { return nil }
    let text = code.source[token.range]
    return String(text.hasPrefix("@") ? text.dropFirst() : text)
  }

  /// The names of the card's that the SDK declares (``Spellings``), misspelt by the attempt in
  /// a place where they are API (a type, an attribute, a member after `.`, a label before `:`,
  /// a call) with a name nothing declares: the index, the vocabulary, the attempt
  /// (`NavigaitonStack`, `@Satte`, `.navigaitonTitle`, `systmeName:`); and the card's keywords
  /// misspelt anywhere (`gaurd`).
  func misspeltCardNames(in typed: ParsedCode) -> [Misspelling] {
    let names = spellings.names
    let cardKeywords = spellings.keywords
    let used = spellings.used
    guard !names.isEmpty || !cardKeywords.isEmpty else { return [] }
    var bound: Set<Substring>?
    let tokens = typed.tokens
    var found: [Misspelling] = []
    for (position, token) in tokens.enumerated() {
      // A name the card or the question uses is theirs (`Stats` beside `@State`), and a
      // module's name is no type (`import Charts`).
      guard let typo = Self.word(typed, token), typo.count >= 4, !used.contains(typo),
        !questionNames.contains(typo), !Self.isKnown(typo, vocabulary: vocabulary)
      else { continue }
      let before = position > 0 ? typed.source[tokens[position - 1].range] : ""
      let after = position + 1 < tokens.count ? typed.source[tokens[position + 1].range] : ""
      if bound == nil { bound = Matching.boundNames(in: typed) }
      guard !typed.declared.contains(typo), bound?.contains(Substring(typo)) == false,
        before != "import"
      else { continue }
      let keyPath =
        before == "." && position > 1 && typed.source[tokens[position - 2].range] == "\\"
      let place =
        token.kind == .attribute
        ? ("@", "")
        : keyPath ? ("\\.", "") : before == "." ? (".", "") : after == ":" ? ("", ":") : ("", "")
      if token.kind == .attribute || typo.first?.isUppercase == true || before == "."
        || after == ":" || after == "(",
        let name = names.first(where: { Self.isSlipOfTheFingers(typo, for: $0) }),
        // A plural read from is the app's own namespace (`Images.logo`, `Strings.title`).
        after != "." || ![name + "s", name + "es"].contains(typo)
      {
        found.append(Misspelling(token: position, typo: typo, name: name, place: place))
      } else if before != ".", ![".", "(", "["].contains(after),
        // A keyword of the card's (`gaurd`, `reutrn`, `flase`), but not where a keyword
        // cannot stand: a member, or what one is read from or called (`portfolio.returns`).
        let keyword = cardKeywords.first(where: { Self.isSlipOfTheFingers(typo, for: $0) })
      {
        found.append(Misspelling(token: position, typo: typo, name: keyword, place: place))
      }
    }
    return found
  }

  /// `typed`'s source with each misspelling written as the card writes it.
  static func correcting(_ misspellings: [Misspelling], in typed: ParsedCode) -> String {
    var source = ""
    var rest = typed.source.startIndex
    for misspelling in misspellings {
      let range = typed.tokens[misspelling.token].range
      let attribute = typed.source[range].hasPrefix("@") ? "@" : ""
      source += typed.source[rest..<range.lowerBound] + attribute + misspelling.name
      rest = range.upperBound
    }
    return source + typed.source[rest...]
  }

  /// Whether `typed` is `name` with a letter left out, added or two swapped (two edits, a
  /// letter changed too, in a name of nine letters or more), or a capital missed inside
  /// (`Vstack`), its first letter kept: a slip of the fingers. Not a type for a value
  /// (`Library` for `library`), another word beside it (`onFinish` for `finish`), nor another
  /// ending.
  static func isSlipOfTheFingers(_ typed: String, for name: String) -> Bool {
    guard typed != name, typed.first == name.first else { return false }
    if typed.lowercased() == name.lowercased() { return true }
    let (a, b) = (Array(typed), Array(name))
    if name.count >= 9 {
      return Matching.editDistance(a, b, limit: 2) <= 2 && Matching.isMisspelling(typed, of: name)
    }
    // In a short name, a letter changed makes another word as often as a slip (`Stats`,
    // `tree`, `fund`): only two letters swapped, or one left out or doubled.
    guard Matching.editDistance(a, b, limit: 1) == 1 else { return false }
    return a.count != b.count || zip(a, b).filter { $0 != $1 }.count == 2
  }
}
