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
  /// there is none (an extension of an SDK type, or one with attributes or a `where`).
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
    var edits: [(range: Range<String.Index>, text: String)] = []
    for ext in extensions {
      let name = text(ext.keyword + 1)
      let clause = (ext.keyword + 2)..<ext.open
      // Not one with an attribute (`@MainActor extension`, `@available(…) extension`).
      let isAttributed =
        ext.keyword > 0
        && (tokens[ext.keyword - 1].kind == .attribute || text(ext.keyword - 1) == ")")
      guard let type = types[name], !isAttributed,
        !clause.contains(where: { text($0) == "where" }),
        !(type.open..<type.close).contains(ext.keyword)
      else { continue }
      edits.append(
        (tokens[ext.keyword].range.lowerBound..<tokens[ext.close].range.upperBound, ""))
      let members = code.source[
        tokens[ext.open].range.upperBound..<tokens[ext.close].range.lowerBound]
      let typeEnd = tokens[type.close].range.lowerBound
      edits.append((typeEnd..<typeEnd, "\n" + members + "\n"))
      if clause.count > 1, text(clause.lowerBound) == ":" {
        let first = tokens[clause.lowerBound + 1].range.lowerBound
        let last = tokens[clause.upperBound - 1].range.upperBound
        let conformances = code.source[first..<last]
        let hasClause = (type.keyword..<type.open).contains { text($0) == ":" }
        let at = tokens[type.open].range.lowerBound
        edits.append((at..<at, (hasClause ? ", " : ": ") + conformances + " "))
      }
    }
    guard !edits.isEmpty else { return nil }
    var source = code.source
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      source.replaceSubrange(edit.range, with: edit.text)
    }
    return source
  }
}
