import CardDeck

/// Aligning two lists of items: which of the card's parts each of the attempt's stands for.
extension Matching {
  enum Relation {
    case same, typo, related, substitute, free
  }

  /// Two lists of items being aligned: which of the card's each of the attempt's stands for.
  struct Alignment {
    /// The card's items, and those of the containers opened in their place.
    var expected: [CodeNode]
    /// The attempt's items, and those of the containers opened in their place.
    var typed: [CodeNode]
    var expectedUsed: [Bool]
    var typedUsed: [Bool]
    /// The pairs made: an index in ``expected``, one in ``typed``, and how they relate.
    var pairs: [(Int, Int, Relation)] = []
    /// Each item's fingerprint, worked out when it is first a candidate.
    var expectedPrints: [Int: Set<String>] = [:]
    var typedPrints: [Int: Set<String>] = [:]

    init(_ expected: [CodeNode], _ typed: [CodeNode]) {
      self.expected = expected
      self.typed = typed
      expectedUsed = Array(repeating: false, count: expected.count)
      typedUsed = Array(repeating: false, count: typed.count)
    }

    /// Pairs the unpaired items that `matching` `accepts`, the most alike pairs first, so that
    /// of two `Button`s each finds its own.
    mutating func pair(
      _ relation: Relation, by matching: Matching,
      where accepts: (Matching, CodeNode, CodeNode) -> Bool
    ) {
      var candidates: [(i: Int, j: Int, score: Int)] = []
      // Views offered to choose from (`ViewThatFits`) go by how much they show: the longest
      // label stands for the card's longest, wherever the attempt put it.
      let expectedRanks = Matching.textRanks(expected)
      let typedRanks = Matching.textRanks(typed)
      let expectedCalls = Matching.modifiedCalls(expected)
      let typedCalls = Matching.modifiedCalls(typed)
      for i in expected.indices where !expectedUsed[i] {
        for j in typed.indices where !typedUsed[j] && accepts(matching, expected[i], typed[j]) {
          if expectedPrints[i] == nil {
            expectedPrints[i] = Matching.fingerprint(of: expected[i], depth: 0)
          }
          if typedPrints[j] == nil {
            typedPrints[j] = Matching.fingerprint(of: typed[j], depth: 0)
          }
          let shared = expectedPrints[i]!.intersection(typedPrints[j]!).count
          // A declaration of the same name with no value to compare (`var body`) is the
          // likeliest stand-in.
          let sameName =
            expected[i].kind == .declaration && !expected[i].parameters.isEmpty
            && expected[i].parameters == typed[j].parameters && expected[i].value.isEmpty
            && typed[j].value.isEmpty
          let sameRank = expectedRanks[i] != nil && expectedRanks[i] == typedRanks[j]
          // A modifier goes with what it modifies: the `.tag` after `Text("All")` stands for
          // the card's `.tag` after `Text("All")`, whatever values the two tags hold.
          var sameHead = false
          if let card = expectedCalls[i], let theirs = typedCalls[j] {
            sameHead = card.name == theirs.name && !card.literals.isDisjoint(with: theirs.literals)
          }
          let score =
            shared * 2 - abs(expected[i].arguments.count - typed[j].arguments.count)
            + (sameName ? 3 : 0) + (sameRank ? 1 : 0) + (sameHead ? 3 : 0)
          candidates.append((i, j, score))
        }
      }
      candidates.sort { ($0.score, -$0.i, -$0.j) > ($1.score, -$1.i, -$1.j) }
      for candidate in candidates where !expectedUsed[candidate.i] && !typedUsed[candidate.j] {
        expectedUsed[candidate.i] = true
        typedUsed[candidate.j] = true
        pairs.append((candidate.i, candidate.j, relation))
      }
    }
  }

