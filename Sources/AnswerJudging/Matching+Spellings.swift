import CardDeck

/// Another structure for what the card's code builds, which a reviewer reads as the card's:
/// a menu-style `Picker` for a `Menu` holding a `Picker`.
extension Matching {
  /// The attempt's items, with each `Picker(…) { … }.pickerStyle(.menu)` read as a `Menu`
  /// holding that `Picker`, when the card has a `Menu` holding one: both show the choices as
  /// menu items and tick the current one; only the menu's own label differs (the picker's
  /// shows the choice), a slip. Nil when there is none.
  func menuPickersAsMenus() -> [CodeNode]? {
    // The card's names first: a set, looked up at once, where most cards have no `Menu`.
    guard expected.names.contains("Menu"), expected.names.contains("Picker"),
      attempt.tokens.contains(where: {
        $0.kind == .identifier && attempt.source[$0.range] == "pickerStyle"
      }),
      Self.contains(
        expected.nodes,
        where: { node in
          node.kind == .call && node.name == "Menu"
            && Self.contains(
              Self.content(of: node), where: { $0.kind == .call && $0.name == "Picker" })
        })
    else { return nil }
    var found = false
    let nodes = Self.rewritingMenuPickers(attempt.nodes, found: &found)
    return found ? nodes : nil
  }

  /// The items a node holds in its closures.
  private static func content(of node: CodeNode) -> [CodeNode] {
    node.arguments.filter(\.isClosure).flatMap { Array($0.value[0].blocks.joined()) }
  }

  /// Whether `nodes`, or what they hold, have a node that `accepts`.
  private static func contains(_ nodes: [CodeNode], where accepts: (CodeNode) -> Bool) -> Bool {
    nodes.contains { node in
      accepts(node)
        || contains(
          node.arguments.flatMap(\.value) + node.blocks.joined() + node.value, where: accepts)
    }
  }

  private static func rewritingMenuPickers(_ items: [CodeNode], found: inout Bool) -> [CodeNode] {
    var items = items.map { node in
      var node = node
      for index in node.arguments.indices {
        node.arguments[index].value = rewritingMenuPickers(
          node.arguments[index].value, found: &found)
      }
      node.blocks = node.blocks.map { rewritingMenuPickers($0, found: &found) }
      node.value = rewritingMenuPickers(node.value, found: &found)
      return node
    }
    var index = 0
    while index < items.count {
      guard items[index].kind == .call, items[index].name == "Picker" else {
        index += 1
        continue
      }
      var end = index + 1
      while end < items.count, items[end].kind == .modifier, items[end].parameters.isEmpty {
        end += 1
      }
      let chain = items[(index + 1)..<end]
      guard
        let style = chain.firstIndex(where: { modifier in
          modifier.name == "pickerStyle"
            && modifier.arguments.first?.value.first.map { $0.kind == .member && $0.name == "menu" }
              == true
        })
      else {
        index = end
        continue
      }
      let picker = items[index]
      let span = picker.tokens.lowerBound..<items[end - 1].tokens.upperBound
      var closure = CodeNode(kind: .closure, name: "", token: nil, tokens: span)
      closure.blocks = [[picker] + chain.filter { $0.token != items[style].token }]
      var menu = CodeNode(kind: .call, name: "Menu", token: items[style].token, tokens: span)
      menu.isAPI = true
      menu.importance = .major
      menu.arguments = [.init(label: nil, labelToken: nil, value: [closure], isTrailing: true)]
      items.replaceSubrange(index..<end, with: [menu])
      found = true
      index += 1
    }
    return items
  }

  /// Whether the card's `equals:` of `.focused($field, equals: .case)` is left out for the
  /// other overload, `.focused($flag)` with a Boolean `@FocusState` the attempt declares: for
  /// the field that focus moves to, the same technique with one flag.
  func isBooleanFocus(_ argument: CodeNode.Argument, of e: CodeNode, _ a: CodeNode) -> Bool {
    guard e.name == "focused", a.name == "focused", argument.label == "equals",
      a.arguments.count == 1, let binding = a.arguments[0].value.first,
      binding.kind == .binding
    else { return false }
    return Self.contains(attempt.nodes) { node in
      node.kind == .declaration && node.parameters == [binding.name]
        && node.attributes.contains { $0.name == "FocusState" }
        && node.clause.count == 1 && node.clause[0].name == "Bool"
    }
  }

  /// Whether the attempt declares a type of its own conforming to `Identifiable`, whose values
  /// `ForEach`, `List` and `Table` identify without an `id:` key path.
  var attemptDeclaresIdentifiable: Bool {
    func declares(_ nodes: [CodeNode]) -> Bool {
      nodes.contains { node in
        node.kind == .declaration && node.clause.contains { $0.name == "Identifiable" }
          || node.blocks.contains(where: declares)
      }
    }
    return attempt.writtenNames.contains("Identifiable") && declares(attempt.nodes)
  }

