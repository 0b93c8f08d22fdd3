import CardDeck

/// One alignment of an attempt with the expected code, and its bookkeeping.
struct Matching {
  let expected: ParsedCode
  let attempt: ParsedCode
  let vocabulary: APIVocabulary

  var lost = Weight()
  /// What the errors alone cost, so that one wrong name is not counted twice.
  var lostToErrors = 0.0
  var findings: [Judgement.Finding] = []
  /// How many of the findings noted are errors, kept as they are noted: counting them at each
  /// pair would be quadratic in a long paste.
  var errorCount = 0
  var marks: [Int: Judgement.Mark] = [:]
  var renamings: [String: String] = [:]
  var renamingOrder: [String] = []
  var conflictingRenamings: Set<String> = []
  /// The attempt's name for each binding of a card's name (`age#1`, `age#2`): the first it
  /// gave, against which the others are compared.
  var scopedRenamings: [String: String] = [:]
  /// The card's names the attempt writes two ways, neither a slip (``rename(_:_:)``): not
  /// listed among the names accepted.
  var ambiguousRenamings: Set<String> = []
  var bindingNames: Set<String> = []
  /// Pairs of a value the card takes as given with another the attempt writes in its place
  /// (``noteSwappedValues()``).
  var otherGivenValues: [(expected: CodeNode, typed: CodeNode)] = []
  var leftoverExpected: [CodeNode] = []
  var leftoverAttempt: [CodeNode] = []
  /// For each of those, by its first token, which part of the attempt it was found in.
  var leftoverGroups: [Int: Int] = [:]
  /// Those groups that are modifiers of the attempt's own, and what they hold.
  var groupsInModifiers: Set<Int> = []
  /// How many groups there are: each top-level part collected starts one.
  var leftoverGroupCount = 0
  var reportedAttemptTokens: Set<Int> = []
  /// The attempt's parts paired with one of the card's, by their name's token.
  var pairedAttemptTokens: Set<Int> = []
  /// The attempt's API counted for the card's as doing exactly its job.
  var creditedEquivalents: Set<Int> = []
  /// Whether the attempt writes the card's API in a deprecated form beside its current name
  /// (``noteDeprecated(_:_:_:)``).
  var olderFormOfCardsAPI = false
  var sameAPI = 0
  /// The card's API parts the attempt does another way (``APIVocabulary/related``).
  var relatedAPI = 0
  /// API names and labels the attempt misspells, and arguments it writes out of order: the code
  /// does not compile, though the attempt knows the API.
  var misspellings = 0
  /// The card's modifiers the attempt writes as a variant (``isVariant(_:of:)``): the API
  /// recalled, whether it does the card's job the judge cannot tell.
  var variants = 0
  /// The card's details the attempt writes as another value or member (`\.count` for
  /// `\.self`): what the card's point is given is wrong, though the point is recalled.
  var wrongDetails = 0
  /// The card's view modifiers the attempt moves down into the views they were on
  /// (``isMovedInViews(_:_:)``): recalled, placed where it may or may not do its job.
  /// By their name's token.
  var movedInViews: Set<Int> = []
  /// The card's labels the attempt does another way from its content (``doneOnContent``).
  var relatedTokens: Set<Int> = []
  /// The card's API containers the attempt left out where the card has them, seen through.
  var seenThrough: [CodeNode] = []
  /// The expected code's parts that the attempt has a counterpart for, as token ranges.
  var comparedRanges: [Range<Int>] = []
  /// The card's scaffolding API whose own arguments hold the point (`ToolbarItem(placement:
  /// .topBarTrailing)`) that the attempt has too, other than the views any code has
  /// (``APIVocabulary/everyday``).
  var sameScaffolding = 0
  /// The findings that note deprecated decoration (`.foregroundColor`), slips while the rest
  /// is right (``settleDeprecatedDecoration``).
  var deprecatedDecoration: [Int] = []
  /// The expected code's token being compared, for the findings noted meanwhile.
  var position = 0
  /// The shapes of expected items that found a counterpart, anywhere; and those whose
  /// counterpart stands for many.
  var matchedShapes: Set<String> = []
  var matchedItems: [CodeNode] = []
  var repeatedShapes: Set<String> = []

  init(expected: ParsedCode, attempt: ParsedCode, vocabulary: APIVocabulary) {
    self.expected = expected
    self.attempt = attempt
    self.vocabulary = vocabulary
  }

