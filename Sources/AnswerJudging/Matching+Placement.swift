import CardDeck

/// Where the attempt puts what the card has: a row's modifier on the list, an environment value
/// read by the view that presents or searches rather than the one inside.
extension Matching {
  /// Notes a part of the card's code that the attempt has in a place where it does something
  /// else or nothing: an error, as another API is. Once per part.
  private mutating func noteMisplaced(_ node: CodeNode, _ message: String) {
    guard let token = node.token else { return }
    guard marks[token] != .misplaced else {
      // Read as moved down into the views it was on, where this check knows it does nothing.
      let moved = "`\(display(node, in: expected))` is not where the card has it"
      if let index = findings.firstIndex(where: { $0.message == moved }) {
        findings[index].message = message
        confirmError(at: index, token: token)
      }
      return
    }
    position = token
    lost.major += 1
    lostToErrors += 1
    marks[token] = .misplaced
    note(.error, message)
  }

  /// Makes the slip noted at `index` for the card's part at `token`, moved down into the
  /// views it was on (``isMovedInViews(_:_:)``), the error another check finds it: where it is,
  /// it does nothing.
  mutating func confirmError(at index: Int, token: Int) {
    guard movedInViews.remove(token) != nil else { return }
    findings[index].severity = .error
    errorCount += 1
    lost.major += 1
    lostToErrors += 1
  }

  /// Whether the card's style modifier `node` (`.pickerStyle`, `.buttonStyle`: views read it
  /// from their environment), found as `typed`, is set on a view that holds the card's place
  /// (`.pickerStyle(.navigationLink)` on the `Form` around the picker): it styles the same
  /// views.
  func isStyleMovedUp(_ node: CodeNode, _ typed: CodeNode) -> Bool {
    guard node.kind == .modifier, node.isAPI, node.name.hasSuffix("Style"),
      SDKIndex.shipped.hasMember(named: node.name, of: "View")
    else { return false }
    let card = Self.scopes(of: node.tokens.lowerBound, in: expected.nodes)
    let moved = Self.scopes(of: typed.tokens.lowerBound, in: attempt.nodes)
    return card.count > moved.count && Array(card.prefix(moved.count)) == moved
      && card.dropFirst(moved.count).allSatisfy { $0 == .content }
  }

  /// Whether the card's modifier `node`, found as `typed` in another place, is a view's or a
  /// toolbar item's moved down into the content of the views it was on (`.searchable` on the
  /// stack inside the search tab rather than on the `TabView`), where it may do the same job.
  /// Not moved up (`.navigationTitle` on the stack, `.zIndex` on the `ZStack`: the container
  /// reads it from its content, or it covers more), nor sideways, nor into what another
  /// modifier presents or adds (a sheet's content, a toolbar), nor into rows a `ForEach` or a
  /// list of data repeats.
  func isMovedInViews(_ node: CodeNode, _ typed: CodeNode) -> Bool {
    // A presentation's modifiers work in its content alone, where the card has them.
    guard node.kind == .modifier, node.isAPI,
      !APIVocabulary.presentedContentModifiers.contains(node.name),
      SDKIndex.shipped.hasMember(named: node.name, of: "View")
        || SDKIndex.shipped.hasMember(named: node.name, of: "ToolbarContent")
    else { return false }
    let card = Self.scopes(of: node.tokens.lowerBound, in: expected.nodes)
    let moved = Self.scopes(of: typed.tokens.lowerBound, in: attempt.nodes)
    return moved.count > card.count && Array(moved.prefix(card.count)) == card
      && moved.dropFirst(card.count).allSatisfy { $0 == .content }
  }

  /// What holds a part, from the outside in.
  enum Scope: Equatable {
    /// A call's content: a container's views (`VStack { … }`, `Tab { … }`), a body.
    case content
    /// The rows a `ForEach`, or a `List`, `Table` or `OutlineGroup` of data, repeats.
    case rows
    /// A modifier's closure, what it presents or adds (`.sheet { … }`, `.toolbar { … }`), or
    /// the items a `Menu` or a `Picker` offers.
    case modifier(String)
  }