  /// For each modifier of `items` on a call given literals, that call's name and literals
  /// (`Text("All")` for its `.tag`): a modifier goes with what it modifies.
  static func modifiedCalls(_ items: [CodeNode]) -> [Int: (name: String, literals: Set<String>)] {
    var calls: [Int: (name: String, literals: Set<String>)] = [:]
    var call: (name: String, literals: Set<String>)?
    for (index, item) in items.enumerated() {
      if item.kind == .modifier {
        calls[index] = call
        continue
      }
      call = nil
      // Only a call that is modified.
      guard item.kind == .call, index + 1 < items.count, items[index + 1].kind == .modifier
      else { continue }
      let literals = Set(
        item.arguments.flatMap(\.value).filter { $0.kind == .literal }.map(\.name))
      if !literals.isEmpty { call = (item.name, literals) }
    }
    return calls
  }

  /// For candidate views of one name that hold text, each one's place among them by the
  /// length of its text, longest first; nil for other items.
  static func textRanks(_ items: [CodeNode]) -> [Int: Int] {
    func textLength(_ node: CodeNode) -> Int {
      node.arguments.flatMap(\.value).reduce(0) { total, value in
        total + (value.kind == .literal && value.name.hasPrefix("\"") ? value.name.count : 0)
      }
    }
    guard items.contains(where: \.isCandidate) else { return [:] }
    var ranks: [Int: Int] = [:]
    let candidates = items.indices.filter { items[$0].isCandidate }
    for name in Set(candidates.map { items[$0].name }) {
      let same = candidates.filter { items[$0].name == name }
      guard same.count > 1 else { continue }
      let longestFirst = same.sorted {
        (textLength(items[$0]), -$0) > (textLength(items[$1]), -$1)
      }
      for (rank, index) in longestFirst.enumerated() {
        ranks[index] = rank
      }
    }
    return ranks
  }

  /// Aligns two lists of items: same names first, then typos, then other API in the same role,
  /// then scaffolding seen through, then placeholders with anything.
  mutating func compareSequences(
    _ expectedNodes: [CodeNode], _ typedNodes: [CodeNode], root: Bool = false,
    ordered: Bool = false
  ) {
    var alignment = Alignment(expectedNodes, typedNodes)
    align(&alignment)
    for (i, j, relation) in alignment.pairs {
      compare(alignment.expected[i], alignment.typed[j], relation)
    }
    if ordered {
      checkOrder(
        alignment.pairs.filter { alignment.expected[$0.0].isCandidate }, alignment.expected)
    }
    settle(alignment, root: root)
  }

  /// Pairs the items, opening the containers that are left unpaired in between, in rounds
  /// until nothing more pairs or opens.
  private mutating func align(_ alignment: inout Alignment) {
    for _ in 0..<16 {
      // `self` is handed over, not captured: a closure that held a mutable `self` copied it.
      alignment.pair(.same, by: self) { $0.isSame($1, $2) }
      alignment.pair(.typo, by: self) { $0.isTypo($1, $2) }
      if openExpected(&alignment) { continue }
      // Most cards have no related API: not worth a pass over every pair.
      if alignment.expected.contains(where: { vocabulary.related[$0.name] != nil }) {
        alignment.pair(.related, by: self) { $0.isRelated($1, $2) }
      }
      alignment.pair(.substitute, by: self) { $0.isSubstitute($1, $2) }
      // Scaffolding for its like, before the attempt's wrappers are opened:
      // `ToolbarItemGroup(placement: .bottomBar)` for `ToolbarItem(placement: .bottomBar)`.
      // A container for a container, a leaf for a leaf: `Text(note.title)` is no stand-in for
      // the attempt's `List { ForEach … }`, which holds it.
      alignment.pair(.free, by: self) { matching, e, a in
        e.kind == .call && a.kind == .call && matching.isFreePair(e, a)
          && Self.affinity(e, a) > 0 && Self.holdsViews(e) == Self.holdsViews(a)
      }
      if openTyped(&alignment) { continue }
      // Last, an API container the attempt left out, when what it holds may be there:
      // `Text(c).searchCompletion(c)` without the `.searchSuggestions { … }` around it.
      if openExpected(&alignment, containers: true) { continue }
      break
    }
    alignment.pair(.free, by: self) { $0.isFreePair($1, $2) }
  }

