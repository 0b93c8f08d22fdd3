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

  /// A name of the card's that the SDK declares (five letters or more), misspelt by the attempt
  /// in a place where it is API (a type, an attribute, a member after `.`, a label before
  /// `:`, a call) with a name nothing declares: the index, the vocabulary, the attempt
  /// (`NavigaitonStack`, `@Satte`, `.navigaitonTitle`, `systmeName:`), or a keyword of the
  /// card's misspelt anywhere (`gaurd`); nil where there is none.
  /// The comparison finds misspellings of the card's point; this finds them in the scaffolding
  /// and decoration it reads past.
  func misspeltCardName(in typed: ParsedCode, for answer: ParsedCode) -> (String, String)? {
    let index = SDKIndex.shipped
    func known(_ name: String) -> Bool {
      vocabulary.knows(name) || index.describes(name) || index.declaresMember(named: name)
        || index.declaresLabel(name)
    }
    func word(_ code: ParsedCode, _ token: SwiftToken) -> String? {
      guard token.kind == .identifier || token.kind == .attribute else { return nil }
      let text = code.source[token.range]
      return String(text.hasPrefix("@") ? text.dropFirst() : text)
    }
    var names: Set<String> = []
    var keywords: Set<String> = []
    for token in answer.tokens {
      if token.kind == .keyword, answer.source[token.range].count >= 4 {
        keywords.insert(String(answer.source[token.range]))
      }
      guard let name = word(answer, token), name.count >= 5, !names.contains(name),
        !answer.declared.contains(name), known(name)
      else { continue }
      names.insert(name)
    }
    guard !names.isEmpty || !keywords.isEmpty else { return nil }
    let cardNames = names.sorted()
    let cardKeywords = keywords.sorted()
    let bound = Matching.boundNames(in: typed)
    let tokens = typed.tokens
    var seen: Set<String> = []
    for (position, token) in tokens.enumerated() {
      guard let typo = word(typed, token), typo.count >= 4, !names.contains(typo),
        seen.insert(typo).inserted
      else { continue }
      let before = position > 0 ? typed.source[tokens[position - 1].range] : ""
      let after = position + 1 < tokens.count ? typed.source[tokens[position + 1].range] : ""
      guard !typed.declared.contains(typo), !bound.contains(Substring(typo)), !known(typo)
      else { continue }
      if token.kind == .attribute || typo.first?.isUppercase == true || before == "."
        || after == ":" || after == "(",
        let name = cardNames.first(where: { Self.isSlipOfTheFingers(typo, for: $0) })
      {
        return (typo, name)
      }
      // A keyword of the card's, anywhere (`gaurd`, `reutrn`, `flase`), but a name the card
      // or the question uses (`shelf` is no `self`).
      if !answer.names.contains(typo), !questionNames.contains(typo),
        let keyword = cardKeywords.first(where: { Self.isSlipOfTheFingers(typo, for: $0) })
      {
        return (typo, keyword)
      }
    }
    return nil
  }

  /// Whether `typed` is `name` with a letter left out, added, changed or two swapped (two for
  /// a name of nine letters or more), or a capital missed inside (`Vstack`), its first letter
  /// kept: a slip of the fingers. Not a type for a value (`Library` for `library`), another
  /// word beside it (`onFinish` for `finish`), nor another ending.
  static func isSlipOfTheFingers(_ typed: String, for name: String) -> Bool {
    guard typed != name, typed.first == name.first else { return false }
    if typed.lowercased() == name.lowercased() { return true }
    let allowed = name.count >= 9 ? 2 : 1
    return Matching.editDistance(Array(typed), Array(name), limit: allowed) <= allowed
      && Matching.isMisspelling(typed, of: name)
  }
}