  /// The scopes that hold `token`, from the outside in.
  static func scopes(of token: Int, in nodes: [CodeNode]) -> [Scope] {
    guard let node = nodes.first(where: { $0.tokens.contains(token) }) else { return [] }
    let repeats =
      node.name == "ForEach"
      || (["List", "Table", "OutlineGroup"].contains(node.name)
        && node.arguments.contains { !$0.isClosure })
    // A menu's and a picker's content are items it offers, not views it shows in place.
    let scope: Scope =
      repeats
      ? .rows
      : node.kind == .modifier || ["Menu", "Picker"].contains(node.name)
        ? .modifier(node.name) : .content
    for argument in node.arguments {
      for value in argument.value where value.tokens.contains(token) {
        guard value.kind == .closure else { return scopes(of: token, in: [value]) }
        for block in value.blocks where block.contains(where: { $0.tokens.contains(token) }) {
          return [scope] + scopes(of: token, in: block)
        }
      }
    }
    for block in node.blocks where block.contains(where: { $0.tokens.contains(token) }) {
      return [scope] + scopes(of: token, in: block)
    }
    return scopes(of: token, in: node.value)
  }

  /// The first node of `nodes` (and all they hold) that `accepts`.
  private static func first(in nodes: [CodeNode], where accepts: (CodeNode) -> Bool) -> CodeNode? {
    for node in nodes {
      if accepts(node) { return node }
      let inner =
        node.arguments.flatMap(\.value) + node.blocks.joined() + node.attributes + node.clause
        + node.value
      if let found = first(in: inner, where: accepts) { return found }
    }
    return nil
  }

  /// Calls `visit` with every list of items in `nodes` (blocks and closures' bodies).
  private static func forEachBlock(_ nodes: [CodeNode], _ visit: (_ items: [CodeNode]) -> Void) {
    visit(nodes)
    for node in nodes {
      for argument in node.arguments { forEachBlock(argument.value, visit) }
      for block in node.blocks { forEachBlock(block, visit) }
      forEachBlock(node.value, visit)
    }
  }

  /// The modifiers of `items` that a `List` takes straight, in a chain on the list itself.
  private static func modifiersOnList(_ nodes: [CodeNode]) -> [CodeNode] {
    var found: [CodeNode] = []
    forEachBlock(nodes) { items in
      var base: String?
      for item in items {
        if item.kind == .call {
          base = item.name
        } else if item.kind == .modifier, item.parameters.isEmpty {
          if base == "List", APIVocabulary.rowModifiers.contains(item.name) { found.append(item) }
        } else {
          base = nil
        }
      }
    }
    return found
  }

  private static let rowModifierNames = Set(APIVocabulary.rowModifiers.map { Substring($0) })

  /// Whether one of the attempt's names or attributes is one of `names`: a cheap look before
  /// walking its tree for a check that seldom applies.
  private func attemptWrites(_ names: Set<Substring>) -> Bool {
    !names.isDisjoint(with: attempt.writtenNames)
  }

  /// `.swipeActions` and the other row modifiers on the `List` itself reach no row.
  mutating func checkRowModifiers() {
    guard attemptWrites(Self.rowModifierNames) else { return }
    let onList = Self.modifiersOnList(attempt.nodes)
    guard !onList.isEmpty else { return }
    let cardOnList = Set(Self.modifiersOnList(expected.nodes).map(\.name))
    for typed in onList where !cardOnList.contains(typed.name) {
      guard
        let node = Self.first(
          in: expected.nodes, where: { $0.kind == .modifier && $0.name == typed.name })
      else { continue }
      noteMisplaced(node, "`.\(typed.name)` goes on each row, not on the `List`")
    }
  }

  /// An environment value that a presented or searched view reads (`\.dismiss`,
  /// `\.isSearching`) read instead in the view that presents or applies `.searchable`: there it
  /// is about that view, not the sheet or the search.
  mutating func checkEnvironmentReads() {
    guard attemptWrites(["@Environment"]) else { return }
    var misread: [(keyPath: String, modifier: String)] = []
    Self.forEachBlock(attempt.nodes) { items in
      for item in items where item.kind == .declaration {
        guard item.attributes.contains(where: { $0.name == "Environment" }),
          let keyPath = Self.first(in: item.attributes, where: { $0.kind == .keyPath }),
          let owners = APIVocabulary.contentEnvironment[keyPath.name]
        else { continue }
        // In the same view: its other items, not the views it declares.
        let scope = items.filter { !["struct", "class", "enum"].contains($0.name) }
        if let owner = Self.first(
          in: scope,
          where: { $0.kind == .modifier && owners.contains($0.name) && $0.parameters.isEmpty })
        {
          misread.append((keyPath.name, owner.name))
        }
      }
    }
    for (keyPath, modifier) in misread {
      guard
        Self.first(in: expected.nodes, where: { $0.kind == .modifier && $0.name == modifier })
          == nil,
        let node = Self.first(
          in: expected.nodes, where: { $0.kind == .keyPath && $0.name == keyPath })
      else { continue }
      noteMisplaced(
        node,
        "`\\.\(keyPath)` is read in the view that applies `.\(modifier)`: read it in the view inside"
      )
    }
  }