  /// Opens the card's unpaired items that hold items: their items are compared in their place.
  /// Scaffolding is opened; with `containers`, an API container too, for the API inside it,
  /// while some of the attempt's items are unpaired. Whether any was opened.
  private mutating func openExpected(_ alignment: inout Alignment, containers: Bool = false)
    -> Bool
  {
    var opened = false
    for i in alignment.expected.indices
    where !alignment.expectedUsed[i] && (alignment.expected[i].isTransparent || containers) {
      if containers && !alignment.typedUsed.contains(false) { break }
      let container = alignment.expected[i]
      // A member a protocol names stays whole while the attempt declares another in its place:
      // that is another member (`func make(content:)` for a modifier's `body`).
      if container.kind == .declaration, container.isAPI,
        alignment.typed.indices.contains(where: {
          !alignment.typedUsed[$0] && alignment.typed[$0].kind == .declaration
            && alignment.typed[$0].name == container.name && !alignment.typed[$0].isAPI
        })
      {
        continue
      }
      // A declaration the attempt writes inside a wrapper of its own (a test function in a
      // suite's `struct`): the attempt's wrapper is opened instead, and the two meet whole.
      if container.kind == .declaration, !containers,
        alignment.typed.indices.contains(where: { j in
          !alignment.typedUsed[j] && alignment.typed[j].kind == .declaration
            && Self.innerItems(of: alignment.typed[j]).contains { isSame(container, $0) }
        })
      {
        continue
      }
      if !containers, isTakenAsRead(container) {
        alignment.expectedUsed[i] = true
        continue
      }
      // Nor is a frame the attempt writes deeper inside a wrapper of its own (the card's
      // `.overlay { if … }` on a `List` in the attempt's `NavigationStack`): the attempt's
      // wrapper is opened first, and the two meet whole.
      if !containers, container.kind == .modifier,
        alignment.typed.indices.contains(where: { j in
          !alignment.typedUsed[j] && holds(alignment.typed[j], like: container, depth: 3)
        })
      {
        continue
      }
      let inner = Self.innerItems(of: container)
      let weight = inner.reduce(Weight()) { $0 + CodeNode.weight(of: $1) }
      guard weight.major + weight.minor > 0 else { continue }
      // An API container is seen through only for API inside it, not for its candidates:
      // without `ViewThatFits`, the views it would choose from are no answer.
      let candidates = Double(inner.filter(\.isCandidate).count)
      if containers && !container.isTransparent && weight.major - candidates <= 0 { continue }
      alignment.expectedUsed[i] = true
      loseShallow(container)
      loseGuards(container)
      if containers && !container.isTransparent { seenThrough.append(container) }
      alignment.expected += inner
      alignment.expectedUsed += Array(repeating: false, count: inner.count)
      opened = true
    }
    return opened
  }

  /// Whether `node` holds an item like `item` within `depth` levels of what it holds: of its
  /// name, and holding some of what it holds (not an `.overlay` of a button where the card's
  /// holds an empty state).
  private func holds(_ node: CodeNode, like item: CodeNode, depth: Int) -> Bool {
    guard depth > 0 else { return false }
    return Self.innerItems(of: node).contains { inner in
      isSame(item, inner)
        && !Self.fingerprint(of: item, depth: 0).subtracting([item.name]).isDisjoint(
          with: Self.fingerprint(of: inner, depth: 0))
        || holds(inner, like: item, depth: depth - 1)
    }
  }

  /// Opens the attempt's unpaired items that hold items, while some of the card's are
  /// unpaired: what a `ForEach` or `for` holds is repeated. Whether any was opened.
  private mutating func openTyped(_ alignment: inout Alignment) -> Bool {
    guard alignment.expectedUsed.contains(false) else { return false }
    var opened = false
    for j in alignment.typed.indices where !alignment.typedUsed[j] {
      let container = alignment.typed[j]
      let inner = Self.innerItems(of: container)
      guard !inner.isEmpty else { continue }
      alignment.typedUsed[j] = true
      leftoverAttempt.append(Self.shallow(container))
      let repeats =
        container.isRepeated || container.name == "ForEach"
        || (container.kind == .statement && container.name == "for")
      alignment.typed += inner.map { item in
        var item = item
        item.isRepeated = item.isRepeated || repeats
        return item
      }
      alignment.typedUsed += Array(repeating: false, count: inner.count)
      opened = true
    }
    return opened
  }