  /// Whether `argument`'s value is the key path `\.self`: rows that are their own identity
  /// (strings, numbers), where the card's rows are no model of its own.
  static func isSelf(_ argument: CodeNode.Argument) -> Bool {
    argument.value.count == 1 && argument.value[0].kind == .keyPath
      && argument.value[0].name == "self"
  }

  /// Whether the rows the attempt's `a` (a `List`, a `ForEach`) hands its closure are values
  /// of a model type of its own: the closure reads a member of its row that no `String` has
  /// (`genre.name`), so the overload without `id:` takes them as `Identifiable` where the
  /// card's strings need `id: \.self`.
  func rowsAreModels(_ a: CodeNode) -> Bool {
    guard let closure = a.arguments.last(where: \.isClosure)?.value.first,
      closure.kind == .closure
    else { return false }
    let row = closure.parameters.first ?? "$0"
    return Self.allNodes(closure.blocks.flatMap { $0 }).contains { node in
      node.kind == .modifier && node.parameters.first == row
        && !SDKIndex.shipped.hasMember(named: node.name, of: "String")
    }
  }

  /// An argument the card writes that the attempt's member, written without any argument list,
  /// reads from where it is used (``APIVocabulary/implied``): the static
  /// `ContentUnavailableView.search` for `.search(text: query)`, which inside a searchable view
  /// shows the query itself.
  func isImplied(_ argument: CodeNode.Argument, of e: CodeNode, _ a: CodeNode) -> Bool {
    guard e.name == a.name, a.arguments.isEmpty, !a.hasParentheses, let label = argument.label,
      let entries = vocabulary.implied[e.name], let token = e.token, token >= 2
    else { return false }
    // The owner is the name before the dot: `ContentUnavailableView.search`.
    let owner = expected.source[expected.tokens[token - 2].range]
    return entries.contains { $0.label == label && $0.owner == owner }
  }
}

extension Matching {
  /// Whether the card's `argument` passes a type (`of: Int.self`) that the attempt gives as a
  /// generic argument instead (`AsyncStream<Int>.makeStream()`): the same type, inferred.
  func givesTypeAsGenericArgument(_ argument: CodeNode.Argument) -> Bool {
    // A constant's value read in its place comes from before the argument: the bounds are
    // the least and the greatest, not the first value's and the last's.
    guard let lower = argument.value.map(\.tokens.lowerBound).min(),
      let upper = argument.value.map(\.tokens.upperBound).max()
    else { return false }
    let tokens = lower..<max(lower, upper)
    guard tokens.count == 3, tokens.upperBound <= expected.tokens.count else { return false }
    let words = tokens.map { expected.source[expected.tokens[$0].range] }
    guard words[1] == ".", words[2] == "self", let type = words.first else { return false }
    let written = attempt.tokens.map { attempt.source[$0.range] }
    return written.indices.dropFirst().contains { index in
      written[index] == type && ["<", ","].contains(written[index - 1])
    }
  }

  /// Whether the card's `argument` of `e` passes the value its parameter takes when left out,
  /// as every declaration of that name with that label says (`autoreverses: true` of
  /// `repeatForever`, `alignment: .center` of a `VStack`): the attempt that leaves it out says
  /// the same.
  static func passesDefault(_ argument: CodeNode.Argument, of e: CodeNode) -> Bool {
    guard argument.value.count == 1, let written = Self.simpleValue(argument.value[0]) else {
      return false
    }
    let label = argument.label ?? "_"
    let index = SDKIndex.shipped
    var members: [SDKIndex.Member]
    if e.kind == .call, e.name.first?.isUppercase == true {
      members = index.members(named: "init", of: e.name)
    } else {
      members = index.members(named: e.name, of: "View")
      if members.isEmpty { members = index.membersOfAnyType(named: e.name).map(\.member) }
    }
    let defaults = members.filter(\.isCall).compactMap { member -> String?? in
      guard let position = member.labels.firstIndex(of: label) else { return nil }
      return .some(member.parameterDefaults?[position] ?? nil)
    }
    guard !defaults.isEmpty else { return false }
    return defaults.allSatisfy { value in
      guard let value else { return false }
      return value == written || (Double(value).map { $0 == Double(written) } ?? false)
    }
  }

  /// A value as a declaration's default is written: `true`, `nil`, `0.5`, `.center`; nil for
  /// anything else.
  private static func simpleValue(_ node: CodeNode) -> String? {
    switch node.kind {
    case .literal: return node.name
    case .member where node.arguments.isEmpty && !node.hasParentheses: return "." + node.name
    default: return nil
    }
  }
}
