import CardDeck

/// Code with no API, as the words a reviewer compares: tokens without `self`, commas and
/// `case` (`case a = "x", b = "y"` declares what two `case` lines do), `= .init()` as `= []`.
struct TokenWords {
  var words: [Substring] = []
  /// For each word, whether it is a name of the author's (an identifier the SDK does not
  /// declare), which another name may stand for.
  var isOwnName: [Bool] = []
  /// The names a protocol or attribute gives the code's members, which are not the author's.
  var required: Set<Substring> = []

  init(_ code: ParsedCode) {
    let index = SDKIndex.shipped
    // Names a protocol or attribute gives the code's members (`body` of a `ViewModifier`).
    for node in Matching.allNodes(code.nodes) where node.kind == .declaration && node.isAPI {
      if let name = node.parameters.first { required.insert(Substring(name)) }
    }
    var afterDot = false
    let tokens = code.tokens
    for (position, token) in tokens.enumerated() {
      let word = code.source[token.range]
      defer { afterDot = word == "." }
      guard word != "self", word != ",", word != "case" else { continue }
      words.append(word)
      // A member (`.filter`) is the API's word, not a name of the author's.
      let isOwn =
        token.kind == .identifier && !afterDot && !index.types.contains(String(word))
        && !required.contains(word)
      isOwnName.append(isOwn)
      // `if let user {` unwraps `user` as `if let user = user {` does (SE-0345).
      if isOwn, position >= 2, position + 1 < tokens.count,
        ["let", "var"].contains(code.source[tokens[position - 1].range]),
        ["if", "guard", ","].contains(code.source[tokens[position - 2].range]),
        ["{", ",", "else"].contains(code.source[tokens[position + 1].range])
      {
        words += ["=", word]
        isOwnName += [false, true]
      }
    }
    // `= .init()` assigns the type's empty value, as `= []` does for an array.
    var position = 0
    while position + 4 < words.count {
      if words[position] == "=",
        words[(position + 1)...(position + 4)].elementsEqual([".", "init", "(", ")"])
      {
        words.replaceSubrange((position + 1)...(position + 4), with: ["[", "]"])
        isOwnName.replaceSubrange((position + 1)...(position + 4), with: [false, false])
      }
      position += 1
    }
  }

  /// Whether `other` holds these words in a row, with a few around them at most (the same
  /// tokens inside scaffolding, `Button("Home") { path = [] }`; a paste of everything contains
  /// everything).
  func isContained(in other: TokenWords) -> Bool {
    !words.isEmpty && other.words.count >= words.count
      && other.words.count <= words.count + 12
      && (0...(other.words.count - words.count)).contains {
        Array(other.words[$0..<($0 + words.count)]) == words
      }
  }

  /// Whether `other` is these words with the author's names renamed one for one.
  func isRenaming(of other: TokenWords) -> Bool {
    guard words.count == other.words.count, !words.isEmpty else { return false }
    var forward: [Substring: Substring] = [:]
    var backward: [Substring: Substring] = [:]
    for (position, word) in words.enumerated() {
      let theirs = other.words[position]
      if word == theirs { continue }
      guard isOwnName[position], other.isOwnName[position] else { return false }
      if forward[word, default: theirs] != theirs || backward[theirs, default: word] != word {
        return false
      }
      forward[word] = theirs
      backward[theirs] = word
    }
    return true
  }

  /// What `other` leaves out that such code cannot do without, as the reason for a 2: a type
  /// the SDK declares (`CodingKey`), or an effect the card writes (`async`, `await`, `try`).
  func missing(from other: TokenWords) -> String? {
    for effect in ["async", "await", "try"] {
      func count(_ words: [Substring]) -> Int {
        words.filter { $0 == effect || (effect == "try" && ($0 == "try?" || $0 == "try!")) }.count
      }
      if count(words) > count(other.words) {
        return "The card writes `\(effect)` where yours does not."
      }
    }
    let present = Set(other.words)
    if let name = required.sorted().first(where: { !present.contains($0) }) {
      return "Missing `\(name)`, the name its protocol gives it."
    }
    let types = words.filter { word in
      !present.contains(word) && word.first?.isUppercase == true
        && SDKIndex.shipped.types.contains(String(word))
    }
    guard let first = types.first else { return nil }
    let own = Set(words)
    let typo = types.lazy.compactMap { name in
      other.words.first {
        !own.contains($0) && Matching.isMisspelling(String($0), of: String(name))
      }
      .map { (name, $0) }
    }.first
    return typo.map { "`\($0.1)` where the card has `\($0.0)`: no such type." }
      ?? "Missing `\(first)`."
  }
}