  /// Counts what the alignment left: the card's unpaired items are lost, unless another of
  /// their shape was written right; the attempt's are left over.
  private mutating func settle(_ alignment: Alignment, root: Bool) {
    let expected = alignment.expected
    // Code that says the same thing twice (two `print` lines) needs saying once; so does what
    // the attempt writes once in a `ForEach`.
    // Shapes cost a walk of the tree: only worth it when something might be a repeat.
    let unmatched = expected.indices.filter {
      !alignment.expectedUsed[$0] && CodeNode.weight(of: expected[$0]).major > 0
    }
    // Only a part written right stands for its repeats: one wrong call is not two right ones.
    for (i, j, relation) in alignment.pairs
    where (root || alignment.typed[j].isRepeated) && [.same, .typo, .free].contains(relation) {
      repeatedShapes.insert(Self.shape(of: expected[i]))
    }
    for (i, _, relation) in alignment.pairs where relation != .substitute && relation != .related {
      matchedItems.append(expected[i])
    }
    for i in expected.indices where !alignment.expectedUsed[i] {
      if unmatched.contains(i) {
        let shape = Self.shape(of: expected[i])
        if root && matchedShapes.isEmpty { matchedShapes = Set(matchedItems.map(Self.shape)) }
        if repeatedShapes.contains(shape) || (root && matchedShapes.contains(shape)) { continue }
      }
      lose(expected[i])
    }
    for j in alignment.typed.indices where !alignment.typedUsed[j] {
      collectLeftover(alignment.typed[j])
    }
  }

  enum Role { case type, modifier, member, attribute, keyPath, other }

  func role(_ node: CodeNode) -> Role {
    switch node.kind {
    case .call: node.name.first?.isUppercase == true ? .type : .modifier
    case .modifier: .modifier
    case .member: .member
    case .attribute: .attribute
    case .keyPath: .keyPath
    default: .other
    }
  }

  func isSame(_ e: CodeNode, _ a: CodeNode) -> Bool {
    switch (e.kind, a.kind) {
    case (.member, .member):
      // `.now` written as `ContinuousClock.now` is not `SuspendingClock.now`.
      return e.name == a.name
        && (e.chainRoot == nil || a.chainRoot == nil || e.chainRoot == a.chainRoot)
    case (.call, .call), (.call, .modifier), (.modifier, .call), (.modifier, .modifier),
      (.attribute, .attribute), (.keyPath, .keyPath), (.binding, .binding):
      return e.name == a.name
    case (.member, .modifier), (.modifier, .member):
      // `Font.title` is `.title`; a value's method (`stops.move(…)`) is no case of that name.
      let modifier = e.kind == .modifier ? e : a
      return e.name == a.name && modifier.parameters.first?.first?.isLowercase != true
    case (.declaration, .declaration):
      // An extension of a type, and the type's declaration with the same members.
      if e.name == "extension" && CodeNode.typeKeywords.contains(a.name)
        || a.name == "extension" && CodeNode.typeKeywords.contains(e.name)
      {
        return e.parameters.first == a.parameters.first
      }
      guard
        e.name == a.name || (["var", "let"].contains(e.name) && ["var", "let"].contains(a.name))
      else { return false }
      // A member a protocol or attribute names (`projectedValue`) is API: not renamed.
      if e.isAPI || a.isAPI { return e.parameters.first == a.parameters.first }
      // A computed property (`var results: [String] { names.filter { … } }`, `var body: some
      // View { … }`) is no stand-in for a property with a value (`let dishes = [...]`,
      // `@State private var isDimmed = false`): what it computes is compared with what the card
      // computes.
      func isComputed(_ node: CodeNode) -> Bool { node.value.isEmpty && !node.blocks.isEmpty }
      if isComputed(e) != isComputed(a), !(e.value.isEmpty && a.value.isEmpty) { return false }
      // Two plain constants of the author's and the attempt's own naming are the same only when
      // what they hold is alike: `let matches = names.filter { … }` is not the card's
      // `let dishes = ["Crème Brûlée", …]`, but the `filter` the card prints.
      if e.parameters == a.parameters || !e.attributes.isEmpty || !a.attributes.isEmpty {
        return true
      }
      return e.value.isEmpty || a.value.isEmpty || e.value.first?.kind == a.value.first?.kind
    case (.statement, .statement):
      return e.name == a.name || (Self.isBranch(e) && Self.isBranch(a))
    case (.closure, .closure), (.array, .array), (.group, .group), (.literal, .literal):
      return true
    case (.call, .member):
      // `.init(identifier: "de")` where the card writes `Locale(identifier: "de")`.
      return a.name == "init" && e.isAPI && e.name.first?.isUppercase == true && a.hasParentheses
    default:
      return false
    }
  }

