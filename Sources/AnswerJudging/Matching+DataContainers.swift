import CardDeck

/// A container that builds a row for each element says the same given the data or holding a
/// `ForEach` over it: `Chart { ForEach(sales) { … } }` is `Chart(sales) { … }` (SwiftUI's data
/// initialisers). The other way round needs nothing: the `ForEach` the card's container holds
/// is scaffolding, free to leave out.
extension Matching {
  /// The attempt's items, each container that holds only a `ForEach` read as given its data,
  /// where the card gives that container its data. Nil when there is none.
  func dataContainersInCardsForm() -> [CodeNode]? {
    guard attempt.writtenNames.contains("ForEach") else { return nil }
    let dataForm = Set(
      Self.allNodes(expected.nodes).lazy.filter {
        $0.kind == .call && $0.name != "ForEach" && Self.isDataForm($0)
      }.map(\.name))
    guard !dataForm.isEmpty else { return nil }
    return Self.rearguing(attempt.nodes) { node in
      guard node.kind == .call, dataForm.contains(node.name),
        let forEach = Self.soleForEach(in: node)
      else { return nil }
      // The data and its `id:` first, then the container's own (`selection:`), then the rows.
      return forEach.arguments.dropLast() + node.arguments.dropLast() + [forEach.arguments.last!]
    }
  }

  /// The attempt's items, each container given its data read as holding a `ForEach` over it,
  /// where the card's container of that name holds one: `List(tags, id: \.self) { … }` for
  /// `List { ForEach(tags, id: \.self) { … } }`, whose `id:` is the `ForEach`'s. Nil when there
  /// is none.
  func dataContainersInForEachForm() -> [CodeNode]? {
    guard !attempt.writtenNames.contains("ForEach") else { return nil }
    var held: [String: (closure: CodeNode, forEach: CodeNode)] = [:]
    for node in Self.allNodes(expected.nodes) where node.kind == .call && node.name != "ForEach" {
      if let forEach = Self.soleForEach(in: node), let closure = node.arguments.last?.value.first,
        closure.blocks[0].count == 1
      {
        held[node.name] = (closure, forEach)
      }
    }
    guard !held.isEmpty else { return nil }
    return Self.rearguing(attempt.nodes) { node in
      guard node.kind == .call, let (closure, forEach) = held[node.name], Self.isDataForm(node)
      else { return nil }
      let ownLabels: Set<String?> = [nil, "id", "editActions"]
      guard !node.arguments.contains(where: { $0.label == "children" }) else { return nil }
      var made = forEach
      made.token = node.token
      made.tokens = node.tokens
      made.arguments = node.arguments.filter { ownLabels.contains($0.label) }
      made.weight = nil
      made.fingerprint = nil
      var holder = closure
      holder.token = node.token
      holder.tokens = node.tokens
      holder.blocks = [[made]]
      holder.weight = nil
      holder.fingerprint = nil
      return node.arguments.filter { !ownLabels.contains($0.label) }
        + [CodeNode.Argument(label: nil, value: [holder], isTrailing: true)]
    }
  }

  /// `nodes` with each node, deepest first, given the arguments `arguments` makes for it where
  /// it makes some; nil where it makes none for any.
  static func rearguing(
    _ nodes: [CodeNode], _ arguments: (CodeNode) -> [CodeNode.Argument]?
  ) -> [CodeNode]? {
    var found = false
    func rewrite(_ node: CodeNode) -> CodeNode {
      var node = node.mappingChildren(rewrite)
      guard let made = arguments(node) else { return node }
      node.arguments = made
      node.weight = nil
      node.fingerprint = nil
      found = true
      return node
    }
    let rewritten = nodes.map(rewrite)
    return found ? rewritten : nil
  }

  /// Whether `node` is given its data and builds each row in a closure that takes the element:
  /// `Chart(sales) { sale in … }`, `List(names, id: \.self, selection: $name) { Text($0) }`.
  /// A `ForEach` takes no other label than `id:` and `editActions:` there (`children:` is
  /// `List`'s and `OutlineGroup`'s).
  private static func isDataForm(_ node: CodeNode) -> Bool {
    guard node.arguments.count >= 2, let last = node.arguments.last, last.isClosure,
      last.label == nil, case let closure = last.value[0],
      !closure.parameters.isEmpty || closure.anonymousParameters > 0,
      let data = node.arguments.first, data.label == nil, !data.isClosure
    else { return false }
    return node.arguments.dropFirst().dropLast().allSatisfy {
      node.name == "ForEach" ? ["id", "editActions"].contains($0.label) : $0.label != nil
    }
  }