  /// A property that `@Environment` gives has no setter, so an attempt that assigns to one
  /// (`isPresented = false` to close a sheet) does not compile, however right the rest is.
  mutating func checkEnvironmentAssignments() {
    guard attemptWrites(["@Environment"]) else { return }
    var readOnly: Set<Substring> = []
    Self.forEachBlock(attempt.nodes) { items in
      for item in items where item.kind == .declaration && item.name == "var" {
        guard item.attributes.contains(where: { $0.name == "Environment" }) else { continue }
        for name in item.parameters { readOnly.insert(Substring(name)) }
      }
    }
    guard !readOnly.isEmpty else { return }
    let tokens = attempt.tokens
    let source = attempt.source
    for index in tokens.indices.dropLast() where tokens[index].kind == .identifier {
      let name = source[tokens[index].range]
      guard readOnly.contains(name), tokens[index + 1].kind == .operator,
        source[tokens[index + 1].range] == "="
      else { continue }
      // `var name = …` declares it; `other.name = …` is another value's; `self.name` is it.
      if index > 0 {
        let before = source[tokens[index - 1].range]
        if before == "var" || before == "let" { continue }
        if before == ".", index < 2 || source[tokens[index - 2].range] != "self" { continue }
      }
      lost.major += 1
      lostToErrors += 1
      note(
        .error,
        "`\(name)` comes from `@Environment`, which cannot be set: assigning it does not compile")
      return
    }
  }

  /// The first view written straight in a `.toolbar` beside toolbar items (`ToolbarItem`,
  /// `ToolbarOverflowMenu`…), and that item's name: one `.toolbar` closure builds views or
  /// toolbar items, not both, so the view needs a `ToolbarItem` of its own. Walked by index:
  /// copying the nodes would cost more than the look.
  private static func viewAmongToolbarItems(_ nodes: [CodeNode], vocabulary: APIVocabulary)
    -> (view: String, item: String)?
  {
    for index in nodes.indices {
      if nodes[index].kind == .modifier && nodes[index].name == "toolbar",
        let found = viewAmongItems(of: nodes[index], vocabulary: vocabulary)
      {
        return found
      }
      for argument in nodes[index].arguments.indices {
        if let found = viewAmongToolbarItems(
          nodes[index].arguments[argument].value, vocabulary: vocabulary)
        {
          return found
        }
      }
      for block in nodes[index].blocks.indices {
        if let found = viewAmongToolbarItems(nodes[index].blocks[block], vocabulary: vocabulary) {
          return found
        }
      }
    }
    return nil
  }

  private static func viewAmongItems(of toolbar: CodeNode, vocabulary: APIVocabulary)
    -> (view: String, item: String)?
  {
    var item: String?
    var view: String?
    for argument in toolbar.arguments where argument.isClosure {
      for block in argument.value[0].blocks {
        for index in block.indices where block[index].kind == .call {
          let name = block[index].name
          if APIVocabulary.toolbarItems.contains(name) {
            item = item ?? name
          } else if vocabulary.types.contains(name),
            !["ForEach", "Group", "Section"].contains(name)
          {
            view = view ?? name
          }
        }
      }
    }
    guard let item, let view else { return nil }
    return (view, item)
  }

  /// A view straight in `.toolbar` beside toolbar items does not compile, though a reviewer
  /// sees what was meant: a slip, unless the card writes it so.
  mutating func checkToolbarContent() {
    guard attemptWrites(Self.toolbarItemNames),
      let (view, item) = Self.viewAmongToolbarItems(attempt.nodes, vocabulary: vocabulary),
      Self.viewAmongToolbarItems(expected.nodes, vocabulary: vocabulary) == nil
    else { return }
    if let toolbar = Self.first(
      in: expected.nodes, where: { $0.kind == .modifier && $0.name == "toolbar" }),
      let token = toolbar.token
    {
      position = token
    }
    note(
      .slip,
      "`\(view)` beside `\(item)` in `.toolbar` needs a `ToolbarItem`: one toolbar closure builds views or toolbar items, not both"
    )
  }

  private static let toolbarItemNames = Set(APIVocabulary.toolbarItems.map { Substring($0) })
}