  func isTypo(_ e: CodeNode, _ a: CodeNode) -> Bool {
    // A member a protocol or attribute names, misspelt (`projectdValue`).
    if e.kind == .declaration && e.isAPI {
      guard a.kind == .declaration, a.name == e.name, let typed = a.parameters.first,
        let name = e.parameters.first, typed != name
      else { return false }
      return Self.isMisspelling(typed, of: name)
    }
    // A key path names a member of the value, not the attempt's own declaration of that name
    // (`@Environment(\.colourScheme) private var colourScheme`).
    guard e.isAPI, e.importance != .free || e.isOptional, role(e) == role(a), role(e) != .other,
      !vocabulary.knows(a.name), role(e) == .keyPath || !attempt.declared.contains(a.name)
    else { return false }
    if Self.isMisspelling(a.name, of: e.name) { return true }
    // The card's words with another ending or cut short, where nothing has that name
    // (`.searchComplete(…)` for `.searchCompletion(…)`, `.confirmAction` for
    // `.confirmationAction`): there is no other API it could be.
    guard Self.isWordwiseMisremembered(a.name, of: e.name) else { return false }
    switch (e.kind, a.kind) {
    // (A word of it with another ending shares no whole word with the card's: `.onHovering`.)
    case (.modifier, _):
      return a.kind == .modifier && a.parameters.isEmpty && !attempt.declared.contains(a.name)
        && !SDKIndex.shipped.declaresMember(named: a.name)
    case (.member, .member):
      return !attempt.declared.contains(a.name)
        && !SDKIndex.shipped.declaresMember(named: a.name)
    default: return false
    }
  }

  /// Whether `a` is API the vocabulary lists as doing the job of `e` another way
  /// (`.swipeActions` for `.onDelete`), in any role: a modifier for a type too.
  func isRelated(_ e: CodeNode, _ a: CodeNode) -> Bool {
    e.isAPI && e.importance == .major && a.isAPI && e.name != a.name
      && vocabulary.related[e.name]?.contains(a.name) == true
  }