  /// The `ForEach` in the data form that is all `node`'s last closure holds, its other
  /// arguments labelled (`selection:`), with the modifiers written after it moved onto its
  /// rows: a modifier of a `ForEach` applies to each view it makes (`.foregroundStyle(.blue)`
  /// on a chart's marks), but for those of the `ForEach` itself (`.onDelete`), which the
  /// container's data form has not.
  private static func soleForEach(in node: CodeNode) -> CodeNode? {
    guard let last = node.arguments.last, last.isClosure, last.label == nil,
      node.arguments.dropLast().allSatisfy({ $0.label != nil && !$0.isClosure }),
      case let closure = last.value[0], closure.parameters.isEmpty,
      closure.anonymousParameters == 0, closure.blocks.count == 1,
      var forEach = closure.blocks[0].first, forEach.kind == .call, forEach.name == "ForEach",
      isDataForm(forEach),
      case let modifiers = closure.blocks[0].dropFirst(),
      modifiers.allSatisfy({ $0.kind == .modifier && !ownModifiers.contains($0.name) }),
      case var rows = forEach.arguments[forEach.arguments.count - 1].value[0],
      rows.blocks.count == 1 || modifiers.isEmpty
    else { return nil }
    if !modifiers.isEmpty {
      rows.blocks[0] += modifiers
      rows.weight = nil
      rows.fingerprint = nil
      forEach.arguments[forEach.arguments.count - 1].value = [rows]
    }
    return forEach
  }

  /// The modifiers of a `ForEach` itself, not of the views it makes (`DynamicViewContent`).
  private static let ownModifiers: Set<String> = [
    "onDelete", "onMove", "onInsert", "dropDestination",
  ]
}

/// A deprecated container that takes its columns as children says what its replacement says
/// with a closure a column: `NavigationView { A; B; C }` holds the columns of
/// `NavigationSplitView { A } content: { B } detail: { C }`, and is compared column for column
/// (its deprecation still said), not as one sidebar missing two columns.
extension Matching {
  /// The attempt's items (`nodes`), each deprecated container whose one closure holds as many
  /// items as the card's replacement has closures read with a closure each, labelled as the
  /// card labels them. Nil when there is none.
  func columnsInCardsForm(_ nodes: [CodeNode]) -> [CodeNode]? {
    guard
      vocabulary.deprecated.keys.contains(where: { attempt.writtenNames.contains(Substring($0)) })
    else { return nil }
    return Self.rearguing(nodes) { node in
      guard node.kind == .call, node.arguments.count == 1, node.arguments[0].isTrailing,
        node.arguments[0].label == nil, node.arguments[0].isClosure,
        case let closure = node.arguments[0].value[0], closure.blocks.count == 1,
        let replacement = replacement(forDeprecated: node.name).map(Self.bare),
        let columns = Self.allNodes(expected.nodes).first(where: {
          $0.kind == .call && $0.name == replacement
        })?.arguments,
        columns.count >= 2, columns.allSatisfy({ $0.isTrailing && $0.isClosure }),
        case let views = Self.views(in: closure.blocks[0]), views.count == columns.count
      else { return nil }
      return zip(columns, views).map { column, view in
        var part = closure
        part.blocks = [view]
        part.weight = nil
        part.fingerprint = nil
        var argument = node.arguments[0]
        argument.label = column.label
        argument.value = [part]
        return argument
      }
    }
  }

  /// A block's items as views: each item but a modifier with the modifiers after it
  /// (`List { … }` and its `.navigationTitle("Mail")` are one column).
  private static func views(in items: [CodeNode]) -> [[CodeNode]] {
    var views: [[CodeNode]] = []
    for item in items {
      if item.kind == .modifier, !views.isEmpty {
        views[views.count - 1].append(item)
      } else {
        views.append([item])
      }
    }
    return views
  }
}
