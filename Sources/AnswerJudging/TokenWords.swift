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
  /// The names the code declares.
  var declared: Set<String> = []
  /// The author's names the code uses as values without declaring them: values it takes as
  /// given (not labels, which a colon follows).
  var givenValues: Set<Substring> = []

  /// The words of `code`; with `skippingAccess`, not its access modifiers (`private`,
  /// `public(set)`), the author's choice where the card writes none; nor those of the token
  /// ranges `left` (declarations the question gives, which the other code leaves out).
  init(_ code: ParsedCode, skippingAccess: Bool = false, skipping left: [Range<Int>] = []) {
    let index = SDKIndex.shipped
    declared = code.declared
    // Names a protocol or attribute gives the code's members (`body` of a `ViewModifier`).
    // A model protocol's requirement the code meets (`var id` of an `Identifiable` type):
    // another name there meets nothing; but not where a type that does not conform declares
    // the name too, which is its own there.
    var requirements: Set<String> = []
    var ownMembers: Set<String> = []
    for node in Matching.allNodes(code.nodes) where node.kind == .declaration {
      if node.isAPI, let name = node.parameters.first { required.insert(Substring(name)) }
      guard CodeNode.typeKeywords.contains(node.name) || node.name == "extension" else { continue }
      let members = Set((node.blocks.first ?? []).compactMap(\.parameters.first))
      let protocols = node.clause.map(\.name).filter(APIVocabulary.modelProtocols.contains)
      if protocols.isEmpty { ownMembers.formUnion(members) }
      for type in protocols {
        requirements.formUnion(index.memberNames(of: type).intersection(members))
      }
    }
    required.formUnion(requirements.subtracting(ownMembers).map { Substring($0) })
    var afterDot = false
    let tokens = code.tokens
    var skipped = 0..<0
    var string = code.source.startIndex..<code.source.startIndex
    for (position, token) in tokens.enumerated() {
      let word = code.source[token.range]
      defer { afterDot = word == "." }
      // An interpolation the parser opened is read in its string's words already.
      if string.contains(token.range.lowerBound) { continue }
      if token.kind == .string { string = token.range }
      guard word != "self", word != ",", word != "case", !skipped.contains(position),
        !left.contains(where: { $0.contains(position) })
      else {
        continue
      }
      if skippingAccess, token.kind == .keyword,
        let end = Self.accessModifierEnd(at: position, in: code)
      {
        skipped = position..<end
        continue
      }
      // An import is the file's setting (the parse reads none either).
      if word == "import", token.kind == .keyword {
        skipped = position..<SDKCheck.Code.endOfImport(at: position, in: code.source, tokens)
        continue
      }
      // A member (`.filter`) is the API's word, not a name of the author's, unless the code
      // declares it (`$0.title` of its own model's `var title`).
      func isOwn(_ word: Substring, _ kind: SwiftToken.Kind, afterDot: Bool) -> Bool {
        kind == .identifier && (!afterDot || declared.contains(String(word)))
          && !index.types.contains(String(word)) && !required.contains(word)
      }
      // A string's interpolations hold code: `"Hello, \(userName)!"` renames `name` too.
      if token.kind == .string, let pieces = Self.interpolated(word) {
        for (piece, isCode) in pieces {
          guard isCode else {
            words.append(piece)
            isOwnName.append(false)
            continue
          }
          let code = String(piece)
          let inner = SwiftLexer.significantTokens(in: code).map {
            (Substring(code[$0.range]), $0.kind)
          }
          for (place, (text, kind)) in inner.enumerated() {
            words.append(text)
            // A label (`systemName:`) is the API's, as a member is.
            let isLabel = place + 1 < inner.count && inner[place + 1].0 == ":"
            isOwnName.append(
              !isLabel && isOwn(text, kind, afterDot: place > 0 && inner[place - 1].0 == "."))
          }
        }
        continue
      }
      words.append(word)
      let isOwn = isOwn(word, token.kind, afterDot: afterDot)
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
    turnComparisons()
    for (position, word) in words.enumerated()
    where isOwnName[position] && !declared.contains(String(word))
      && (position + 1 == words.count || words[position + 1] != ":")
    {
      givenValues.insert(word)
    }
  }

  /// Each comparison of two plain operands written with `>` or `>=` written the other way round
  /// (`score > highScore` as `highScore < score`): the same test, whichever way it is written.
  private mutating func turnComparisons() {
    for position in words.indices.dropFirst().dropLast()
    where words[position] == ">" || words[position] == ">=" {
      let (left, right) = (position - 1, position + 1)
      guard isOperand(words[left]), isOperand(words[right]),
        left == 0 || Self.beforeComparison.contains(words[left - 1]),
        right + 1 == words.count || Self.afterComparison.contains(words[right + 1])
      else { continue }
      words.swapAt(left, right)
      isOwnName.swapAt(left, right)
      words[position] = words[position] == ">" ? "<" : "<="
    }
  }

  /// The words a comparison turned round may follow and be followed by: it stands alone.
  private static let beforeComparison: Set<Substring> = [
    "if", "guard", "while", "(", "{", "return", "=", "&&", "||", ",",
  ]
  private static let afterComparison: Set<Substring> = [
    "{", ")", "&&", "||", ",", "else", "?", "}",
  ]

  /// Whether `word` is a name or a literal, alone an operand.
  private func isOperand(_ word: Substring) -> Bool {
    word.first.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "\"" } ?? false
  }

  /// The declaration keywords an access modifier may stand before.
  private static let declarationWords: Set<Substring> = [
    "var", "let", "func", "init", "struct", "class", "enum", "actor", "extension", "protocol",
    "typealias", "subscript", "static", "final", "private", "fileprivate", "internal", "public",
    "open", "override", "mutating", "nonisolated", "lazy", "weak", "convenience", "required",
  ]

  /// The access modifiers a declaration may start with.
  static let accessWords: Set<Substring> = ["private", "fileprivate", "internal", "public"]

  /// Where an access modifier that starts at `position` ends (`private(set)`), when a
  /// declaration follows it.
  private static func accessModifierEnd(at position: Int, in code: ParsedCode) -> Int? {
    let tokens = code.tokens
    func text(_ index: Int) -> Substring? {
      index < tokens.count ? code.source[tokens[index].range] : nil
    }
    guard let word = text(position), accessWords.contains(word) else { return nil }
    var end = position + 1
    if text(end) == "(", text(end + 1) == "set", text(end + 2) == ")" { end += 3 }
    guard let next = text(end), declarationWords.contains(next) else { return nil }
    return end
  }

  /// Whether `other` holds these words in order, with words of its own between them that
  /// change nothing the code computes: no operator, Boolean or word that turns the flow (`!`,
  /// `-`, `else`, `break`, `false`), nothing inside a collection the card writes (`[route]` for
  /// `[]`).
  func isCodeWithMore(of other: TokenWords) -> Bool {
    guard other.words.count > words.count, other.words.count <= 2 * words.count else {
      return false
    }
    let turning: Set<Substring> = [
      "else", "break", "continue", "throw", "defer", "if", "guard", "while", "true", "false",
      "nil", "try?", "try!", "?", "!", "in",
    ]
    var next = 0
    // In a declaration of the attempt's own (`var artist = ""` beside the card's properties),
    // `=` gives it its first value: it changes nothing the card computes.
    var declaring = false
    var position = 0
    while position < other.words.count {
      let word = other.words[position]
      position += 1
      if next < words.count, word == words[next] {
        next += 1
        declaring = false
        continue
      }
      // A method of the attempt's own (`func mute() { volume = 0 }` beside the card's
      // observers), whole: nothing the card computes calls it.
      if word == "func", let end = other.endOfBody(after: position) {
        position = end
        continue
      }
      if word == "var" || word == "let" { declaring = true }
      let isOperator = word.first.map { "+-*/%<>=!&|^~?".contains($0) } ?? false
      if turning.contains(word) || isOperator && !(declaring && word == "=")
        || next > 0 && words[next - 1] == "["
      {
        return false
      }
    }
    return next == words.count
  }

  /// The position after the `}` that closes the first body opened at or after `start`; nil
  /// where none is closed.
  func endOfBody(after start: Int) -> Int? {
    guard let open = words[start...].firstIndex(of: "{") else { return nil }
    var depth = 0
    for position in open..<words.count {
      if words[position] == "{" { depth += 1 }
      if words[position] == "}" {
        depth -= 1
        if depth == 0 { return position + 1 }
      }
    }
    return nil
  }

  /// Whether `other` holds these words in a row, with a few around them at most (the same
  /// tokens inside scaffolding, `Button("Home") { path = [] }.buttonStyle(.bordered)`; a paste
  /// of everything contains everything); with `renaming`, the author's names renamed one for
  /// one there (`navPath = []`).
  func isContained(in other: TokenWords, renaming: Bool = false) -> Bool {
    !words.isEmpty && other.words.count >= words.count
      && other.words.count <= words.count + 16
      && (0...(other.words.count - words.count)).contains { start in
        renaming
          ? isRenaming(of: other, at: start)
          : other.words[start..<(start + words.count)].elementsEqual(words)
      }
  }

  /// Whether `other` is these words with the author's names renamed one for one.
  func isRenaming(of other: TokenWords) -> Bool {
    words.count == other.words.count && isRenaming(of: other, at: 0)
  }

  /// Whether `other`, from `start`, holds these words with the author's names renamed one for
  /// one.
  private func isRenaming(of other: TokenWords, at start: Int) -> Bool {
    guard !words.isEmpty, start + words.count <= other.words.count else { return false }
    var forward: [Substring: Substring] = [:]
    var backward: [Substring: Substring] = [:]
    for (position, word) in words.enumerated() {
      let theirs = other.words[start + position]
      if word == theirs { continue }
      guard isOwnName[position], other.isOwnName[start + position] else { return false }
      // A name the card declares, where the other code uses one it never declares.
      if declared.contains(String(word)), !other.declared.contains(String(theirs)) {
        return false
      }
      // Two names both codes declare: in a declaration, the two declared in another order;
      // in a use, one of them written for the other (`name` for `code`), no renaming.
      let bothDeclare = [word, theirs].allSatisfy {
        declared.contains(String($0)) && other.declared.contains(String($0))
      }
      if bothDeclare, !isCommutedOperand(position) {
        if position > 0, Self.declaring.contains(words[position - 1]) { continue }
        return false
      }
      // Another of the values the code takes as given, in this one's place (`width / height`
      // for `height / width`), is no renaming.
      if forward[word] == nil, isOrdered(position), givenValues.contains(word),
        givenValues.contains(theirs), !other.declared.contains(String(theirs))
      {
        return false
      }
      if forward[word, default: theirs] != theirs || backward[theirs, default: word] != word {
        return false
      }
      forward[word] = theirs
      backward[theirs] = word
    }
    return true
  }

  /// Whether the word at `position` is an operand of an operator whose operands cannot be
  /// turned round, what an assignment assigns to, or an argument: `height / width` is not
  /// `width / height`, nor `copy(from: a, to: b)` `copy(from: b, to: a)`, where `tax + subtotal`
  /// is `subtotal + tax`. (A symmetric function's arguments turned round, `hypot(dy, dx)`, are
  /// taken for an error too: most functions are not.)
  private func isOrdered(_ position: Int) -> Bool {
    let before = position > 0 ? words[position - 1] : ""
    let after = position + 1 < words.count ? words[position + 1] : ""
    // An argument of a call, labelled or in its place (`f(a, b)`), but for one alone.
    let isArgument =
      before == ":" || (before == "(" && after == ",")
      || (before == "," && (after == ")" || after == ","))
    return isArgument || Self.ordered.contains(before) || Self.ordered.contains(after)
      || Self.assigning.contains(after)
  }

  /// Whether the word at `position` is an operand of an operator whose operands may be turned
  /// round (`height * width` is `width * height`).
  private func isCommutedOperand(_ position: Int) -> Bool {
    let before = position > 0 ? words[position - 1] : ""
    let after = position + 1 < words.count ? words[position + 1] : ""
    return Self.commutative.contains(before) || Self.commutative.contains(after)
  }

  private static let commutative: Set<Substring> = ["*", "+", "==", "!=", "&&", "||", "&", "|"]

  /// The keywords after which a name is declared.
  static let declaring: Set<Substring> = [
    "let", "var", "func", "struct", "class", "enum", "actor", "protocol", "typealias",
  ]

  /// The operators whose operands cannot be turned round, and the assignments, whose target,
  /// before them, cannot be either.
  private static let ordered: Set<Substring> = ["-", "/", "%", "<", "<="]
  private static let assigning: Set<Substring> = ["=", "+=", "-=", "*=", "/="]

  /// The first of the values the code takes as given for which `other`, these words with the
  /// author's names renamed but for that, writes another such value (`width / height` for
  /// `height / width`), or of the names both declare, another one: the card's, then `other`'s.
  func swappedValue(in other: TokenWords) -> (card: Substring, typed: Substring)? {
    guard words.count == other.words.count,
      words.indices.allSatisfy({
        words[$0] == other.words[$0] || (isOwnName[$0] && other.isOwnName[$0])
      })
    else { return nil }
    return words.indices.lazy.map { (position: $0, card: self.words[$0], typed: other.words[$0]) }
      .first { position, word, theirs in
        guard word != theirs else { return false }
        if isOrdered(position), givenValues.contains(word), givenValues.contains(theirs),
          !other.declared.contains(String(theirs))
        {
          return true
        }
        // Another of the names both codes declare, in a use (`{ name }` for `{ code }`).
        return [word, theirs].allSatisfy {
          declared.contains(String($0)) && other.declared.contains(String($0))
        } && !(position > 0 && Self.declaring.contains(words[position - 1]))
          && !isCommutedOperand(position)
      }.map { ($0.card, $0.typed) }
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

extension TokenWords {
  /// The first place where `other` differs from these words, as a reason: "`x` where the card
  /// has `y`.", "Missing `y`." or "`x` is not in the card's code."; nil where they are the same.
  /// The words are aligned by their longest common subsequence.
  func firstDifference(from other: TokenWords) -> String? {
    let a = words
    let b = other.words
    guard a.count * b.count <= 250_000 else { return nil }
    // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
    var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lengths[i][j] =
          a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var i = 0
    var j = 0
    while i < a.count, j < b.count, a[i] == b[j] {
      i += 1
      j += 1
    }
    guard i < a.count || j < b.count else { return nil }
    // The run each side has of its own before they meet again.
    var end = (i, j)
    while end.0 < a.count || end.1 < b.count {
      if end.0 < a.count, end.1 < b.count, a[end.0] == b[end.1],
        lengths[end.0][end.1] == lengths[end.0 + 1][end.1 + 1] + 1
      {
        break
      }
      if end.1 >= b.count
        || (end.0 < a.count && lengths[end.0 + 1][end.1] >= lengths[end.0][end.1 + 1])
      {
        end.0 += 1
      } else {
        end.1 += 1
      }
    }
    var theirs = Self.shown(a[i..<end.0])
    var yours = Self.shown(b[j..<end.1])
    if end.0 == i + 1, end.1 == j + 1, a[i].first == "\"", b[j].first == "\"" {
      (theirs, yours) = Self.aroundDifference(a[i], b[j])
    }
    switch (theirs.isEmpty, yours.isEmpty) {
    case (false, false): return "`\(yours)` where the card has `\(theirs)`."
    case (false, true): return "Missing `\(theirs)`."
    default: return "`\(yours)` is not in the card's code."
    }
  }

  /// Two string literals, each cut to the place where they differ: `…privacy: .hidden), st…`.
  private static func aroundDifference(_ x: Substring, _ y: Substring) -> (String, String) {
    let shared = zip(x, y).prefix { $0 == $1 }.count
    let start = max(0, shared - 10)
    func cut(_ text: Substring) -> String {
      let part = text.dropFirst(start).prefix(24)
      return (start > 0 ? "…" : "") + part + (part.endIndex < text.endIndex ? "…" : "")
    }
    return (cut(x), cut(y))
  }

  /// A few words as code: spaced as Swift is usually written, cut after six.
  private static func shown(_ words: ArraySlice<Substring>) -> String {
    var text = ""
    for (offset, word) in words.prefix(6).enumerated() {
      let tight: Set<Substring> = ["(", ")", ".", ":", "[", "]", "?", "!"]
      if offset > 0, !tight.contains(word), !(text.last.map { "(.[".contains($0) } ?? false) {
        text += " "
      }
      // A long string literal, cut: the difference is somewhere in it.
      text += word.count > 32 ? word.prefix(28) + "…" + (word.last == "\"" ? "\"" : "") : word
    }
    return words.count > 6 ? text + " …" : text
  }
}

extension TokenWords {
  /// A string literal's text and the code of its interpolations, in order (`"Hi, \(name)!"`:
  /// `"Hi, \(`, `name`, `)!"`), each with whether it is code; nil for a string without
  /// interpolations, a raw string, or one whose parentheses do not close.
  static func interpolated(_ literal: Substring) -> [(Substring, isCode: Bool)]? {
    guard literal.first == "\"", literal.contains("\\(") else { return nil }
    let codes = SDKCheck.Code.interpolations(in: literal)
    var pieces: [(Substring, isCode: Bool)] = []
    var textStart = literal.startIndex
    for code in codes {
      pieces.append((literal[textStart..<code.lowerBound], false))
      pieces.append((literal[code], true))
      textStart = code.upperBound
    }
    // One left open is no code to read.
    guard !codes.isEmpty, !literal[textStart...].contains("\\(") else { return nil }
    pieces.append((literal[textStart...], false))
    return pieces
  }
}