  func isSubstitute(_ e: CodeNode, _ a: CodeNode) -> Bool {
    // Another member declared where the card declares one a protocol or attribute names.
    if e.kind == .declaration && e.isAPI {
      return a.kind == .declaration && a.name == e.name && !a.isAPI
    }
    // API that does exactly the card's job is no stand-in here: what it holds is compared where
    // the card has it, and the card's part is credited to it (``creditEquivalent(_:)``).
    if vocabulary.equivalent[e.name]?.contains(a.name) == true { return false }
    // A subscript stands for a subscript only: a method is no other way of indexing.
    if (e.name == "subscript") != (a.name == "subscript") { return false }
    // A modifier nothing declares that shares a word with the card's is the card's API
    // misremembered (`.presentationDismissDisabled(…)` for `.interactiveDismissDisabled()`),
    // whatever its arguments.
    if e.isAPI, e.importance != .free, e.kind == .modifier,
      Self.isMadeUpModifier(a, for: e, declared: attempt.declared)
    {
      return true
    }
    // Another presentation where the card's presentation is the point (`.sheet` for
    // `.fullScreenCover`), though one around configured content is taken as scaffolding; but
    // not one that holds the card's job done another way (a sheet that cannot be swiped away).
    if e.isAPI, e.importance != .free, e.kind == .modifier, a.kind == .modifier, a.isAPI,
      APIVocabulary.presenters.contains(e.name), APIVocabulary.presenters.contains(a.name)
    {
      let related = vocabulary.related[e.name] ?? []
      return !Self.allNodes([a]).contains { related.contains($0.name) }
    }
    // Scaffolding and decoration in the attempt (`Text`, `.font`) replace nothing.
    // An attribute of the same declaration is in the same place, even one that only stores
    // (`@State` for the card's `@FocusState`).
    guard e.isAPI, e.importance != .free || e.isOptional,
      a.importance != .free || !a.isAPI || a.kind == .attribute,
      role(e) == role(a), role(e) != .other,
      role(e) == .keyPath || role(e) == .member || !attempt.declared.contains(a.name),
      // In the same place means alike: shared labels or names, or arguments of one shape; a
      // bare API member is a choice among values (`.medium` for `.height(320)`).
      Self.affinity(e, a) + (Self.argumentShape(e) == Self.argumentShape(a) ? 1 : 0) >= 1
        || (role(e) == .member && a.isAPI && a.arguments.isEmpty && !a.hasParentheses)
        // A modifier named by a part of the card's name (`.frame` for `.containerRelativeFrame`,
        // `.disabled` for `.interactiveDismissDisabled`): the general API for the specific.
        || (e.kind == .modifier && a.kind == .modifier && a.isAPI && Self.isVariant(e, of: a))
        // Modifiers whose names end in the same word (`.layoutPriority` for the card's
        // `.visibilityPriority`): another of the kind in its place.
        || (e.kind == .modifier && a.kind == .modifier && a.isAPI
          && Self.nameWords(e.name).last.map { $0.count >= 4 && Self.nameWords(a.name).last == $0 }
            == true)
        // Attributes of one declaration are in the same place, whatever their arguments
        // (`@State` for the card's `@AppStorage("fontSize")`), unless the attempt writes the
        // card's elsewhere (`@Bindable var profile = profile` in `body`).
        || (e.kind == .attribute && a.kind == .attribute
          && !attempt.writtenNames.contains(Substring("@" + e.name)))
    else { return false }
    // A call of the author's own type is no substitute for an API type; one no declaration
    // knows, of the same kind (`PinchGesture` where the card has `MagnifyGesture`), is API
    // the attempt made up.
    if role(e) == .type {
      return a.isAPI || Self.isMadeUp(a, kindOf: e, declared: attempt.declared)
    }
    return true
  }

  /// Whether `a` is a modifier of a view, not a member of a value, that no declaration knows,
  /// the code's or the SDK's, and that shares a word of four letters or more with the card's
  /// modifier `e`.
  static func isMadeUpModifier(_ a: CodeNode, for e: CodeNode, declared: Set<String>) -> Bool {
    guard a.kind == .modifier, a.parameters.isEmpty, a.name != e.name,
      !declared.contains(a.name),
      !Set(QuestionWords.words(in: a.name)).isDisjoint(with: QuestionWords.words(in: e.name))
    else { return false }
    return !SDKIndex.shipped.declaresMember(named: a.name)
  }

  /// Whether `a` names a type no declaration knows that ends with the same word as the card's
  /// SDK type `e` (`Gesture`, `Style`, `Mark`): API made up, not the author's own view.
  static func isMadeUp(_ a: CodeNode, kindOf e: CodeNode, declared: Set<String>) -> Bool {
    guard a.kind == .call, !a.isAPI, a.name.first?.isUppercase == true,
      !declared.contains(a.name), a.name != e.name,
      let kind = QuestionWords.words(in: e.name).last, kind.count >= 4,
      QuestionWords.words(in: a.name).last == kind
    else { return false }
    return !SDKIndex.shipped.describes(a.name)
  }

  func isFreePair(_ e: CodeNode, _ a: CodeNode) -> Bool {
    guard e.importance == .free || !e.isAPI else { return false }
    // A candidate view is stood for by a view, not by any word.
    if e.isCandidate && !(a.hasParentheses || a.arguments.contains(where: \.isClosure)) {
      return false
    }
    switch (e.kind, a.kind) {
    case (.call, .call), (.call, .literal), (.call, .binding), (.call, .member), (.binding, .call),
      (.binding, .binding),
      (.literal, _), (.modifier, .modifier), (.member, .member), (.member, .call):
      return true
    case (.call, .modifier):
      return !a.isAPI
    default:
      return false
    }
  }