  /// `value`, or what it stands for when it is one of the attempt's variables and the card
  /// writes the value in place, or an array of it alone.
  func resolved(_ value: [CodeNode], against expectedValue: [CodeNode]) -> [CodeNode] {
    if expectedValue.count == 1, expectedValue[0].kind == .keyPath,
      let keyPath = Self.wrappedKeyPath(value)
    {
      return [keyPath]
    }
    // An array of one where the card passes the one: the overload that takes a sequence
    // (`sorted(using: [comparator])` for `sorted(using: comparator)`).
    if value.count == 1, value[0].kind == .array, value[0].arguments.count == 1,
      value[0].arguments[0].value.count == 1, expectedValue.count == 1,
      expectedValue[0].kind != .array, expectedValue[0].isAPI
    {
      return value[0].arguments[0].value
    }
    guard value.count == 1, value[0].kind == .call, Self.isPlain(value[0]),
      let stored = attempt.variables[value[0].name],
      // `[GridItem(…)]` is no API itself, but holds some.
      expectedValue.contains(where: { $0.isAPI || CodeNode.weight(of: $0).major > 0 })
    else { return value }
    return stored
  }

  /// The key path a value passes through a descriptor built from it, where the card passes
  /// the key path itself: `[SortDescriptor(\Trip.start)]` for `\.start`, the overload that
  /// takes descriptors.
  static func wrappedKeyPath(_ value: [CodeNode]) -> CodeNode? {
    guard value.count == 1 else { return nil }
    var node = value[0]
    if node.kind == .array, node.arguments.count == 1, node.arguments[0].value.count == 1 {
      node = node.arguments[0].value[0]
    }
    guard node.kind == .call, node.name.first?.isUppercase == true,
      let first = node.arguments.first, first.label == nil,
      first.value.count == 1, first.value[0].kind == .keyPath
    else { return nil }
    return first.value[0]
  }

  static func isPlain(_ node: CodeNode) -> Bool {
    node.arguments.isEmpty && !node.hasParentheses
  }

  // MARK: The verdict

  /// `typed` with its view types and their bodies opened (`struct RecipeList: View { … }` and
  /// `var body: some View { … }` as what they hold), where the card declares neither: the
  /// wrapper is the attempt's scaffolding, and comparing what it holds at the card's level keeps
  /// each part where the card has it.
  static func unwrappingViews(_ typed: [CodeNode], for expected: [CodeNode]) -> [CodeNode] {
    func isType(_ node: CodeNode) -> Bool {
      node.kind == .declaration && !["var", "let", "func", "init", "subscript"].contains(node.name)
    }
    func isView(_ node: CodeNode) -> Bool {
      isType(node) && node.clause.contains { $0.name == "View" } && node.blocks.count == 1
    }
    // So is a view's `var body: some View { … }` written around the card's code.
    func isBody(_ node: CodeNode) -> Bool {
      node.kind == .declaration && node.name == "var" && node.parameters == ["body"]
        && node.clause.contains { $0.name == "View" } && node.blocks.count == 1
    }
    guard !expected.contains(where: { isType($0) || isBody($0) }) else { return typed }
    let opened = typed.flatMap { isView($0) ? $0.blocks[0] : [$0] }
    return opened.flatMap { isBody($0) ? $0.blocks[0] : [$0] }
  }

