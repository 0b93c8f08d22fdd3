/// Names and labels written almost as the card writes them: misspelt, cut short, another
/// ending of a word.
extension Matching {
  /// Whether `typed` is `name` with a slip of the fingers: a letter or two, the case, or cut
  /// short.
  static func isMisspelling(_ typed: String, of name: String) -> Bool {
    if typed.lowercased() == name.lowercased() { return true }
    // A name cut short: `isSearch` for `isSearching`.
    if typed.count >= 4, name.hasPrefix(typed), typed.count * 10 >= name.count * 7 { return true }
    let typedLetters = Array(typed.lowercased())
    let nameLetters = Array(name.lowercased())
    // Another ending of the same stem is another word, not a slip of the fingers: `selected`
    // for `selection`, `isPresenting` for `isPresented`. A typo there is one edit away. (Names
    // that end alike differ inside, a letter or a word: `adaptative`, `navigationTitle…`.)
    // (`verticle` for `vertical` ends in no suffix: a slip.)
    let stem = zip(typedLetters, nameLetters).prefix { $0 == $1 }.count
    if stem >= 4, stem < typedLetters.count, stem < nameLetters.count,
      typedLetters.last != nameLetters.last,
      editDistance(Array(typedLetters[stem...]), Array(nameLetters[stem...]), limit: 1) > 1,
      suffixes.contains(String(typedLetters[stem...])),
      suffixes.contains(String(nameLetters[stem...]))
    {
      return false
    }
    let allowed = name.count <= 4 ? 1 : name.count <= 8 ? 2 : 3
    return editDistance(typedLetters, nameLetters, limit: allowed) <= allowed
  }

  /// The endings that make another word of a stem (`selected`, `selection`), not a typo.
  static let suffixes: Set<String> = [
    "s", "es", "d", "ed", "ing", "ion", "ions", "ation", "er", "ers", "or", "ors", "ly", "al",
    "ally", "ment", "ments", "ity", "ive", "able", "ible", "ance", "ence", "ness", "y", "ies",
    "ied", "ize", "ise", "ized", "ised", "ful", "less",
  ]

  /// Whether a label is misspelt: a word of it left out or added (`presented:` for
  /// `isPresented:`) names another parameter, not a typo.
  static func isLabelMisspelling(_ typed: String, of label: String) -> Bool {
    guard isMisspelling(typed, of: label) else { return false }
    // A label in the singular for the plural, or an adjective for its adverb, names another
    // parameter (`modifier:` for `modifiers:`, `exact:` for `exactly:`). (A name is a typo so:
    // `.tasks` for `.task`, as reviewers grade it.)
    let (shorter, longer) = typed.count < label.count ? (typed, label) : (label, typed)
    if shorter.count >= 4, longer.hasPrefix(shorter),
      ["s", "es", "ly"].contains(longer.dropFirst(shorter.count))
    {
      return false
    }
    let typedWords = words(typed)
    let labelWords = words(label)
    // As many words: each one that differs is misspelt itself; another word in the same place
    // names another parameter (`systemName:` for `systemImage:`), and so does a word cut short
    // (`adaptive(min:)` for `minimum:`).
    guard typedWords.count != labelWords.count else {
      return zip(typedWords, labelWords).allSatisfy { $0 == $1 || isMisspelling($0, of: $1) }
    }
    let (short, long) =
      typedWords.count < labelWords.count ? (typedWords, labelWords) : (labelWords, typedWords)
    var rest = long[...]
    for word in short {
      guard let found = rest.firstIndex(of: word) else { return true }
      rest = rest[(found + 1)...]
    }
    return false
  }

  /// The words of a camel-case name, in lower case: `isPresented` is `is`, `presented`.
  static func words(_ name: String) -> [String] {
    var words: [String] = []
    for character in name {
      if character.isUppercase || words.isEmpty { words.append("") }
      words[words.count - 1].append(Character(character.lowercased()))
    }
    return words
  }

  /// Levenshtein distance with transpositions, giving up past `limit`.
  static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      current[0] = i
      for j in 1...max(b.count, 1) where !b.isEmpty {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return a.isEmpty ? b.count : b.isEmpty ? a.count : previous[b.count]
  }

  /// Whether `typed` has the words of `name`, each the same or with another ending or cut
  /// short (`confirmAction` for `confirmationAction`): a common start of three letters or more,
  /// at least three fifths of the shorter word, and one word the same.
  static func isWordwiseMisremembered(_ typed: String, of name: String) -> Bool {
    let typedWords = words(typed)
    let nameWords = words(name)
    // One word of two or more kept whole: a single word another way is another word
    // (`information` for `info`).
    guard typedWords.count == nameWords.count, typedWords != nameWords,
      zip(typedWords, nameWords).contains(where: ==)
    else { return false }
    return zip(typedWords, nameWords).allSatisfy { typed, word in
      let common = zip(typed, word).prefix { $0 == $1 }.count
      return typed == word || common >= 3 && common * 5 >= min(typed.count, word.count) * 3
    }
  }
}