  /// How alike two nodes look, to choose among several candidates: shared labels, names and
  /// literals in their arguments and in what they hold.
  static func affinity(_ e: CodeNode, _ a: CodeNode) -> Int {
    fingerprint(of: e, depth: 0).intersection(fingerprint(of: a, depth: 0)).count * 2
      - abs(e.arguments.count - a.arguments.count)
  }

  /// What kinds of arguments a node takes: `[(label?, kind)]`, as text.
  static func argumentShape(_ node: CodeNode) -> [String] {
    node.arguments.map { ($0.label ?? "_") + ":" + "\($0.value.first?.kind ?? .group)" }
  }

  static func fingerprint(of node: CodeNode, depth: Int) -> Set<String> {
    if depth == 0, let fingerprint = node.fingerprint { return fingerprint }
    var names: Set<String> = []
    guard depth < 2 else { return names }
    for argument in node.arguments {
      if let label = argument.label { names.insert(label + ":") }
      // A ternary's values are the argument's (`pulse ? 1.3 : 1`).
      let values =
        argument.value.contains(where: isBranch)
        ? argument.value.flatMap { isBranch($0) ? $0.clause + $0.blocks.joined() : [$0] }
        : argument.value
      for value in values {
        if !value.name.isEmpty { names.insert(value.name) }
        names.formUnion(fingerprint(of: value, depth: depth + 1))
      }
    }
    guard depth == 0 else { return names }
    // A declaration's attributes say what it holds: `@Environment(\.dismissSearch) var end` is
    // the card's `dismissSearch`, not the `@Environment(\.isSearching)` beside it.
    for item in node.blocks.joined() + innerItems(of: node) + node.attributes {
      if !item.name.isEmpty { names.insert(item.name) }
      names.formUnion(fingerprint(of: item, depth: depth + 1))
    }
    return names
  }

  /// What a node holds in its closures and blocks, and for scaffolding such as `print(…)`, in
  /// its unlabelled arguments.
  static func innerItems(of node: CodeNode) -> [CodeNode] {
    node.arguments.flatMap { argument in
      argument.value.flatMap { value in
        if value.kind == .closure { return value.blocks.flatMap { $0 } }
        // `print(names.filter { … })` holds the filter; `Text("a")` holds nothing.
        return node.isTransparent && argument.label == nil && value.kind != .literal ? [value] : []
      }
    } + node.blocks.flatMap { $0 } + (node.kind == .declaration ? node.value : [])
      + (isBranch(node) ? node.clause : [])
  }

  /// Whether a node is an `if`, a `guard` or a `switch`: code that runs one of its blocks by
  /// its conditions. Each says what the others do (`guard let x = f() else { … }` is the
  /// card's `if let x = f() { … } else { … }`), with the blocks in another order.
  static func isBranch(_ node: CodeNode) -> Bool {
    node.kind == .statement && ["if", "guard", "switch"].contains(node.name)
  }

  /// Whether a node holds items in a closure or block: a container, not a leaf.
  static func holdsViews(_ node: CodeNode) -> Bool {
    !node.blocks.isEmpty || node.arguments.contains(where: \.isClosure)
  }

  /// The API a node is made of, as text: equal for code that says the same thing.
  static func shape(of node: CodeNode) -> String {
    var text = node.isAPI ? node.name : "_"
    for argument in node.arguments {
      text +=
        "(" + (argument.label ?? "") + ":" + argument.value.map(shape).joined(separator: ",")
        + ")"
    }
    for block in node.blocks { text += "{" + block.map(shape).joined(separator: ";") + "}" }
    for part in node.attributes + node.clause + node.value { text += "[" + shape(of: part) + "]" }
    return text
  }

  /// A node without what it holds.
  static func shallow(_ node: CodeNode) -> CodeNode {
    var node = node
    node.weight = nil
    node.fingerprint = nil
    node.blocks = []
    if node.kind == .declaration { node.value = [] }
    if isBranch(node) { node.clause = [] }
    node.arguments = node.arguments.filter { argument in
      !argument.isClosure && !(node.isTransparent && argument.label == nil)
    }
    return node
  }
}