  mutating func run() -> Judgement {
    if let menus = menuPickersAsMenus() {
      compareSequences(expected.nodes, menus, root: true)
      position = 0
      note(
        .slip,
        "a `.menu`-style `Picker` for the card's `Menu` holding a `Picker`: its label is the choice"
      )
    } else {
      let nodes = dataContainersInCardsForm() ?? dataContainersInForEachForm() ?? attempt.nodes
      compareSequences(
        expected.nodes,
        Self.unwrappingViews(columnsInCardsForm(nodes) ?? nodes, for: expected.nodes),
        root: true)
    }
    placeMisplaced()
    placeOutsideContainers()
    creditEnvironmentCalls()
    checkPresentedContent(attempt.nodes)
    checkRowModifiers()
    checkToolbarContent()
    checkEnvironmentReads()
    checkEnvironmentAssignments()
    reportDeprecated(attempt.nodes)
    settleDeprecatedDecoration()
    noteExtraCode()
    noteSwappedValues()
    for name in conflictingRenamings.sorted() {
      note(.slip, "`\(name)` is renamed in one place and not another")
    }
    let total = expected.nodes.reduce(Weight()) { $0 + CodeNode.weight(of: $1) }
    let missed = missedEssential
    // The card's point left out for what the vocabulary lists as doing its job another way,
    // written anywhere in the attempt (`ToolbarItem(placement: .secondaryAction)` beside the
    // card's items for `ToolbarOverflowMenu`, not in its place): the right idea another way, as
    // when the two are paired.
    if relatedAPI == 0, let missed, let related = vocabulary.related[missed.text],
      let other = Self.allNodes(attempt.nodes).first(where: {
        $0.isAPI && related.contains($0.name)
      })
    {
      position = missed.token
      findings.removeAll { $0.message == "missing `\(missed.text)`" }
      relatedAPI += 1
      note(
        .missing,
        "`\(display(other, in: attempt))` instead of the card's `\(missed.text)`, close but not the same"
      )
      marks[missed.token] = .wrong(attempt.text(other))
    }
    var grade = grade(total: total)
    if olderFormOfCardsAPI { grade = max(grade, 2) }
    // A part the card writes twice, said wrong where the attempt writes it once, is not said
    // missing again (a trial read the one mistake twice); the grade counts both. Only where the
    // card's two lines are the same but for their literals: another part of the same name (a
    // second `.task` with other work, a button with another role) is missing in its own right.
    let saidWrong = findings.filter { !$0.message.hasPrefix("missing `") }
    findings.removeAll { finding in
      guard finding.message.hasPrefix("missing `") else { return false }
      let part = finding.message.dropFirst("missing ".count)
      return saidWrong.contains {
        ($0.message.contains("the card's \(part)")
          || $0.message.hasSuffix("where the card has \(part)"))
          && expected.lineShape(at: $0.token) == expected.lineShape(at: finding.token)
      }
    }
    if missed != nil { grade = min(grade, 2) }
    let asked = missedAsked
    if isProse { findings = [] }
    findings.sort { ($0.severity.rawValue, -$0.token) > ($1.severity.rawValue, -$1.token) }
    // The essential part that caps the grade is what the reason says, before any other part
    // as severe (`State`, not the `Void` of a closure type beside it).
    if let missed, let first = findings.first,
      let index = findings.firstIndex(where: {
        $0.severity == first.severity && $0.message == "missing `\(missed.text)`"
      })
    {
      findings.insert(findings.remove(at: index), at: 0)
    }
    // A name the attempt writes where the card has another part too (`isPresented` for the
    // key path `\.isSearching` and for the property named after it) is not listed as accepted
    // beside the mark that says it is wrong.
    let wrong = Set(
      marks.values.compactMap { mark -> String? in
        if case .wrong(let text) = mark { text } else { nil }
      })
    return Judgement(
      grade: grade, reason: reason(grade: grade), findings: findings, code: expected.source,
      marks: marks,
      renamings: renamingOrder.compactMap { name in
        // A name the card calls, renamed by one the attempt never calls (`dismissSearch()` and
        // `query = ""`), is no name for the same thing: not listed as accepted.
        guard let typed = renamings[name], !conflictingRenamings.contains(name),
          !ambiguousRenamings.contains(name), !wrong.contains(typed),
          !Self.isCalled(name, in: expected) || Self.isCalled(typed, in: attempt)
        else {
          return nil
        }
        let isBinding = bindingNames.contains(name)
        return .init(
          expected: isBinding ? "$" + name : name, attempt: isBinding ? "$" + typed : typed)
      }, missedAsked: isProse ? nil : asked)
  }

  /// Whether `code` writes `name` called: followed by `(`.
  static func isCalled(_ name: String, in code: ParsedCode) -> Bool {
    code.tokens.indices.dropLast().contains { index in
      code.source[code.tokens[index].range] == name
        && code.source[code.tokens[index + 1].range] == "("
    }
  }

