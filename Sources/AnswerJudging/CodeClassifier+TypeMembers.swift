import CardDeck

/// The members of a type the code declares: the example's model's, free, or those a protocol
/// or attribute requires, API; and a model's property configured as the question asks, where
/// the model is the card.
extension CodeClassifier {
  /// The member names a type declaration must use, whatever its author calls the rest: the
  /// requirements of the protocols it conforms to that make it a part of an API (`body(content:)`
  /// of a `ViewModifier`), and the names an attribute gives meaning (`projectedValue` in a
  /// `@propertyWrapper`). A model's conformances (`Identifiable`, `Hashable`) are the example's,
  /// as the rest of the model is.
  static func requiredNames(of declaration: CodeNode) -> Set<String> {
    var names: Set<String> = []
    for type in declaration.clause
    where SDKIndex.shipped.isProtocol(type.name)
      && !APIVocabulary.modelProtocols.contains(type.name)
    {
      names.formUnion(SDKIndex.shipped.memberNames(of: type.name))
    }
    for attribute in declaration.attributes {
      names.formUnion(APIVocabulary.attributeMembers[attribute.name] ?? [])
    }
    return names
  }

  /// A member declaration whose name is one of `required`, as API: another name in its place is
  /// another member, not the author's own. It weighs nothing itself: what the card's point is
  /// lies in what it holds (`configuration.isPressed` in `makeBody(configuration:)`), and the
  /// name alone right is no part of it.
  static func requiring(_ node: CodeNode, _ required: Set<String>) -> CodeNode {
    guard node.kind == .declaration, ["var", "let", "func"].contains(node.name),
      let name = node.parameters.first, required.contains(name)
    else { return node }
    var node = node
    node.isAPI = true
    node.weight = nil
    return node
  }

  /// `node` and all it holds, free, except the names in `kept`.
  static func freed(_ node: CodeNode, keeping kept: Set<String> = []) -> CodeNode {
    var node = node.mappingChildren { freed($0, keeping: kept) }
    node.weight = nil
    if !kept.contains(node.name) { node.importance = .free }
    for index in node.arguments.indices
    where !kept.contains((node.arguments[index].label ?? "") + ":") {
      node.arguments[index].importance = .free
    }
    return node
  }

  /// Whether `member` is a property an API attribute configures, where the question asks
  /// about the property or the option or label (`.spotlight`, `deleteRule:`), not only as the
  /// example's model does.
  func isAskedConfiguration(_ member: CodeNode) -> Bool {
    let asksProperty = member.parameters.first.map(question.asks) == true
    return member.kind == .declaration
      && member.attributes.contains { attribute in
        attribute.isAPI
          && attribute.arguments.contains { argument in
            asksProperty || argument.label.map(question.asks) == true
              || argument.value.contains { $0.kind == .member && question.asks($0.name) }
          }
      }
  }

  /// `member` with its attributes' options API that counts: `.unique` where the card has
  /// `.spotlight` is another option, not the author's name.
  static func weighingOptions(_ member: CodeNode) -> CodeNode {
    var member = member
    member.attributes = member.attributes.map { attribute in
      var attribute = attribute
      attribute.arguments = attribute.arguments.map { argument in
        var argument = argument
        argument.value = argument.value.map { value in
          guard value.kind == .member, !value.isAPI else { return value }
          var value = value
          value.isAPI = true
          value.importance = .major
          return value
        }
        return argument
      }
      attribute.weight = nil
      return attribute
    }
    member.weight = nil
    return member
  }
}
