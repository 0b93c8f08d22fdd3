import CardDeck

/// Which of a call's arguments on the card's side have a counterpart in the attempt's, as the
/// comparison of the two argument lists goes from the surest pairs to the loosest.
struct ArgumentPairing {
  let expected: [CodeNode.Argument]
  let typed: [CodeNode.Argument]
  var expectedUsed: [Bool]
  var typedUsed: [Bool]
  /// The pairs whose order Swift checks: same labels and closures.
  var ordered: [(i: Int, j: Int)] = []

  init(_ e: CodeNode, _ a: CodeNode) {
    expected = e.arguments
    typed = a.arguments
    expectedUsed = Array(repeating: false, count: expected.count)
    typedUsed = Array(repeating: false, count: typed.count)
  }

  mutating func pair(_ i: Int, _ j: Int) {
    expectedUsed[i] = true
    typedUsed[j] = true
  }
}

/// Comparing the arguments of a pair of calls.
extension Matching {
  mutating func compareArguments(_ e: CodeNode, _ a: CodeNode) {
    guard !e.arguments.isEmpty || !a.arguments.isEmpty else { return }
    if e.isAPI, a.kind == .modifier, APIVocabulary.presentedByFlagOrItem.contains(a.name),
      a.arguments.contains(where: { $0.label == "item" }),
      a.arguments.contains(where: { $0.label == "isPresented" })
    {
      // No overload takes both: the call does not compile, whatever else is right.
      position = e.token ?? position
      lost.major += 1
      lostToErrors += 1
      note(.error, "`.\(a.name)` takes `isPresented:` or `item:`, not both")
    }
    if e.isAPI { compareSwitches(e, a) }
    var pairing = ArgumentPairing(e, a)
    pairSameLabels(&pairing, of: e)
    pairClosures(&pairing)
    pairFunctionForms(&pairing)
    if e.isAPI { checkOrder(of: pairing) }
    pairOtherForms(&pairing)
    compareConditions(e, a, expectedUsed: pairing.expectedUsed)
    compareOverloads(e, a)
    if e.name == a.name { pairDroppedLabel(&pairing, isAPI: e.isAPI) }
    pairUnlabeled(&pairing, of: e)
    pairOtherLabels(&pairing, isAPI: e.isAPI && !e.isTransparent, of: e)
    settleUnpaired(pairing, e, a)
  }

  /// A flag of an API call turned the other way does the opposite (`autoreverses: false` for
  /// the card's `true`): an error, where another literal is the author's example.
  private mutating func compareSwitches(_ e: CodeNode, _ a: CodeNode) {
    func flag(_ argument: CodeNode.Argument) -> String? {
      guard argument.value.count == 1, argument.value[0].kind == .literal,
        ["true", "false"].contains(argument.value[0].name)
      else { return nil }
      return argument.value[0].name
    }
    // Labelled flags; and a modifier's one unlabelled flag (`.allowsHitTesting(true)` for
    // `(false)`), but not a value factory's (`.constant(true)` holds the example's value).
    var pairs = e.arguments.compactMap { argument -> (CodeNode.Argument, CodeNode.Argument)? in
      guard let label = argument.label,
        let typed = a.arguments.first(where: { $0.label == label })
      else { return nil }
      return (argument, typed)
    }
    let unlabeled = (e.arguments.filter { $0.label == nil }, a.arguments.filter { $0.label == nil })
    if e.kind == .modifier, unlabeled.0.count == 1, unlabeled.1.count == 1 {
      pairs.append((unlabeled.0[0], unlabeled.1[0]))
    }
    for (argument, other) in pairs {
      guard let card = flag(argument), let typed = flag(other), typed != card else { continue }
      position = argument.labelToken ?? argument.value[0].token ?? position
      lost.major += 1
      lostToErrors += 1
      let (written, theirs) =
        argument.label.map { ("\($0): \(typed)", "\($0): \(card)") }
        ?? ("\(e.name)(\(typed))", "\(e.name)(\(card))")
      note(.error, "`\(written)` where the card has `\(theirs)`")
      if let token = argument.value[0].token { marks[token] = .wrong(typed) }
    }
  }

  /// Labels in common.
  private mutating func pairSameLabels(_ p: inout ArgumentPairing, of e: CodeNode) {
    for i in p.expected.indices {
      guard let label = p.expected[i].label,
        let j = p.typed.indices.first(where: { !p.typedUsed[$0] && p.typed[$0].label == label })
      else { continue }
      p.pair(i, j)
      p.ordered.append((i, j))
      if let (card, attempt) = functionForms(p.expected[i].value, p.typed[j].value) {
        compareSequences(card, attempt)
      } else if !compareBoundValues(p.expected[i].value, p.typed[j].value, of: e) {
        compareSequences(
          p.expected[i].value, resolved(p.typed[j].value, against: p.expected[i].value))
      }
    }
  }