  mutating func grade(total: Weight) -> Int {
    let errors = findings.filter { $0.severity == .error }.count
    let slips = findings.contains { $0.severity == .slip }
    let major = max(total.major, 0.0001)
    let kept = max(0, 1 - lost.major / major)
    let restTotal = max(major - lostToErrors, 0.0001)
    let keptApartFromErrors = max(0, 1 - (lost.major - lostToErrors) / restTotal)
    // Something of the card's own: its API, its names, or another API in its place. Labels
    // and values kept around none of that (a `ScrollView` of rows where the card has tabs) are
    // nothing in common.
    let shared =
      sameAPI > 0 || relatedAPI > 0 || findings.contains { $0.severity == .error } || sharesNames
    if isProse { return shared && sameAPI > 0 ? 1 : 0 }
    if errors == 0 {
      // A misspelt name is recalled, not written: the code does not compile (3, a pass). So
      // is a variant of the card's modifier, which may or may not do its job.
      if lost.major < 0.01 {
        if wrongDetails > 0 { return 2 }
        return misspellings + variants + movedInViews.count > 0
          ? 3 : lost.minor > 0.01 || slips ? 4 : 5
      }
      if kept >= 0.5 { return 3 }
      // The frame the card's point sits in written out (`ToolbarItem { … }` without its
      // placement) is the right idea with the detail missing, not nothing in common.
      // So is the card's API done another way (`.swipeActions` for `.onDelete`). Labels and
      // values kept around none of the card's API (the views of a three-column split laid
      // out in an `HStack`) are not the right idea.
      if kept >= 0.2 && sameAPI > 0 || sameScaffolding >= 1 || relatedAPI > 0 { return 2 }
      return shared ? 1 : 0
    }
    // One wrong name with the rest right; a lone wrong name has nothing else right.
    if errors == 1 && isWrongEssentialKeyPath { return 1 }
    // Another label on the card's own call is one real error, even where the label is all
    // that counts (`isPresenting:` for `searchable`'s `isPresented:`): the API is recalled.
    if errors == 1 && isWrongLabel { return 2 }
    if errors == 1 && keptApartFromErrors > 0.5 && major - lostToErrors > 0.01 { return 2 }
    // A lone wrong name in the card's place, the rest right, that nothing declares
    // (`.zOrder(1)` for `.zIndex(1)`, `zipped` for `zip`): the API misremembered, the
    // right idea. A real API there does another job (`.refreshable` for `.task`): 1.
    if errors == 1 && lost.major - lostToErrors < 0.01 && isLoneErrorMadeUp { return 2 }
    if errors == 2 && keptApartFromErrors >= 0.75 && kept >= 0.5 { return 2 }
    return shared ? 1 : 0
  }

  /// Whether the one error is another key path where the author calls the card's essential
  /// (`\.dismiss` for `\.dismissSearch`): the environment value is the whole answer, and what
  /// is around it (`@Environment`, a call) is the same for every key path.
  var isWrongEssentialKeyPath: Bool {
    guard let error = findings.first(where: { $0.severity == .error }),
      error.token < expected.tokens.count, case .wrong = marks[error.token]
    else { return false }
    let token = error.token
    let source = expected.source
    let tokens = expected.tokens
    // A key path is its three tokens, `\`, `.` and the name; the hints hold the name.
    return token >= 2 && source[tokens[token - 1].range] == "."
      && source[tokens[token - 2].range] == "\\"
      && expected.hints.essential.contains(String(source[tokens[token].range]))
  }

