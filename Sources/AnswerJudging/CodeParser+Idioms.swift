/// A statement the standard library spells two ways, read as the method it stands for: `isOn =
/// !isOn` is `isOn.toggle()` (Bool). The expression tree drops operators, so without this the
/// one spelling would have nothing in common with the other.
extension CodeParser {
  /// `x = !x` at the current position, a statement of its own, as `x.toggle()`; nil elsewhere,
  /// the position unmoved.
  mutating func parseIdiom() -> [CodeNode]? {
    guard position + 3 < tokens.count, tokens[position].kind == .identifier,
      text(position + 1) == "=", text(position + 2) == "!", text(position + 3) == current,
      position + 4 == tokens.count || startsLine(position + 4)
        || isPunctuation("}", at: position + 4) || isPunctuation(";", at: position + 4)
    else { return nil }
    let name = String(current)
    let start = position
    let receiver = CodeNode(kind: .call, name: name, token: start, tokens: start..<start + 1)
    position += 4
    var toggle = CodeNode(kind: .modifier, name: "toggle", token: nil, tokens: start..<position)
    toggle.parameters = [name]
    toggle.hasParentheses = true
    return [receiver, toggle]
  }
}