  /// A value the code binds passed where the card passes one of its members, or the other way
  /// round (`.draggable(note.title)` for `.draggable(note)`): another value, an error, which
  /// the free names alone would not weigh. Whether it was.
  mutating func compareBoundValues(_ e: [CodeNode], _ a: [CodeNode], of call: CodeNode) -> Bool {
    func split(_ value: [CodeNode], _ declared: Set<String>) -> (base: String, members: [String])? {
      guard let base = value.first, base.kind == .call, CodeParser.isBareReference(base),
        declared.contains(base.name),
        value.dropFirst().allSatisfy({
          $0.kind == .modifier && CodeParser.isBareReference($0) && $0.name != "self"
        })
      else { return nil }
      return (base.name, value.dropFirst().map(\.name))
    }
    // The same value, or the card's renamed: another value with a member of its own
    // (`model.query` for `query`) is the author's.
    guard call.isAPI, call.importance != .free, let card = split(e, expected.declared),
      let typed = split(a, attempt.declared),
      typed.base == card.base || renamings[card.base] == typed.base,
      card.members.isEmpty != typed.members.isEmpty,
      typed.members.last != card.base, card.members.last != typed.base,
      let token = e.first?.token
    else { return false }
    position = token
    lost.major += 1
    lostToErrors += 1
    let written = ([typed.base] + typed.members).joined(separator: ".")
    let cards = ([card.base] + card.members).joined(separator: ".")
    note(.error, "`\(written)` where the card passes `\(cards)`")
    marks[token] = .wrong(written)
    return true
  }

  /// Closures: a trailing closure is the same as one passed with its label (`content:`); among
  /// several, the most alike pair up (`Button(action: { … }) { label }`).
  private mutating func pairClosures(_ p: inout ArgumentPairing) {
    let typedLabels = Set(p.typed.compactMap(\.label))
    let expectedLabels = Set(p.expected.compactMap(\.label))
    var closurePairs: [(i: Int, j: Int, score: Int)] = []
    for i in p.expected.indices where !p.expectedUsed[i] && p.expected[i].isClosure {
      let label = p.expected[i].label
      for j in p.typed.indices where !p.typedUsed[j] && p.typed[j].isClosure {
        let other = p.typed[j].label
        let compatible =
          other == nil && (label == nil || !typedLabels.contains(label!))
          || label == nil && !expectedLabels.contains(other!)
        guard compatible else { continue }
        let score =
          (label == other ? 4 : 0) + Self.affinity(p.expected[i].value[0], p.typed[j].value[0])
        closurePairs.append((i, j, score))
      }
    }
    closurePairs.sort { ($0.score, -$0.i, -$0.j) > ($1.score, -$1.i, -$1.j) }
    for pair in closurePairs where !p.expectedUsed[pair.i] && !p.typedUsed[pair.j] {
      p.pair(pair.i, pair.j)
      p.ordered.append((pair.i, pair.j))
      compareSequences(p.expected[pair.i].value, p.typed[pair.j].value)
    }
  }

  /// The two values as key paths or functions (``CodeNode/functionForms(_:_:)``), but where a
  /// closure holds an operator: the tree drops operators, and `{ !$0.isNumber }` is no
  /// `\.isNumber`.
  func functionForms(_ e: [CodeNode], _ a: [CodeNode]) -> ([CodeNode], [CodeNode])? {
    func plain(_ value: [CodeNode], in code: ParsedCode) -> Bool {
      value.allSatisfy { node in
        node.kind != .closure
          || !node.tokens.contains {
            code.tokens.indices.contains($0) && code.tokens[$0].kind == .operator
          }
      }
    }
    // The shapes first: most pairs are no closure and key path, and fail there at once.
    guard let forms = CodeNode.functionForms(e, a), plain(e, in: expected), plain(a, in: attempt)
    else { return nil }
    return forms
  }

  /// A key path or function on one side and a closure that only reads it or calls it on the
  /// other, where Swift would take either (`Dictionary(grouping: todos) { $0.project }` for `by:
  /// \.project`, `map(\.name)` for `map { $0.name }`): the label a trailing closure drops is no
  /// difference.
  private mutating func pairFunctionForms(_ p: inout ArgumentPairing) {
    let typedLabels = Set(p.typed.compactMap(\.label))
    let expectedLabels = Set(p.expected.compactMap(\.label))
    for i in p.expected.indices where !p.expectedUsed[i] {
      let e = p.expected[i]
      for j in p.typed.indices where !p.typedUsed[j] {
        let t = p.typed[j]
        let compatible =
          e.label == t.label
          || t.isTrailing && t.label == nil && !typedLabels.contains(e.label ?? "_")
          || e.isTrailing && e.label == nil && !expectedLabels.contains(t.label ?? "_")
        guard compatible, let (card, attempt) = functionForms(e.value, t.value) else { continue }
        p.pair(i, j)
        p.ordered.append((i, j))
        compareSequences(card, attempt)
        break
      }
    }
  }