  /// Whether the one error's name in the attempt is one nothing declares: not the SDK, the
  /// vocabulary, nor the attempt.
  var isLoneErrorMadeUp: Bool {
    guard let error = findings.first(where: { $0.severity == .error }),
      case .wrong(let text)? = marks[error.token]
    else { return false }
    let name = text.hasPrefix(".") ? String(text.dropFirst()) : text
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
      return false
    }
    let index = SDKIndex.shipped
    return !index.types.contains(name) && !index.declaresMember(named: name)
      && !vocabulary.knows(name) && !attempt.declared.contains(name)
  }

  /// Whether the one error is another label where the card has one (`isPresenting:` for
  /// `isPresented:`), the call it labels the card's.
  var isWrongLabel: Bool {
    guard let error = findings.first(where: { $0.severity == .error }),
      error.token + 1 < expected.tokens.count, case .wrong = marks[error.token]
    else { return false }
    let tokens = expected.tokens
    return tokens[error.token].kind == .identifier
      && expected.source[tokens[error.token + 1].range] == ":"
  }

  /// The first part the author calls essential that is missing, wrong or misplaced: then the
  /// attempt misses the point of the card.
  var missedEssential: (token: Int, text: String)? {
    let essential = expected.hints.essential
    guard !essential.isEmpty else { return nil }
    for token in marks.keys.sorted() {
      // The name first: most marks are on other parts, and the tests below walk the tree.
      let text = String(expected.source[expected.tokens[token].range])
      let isLabel =
        token + 1 < expected.tokens.count
        && expected.source[expected.tokens[token + 1].range] == ":"
      let name = isLabel && !essential.contains(text) ? text + ":" : text
      guard essential.contains(name), let mark = marks[token] else { continue }
      if case .typo = mark { continue }
      // Moved down into the views it was on, it is recalled, where it may do its job.
      if movedInViews.contains(token) { continue }
      // Done another way from another place: the right idea (``doneOnContent``).
      if relatedTokens.contains(token) { continue }
      // Left out with the declaration that holds it (the whole `enum` for its `Hashable`)
      // while the attempt uses what that declares (its cases), an essential part is missing
      // like any other: the declaration is taken as read, not written.
      if mark == .missing, !comparedRanges.contains(where: { $0.contains(token) }),
        let frame = Self.declaration(holding: token, in: expected.nodes),
        !Self.declaredNames(in: frame).isDisjoint(with: attemptNames)
      {
        continue
      }
      return (token, name)
    }
    return nil
  }

  /// The first label of the card's the question asks for (``ParsedCode/asked``) that the
  /// attempt leaves out of a call it makes, writes nowhere, and whose values it does not use as
  /// often as the card: `total:` is not missed where the attempt divides by the `totalBytes` it
  /// passes.
  var missedAsked: String? {
    guard !expected.asked.isEmpty else { return nil }
    for (token, asked) in expected.asked.sorted(by: { $0.key < $1.key })
    where marks[token] == .missing {
      let label = asked.label.dropLast()
      guard !attempt.writtenNames.contains(label), asked.call.map({ hasCall(at: $0) }) ?? true
      else { continue }
      let unused =
        asked.names.isEmpty
        || asked.names.contains { name in
          Self.count(of: name, in: attempt) < Self.count(of: name, in: expected)
        }
      if unused { return asked.label }
    }
    return nil
  }

  /// Whether the attempt makes the card's call at `token`: neither left out nor another.
  private func hasCall(at token: Int) -> Bool {
    switch marks[token] {
    case .missing?, .wrong?: false
    default: true
    }
  }

  /// How many times `code` writes the name `name`, as a name or a binding's.
  static func count(of name: String, in code: ParsedCode) -> Int {
    code.tokens.count { token in
      let text = code.source[token.range]
      return text == name || text.dropFirst() == name && text.first == "$"
    }
  }

  /// The outermost declaration of `nodes` whose tokens hold `token`.
  static func declaration(holding token: Int, in nodes: [CodeNode]) -> CodeNode? {
    for node in nodes where node.tokens.contains(token) {
      if node.kind == .declaration { return node }
      let inner = node.blocks.joined() + node.arguments.flatMap(\.value)
      if let found = declaration(holding: token, in: Array(inner)) { return found }
    }
    return nil
  }

  /// The names a declaration introduces, and those of the declarations inside it.
  static func declaredNames(in node: CodeNode) -> Set<String> {
    var names = Set(node.kind == .declaration ? node.parameters : [])
    for item in node.blocks.joined() { names.formUnion(declaredNames(in: item)) }
    return names
  }

  /// The names the attempt uses, not its labels.
  var attemptNames: Set<String> { Set(attempt.ownNames.map(String.init)) }

  /// Whether the attempt uses the card's own names or literals (`$showsTerms`, `"Order 4182"`):
  /// a different answer to the same question, not code from elsewhere.
  var sharesNames: Bool {
    // `$isSearching` binds the card's `isSearching`: the same name.
    func unbound(_ names: Set<Substring>) -> Set<Substring> {
      Set(names.map { $0.hasPrefix("$") ? $0.dropFirst() : $0 })
    }
    if !unbound(expected.ownNames).isDisjoint(with: unbound(attempt.ownNames)) { return true }
    // The card's containers written around something else (`ToolbarItem { … }` holding another
    // modifier than the card's): the shell in common, not nothing; a `Button` or `Text` alone
    // says nothing.
    return expected.writtenNames.contains {
      Self.containers.contains(String($0)) && attempt.writtenNames.contains($0)
    }
  }

  /// The scaffolding that says something of an attempt: `ToolbarItem`, not `Button`.
  static let containers = APIVocabulary.scaffolding.subtracting(APIVocabulary.everyday)

  /// Whether the attempt is prose (see ``readsAsProse``), worked out once.
  private lazy var isProse: Bool = readsAsProse

  /// The parameters of the card's closures (`hovering` of `.onHover { hovering in … }`).
  lazy var cardClosureParameters: Set<String> = Set(
    Self.allNodes(expected.nodes).filter { $0.kind == .closure }.flatMap(\.parameters))

  /// The punctuation that marks code among words: `(`, `{`, `[`, `.`, `\\`.
  static let codeMarks: [UInt8] = Array("({[.\\".utf8)

  /// Keywords that start a declaration, which no English sentence does.
  static let declarationWords: Set<String> = [
    "struct", "class", "enum", "protocol", "extension", "func", "var", "let", "import", "static",
  ]

  /// An attempt of words and no code: no brackets, dots or sigils among several names.
  var readsAsProse: Bool {
    let tokens = attempt.tokens
    guard tokens.count >= 3 else { return false }
    let words = tokens.reduce(0) { $0 + ($1.kind == .identifier || $1.kind == .keyword ? 1 : 0) }
    let code = tokens.count { token in
      switch token.kind {
      case .dollar, .attribute, .string, .number, .operator: return true
      // Words prose does not use: `struct Note: Codable { var title: String }` is code.
      case .keyword:
        return Self.declarationWords.contains(
          String(decoding: attempt.source.utf8[token.range], as: UTF8.self))
      case .punctuation:
        // One byte, read as such: this looks at every token of every attempt.
        let utf8 = attempt.source.utf8
        let start = token.range.lowerBound
        guard utf8.index(after: start) == token.range.upperBound else { return false }
        return Self.codeMarks.contains(utf8[start])
      default: return false
      }
    }
    return words >= 3 && code * 4 < words
  }

  mutating func reason(grade: Int?) -> String {
    if isProse {
      return "That reads as prose, not Swift: compare it with the answer yourself."
    }
    if let worst = findings.first, worst.severity > .note {
      // An older API where the card writes its replacement says at once what to learn, more
      // than what follows from it (a label of the container the older API does without).
      let replaced = findings.first { finding in
        finding.severity == worst.severity
          && finding.replacement.map(expected.names.contains) == true
      }
      return (replaced ?? worst).sentence
    }
    if grade == 0 || grade == 1 { return "Nothing in common with the card's code." }
    // Said where the names are listed: not for a name written two ways (``ambiguousRenamings``).
    let listed = renamings.keys.contains { !ambiguousRenamings.contains($0) }
    return listed ? "Same API as the card, with names of your own." : "Same API as the card."
  }

  // MARK: Words

  mutating func note(
    _ severity: Judgement.Severity, _ message: String, deprecated: String? = nil,
    replacement: String? = nil
  ) {
    findings.append(
      .init(
        severity: severity, message: message, token: position, deprecated: deprecated,
        replacement: replacement))
    if severity == .error { errorCount += 1 }
  }

  mutating func mark(_ node: CodeNode, _ value: Judgement.Mark) {
    if let token = node.token { marks[token] = value }
  }

  /// A short value as a message shows it after its label: ` .destructive`, ` { … }`.
  static func describe(_ value: [CodeNode]) -> String {
    guard value.count == 1 else { return "" }
    switch value[0].kind {
    case .member where value[0].arguments.isEmpty: return " ." + value[0].name
    case .keyPath: return " \\." + value[0].name
    case .binding: return " $" + value[0].name
    case .closure: return " { … }"
    default: return ""
    }
  }

  /// How a node is written in a message: `.sheet`, `Text`, `@State`, `\.dismiss`.
  func display(_ node: CodeNode, in code: ParsedCode) -> String {
    switch node.kind {
    case .modifier where node.name == "subscript":
      "subscript(" + node.arguments.map { ($0.label ?? "_") + ":" }.joined() + ")"
    case .modifier, .member:
      // As written where a spelling was read as another (`Rectangle` for `.rect`).
      if let token = node.token, code.tokens.indices.contains(token),
        case let written = code.source[code.tokens[token].range], written != node.name
      {
        written.first?.isUppercase == true ? String(written) : "." + written
      } else if node.kind == .member, let type = node.chainRoot {
        // A static value written with its type (`ContinuousClock.now`).
        type + "." + node.name
      } else {
        "." + node.name
      }
    case .attribute: "@" + node.name
    case .keyPath:
      // A closure read as its key path (`{ $0.isNumber }`) shows as the member it reads.
      code.tokens.indices.contains(node.tokens.lowerBound)
        && code.source[code.tokens[node.tokens.lowerBound].range] == "{"
        ? "." + node.name : "\\." + node.name
    case .binding: "$" + node.name
    // `var projectedValue`, `func body`.
    case .declaration where !node.parameters.isEmpty: node.name + " " + node.parameters[0]
    default: node.name
    }
  }
}
