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