  /// Swift takes arguments in the order of the declaration: `{ … } onDismiss: { … }` after the
  /// content does not compile, though a reviewer sees what was meant: 3, as for a misspelt label.
  private mutating func checkOrder(of p: ArgumentPairing) {
    let inOrder = p.ordered.sorted { $0.j < $1.j }
    guard
      let swapped = inOrder.indices.dropFirst().first(where: {
        inOrder[$0 - 1].i > inOrder[$0].i
      })
    else { return }
    func name(_ argument: CodeNode.Argument) -> String {
      argument.label.map { "`\($0):`" } ?? (argument.isClosure ? "the trailing closure" : "`_`")
    }
    let early = p.expected[inOrder[swapped].i]
    position = early.labelToken ?? position
    // Code that does not compile though the attempt knows the API, as a misspelt label is.
    misspellings += 1
    note(
      .slip,
      "\(name(early)) goes before \(name(p.expected[inOrder[swapped - 1].i])), as Swift takes arguments in order"
    )
  }

  /// A card's closure given in another form: a function passed by name (`perform:
  /// deleteTasks`), or a view where the card writes a content closure (`.overlay(
  /// ContentUnavailableView.search(text: query))` for `.overlay { … }`, the older overload).
  private mutating func pairOtherForms(_ p: inout ArgumentPairing) {
    for i in p.expected.indices where !p.expectedUsed[i] && p.expected[i].isClosure {
      if let j = p.typed.indices.first(where: { j in
        !p.typedUsed[j] && !p.typed[j].isClosure && p.typed[j].label != nil
          && p.typed[j].value.count == 1 && !p.typed[j].value[0].isAPI
          && p.typed[j].value[0].kind == .call
          && !p.expected.contains(where: { $0.label == p.typed[j].label && !$0.isClosure })
      }) {
        p.pair(i, j)
      }
    }
    for i in p.expected.indices
    where !p.expectedUsed[i] && p.expected[i].isClosure && p.expected[i].label == nil {
      guard
        let j = p.typed.indices.first(where: { j in
          !p.typedUsed[j] && p.typed[j].label == nil && !p.typed[j].isClosure
            && p.typed[j].value.first.map { $0.kind == .call && $0.isAPI } == true
        })
      else { break }
      p.pair(i, j)
      compareSequences(Array(p.expected[i].value[0].blocks.joined()), p.typed[j].value)
    }
  }

  /// One value written without the label the card gives it, in the same call and place, the
  /// other arguments labelled alike (`.foregroundStyle(.value(…))` for `.foregroundStyle(by:
  /// .value(…))`, `decode(User.self, data)`): another overload, or none.
  private mutating func pairDroppedLabel(_ p: inout ArgumentPairing, isAPI: Bool) {
    guard isAPI, p.expected.count == p.typed.count else { return }
    let differing = p.expected.indices.filter { p.expected[$0].label != p.typed[$0].label }
    guard differing.count == 1, let i = differing.first, let label = p.expected[i].label,
      p.typed[i].label == nil, !p.expected[i].isClosure, !p.typed[i].isClosure,
      !p.expectedUsed[i], !p.typedUsed[i]
    else { return }
    p.pair(i, i)
    let argument = p.expected[i]
    position = argument.labelToken ?? position
    if argument.importance == .major {
      lost.major += 1
      lostToErrors += 1
      note(.error, "No label where the card has `\(label):`")
    } else {
      // On a detail, code that does not compile though the attempt knows the API: as a
      // misspelt label.
      misspellings += 1
      note(.slip, "No label where the card has `\(label):`")
    }
    if let token = argument.labelToken { marks[token] = .missing }
    compareSequences(argument.value, p.typed[i].value)
  }

  /// Unlabelled values, in any order: array elements, a title, a nested call.
  private mutating func pairUnlabeled(_ p: inout ArgumentPairing, of e: CodeNode) {
    let expected = p.expected.indices.filter {
      !p.expectedUsed[$0] && p.expected[$0].label == nil && !p.expected[$0].isClosure
    }
    let typed = p.typed.indices.filter {
      !p.typedUsed[$0] && p.typed[$0].label == nil && !p.typed[$0].isClosure
    }
    guard !expected.isEmpty || !typed.isEmpty else { return }
    for i in expected { p.expectedUsed[i] = true }
    for j in typed { p.typedUsed[j] = true }
    if expected.count == 1, typed.count == 1,
      compareBoundValues(p.expected[expected[0]].value, p.typed[typed[0]].value, of: e)
    {
      return
    }
    compareSequences(expected.flatMap { p.expected[$0].value }, typed.flatMap { p.typed[$0].value })
  }

