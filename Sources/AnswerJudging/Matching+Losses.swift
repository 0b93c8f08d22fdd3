import CardDeck

/// What the attempt leaves out, puts elsewhere or adds.
extension Matching {
  mutating func loseArgument(_ argument: CodeNode.Argument, of node: CodeNode) {
    position = argument.labelToken ?? argument.value.first?.tokens.lowerBound ?? position
    let labelWeight = CodeNode.labelWeight(argument)
    var valueWeight = Weight()
    for value in argument.value { valueWeight += CodeNode.weight(of: value) }
    let total = labelWeight + valueWeight
    lost += total
    guard total.major + total.minor > 0 else { return }
    let text = argument.label.map { "`\($0):\(Self.describe(argument.value))`" } ?? "an argument"
    note(
      total.major > 0 ? .missing : .slip,
      argument.isClosure && argument.label == nil
        ? "no closure for `\(display(node, in: expected))`" : "missing \(text)")
    if let token = argument.labelToken { marks[token] = .missing }
    for value in argument.value { markMissing(value) }
    for value in argument.value { collectLeftoverExpected(value) }
  }

  /// Loses `node` and everything in it.
  mutating func lose(_ node: CodeNode) {
    if node.isSuppliedBySystem || isTakenAsRead(node) || creditEquivalent(node) { return }
    position = node.token ?? node.tokens.lowerBound
    let weight = CodeNode.weight(of: node)
    lost += weight
    guard weight.major + weight.minor > 0 else { return }
    if let (message, namesCall) = lostMessage(node) {
      note(weight.major > 0 ? .missing : .slip, message)
      if namesCall, let token = node.token { marks[token] = marks[token] ?? .missing }
    }
    markMissing(node)
    collectLeftoverExpected(node)
  }

  /// Whether `node` is a property declaration that supports the card's point, which the
  /// attempt leaves out while it uses the name declared (`modelContext.insert(…)` without
  /// `@Environment(\.modelContext) var modelContext`, `$dueDate` without `@State private var
  /// dueDate = Date.now`, `$pickedItem` without `@State private var pickedItem:
  /// PhotosPickerItem?`): taken as read, value and all, as a reviewer reads a fragment. Not
  /// where anything in it counts more than a detail (`@AppStorage("volume")`, `=
  /// NavigationPath()`, `= ScrollPosition(edge: .top)`), nor where the declaration is all that
  /// counts.
  func isTakenAsRead(_ node: CodeNode) -> Bool {
    guard node.kind == .declaration, node.name == "var",
      node.attributes.contains(where: { $0.name == "Environment" })
        || CodeNode.weight(of: node).major < 0.01 || isUnvaluedStateUsed(node),
      let name = node.parameters.first, node.parameters.count == 1,
      attempt.writtenNames.contains(Substring(name))
        || attempt.ownNames.contains(Substring("$" + name)),
      !attempt.declared.contains(name)
    else { return false }
    let total = expected.nodes.reduce(Weight()) { $0 + CodeNode.weight(of: $1) }
    return total.major - CodeNode.weight(of: node).major > 0.01
  }

  /// Whether `node` is a state or binding declared without a value, whose type is what the
  /// attempt's use of it makes it: used as a binding (`$pickedItem`) or a value, not only as a
  /// label (`isOn: .constant(true)`), in a fragment (a type the attempt declares around it
  /// must declare it too), where the question does not ask for the declaration.
  func isUnvaluedStateUsed(_ node: CodeNode) -> Bool {
    guard node.value.isEmpty, let name = node.parameters.first,
      !expected.question.asksInProse("declare"),
      node.attributes.contains(where: { ["State", "Binding"].contains($0.name) }),
      attempt.ownNames.contains(Substring("$" + name)) || attempt.ownNames.contains(Substring(name))
    else { return false }
    return !attempt.tokens.contains { token in
      token.kind == .keyword && ["struct", "class"].contains(attempt.source[token.range])
    }
  }

