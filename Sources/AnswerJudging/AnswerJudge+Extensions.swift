import CardDeck

extension AnswerJudge {
  /// The attempt's declaration of a type the card only extends, read as the extension:
  /// `final class Contact: Hashable { let id: UUID … static func == … }` for the card's
  /// `extension Contact: Hashable { static func == … }`. The type's stored properties and
  /// initialisers are the type's own, which the card takes as given; nil where the attempt
  /// declares no such type.
  func asExtension(_ typed: ParsedCode, like answer: ParsedCode) -> ParsedCode? {
    func isType(_ node: CodeNode, named name: String) -> Bool {
      node.kind == .declaration && CodeNode.typeKeywords.contains(node.name)
        && node.parameters.first == name
    }
    func isExtension(_ node: CodeNode, of name: String) -> Bool {
      node.kind == .declaration && node.name == "extension" && node.parameters.first == name
    }
    guard
      let extended = answer.nodes.first(where: {
        $0.kind == .declaration && $0.name == "extension"
      })?.parameters.first,
      !answer.nodes.contains(where: { isType($0, named: extended) }),
      let declaration = typed.nodes.first(where: { isType($0, named: extended) }),
      !typed.nodes.contains(where: { isExtension($0, of: extended) }),
      let keyword = declaration.token
    else { return nil }
    let cardMembers = Set(
      answer.nodes.filter { isExtension($0, of: extended) }.flatMap { $0.blocks.joined() }
        .compactMap(\.parameters.first))
    // `final`, the access it is declared with, and each stored property and initialiser the
    // card does not write.
    var cuts = [declaration.tokens.lowerBound..<keyword]
    for member in declaration.blocks.first ?? [] where member.kind == .declaration {
      let isStored = member.name == "var" && member.blocks.isEmpty
      guard isStored || member.name == "init",
        !member.parameters.contains(where: cardMembers.contains)
      else { continue }
      cuts.append(member.tokens)
    }
    let tokens = typed.tokens
    var edits = [(range: tokens[keyword].range, text: "extension")]
    for cut in cuts where !cut.isEmpty && cut.upperBound <= tokens.count {
      edits.append(
        (tokens[cut.lowerBound].range.lowerBound..<tokens[cut.upperBound - 1].range.upperBound, ""))
    }
    var source = typed.source
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      source.replaceSubrange(edit.range, with: edit.text)
    }
    return read(source)
  }
}

extension AnswerJudge {
  /// The source of `code` with each extension of a type it declares written into the type:
  /// `struct Country { … }` then `extension Country: Identifiable { var id … }` as `struct
  /// Country: Identifiable { … var id … }`, which the Swift language makes the same. Nil where
  /// there is none. Not an extension that could not be written so or does not compile: of a
  /// nested or SDK type, with attributes, an access modifier or a `where`, or holding a stored
  /// property.
  static func mergingExtensions(of code: ParsedCode) -> String? {
    let tokens = code.tokens
    func text(_ index: Int) -> Substring { code.source[tokens[index].range] }
    guard tokens.indices.contains(where: { tokens[$0].kind == .keyword && text($0) == "extension" })
    else { return nil }
    /// The first `{` after `start` and the `}` that closes it.
    func body(after start: Int) -> (open: Int, close: Int)? {
      guard let open = (start..<tokens.count).first(where: { text($0) == "{" }) else { return nil }
      var depth = 0
      for index in open..<tokens.count {
        if text(index) == "{" { depth += 1 } else if text(index) == "}" { depth -= 1 }
        if depth == 0 { return (open, index) }
      }
      return nil
    }
    /// Past a generic parameter clause at `index` (`<Element: Equatable>`), if there is one.
    func pastGenerics(_ index: Int) -> Int {
      guard index < tokens.count, text(index) == "<" else { return index }
      var depth = 0
      for inner in index..<tokens.count {
        if text(inner) == "<" { depth += 1 } else if text(inner) == ">" { depth -= 1 }
        if depth == 0 { return inner + 1 }
      }
      return tokens.count
    }
    /// Whether the extension's body declares a stored property, which no extension may.
    func holdsStoredProperty(_ open: Int, _ close: Int) -> Bool {
      var depth = 0
      for index in (open + 1)..<close {
        if text(index) == "{" { depth += 1 } else if text(index) == "}" { depth -= 1 }
        guard depth == 0, ["let", "var"].contains(text(index)),
          index == 0 || text(index - 1) != "static"
        else { continue }
        let line = tokens[index].line
        let computed = ((index + 1)..<close).contains { tokens[$0].line == line && text($0) == "{" }
        if text(index) == "let" || !computed { return true }
      }
      return false
    }
    var types: [Substring: (keyword: Int, open: Int, close: Int)] = [:]
    var extensions: [(keyword: Int, open: Int, close: Int)] = []
    for index in tokens.indices.dropLast() where tokens[index].kind == .keyword {
      let word = text(index)
      guard CodeNode.typeKeywords.contains(String(word)) || word == "extension",
        tokens[index + 1].kind == .identifier, let body = body(after: index + 2)
      else { continue }
      if word == "extension" {
        extensions.append((index, body.open, body.close))
      } else if types[text(index + 1)] == nil {
        types[text(index + 1)] = (index, body.open, body.close)
      }
    }
    var conformances: [Substring: [Substring]] = [:]
    var members: [Substring: [Substring]] = [:]
    var removed: [Range<String.Index>] = []
    for ext in extensions {
      let name = text(ext.keyword + 1)
      let clause = (ext.keyword + 2)..<ext.open
      // Not after an attribute (`@MainActor`, `@available(…)`) or an access modifier.
      var before = ext.keyword - 1
      if before >= 0, text(before) == ")",
        let open = (0..<before).last(where: { text($0) == "(" })
      {
        before = open - 1
      }
      let isModified =
        before >= 0
        && (tokens[before].kind == .attribute
          || SwiftKeyword.modifiers.contains(text(ext.keyword - 1)))
      guard types[name] != nil, !isModified, clause.isEmpty || text(clause.lowerBound) == ":",
        !clause.contains(where: { text($0) == "where" }),
        !holdsStoredProperty(ext.open, ext.close)
      else { continue }
      removed.append(tokens[ext.keyword].range.lowerBound..<tokens[ext.close].range.upperBound)
      members[name, default: []].append(
        code.source[tokens[ext.open].range.upperBound..<tokens[ext.close].range.lowerBound])
      if clause.count > 1 {
        let first = tokens[clause.lowerBound + 1].range.lowerBound
        let last = tokens[clause.upperBound - 1].range.upperBound
        conformances[name, default: []].append(code.source[first..<last])
      }
    }
    guard !removed.isEmpty else { return nil }
    var edits = removed.map { (range: $0, text: "") }
    for (name, added) in members {
      guard let type = types[name] else { continue }
      let end = tokens[type.close].range.lowerBound
      edits.append((end..<end, "\n" + added.joined(separator: "\n") + "\n"))
      if let list = conformances[name] {
        let afterName = pastGenerics(type.keyword + 2)
        let hasClause = afterName < type.open && text(afterName) == ":"
        let at = tokens[type.open].range.lowerBound
        edits.append(
          (at..<at, (hasClause ? ", " : ": ") + list.sorted().joined(separator: ", ") + " "))
      }
    }
    var source = code.source
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      source.replaceSubrange(edit.range, with: edit.text)
    }
    return source
  }
}
