import CardDeck

/// A type's static value written with or without its type where the argument's type is known:
/// `foregroundStyle(Color.red)` says what `foregroundStyle(.red)` says, `in: Date.now...` what
/// `in: .now...` says; and `Date()` is `Date.now`. A reviewer reads them alike.
extension CodeNode {
  /// The static property an initialiser without arguments gives the value of, for the types
  /// where no declaration says so.
  static let emptyInitialisers: [String: String] = [
    "Date": "now", "CGPoint": "zero", "CGSize": "zero", "CGRect": "zero", "CGVector": "zero",
  ]

  /// Whether `source` has a capitalised name followed at once by `.` or `(`, an implicit
  /// member called as an argument, or an array that starts with an implicit member: what
  /// ``normalizingImplicitMembers(_:declared:)`` and the factories rewrite, in a look far
  /// cheaper than the passes.
  static func mayHaveImplicitMembers(_ source: String, _ tokens: [SwiftToken]) -> Bool {
    let utf8 = source.utf8
    if source.holdsBytes("[.") { return true }
    return tokens.indices.contains { index in
      let token = tokens[index]
      guard token.kind == .identifier, let first = utf8[token.range].first,
        token.range.upperBound < utf8.endIndex
      else { return false }
      let next = utf8[token.range.upperBound]
      if first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") {
        return next == UInt8(ascii: ".") || next == UInt8(ascii: "(")
      }
      // An implicit member called in an argument: `.clipShape(.rect(cornerRadius: 16))`.
      guard next == UInt8(ascii: "("), index >= 2, source[tokens[index - 1].range] == "."
      else { return false }
      return ["(", ":", ","].contains(source[tokens[index - 2].range])
    }
  }

  /// `nodes` with each `Type()` of ``emptyInitialisers`` written as `Type.member`, and in an
  /// argument, each `Type.member` (a static property or case of an SDK type the code does not
  /// declare, as the index says) written as the implicit member `.member`. Elsewhere the type
  /// stays: `URLSession.shared` cannot be written `.shared` there. The tokens stay the code's.
  static func normalizingImplicitMembers(_ nodes: [CodeNode], declared: Set<String>)
    -> [CodeNode]
  {
    var items: [CodeNode] = []
    for node in nodes {
      var node = node.mappingSequences { normalizingImplicitMembers($0, declared: declared) }
      for index in node.arguments.indices {
        node.arguments[index].value = implicitMembers(
          node.arguments[index].value, declared: declared)
      }
      guard node.kind == .call, node.hasParentheses, node.arguments.isEmpty, node.blocks.isEmpty,
        !declared.contains(node.name), let member = emptyInitialisers[node.name]
      else {
        items.append(node)
        continue
      }
      var type = node
      type.hasParentheses = false
      var link = node
      link.kind = .modifier
      link.name = member
      link.hasParentheses = false
      link.chainRoot = node.name
      link.parameters = [node.name]
      items += [type, link]
    }
    return items
  }

  /// An argument's `value` with a leading `Type.member` as `.member`, where the index says the
  /// member is a static property or a case of the type.
  private static func implicitMembers(_ value: [CodeNode], declared: Set<String>) -> [CodeNode] {
    if let option = singleOption(value) { return [option] }
    guard value.count >= 2 else { return value }
    let type = value[0]
    let link = value[1]
    guard type.isTypeReference, link.kind == .modifier, link.chainRoot == type.name,
      link.arguments.isEmpty, !link.hasParentheses, !declared.contains(type.name),
      SDKIndex.shipped.members(named: link.name, of: type.name).contains(where: {
        ($0.isStatic && !$0.isCall) || $0.isCase
      })
    else { return value }
    var member = link
    member.kind = .member
    member.parameters = []
    // Kept, so that another type's member of the same name is not taken for it.
    member.chainRoot = type.name
    member.tokens = type.tokens.lowerBound..<link.tokens.upperBound
    var rest = Array(value.dropFirst(2))
    // What follows is read on the member now, as after `.red`: on no named receiver.
    if let next = rest.first, next.chainRoot?.hasPrefix(type.name + ".") == true {
      rest[0].chainRoot = nil
      rest[0].parameters = []
    }
    return [member] + rest
  }

  /// The one option of a set of options written as an array (`[.date]`, which says what
  /// `.date` says), where the index declares the option on a type that is a `SetAlgebra`.
  private static func singleOption(_ value: [CodeNode]) -> CodeNode? {
    guard value.count == 1, value[0].kind == .array, value[0].arguments.count == 1,
      value[0].arguments[0].label == nil, value[0].arguments[0].value.count == 1
    else { return nil }
    let option = value[0].arguments[0].value[0]
    guard option.kind == .member, option.arguments.isEmpty, !option.hasParentheses else {
      return nil
    }
    let index = SDKIndex.shipped
    return index.membersOfAnyType(named: option.name).contains { found in
      found.member.isStatic && index.supertypes(of: found.owner).contains("SetAlgebra")
    } ? option : nil
  }
}