  /// The card's `node`, missing where the card has it, written anywhere in the attempt as API
  /// the vocabulary lists as doing exactly its job (`withAnimation` for `.animation`): the
  /// card's, its unlabelled value compared with the attempt's. Whether it was.
  mutating func creditEquivalent(_ node: CodeNode) -> Bool {
    guard node.isAPI, node.importance != .free, let others = vocabulary.equivalent[node.name],
      let other = Self.allNodes(attempt.nodes).first(where: { other in
        other.isAPI && others.contains(other.name)
          && !(other.token.map(creditedEquivalents.contains) ?? true)
      }), let token = other.token
    else { return false }
    creditedEquivalents.insert(token)
    pairedAttemptTokens.insert(token)
    sameAPI += 1
    func value(of node: CodeNode) -> [CodeNode] {
      node.arguments.first { $0.label == nil && !$0.isClosure }?.value ?? []
    }
    compareSequences(value(of: node), value(of: other))
    return true
  }

  /// Loses what `node` itself weighs, not what it holds in closures and blocks.
  mutating func loseShallow(_ node: CodeNode) {
    if creditEquivalent(node) { return }
    position = node.token ?? node.tokens.lowerBound
    let shallow = Self.shallow(node)
    let weight = CodeNode.weight(of: shallow)
    lost += weight
    if weight.major + weight.minor > 0 {
      if let (message, namesCall) = lostMessage(shallow) {
        note(weight.major > 0 ? .missing : .slip, message)
        if namesCall, let token = node.token { marks[token] = marks[token] ?? .missing }
      }
      markMissing(shallow)
    }
  }

  /// How to name what counts in a node that is missing: the node, else its first label or
  /// part that counts.
  func firstWeighty(in node: CodeNode) -> String? {
    if (node.importance != .free || node.isCandidate) && node.kind != .closure {
      // An environment value is named by its key path (a trial read "Missing `@Environment`"
      // as saying nothing).
      if node.kind == .attribute, node.arguments.count == 1,
        node.arguments[0].value.count == 1, node.arguments[0].value[0].kind == .keyPath
      {
        return display(node, in: expected) + "("
          + display(node.arguments[0].value[0], in: expected) + ")"
      }
      return display(node, in: expected)
    }
    for argument in node.arguments {
      if argument.importance != .free, let label = argument.label { return label + ":" }
      for value in argument.value { if let found = firstWeighty(in: value) { return found } }
    }
    for block in node.blocks {
      for item in block { if let found = firstWeighty(in: item) { return found } }
    }
    for part in node.attributes + node.clause + node.value {
      if let found = firstWeighty(in: part) { return found }
    }
    return nil
  }

  /// What ``lose(_:)`` says of `node`: its first part that counts, and a label with its call
  /// where the whole call is missing (a trial read "Missing `role:`" as if `Button("Cancel")`
  /// were there).
  func lostMessage(_ node: CodeNode) -> (message: String, namesCall: Bool)? {
    guard let first = firstWeighty(in: node) else { return nil }
    let call = first.hasSuffix(":") ? Self.callText(node, in: expected) : nil
    return ("missing `\(call ?? first)`", call != nil)
  }

  /// A call's name and arguments as the code writes them, without a trailing closure, where
  /// that is short and on one line (`Button("Cancel", role: .cancel)`); else its first argument
  /// and an ellipsis (`Button("Delete", …)`), where that is; nil otherwise.
  static func callText(_ node: CodeNode, in code: ParsedCode) -> String? {
    guard node.kind == .call, node.hasParentheses, let start = node.token else { return nil }
    let inside = node.arguments.filter { !$0.isTrailing }
    // The parse's arguments say where the parentheses close and the first argument ends.
    let close = inside.last?.value.last?.tokens.upperBound ?? start + 2
    guard close < code.tokens.count, code.source[code.tokens[close].range] == ")" else {
      return nil
    }
    func text(through end: Int) -> Substring {
      code.source[code.tokens[start].range.lowerBound..<code.tokens[end].range.upperBound]
    }
    let limit = 48
    let whole = text(through: close)
    if whole.count <= limit && !whole.contains("\n") { return String(whole) }
    guard inside.count > 1, let first = inside[0].value.last?.tokens.upperBound else {
      return nil
    }
    let head = text(through: first - 1)
    return head.count <= limit - 5 && !head.contains("\n") ? head + ", …)" : nil
  }

