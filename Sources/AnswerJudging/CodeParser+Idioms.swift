/// Statements the standard library spells two ways, read as the method they stand for:
/// `isOn = !isOn` is `isOn.toggle()` (Bool), `tags += dropped` is `tags.append(contentsOf:
/// dropped)` (RangeReplaceableCollection), `names.count == 0` is `names.isEmpty` (Collection,
/// whose documentation prefers it). The expression tree drops operators, so without this the
/// one spelling would have nothing in common with the other.
extension CodeParser {
  /// `x = !x` or `x += value` at the current position, as the method call it stands for; nil
  /// elsewhere, the position unmoved.
  mutating func parseIdiom() -> [CodeNode]? {
    guard position + 2 < tokens.count, tokens[position].kind == .identifier,
      tokens[position + 1].kind == .operator
    else { return nil }
    let name = String(current)
    let start = position
    let receiver = CodeNode(kind: .call, name: name, token: start, tokens: start..<start + 1)
    switch text(position + 1) {
    case "=":
      guard position + 3 < tokens.count, text(position + 2) == "!", text(position + 3) == name[...],
        position + 4 == tokens.count || startsLine(position + 4)
          || isPunctuation("}", at: position + 4) || isPunctuation(";", at: position + 4)
      else { return nil }
      position += 4
      var toggle = CodeNode(kind: .modifier, name: "toggle", token: nil, tokens: start..<position)
      toggle.parameters = [name]
      toggle.hasParentheses = true
      return [receiver, toggle]
    case "+=":
      // A number added is arithmetic.
      guard tokens[position + 2].kind != .number else { return nil }
      position += 2
      let value = parseExpression(allowsTrailingClosure: false)
      guard !value.isEmpty else {
        position = start
        return nil
      }
      var append = CodeNode(kind: .modifier, name: "append", token: nil, tokens: start..<position)
      append.parameters = [name]
      append.hasParentheses = true
      append.arguments = [.init(label: "contentsOf", value: value)]
      return [receiver, append]
    default:
      return nil
    }
  }

  /// Whether a chain that ends in `.count` goes on `== 0`, `!= 0`, `> 0` or `>= 1`: a test of
  /// emptiness. Passes over the comparison when it does.
  mutating func takeEmptinessTest(after links: [CodeNode]) -> Bool {
    guard let last = links.last, last.kind == .modifier, last.name == "count",
      last.arguments.isEmpty, !last.hasParentheses, position + 1 < tokens.count,
      tokens[position].kind == .operator, tokens[position + 1].kind == .number
    else { return false }
    switch (text(position), text(position + 1)) {
    case ("==", "0"), ("!=", "0"), (">", "0"), (">=", "1"):
      position += 2
      return true
    default:
      return false
    }
  }
}