  /// Other labels in the same place: a wrong label (`middle: { … }` for `content: { … }` too).
  /// Of the attempt's, one no overload of the call takes goes first: in `Menu { … } label: { … }
  /// defaultAction: { … }` for the card's `primaryAction:`, `label:` is another overload's.
  private mutating func pairOtherLabels(_ p: inout ArgumentPairing, isAPI: Bool, of e: CodeNode) {
    var taken: Set<String>?
    func isTaken(_ label: String) -> Bool {
      if taken == nil {
        let overloads =
          e.kind == .call && e.name.first?.isUppercase == true
          ? SDKIndex.shipped.members(named: "init", of: e.name)
          : e.kind == .modifier ? SDKIndex.shipped.members(named: e.name, of: "View") : []
        taken = Set(overloads.flatMap(\.labels))
      }
      return taken!.contains(label)
    }
    for i in p.expected.indices
    where !p.expectedUsed[i] && (!p.expected[i].isClosure || p.expected[i].label != nil) {
      let isClosure = p.expected[i].isClosure
      let open = p.typed.indices.filter {
        !p.typedUsed[$0] && p.typed[$0].label != nil && p.typed[$0].isClosure == isClosure
      }
      guard let j = open.first(where: { !isTaken(p.typed[$0].label!) }) ?? open.first
      else { continue }
      p.pair(i, j)
      let argument = p.expected[i]
      position = argument.labelToken ?? position
      if let label = argument.label, let typedLabel = p.typed[j].label,
        argument.importance != .free || isAPI
      {
        noteOtherLabel(typedLabel, for: label, of: argument)
      }
      compareSequences(argument.value, p.typed[j].value)
    }
  }

  /// `typedLabel` where the card's `argument` has `label`: a typo is a slip; another label is
  /// another API, as much as the argument counts (an optional one's too, on the card's API).
  private mutating func noteOtherLabel(
    _ typedLabel: String, for label: String, of argument: CodeNode.Argument
  ) {
    if Self.isLabelMisspelling(typedLabel, of: label) {
      misspellings += 1
      note(.slip, "`\(typedLabel):` looks like a typo for `\(label):`")
      if let token = argument.labelToken { marks[token] = .typo(typedLabel) }
      return
    }
    switch argument.importance {
    case .free:
      lost.major += 1
      note(.missing, "`\(typedLabel):` where the card has `\(label):`")
    case .major:
      lost.major += 1
      lostToErrors += 1
      note(.error, "`\(typedLabel):` where the card has `\(label):`")
    case .minor:
      lost.minor += 0.5
      note(.slip, "`\(typedLabel):` where the card has `\(label):`")
    }
    // The label's token is the name alone: the card's own colon follows it.
    if let token = argument.labelToken { marks[token] = .wrong(typedLabel) }
  }

  /// The card's arguments without a counterpart, lost unless done another way, and the
  /// attempt's, left over.
  private mutating func settleUnpaired(_ p: ArgumentPairing, _ e: CodeNode, _ a: CodeNode) {
    for i in p.expected.indices where !p.expectedUsed[i] {
      if e.isAPI, let modifier = relatedOnContent(p.expected[i], of: a) {
        doneOnContent(p.expected[i], by: modifier)
      } else if e.isAPI, isBooleanFocus(p.expected[i], of: e, a) {
        continue
      } else if e.isAPI, isImplied(p.expected[i], of: e, a) {
        continue
      } else if e.isAPI, p.expected[i].label == "id",
        attemptDeclaresIdentifiable || Self.isSelf(p.expected[i]) && rowsAreModels(a)
      {
        // The attempt's own model is `Identifiable`: the overload without `id:` takes it.
        continue
      } else if e.isAPI, Self.passesDefault(p.expected[i], of: e) {
        continue
      } else if e.isAPI, givesTypeAsGenericArgument(p.expected[i]) {
        continue
      } else if e.kind == .array, p.expected[i].label?.first?.isUppercase == true {
        // The key type of a dictionary type (`[String: Int]()`), which the attempt may leave
        // to inference (`let counts: [String: Int] = …(into: [:])`).
        continue
      } else {
        loseArgument(p.expected[i], of: e)
      }
    }
    for j in p.typed.indices where !p.typedUsed[j] {
      for node in p.typed[j].value { collectLeftover(node) }
    }
  }
}