  /// Marks what counts in a missing node; a minor part is named among the findings, but not
  /// marked in the code, which would drown what matters. A view the card offers to choose from
  /// (`ViewThatFits`) is marked too: it is what the reason names.
  mutating func markMissing(_ node: CodeNode) {
    if (node.importance == .major || node.isCandidate) && node.kind != .closure {
      if let token = node.token { marks[token] = marks[token] ?? .missing }
    }
    for argument in node.arguments {
      if argument.importance == .major, let token = argument.labelToken {
        marks[token] = marks[token] ?? .missing
      }
      for value in argument.value { markMissing(value) }
    }
    for block in node.blocks { for item in block { markMissing(item) } }
    for part in node.attributes + node.clause + node.value { markMissing(part) }
  }

  mutating func collectLeftoverExpected(_ node: CodeNode) {
    // Context that holds a major part (`.searchable` around an essential `placement:
    // .sidebar`) is placed too: what it holds counts.
    if node.isAPI, [.call, .modifier].contains(node.kind),
      node.importance == .major || CodeNode.weight(of: node).major > 0
    {
      leftoverExpected.append(node)
    }
  }

  /// In a container that tries its children in order, the attempt must keep the card's order.
  mutating func checkOrder(
    _ pairs: [(Int, Int, Relation)], _ expectedItems: [CodeNode]
  ) {
    let inOrder = pairs.sorted { $0.0 < $1.0 }
    guard
      let swapped = inOrder.indices.dropFirst().first(where: { inOrder[$0 - 1].1 > inOrder[$0].1 })
    else { return }
    let item = expectedItems[inOrder[swapped].0]
    position = item.token ?? item.tokens.lowerBound
    lost.major += 1
    note(.missing, "the order of the candidates matters: the first that fits is shown")
    // Marked, the candidates not in the card's place among them: of three reversed, the first
    // and the last, not the middle one, which stands where the card has it.
    let typedRanks = inOrder.map(\.1).sorted()
    for (rank, pair) in inOrder.enumerated() where typedRanks[rank] != pair.1 {
      mark(expectedItems[pair.0], .misplaced)
    }
  }

  /// Keeps an unmatched part of the attempt, and all it holds, each once, for
  /// ``placeMisplaced()``.
  mutating func collectLeftover(_ node: CodeNode, group: Int? = nil) {
    // A part collected on its own starts a group; what it holds is in the same.
    if group == nil {
      leftoverGroupCount += 1
      if node.kind == .modifier { groupsInModifiers.insert(leftoverGroupCount) }
    }
    let group = group ?? leftoverGroupCount
    leftoverAttempt.append(node)
    leftoverGroups[node.tokens.lowerBound] = group
    for argument in node.arguments {
      for value in argument.value {
        if value.kind == .closure {
          for item in value.blocks.joined() { collectLeftover(item, group: group) }
        } else {
          collectLeftover(value, group: group)
        }
      }
    }
    for item in node.blocks.joined() { collectLeftover(item, group: group) }
    if node.kind == .declaration {
      for item in node.value { collectLeftover(item, group: group) }
    }
  }

  /// A part missing in one place and present, unmatched, in another: credit for it, less what
  /// its place costs.
  mutating func placeMisplaced() {
    var placed: [Range<Int>] = []
    // The card's parts found together in one part of the attempt's (`path.move(to:)` and
    // `path.addLine(to:)` in `Path { p in … }`'s closure): the code arranged another way, one
    // slip, where one part elsewhere is an error. Not in a modifier of the attempt's own
    // (`.onAppear { … }`), which runs them at another time, or never.
    var together: [Int: [CodeNode]] = [:]
    for node in leftoverExpected {
      // Each counted once, not again for what it holds.
      guard
        !together.values.joined().contains(where: { $0.tokens.contains(node.tokens.lowerBound) }),
        let j = leftoverAttempt.firstIndex(where: { $0.name == node.name && isSame(node, $0) }),
        let group = leftoverGroups[leftoverAttempt[j].tokens.lowerBound], node.isAPI,
        !groupsInModifiers.contains(group)
      else { continue }
      together[group, default: []].append(node)
    }
    let arranged = Set(together.values.filter { $0.count >= 2 }.joined().map(\.tokens.lowerBound))
    var notedArranged = false
    for node in leftoverExpected {
      guard !placed.contains(where: { $0.contains(node.tokens.lowerBound) }),
        let j = leftoverAttempt.firstIndex(where: { $0.name == node.name && isSame(node, $0) })
      else { continue }
      let typed = leftoverAttempt.remove(at: j)
      let before = lost
      let weight = CodeNode.weight(of: node)
      lost.major -= weight.major
      lost.minor -= weight.minor
      for token in node.tokens { marks[token] = nil }
      let missing = ["missing `\(display(node, in: expected))`", lostMessage(node)?.message]
      findings.removeAll { missing.contains($0.message) }
      compare(node, typed, .same)
      placed.append(node.tokens)
      // A type named in another place says the same: an annotation for the initialiser's
      // type (`var results: [Data] = []` for `var results = [Data]()`) is inference's choice.
      if node.isTypeReference { continue }
      if arranged.contains(node.tokens.lowerBound) {
        if !notedArranged {
          note(
            .slip,
            "`\(display(node, in: expected))` and the card's calls with it are arranged another way"
          )
        }
        notedArranged = true
        continue
      }
      // A style set on a container of the views the card sets it on reaches them there.
      if isStyleMovedUp(node, typed) { continue }
      let place = min(1.0, weight.major)
      let moved = isMovedInViews(node, typed)
      if moved, let token = node.token {
        movedInViews.insert(token)
      } else {
        lost.major += place
        if lost.major > before.major { lost = before } else { lostToErrors += place }
      }
      // Elsewhere, a part does something else or nothing: as wrong as another API. A view's
      // modifier moved down into the views it was on may do its job there: a near miss.
      note(moved ? .slip : .error, "`\(display(node, in: expected))` is not where the card has it")
      if let token = node.token { marks[token] = .misplaced }
    }
  }

  /// An API container of the card's, missing where the card has it, that the attempt wraps
  /// around something else (`NavigationSplitView { TabView { … } }` for a split view inside a
  /// tab) is nested the other way round: misplaced, an error, though all it holds matches.
  mutating func placeOutsideContainers() {
    for node in seenThrough {
      guard
        let j = leftoverAttempt.firstIndex(where: {
          $0.isAPI && $0.name == node.name && isSame(node, $0)
        })
      else { continue }
      leftoverAttempt.remove(at: j)
      position = node.token ?? node.tokens.lowerBound
      let weight = CodeNode.ownWeight(node).major
      lostToErrors += weight
      let missing = "missing `\(display(node, in: expected))`"
      findings.removeAll { $0.message == missing }
      note(
        .error,
        "`\(display(node, in: expected))` is not where the card has it: the containers are nested the other way round"
      )
      if let token = node.token { marks[token] = .misplaced }
    }
  }

  /// An attempt with much more API than the card asks for (a paste of everything) is not the
  /// answer to this card, however much of it matches: a slip at least.
  mutating func noteExtraCode() {
    let extra = leftoverAttempt.filter { $0.isAPI && $0.importance == .major }.count
    if extra > 6 && extra > 2 * max(1, sameAPI) {
      note(.slip, "the attempt has much more code than the card asks for")
    }
  }

  /// `.presentationDetents` and its kin work inside a sheet's content; after `.sheet` in the
  /// same chain they apply to the presenting view, where they do nothing.
  mutating func checkPresentedContent(_ nodes: [CodeNode]) {
    var presenter: String?
    for node in nodes {
      if [.modifier, .call].contains(node.kind), APIVocabulary.presenters.contains(node.name) {
        presenter = node.name
      } else if let presenter, node.kind == .modifier,
        APIVocabulary.presentedContentModifiers.contains(node.name),
        let token = expected.tokens.indices.first(where: {
          expected.source[expected.tokens[$0].range] == node.name
        })
      {
        let message =
          "`.\(node.name)` belongs inside the `.\(presenter)` content, not on the view that presents it"
        let found = "`.\(node.name)` is not where the card has it"
        if let index = findings.firstIndex(where: { $0.message == found }) {
          // Already counted in another place: said the way that helps, and as an error.
          findings[index].message = message
          confirmError(at: index, token: token)
        } else if marks[token] != .misplaced {
          // Where it does nothing, it is as wrong as another modifier, as a misplaced part is.
          lost.major += 1
          lostToErrors += 1
          marks[token] = .misplaced
          note(.error, message)
        }
      }
      for argument in node.arguments {
        for value in argument.value where value.kind == .closure {
          for block in value.blocks { checkPresentedContent(block) }
        }
      }
      for block in node.blocks { checkPresentedContent(block) }
    }
  }
}
