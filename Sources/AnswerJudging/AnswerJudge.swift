import CardDeck

/// Judges typed attempts at one syntax card the way a Swift reviewer reads a flash-card answer:
/// placeholders are free, API is what counts, and the point of the card weighs most.
///
/// The expected code is parsed once; each attempt is parsed and aligned with it node by node
/// (see ``CodeParser``, ``CodeClassifier``). Grades: equivalent 5; right API with a slip 4;
/// right idea, an API detail missing 3; another API, label, member or key path 2 or less;
/// nothing in common 0–1.
public struct AnswerJudge: Sendable {
  /// The card's code, then its `also:` answers.
  let answers: [ParsedCode]
  /// Each answer with its local constants used once written in their place, where it has any:
  /// compared with an attempt that writes the values inline (``CodeNode/inliningConstants``).
  let inlinedAnswers: [ParsedCode?]
  /// What the SDK says of an attempt at each of the answers, in the same order.
  let checks: [SDKCheck]
  let vocabulary: APIVocabulary

  /// Prepares to judge attempts at `code`, the card's expected code; `question` is the card's
  /// prompt, whose numbers (`a fixed 320 points`) the code's literals must keep, and which says
  /// whether a Cancel button is asked for.
  public init(
    code: String, hints: JudgingHints = JudgingHints(), question: String = "",
    vocabulary: APIVocabulary = .standard
  ) {
    self.vocabulary = vocabulary
    let numbers = Self.numbers(in: question)
    let asksForCancel = question.lowercased().contains("cancel")
    func parsed(_ source: String, inlining: Bool) -> ParsedCode {
      ParsedCode(
        source, hints: hints, vocabulary: vocabulary, collectsNames: true, fixedNumbers: numbers,
        asksForCancel: asksForCancel, inliningConstantsBut: inlining ? [] : nil)
    }
    let answers = ([code] + hints.alternatives).map { parsed($0, inlining: false) }
    self.answers = answers
    self.inlinedAnswers = answers.map { answer in
      guard !answer.constantHeads.isEmpty else { return nil }
      let inlined = parsed(answer.source, inlining: true)
      return inlined.inlinedConstants.isEmpty ? nil : inlined
    }
    self.checks = answers.map { SDKCheck(card: SDKCheck.Code($0)) }
  }

  /// Prepares to judge attempts at `card`.
  public init(card: SyntaxCard, vocabulary: APIVocabulary = .standard) {
    self.init(
      code: card.code.text, hints: card.hints, question: card.prompt.text,
      vocabulary: vocabulary)
  }

  /// The numbers written in prose, as Swift writes them: `320`, `0.25`.
  static func numbers(in text: String) -> Set<String> {
    var numbers: Set<String> = []
    var current = ""
    for character in text + " " {
      if character.isASCII && (character.isNumber || (character == "." && !current.isEmpty)) {
        current.append(character)
      } else {
        while current.last == "." { current.removeLast() }
        if !current.isEmpty { numbers.insert(current) }
        current = ""
      }
    }
    return numbers
  }

  /// The verdict on `attempt`.
  public func judge(_ attempt: String) -> Judgement {
    // The attempt's constants are read in place but where the card binds the same value.
    let cardHeads = answers.reduce(into: Set<String>()) { $0.formUnion($1.constantHeads) }
    let typed = ParsedCode(
      attempt, hints: JudgingHints(), vocabulary: vocabulary, inliningConstantsBut: cardHeads)
    guard !typed.tokens.isEmpty else {
      return Judgement(
        grade: nil, reason: "Nothing typed: grade it yourself.", findings: [],
        code: answers[0].source, marks: [:], renamings: [])
    }
    var best: Judgement?
    for (index, written) in answers.enumerated() {
      var answer = written
      // Read with its constants in place, unless the attempt binds one of their values too.
      if let inlined = inlinedAnswers[index],
        typed.constantHeads.isDisjoint(with: inlined.inlinedConstants.values)
      {
        answer = inlined
      }
      var judgement: Judgement
      if answer.hasWeight {
        var matching = Matching(expected: answer, attempt: typed, vocabulary: vocabulary)
        judgement = matching.run()
      } else {
        // Code with no API in it (`path = []`) can only be compared token by token.
        judgement = Self.compareTokens(answer, typed)
      }
      if index > 0, judgement.grade == 5, judgement.findings.isEmpty {
        judgement.reason = "Same as an answer the card also accepts: `\(answer.source)`."
      }
      if best == nil || judgement.grade ?? 0 > best!.grade ?? 0 { best = judgement }
    }
    return checked(best!, attempt: typed)
  }

  /// The grade of code that has nothing but placeholders: 5 when the tokens are the same,
  /// else by the share of tokens in common.
  private static func compareTokens(_ expected: ParsedCode, _ typed: ParsedCode) -> Judgement {
    func words(_ code: ParsedCode) -> [Substring] {
      var words = code.tokens.map { code.source[$0.range] }.filter { $0 != "self" && $0 != "," }
      // `= .init()` assigns the type's empty value, as `= []` does for an array.
      var index = 0
      while index + 4 < words.count {
        if words[index] == "=",
          words[(index + 1)...(index + 4)].elementsEqual([".", "init", "(", ")"])
        {
          words.replaceSubrange((index + 1)...(index + 4), with: ["[", "]"])
        }
        index += 1
      }
      return words
    }
    let wanted = words(expected)
    let written = words(typed)
    let common = Set(wanted).intersection(written).count
    let share = Double(2 * common) / Double(max(1, Set(wanted).count + Set(written).count))
    // The same tokens, or the same tokens inside scaffolding (`Button("Home") { path = [] }`).
    // A few tokens around it at most: a paste of everything contains everything.
    let contains =
      !wanted.isEmpty && written.count >= wanted.count && written.count <= wanted.count + 12
      && (0...(written.count - wanted.count)).contains {
        Array(written[$0..<($0 + wanted.count)]) == wanted
      }
    let grade = contains ? 5 : share >= 0.7 ? 3 : share >= 0.4 ? 2 : share > 0 ? 1 : 0
    return Judgement(
      grade: grade,
      reason: grade == 5 ? "Same as the card's code." : "Not the card's code, token for token.",
      findings: [], code: expected.source, marks: [:], renamings: [])
  }
}

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
  var bindingNames: Set<String> = []
  var leftoverExpected: [CodeNode] = []
  var leftoverAttempt: [CodeNode] = []
  var reportedAttemptTokens: Set<Int> = []
  /// The attempt's parts paired with one of the card's, by their name's token.
  var pairedAttemptTokens: Set<Int> = []
  /// Whether the attempt writes the card's API in a deprecated form beside its current name
  /// (``noteDeprecated(_:_:_:)``).
  var olderFormOfCardsAPI = false
  var sameAPI = 0
  /// The card's API parts the attempt does another way (``APIVocabulary/related``).
  var relatedAPI = 0
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
  /// writes the value in place.
  private func resolved(_ value: [CodeNode], against expectedValue: [CodeNode]) -> [CodeNode] {
    guard value.count == 1, value[0].kind == .call, Self.isPlain(value[0]),
      let stored = attempt.variables[value[0].name],
      // `[GridItem(…)]` is no API itself, but holds some.
      expectedValue.contains(where: { $0.isAPI || CodeNode.weight(of: $0).major > 0 })
    else { return value }
    return stored
  }

  private static func isPlain(_ node: CodeNode) -> Bool {
    node.arguments.isEmpty && !node.hasParentheses
  }

  // MARK: The verdict

  mutating func run() -> Judgement {
    if let menus = menuPickersAsMenus() {
      compareSequences(expected.nodes, menus, root: true)
      position = 0
      note(
        .slip,
        "a `.menu`-style `Picker` for the card's `Menu` holding a `Picker`: its label is the choice"
      )
    } else {
      compareSequences(expected.nodes, attempt.nodes, root: true)
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
        .missing, "`\(display(other, in: attempt))` does the job of `\(missed.text)` another way")
      marks[missed.token] = .wrong(attempt.text(other))
    }
    var grade = grade(total: total)
    if olderFormOfCardsAPI { grade = max(grade, 2) }
    if missed != nil { grade = min(grade, 2) }
    if isProse { findings = [] }
    findings.sort { ($0.severity.rawValue, -$0.token) > ($1.severity.rawValue, -$1.token) }
    return Judgement(
      grade: grade, reason: reason(grade: grade), findings: findings, code: expected.source,
      marks: marks,
      renamings: renamingOrder.compactMap { name in
        guard let typed = renamings[name], !conflictingRenamings.contains(name) else {
          return nil
        }
        let isBinding = bindingNames.contains(name)
        return .init(
          expected: isBinding ? "$" + name : name, attempt: isBinding ? "$" + typed : typed)
      })
  }

  private mutating func grade(total: Weight) -> Int {
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
      if lost.major < 0.01 { return lost.minor > 0.01 || slips ? 4 : 5 }
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
    if errors == 1 && keptApartFromErrors > 0.5 && major - lostToErrors > 0.01 { return 2 }
    if errors == 2 && keptApartFromErrors >= 0.75 && kept >= 0.5 { return 2 }
    return shared ? 1 : 0
  }

  /// Whether the one error is another key path where the author calls the card's essential
  /// (`\.dismiss` for `\.dismissSearch`): the environment value is the whole answer, and what
  /// is around it (`@Environment`, a call) is the same for every key path.
  private var isWrongEssentialKeyPath: Bool {
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

  /// The first part the author calls essential that is missing, wrong or misplaced: then the
  /// attempt misses the point of the card.
  private var missedEssential: (token: Int, text: String)? {
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

  /// The outermost declaration of `nodes` whose tokens hold `token`.
  private static func declaration(holding token: Int, in nodes: [CodeNode]) -> CodeNode? {
    for node in nodes where node.tokens.contains(token) {
      if node.kind == .declaration { return node }
      let inner = node.blocks.joined() + node.arguments.flatMap(\.value)
      if let found = declaration(holding: token, in: Array(inner)) { return found }
    }
    return nil
  }

  /// The names a declaration introduces, and those of the declarations inside it.
  private static func declaredNames(in node: CodeNode) -> Set<String> {
    var names = Set(node.kind == .declaration ? node.parameters : [])
    for item in node.blocks.joined() { names.formUnion(declaredNames(in: item)) }
    return names
  }

  /// The names the attempt uses, not its labels.
  private var attemptNames: Set<String> { Set(attempt.ownNames.map(String.init)) }

  /// Whether the attempt uses the card's own names or literals (`$showsTerms`, `"Order 4182"`):
  /// a different answer to the same question, not code from elsewhere.
  private var sharesNames: Bool {
    // `$isSearching` binds the card's `isSearching`: the same name.
    func unbound(_ names: Set<Substring>) -> Set<Substring> {
      Set(names.map { $0.hasPrefix("$") ? $0.dropFirst() : $0 })
    }
    return !unbound(expected.ownNames).isDisjoint(with: unbound(attempt.ownNames))
  }

  /// Whether the attempt is prose (see ``readsAsProse``), worked out once.
  private lazy var isProse: Bool = readsAsProse

  /// The punctuation that marks code among words: `(`, `{`, `[`, `.`, `\\`.
  private static let codeMarks: [UInt8] = Array("({[.\\".utf8)

  /// An attempt of words and no code: no brackets, dots or sigils among several names.
  private var readsAsProse: Bool {
    let tokens = attempt.tokens
    guard tokens.count >= 3 else { return false }
    let words = tokens.reduce(0) { $0 + ($1.kind == .identifier || $1.kind == .keyword ? 1 : 0) }
    let code = tokens.count { token in
      switch token.kind {
      case .dollar, .attribute, .string, .number, .operator: return true
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

  private mutating func reason(grade: Int?) -> String {
    if isProse {
      return "That reads as prose, not Swift: compare it with the answer yourself."
    }
    if let worst = findings.first, worst.severity > .note {
      return worst.message.capitalizedFirst + "."
    }
    if grade == 0 || grade == 1 { return "Nothing in common with the card's code." }
    return renamings.isEmpty
      ? "Same API as the card." : "Same API as the card, with names of your own."
  }

  // MARK: Sequences

  private enum Relation {
    case same, typo, related, substitute, free
  }

  /// Aligns two lists of items: same names first, then typos, then other API in the same role,
  /// then scaffolding seen through, then placeholders with anything.
  private mutating func compareSequences(
    _ expectedNodes: [CodeNode], _ typedNodes: [CodeNode], root: Bool = false,
    ordered: Bool = false
  ) {
    var expectedItems = expectedNodes
    var typedItems = typedNodes
    var expectedUsed = Array(repeating: false, count: expectedItems.count)
    var typedUsed = Array(repeating: false, count: typedItems.count)
    var pairs: [(Int, Int, Relation)] = []

    // The most alike pairs first, so that of two `Button`s each finds its own.
    var expectedPrints: [Int: Set<String>] = [:]
    var typedPrints: [Int: Set<String>] = [:]
    func pair(_ relation: Relation, where accepts: (CodeNode, CodeNode) -> Bool) {
      var candidates: [(i: Int, j: Int, score: Int)] = []
      for i in expectedItems.indices where !expectedUsed[i] {
        for j in typedItems.indices where !typedUsed[j] && accepts(expectedItems[i], typedItems[j])
        {
          if expectedPrints[i] == nil {
            expectedPrints[i] = Self.fingerprint(of: expectedItems[i], depth: 0)
          }
          if typedPrints[j] == nil {
            typedPrints[j] = Self.fingerprint(of: typedItems[j], depth: 0)
          }
          let shared = expectedPrints[i]!.intersection(typedPrints[j]!).count
          let score =
            shared * 2 - abs(expectedItems[i].arguments.count - typedItems[j].arguments.count)
          candidates.append((i, j, score))
        }
      }
      candidates.sort { ($0.score, -$0.i, -$0.j) > ($1.score, -$1.i, -$1.j) }
      for candidate in candidates
      where !expectedUsed[candidate.i] && !typedUsed[candidate.j] {
        expectedUsed[candidate.i] = true
        typedUsed[candidate.j] = true
        pairs.append((candidate.i, candidate.j, relation))
      }
    }

    /// Opens unmatched nodes that hold items: their items are compared in their place.
    func open(expectedSide: Bool, containers: Bool = false) -> Bool {
      var opened = false
      if expectedSide {
        for i in expectedItems.indices
        where !expectedUsed[i] && (expectedItems[i].isTransparent || containers) {
          if containers && !typedUsed.contains(false) { break }
          let inner = Self.innerItems(of: expectedItems[i])
          let weight = inner.reduce(Weight()) { $0 + CodeNode.weight(of: $1) }
          guard weight.major + weight.minor > 0 else { continue }
          // An API container is seen through only for API inside it, not for its candidates:
          // without `ViewThatFits`, the views it would choose from are no answer.
          let candidates = Double(inner.filter(\.isCandidate).count)
          if containers && !expectedItems[i].isTransparent && weight.major - candidates <= 0 {
            continue
          }
          expectedUsed[i] = true
          loseShallow(expectedItems[i])
          loseGuards(expectedItems[i])
          if containers && !expectedItems[i].isTransparent {
            seenThrough.append(expectedItems[i])
          }
          expectedItems += inner
          expectedUsed += Array(repeating: false, count: inner.count)
          opened = true
        }
      } else if expectedUsed.contains(false) {
        for j in typedItems.indices where !typedUsed[j] {
          let inner = Self.innerItems(of: typedItems[j])
          guard !inner.isEmpty else { continue }
          typedUsed[j] = true
          leftoverAttempt.append(Self.shallow(typedItems[j]))
          let repeats =
            typedItems[j].isRepeated || typedItems[j].name == "ForEach"
            || (typedItems[j].kind == .statement && typedItems[j].name == "for")
          typedItems += inner.map { item in
            var item = item
            item.isRepeated = item.isRepeated || repeats
            return item
          }
          typedUsed += Array(repeating: false, count: inner.count)
          opened = true
        }
      }
      return opened
    }

    for _ in 0..<16 {
      pair(.same) { self.isSame($0, $1) }
      pair(.typo) { self.isTypo($0, $1) }
      if open(expectedSide: true) { continue }
      // Most cards have no related API: not worth a pass over every pair.
      if expectedItems.contains(where: { vocabulary.related[$0.name] != nil }) {
        pair(.related) { self.isRelated($0, $1) }
      }
      pair(.substitute) { self.isSubstitute($0, $1) }
      // Scaffolding for its like, before the attempt's wrappers are opened:
      // `ToolbarItemGroup(placement: .bottomBar)` for `ToolbarItem(placement: .bottomBar)`.
      // A container for a container, a leaf for a leaf: `Text(note.title)` is no stand-in for
      // the attempt's `List { ForEach … }`, which holds it.
      pair(.free) { e, a in
        e.kind == .call && a.kind == .call && self.isFreePair(e, a) && Self.affinity(e, a) > 0
          && Self.holdsViews(e) == Self.holdsViews(a)
      }
      if open(expectedSide: false) { continue }
      // Last, an API container the attempt left out, when what it holds may be there:
      // `Text(c).searchCompletion(c)` without the `.searchSuggestions { … }` around it.
      if open(expectedSide: true, containers: true) { continue }
      break
    }
    pair(.free) { self.isFreePair($0, $1) }

    for (i, j, relation) in pairs {
      compare(expectedItems[i], typedItems[j], relation)
    }
    if ordered { checkOrder(pairs.filter { expectedItems[$0.0].isCandidate }, expectedItems) }
    // Code that says the same thing twice (two `print` lines) needs saying once; so does what
    // the attempt writes once in a `ForEach`.
    // Shapes cost a walk of the tree: only worth it when something might be a repeat.
    let unmatched = expectedItems.indices.filter {
      !expectedUsed[$0] && CodeNode.weight(of: expectedItems[$0]).major > 0
    }
    // Only a part written right stands for its repeats: one wrong call is not two right ones.
    for (i, j, relation) in pairs
    where (root || typedItems[j].isRepeated) && [.same, .typo, .free].contains(relation) {
      repeatedShapes.insert(Self.shape(of: expectedItems[i]))
    }
    for (i, _, relation) in pairs where relation != .substitute && relation != .related {
      matchedItems.append(expectedItems[i])
    }
    for i in expectedItems.indices where !expectedUsed[i] {
      if unmatched.contains(i) {
        let shape = Self.shape(of: expectedItems[i])
        if root && matchedShapes.isEmpty { matchedShapes = Set(matchedItems.map(Self.shape)) }
        if repeatedShapes.contains(shape) || (root && matchedShapes.contains(shape)) { continue }
      }
      lose(expectedItems[i])
    }
    for j in typedItems.indices where !typedUsed[j] { collectLeftover(typedItems[j]) }
  }

  private enum Role { case type, modifier, member, attribute, keyPath, other }

  private func role(_ node: CodeNode) -> Role {
    switch node.kind {
    case .call: node.name.first?.isUppercase == true ? .type : .modifier
    case .modifier: .modifier
    case .member: .member
    case .attribute: .attribute
    case .keyPath: .keyPath
    default: .other
    }
  }

  private func isSame(_ e: CodeNode, _ a: CodeNode) -> Bool {
    switch (e.kind, a.kind) {
    case (.call, .call), (.call, .modifier), (.modifier, .call), (.modifier, .modifier),
      (.member, .member), (.member, .modifier), (.modifier, .member), (.attribute, .attribute),
      (.keyPath, .keyPath), (.binding, .binding):
      return e.name == a.name
    case (.declaration, .declaration):
      guard
        e.name == a.name || (["var", "let"].contains(e.name) && ["var", "let"].contains(a.name))
      else { return false }
      // Two plain constants of the author's and the attempt's own naming are the same only when
      // what they hold is alike: `let matches = names.filter { … }` is not the card's
      // `let dishes = ["Crème Brûlée", …]`, but the `filter` the card prints.
      return e.parameters == a.parameters || !e.attributes.isEmpty || !a.attributes.isEmpty
        || e.value.isEmpty || a.value.isEmpty || e.value.first?.kind == a.value.first?.kind
    case (.statement, .statement):
      return e.name == a.name
    case (.closure, .closure), (.array, .array), (.group, .group), (.literal, .literal):
      return true
    case (.call, .member):
      // `.init(identifier: "de")` where the card writes `Locale(identifier: "de")`.
      return a.name == "init" && e.isAPI && e.name.first?.isUppercase == true && a.hasParentheses
    default:
      return false
    }
  }

  private func isTypo(_ e: CodeNode, _ a: CodeNode) -> Bool {
    guard e.isAPI, e.importance != .free || e.isOptional, role(e) == role(a), role(e) != .other,
      !vocabulary.knows(a.name), !attempt.declared.contains(a.name)
    else { return false }
    return Self.isMisspelling(a.name, of: e.name)
  }

  /// Whether `a` is API the vocabulary lists as doing the job of `e` another way
  /// (`.swipeActions` for `.onDelete`), in any role: a modifier for a type too.
  private func isRelated(_ e: CodeNode, _ a: CodeNode) -> Bool {
    e.isAPI && e.importance == .major && a.isAPI && e.name != a.name
      && vocabulary.related[e.name]?.contains(a.name) == true
  }

  private func isSubstitute(_ e: CodeNode, _ a: CodeNode) -> Bool {
    // Scaffolding and decoration in the attempt (`Text`, `.font`) replace nothing.
    guard e.isAPI, e.importance != .free || e.isOptional, a.importance != .free || !a.isAPI,
      role(e) == role(a), role(e) != .other,
      role(e) == .keyPath || role(e) == .member || !attempt.declared.contains(a.name),
      // In the same place means alike: shared labels or names, or arguments of one shape; a
      // bare API member is a choice among values (`.medium` for `.height(320)`).
      Self.affinity(e, a) + (Self.argumentShape(e) == Self.argumentShape(a) ? 1 : 0) >= 1
        || (role(e) == .member && a.isAPI && a.arguments.isEmpty && !a.hasParentheses)
    else { return false }
    // A call of the author's own type is no substitute for an API type.
    if role(e) == .type { return a.isAPI }
    return true
  }

  private func isFreePair(_ e: CodeNode, _ a: CodeNode) -> Bool {
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
  private static func affinity(_ e: CodeNode, _ a: CodeNode) -> Int {
    fingerprint(of: e, depth: 0).intersection(fingerprint(of: a, depth: 0)).count * 2
      - abs(e.arguments.count - a.arguments.count)
  }

  /// What kinds of arguments a node takes: `[(label?, kind)]`, as text.
  private static func argumentShape(_ node: CodeNode) -> [String] {
    node.arguments.map { ($0.label ?? "_") + ":" + "\($0.value.first?.kind ?? .group)" }
  }

  static func fingerprint(of node: CodeNode, depth: Int) -> Set<String> {
    if depth == 0, let fingerprint = node.fingerprint { return fingerprint }
    var names: Set<String> = []
    guard depth < 2 else { return names }
    for argument in node.arguments {
      if let label = argument.label { names.insert(label + ":") }
      for value in argument.value {
        if !value.name.isEmpty { names.insert(value.name) }
        names.formUnion(fingerprint(of: value, depth: depth + 1))
      }
    }
    guard depth == 0 else { return names }
    for item in node.blocks.joined() + innerItems(of: node) {
      if !item.name.isEmpty { names.insert(item.name) }
      names.formUnion(fingerprint(of: item, depth: depth + 1))
    }
    return names
  }

  static func isMisspelling(_ typed: String, of name: String) -> Bool {
    if typed.lowercased() == name.lowercased() { return true }
    // A name cut short: `isSearch` for `isSearching`.
    if typed.count >= 4, name.hasPrefix(typed), typed.count * 10 >= name.count * 7 { return true }
    let typedLetters = Array(typed.lowercased())
    let nameLetters = Array(name.lowercased())
    // Another ending of the same stem is another word, not a slip of the fingers: `selected`
    // for `selection`, `isPresenting` for `isPresented`. A typo there is one edit away. (Names
    // that end alike differ inside, a letter or a word: `adaptative`, `navigationTitle…`.)
    let stem = zip(typedLetters, nameLetters).prefix { $0 == $1 }.count
    if stem >= 4, stem < typedLetters.count, stem < nameLetters.count,
      typedLetters.last != nameLetters.last,
      editDistance(Array(typedLetters[stem...]), Array(nameLetters[stem...]), limit: 1) > 1
    {
      return false
    }
    let allowed = name.count <= 4 ? 1 : name.count <= 8 ? 2 : 3
    return editDistance(typedLetters, nameLetters, limit: allowed) <= allowed
  }

  /// Whether a label is misspelt: a word of it left out or added (`presented:` for
  /// `isPresented:`) names another parameter, not a typo.
  static func isLabelMisspelling(_ typed: String, of label: String) -> Bool {
    guard isMisspelling(typed, of: label) else { return false }
    let typedWords = words(typed)
    let labelWords = words(label)
    guard typedWords.count != labelWords.count else { return true }
    let (short, long) =
      typedWords.count < labelWords.count ? (typedWords, labelWords) : (labelWords, typedWords)
    var rest = long[...]
    for word in short {
      guard let found = rest.firstIndex(of: word) else { return true }
      rest = rest[(found + 1)...]
    }
    return false
  }

  /// The words of a camel-case name, in lower case: `isPresented` is `is`, `presented`.
  private static func words(_ name: String) -> [String] {
    var words: [String] = []
    for character in name {
      if character.isUppercase || words.isEmpty { words.append("") }
      words[words.count - 1].append(Character(character.lowercased()))
    }
    return words
  }

  /// Levenshtein distance with transpositions, giving up past `limit`.
  static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      current[0] = i
      for j in 1...max(b.count, 1) where !b.isEmpty {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return a.isEmpty ? b.count : b.isEmpty ? a.count : previous[b.count]
  }

  /// What a node holds in its closures and blocks, and for scaffolding such as `print(…)`, in
  /// its unlabelled arguments.
  private static func innerItems(of node: CodeNode) -> [CodeNode] {
    node.arguments.flatMap { argument in
      argument.value.flatMap { value in
        if value.kind == .closure { return value.blocks.flatMap { $0 } }
        // `print(names.filter { … })` holds the filter; `Text("a")` holds nothing.
        return node.isTransparent && argument.label == nil && value.kind != .literal ? [value] : []
      }
    } + node.blocks.flatMap { $0 } + (node.kind == .declaration ? node.value : [])
  }

  /// Whether a node holds items in a closure or block: a container, not a leaf.
  private static func holdsViews(_ node: CodeNode) -> Bool {
    !node.blocks.isEmpty || node.arguments.contains(where: \.isClosure)
  }

  /// The API a node is made of, as text: equal for code that says the same thing.
  private static func shape(of node: CodeNode) -> String {
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
  private static func shallow(_ node: CodeNode) -> CodeNode {
    var node = node
    node.weight = nil
    node.fingerprint = nil
    node.blocks = []
    if node.kind == .declaration { node.value = [] }
    node.arguments = node.arguments.filter { argument in
      !argument.isClosure && !(node.isTransparent && argument.label == nil)
    }
    return node
  }

  // MARK: Pairs

  private mutating func compare(_ e: CodeNode, _ a: CodeNode, _ relation: Relation) {
    position = e.token ?? e.tokens.lowerBound
    comparedRanges.append(e.tokens)
    if let token = a.token { pairedAttemptTokens.insert(token) }
    switch relation {
    case .same:
      if e.isAPI && e.importance != .free { sameAPI += 1 }
      // Only a number the question states counts; `320.0` is `320`.
      if e.kind == .literal, e.importance != .free, a.kind == .literal,
        Double(e.name) != Double(a.name)
      {
        lost += CodeNode.ownWeight(e)
        note(.slip, "`\(attempt.text(a))` where the question asks for `\(e.name)`")
        mark(e, .wrong(attempt.text(a)))
      }
      // A frame whose own arguments hold the point: `ToolbarItem(placement: .topBarTrailing)`.
      if e.isAPI && e.importance == .free && !APIVocabulary.everyday.contains(e.name),
        e.arguments.contains(where: { argument in
          !argument.isClosure
            && (CodeNode.labelWeight(argument).major > 0
              || argument.value.contains { CodeNode.weight(of: $0).major > 0 })
        })
      {
        sameScaffolding += 1
      }
      if !e.isAPI, e.name != a.name, [.call, .binding].contains(e.kind) { rename(e, a) }
    case .typo:
      sameAPI += 1
      note(
        .slip, "`\(display(a, in: attempt))` looks like a typo for `\(display(e, in: expected))`")
      mark(e, .typo(attempt.text(a)))
    case .related:
      // The right idea another way: the card's API is missing, not wrong.
      relatedAPI += 1
      lost += CodeNode.ownWeight(e)
      note(
        .missing,
        "`\(display(a, in: attempt))` does the job of `\(display(e, in: expected))` another way")
      mark(e, .wrong(attempt.text(a)))
    case .substitute where e.importance == .minor && isNoMember(a, for: e):
      // A detail written with a member its type does not have does not compile.
      lost.major += 1
      lostToErrors += 1
      note(
        .error,
        "`\(display(a, in: attempt))` is no member the API has; the card has `\(display(e, in: expected))`"
      )
      mark(e, .wrong(attempt.text(a)))
    case .substitute where e.importance == .minor:
      lost += CodeNode.ownWeight(e)
      note(.slip, "`\(display(a, in: attempt))` where the card has `\(display(e, in: expected))`")
      mark(e, .wrong(attempt.text(a)))
    case .substitute:
      // An optional part costs nothing left out, and as much as any API part when wrong.
      let cost = e.isOptional ? Weight(major: 1) : CodeNode.ownWeight(e)
      lost += cost
      lostToErrors += cost.major
      if let token = a.token { reportedAttemptTokens.insert(token) }
      let typed = display(a, in: attempt)
      if let replacement = vocabulary.deprecated[a.name] {
        note(
          .error,
          "`\(typed)` is deprecated (use `\(replacement)`); the card has `\(display(e, in: expected))`"
        )
      } else {
        note(.error, "`\(typed)` where the card has `\(display(e, in: expected))`")
      }
      mark(e, .wrong(attempt.text(a)))
    case .free:
      if a.isAPI, let replacement = vocabulary.deprecated[a.name], let token = a.token {
        reportedAttemptTokens.insert(token)
        noteDeprecated(
          a, "`\(display(a, in: attempt))` is deprecated: use `\(replacement)`", replacement)
      }
      noteUnknownMember(e, a)
      if e.kind == .call && !e.isAPI && a.kind == .binding && expected.declared.contains(e.name) {
        note(.slip, "`$\(a.name)` is a binding; the card passes the value, `\(e.name)`")
        mark(e, .typo("$" + a.name))
      } else if e.kind == .binding && a.kind == .call && !a.isAPI {
        note(.slip, "`\(a.name)` without `$`: the card passes a binding, `$\(e.name)`")
        mark(e, .typo(a.name))
      } else if !e.isAPI, e.name != a.name, [.call, .binding].contains(e.kind),
        [.call, .binding].contains(a.kind), !e.name.isEmpty
      {
        rename(e, a)
      }
    }
    let before = (lost: lost.major, errors: errorCount)
    compareArguments(e, a)
    compareIneffectiveValues(e, a, lostBefore: before.lost, errorsBefore: before.errors)
    if e.kind == .closure, e.importance != .free {
      let arity = max(e.parameters.count, e.anonymousParameters)
      let typedArity = max(a.parameters.count, a.anonymousParameters)
      if arity > 0 && typedArity == 0 {
        lost.minor += 0.5
        note(.slip, "the closure takes a parameter (`\(e.parameters.first ?? "$0") in`)")
      } else if !e.parameters.isEmpty, !a.parameters.isEmpty,
        e.parameters.count != a.parameters.count
      {
        // Another number of named parameters is another overload (`{ newValue in }` for
        // `{ oldValue, newValue in }`), or no code at all.
        lost.major += 1
        lostToErrors += 1
        note(
          .error,
          "the closure takes \(e.parameters.count) parameter\(e.parameters.count == 1 ? "" : "s") (`\(e.parameters.joined(separator: ", ")) in`), not \(a.parameters.count)"
        )
      }
    }
    if e.kind == .closure {
      let typedNames =
        a.parameters.isEmpty && a.anonymousParameters > 0
        ? (0..<min(a.anonymousParameters, e.parameters.count)).map { "$\($0)" } : a.parameters
      for (name, typed) in zip(e.parameters, typedNames) where name != typed && name != "_" {
        var parameter = CodeNode(kind: .call, name: name, token: nil, tokens: 0..<0)
        parameter.isAPI = false
        rename(parameter, CodeNode(kind: .call, name: typed, token: nil, tokens: 0..<0))
      }
    }
    for index in 0..<max(e.blocks.count, a.blocks.count) {
      compareSequences(
        index < e.blocks.count ? e.blocks[index] : [],
        index < a.blocks.count ? a.blocks[index] : [], ordered: e.isOrdered)
    }
    if !e.attributes.isEmpty || !a.attributes.isEmpty {
      compareSequences(e.attributes, a.attributes)
    }
    if !e.clause.isEmpty || !e.value.isEmpty || !a.clause.isEmpty || !a.value.isEmpty {
      compareGuards(e, a)
      compareSequences(e.clause + e.value, a.clause + a.value)
    }
  }

  /// The tests of an `if` around the card's point (`!searchText.isEmpty && results.isEmpty`)
  /// are the author's expressions, but each one left out shows what the `if` holds when the
  /// card would not (no results before anything is typed): a detail missing.
  private mutating func compareGuards(_ e: CodeNode, _ a: CodeNode) {
    guard e.kind == .statement, e.name == "if", a.kind == .statement, a.name == "if",
      e.blocks.first?.contains(where: { CodeNode.weight(of: $0).major > 0 }) == true
    else { return }
    let left = tests(in: e.clause) - tests(in: a.clause)
    guard left > 0 else { return }
    lost.minor += 0.5 * Double(left)
    position = e.clause.first?.tokens.lowerBound ?? position
    note(.slip, "the `if` leaves out a test of the card's `\(condition(of: e))`")
  }

  /// An `if` of the card's with tests, left out around what it holds: what the card shows
  /// only sometimes, the attempt shows always (no results before anything is typed). The
  /// point without its frame is still the point: a slip, as a test left out is.
  private mutating func loseGuards(_ e: CodeNode) {
    guard e.kind == .statement, e.name == "if", tests(in: e.clause) > 0,
      e.blocks.first?.contains(where: { CodeNode.weight(of: $0).major > 0 }) == true
    else { return }
    lost.minor += 0.5
    position = e.clause.first?.tokens.lowerBound ?? position
    note(.slip, "no `if \(condition(of: e))`: the attempt shows it always")
  }

  /// How many of a condition's parts are tests the vocabulary knows (`isEmpty`).
  private func tests(in clause: [CodeNode]) -> Int {
    clause.count { $0.kind == .modifier && vocabulary.methods.contains($0.name) }
  }

  /// A statement's condition as the card writes it, `!` and `&&` included.
  private func condition(of e: CodeNode) -> String {
    let tokens = expected.tokens
    guard let first = e.clause.first, let last = e.clause.last,
      first.tokens.lowerBound < last.tokens.upperBound, last.tokens.upperBound <= tokens.count
    else { return "" }
    // The parse drops operators; the condition as written.
    var start = first.tokens.lowerBound
    if start > 0, expected.source[tokens[start - 1].range] == "!" { start -= 1 }
    return String(
      expected.source[
        tokens[start].range.lowerBound..<tokens[last.tokens.upperBound - 1].range.upperBound])
  }

  /// Whether `a` is a member that none of the types having the card's member `e` has
  /// (``APIVocabulary/lacksMember(_:alongside:)``): `.wide` for a size class's `.regular`.
  private func isNoMember(_ a: CodeNode, for e: CodeNode) -> Bool {
    e.kind == .member && a.kind == .member && !attempt.declared.contains(a.name)
      && vocabulary.lacksMember(a.name, alongside: e.name)
  }

  /// A member that no API has (`arrowEdge: .up`, `Edge` has `.top`) in place of the card's
  /// API member is no value at all, even where the card leaves the value to the author: where
  /// the author marks the member as context (any edge will do), the value's label still counts,
  /// so it is an error; elsewhere (decoration) a slip.
  private mutating func noteUnknownMember(_ e: CodeNode, _ a: CodeNode) {
    guard e.kind == .member, e.isAPI, a.kind == .member, e.name != a.name,
      !attempt.declared.contains(a.name), !expected.declared.contains(a.name),
      !a.isAPI && !vocabulary.knows(a.name) || vocabulary.lacksMember(a.name, alongside: e.name)
    else { return }
    let typed = display(a, in: attempt)
    if Self.isMisspelling(a.name, of: e.name) {
      note(.slip, "`\(typed)` looks like a typo for `\(display(e, in: expected))`")
      mark(e, .typo(attempt.text(a)))
    } else if expected.hints.context.contains(e.name) {
      lost.major += 1
      lostToErrors += 1
      note(
        .error, "`\(typed)` is no member the API has; the card has `\(display(e, in: expected))`")
      mark(e, .wrong(attempt.text(a)))
    } else {
      note(.slip, "`\(typed)` is no member the API has; the card has `\(display(e, in: expected))`")
      mark(e, .wrong(attempt.text(a)))
    }
  }

  /// Notes that the attempt calls a name of the card's own by another name. Only names the
  /// card declares are worth saying so, and only for a name, not for `Text` or a literal.
  private mutating func rename(_ e: CodeNode, _ a: CodeNode) {
    let from = e.kind == .binding ? "$" + e.name : e.name
    let key = e.name
    guard expected.declared.contains(key) || e.kind == .binding, !a.isAPI,
      a.kind == e.kind || (e.kind == .call && a.name.hasPrefix("$"))
    else { return }
    let normalizedTo = a.name
    if let earlier = renamings[key] {
      // Two names for one of the card's variables is a slip, unless one is the attempt's own
      // declaration and the other a use that a closure parameter or `$0` stands for.
      if earlier != normalizedTo && expected.declared.contains(key)
        && attempt.declared.contains(normalizedTo) == attempt.declared.contains(earlier)
        && !key.hasPrefix("$") && !normalizedTo.hasPrefix("$")
      {
        conflictingRenamings.insert(from)
      }
      return
    }
    if e.kind == .binding { bindingNames.insert(key) }
    renamings[key] = normalizedTo
    renamingOrder.append(key)
  }

  private mutating func compareArguments(_ e: CodeNode, _ a: CodeNode) {
    guard !e.arguments.isEmpty || !a.arguments.isEmpty else { return }
    let expectedArguments = e.arguments
    let typedArguments = a.arguments
    if e.isAPI, a.kind == .modifier, APIVocabulary.presentedByFlagOrItem.contains(a.name),
      typedArguments.contains(where: { $0.label == "item" }),
      typedArguments.contains(where: { $0.label == "isPresented" })
    {
      // No overload takes both: the call does not compile, whatever else is right.
      position = e.token ?? position
      lost.major += 1
      lostToErrors += 1
      note(.error, "`.\(a.name)` takes `isPresented:` or `item:`, not both")
    }
    var expectedUsed = Array(repeating: false, count: expectedArguments.count)
    var typedUsed = Array(repeating: false, count: typedArguments.count)

    // Labels in common.
    var ordered: [(i: Int, j: Int)] = []
    for i in expectedArguments.indices {
      guard let label = expectedArguments[i].label else { continue }
      if let j = typedArguments.indices.first(where: {
        !typedUsed[$0] && typedArguments[$0].label == label
      }) {
        expectedUsed[i] = true
        typedUsed[j] = true
        ordered.append((i, j))
        compareSequences(
          expectedArguments[i].value,
          resolved(typedArguments[j].value, against: expectedArguments[i].value))
      }
    }
    // Closures: a trailing closure is the same as one passed with its label (`content:`);
    // among several, the most alike pair up (`Button(action: { … }) { label }`).
    let typedLabels = Set(typedArguments.compactMap(\.label))
    let expectedLabels = Set(expectedArguments.compactMap(\.label))
    var closurePairs: [(i: Int, j: Int, score: Int)] = []
    for i in expectedArguments.indices where !expectedUsed[i] && expectedArguments[i].isClosure {
      let label = expectedArguments[i].label
      for j in typedArguments.indices where !typedUsed[j] && typedArguments[j].isClosure {
        let other = typedArguments[j].label
        let compatible =
          other == nil && (label == nil || !typedLabels.contains(label!))
          || label == nil && !expectedLabels.contains(other!)
        guard compatible else { continue }
        let score =
          (label == other ? 4 : 0)
          + Self.affinity(expectedArguments[i].value[0], typedArguments[j].value[0])
        closurePairs.append((i, j, score))
      }
    }
    closurePairs.sort { ($0.score, -$0.i, -$0.j) > ($1.score, -$1.i, -$1.j) }
    for pair in closurePairs where !expectedUsed[pair.i] && !typedUsed[pair.j] {
      expectedUsed[pair.i] = true
      typedUsed[pair.j] = true
      ordered.append((pair.i, pair.j))
      compareSequences(expectedArguments[pair.i].value, typedArguments[pair.j].value)
    }
    // Swift takes arguments in the order of the declaration: `{ … } onDismiss: { … }` after
    // the content does not compile, though a reviewer sees what was meant.
    let inOrder = ordered.sorted { $0.j < $1.j }
    if e.isAPI,
      let swapped = inOrder.indices.dropFirst().first(where: {
        inOrder[$0 - 1].i > inOrder[$0].i
      })
    {
      func name(_ argument: CodeNode.Argument) -> String {
        argument.label.map { "`\($0):`" } ?? (argument.isClosure ? "the trailing closure" : "`_`")
      }
      let early = expectedArguments[inOrder[swapped].i]
      position = early.labelToken ?? position
      note(
        .slip,
        "\(name(early)) goes before \(name(expectedArguments[inOrder[swapped - 1].i])): Swift takes arguments in order"
      )
    }
    // A function passed by name where the card writes a closure: `perform: deleteTasks`.
    for i in expectedArguments.indices where !expectedUsed[i] && expectedArguments[i].isClosure {
      if let j = typedArguments.indices.first(where: { j in
        !typedUsed[j] && !typedArguments[j].isClosure && typedArguments[j].label != nil
          && typedArguments[j].value.count == 1 && !typedArguments[j].value[0].isAPI
          && typedArguments[j].value[0].kind == .call
          && !expectedArguments.contains(where: {
            $0.label == typedArguments[j].label && !$0.isClosure
          })
      }) {
        expectedUsed[i] = true
        typedUsed[j] = true
      }
    }
    // A view passed where the card writes a content closure: `.overlay(ContentUnavailableView
    // .search(text: query))` for `.overlay { … }`, the older overload with the same view.
    for i in expectedArguments.indices
    where !expectedUsed[i] && expectedArguments[i].isClosure && expectedArguments[i].label == nil {
      guard
        let j = typedArguments.indices.first(where: { j in
          !typedUsed[j] && typedArguments[j].label == nil && !typedArguments[j].isClosure
            && typedArguments[j].value.first.map { $0.kind == .call && $0.isAPI } == true
        })
      else { break }
      expectedUsed[i] = true
      typedUsed[j] = true
      compareSequences(
        Array(expectedArguments[i].value[0].blocks.joined()), typedArguments[j].value)
    }
    compareConditions(e, a, expectedUsed: expectedUsed)
    compareOverloads(e, a)
    // Unlabelled values, in any order: array elements, a title, a nested call.
    let unlabeledExpected = expectedArguments.indices.filter {
      !expectedUsed[$0] && expectedArguments[$0].label == nil && !expectedArguments[$0].isClosure
    }
    let unlabeledTyped = typedArguments.indices.filter {
      !typedUsed[$0] && typedArguments[$0].label == nil && !typedArguments[$0].isClosure
    }
    if !unlabeledExpected.isEmpty || !unlabeledTyped.isEmpty {
      for i in unlabeledExpected { expectedUsed[i] = true }
      for j in unlabeledTyped { typedUsed[j] = true }
      compareSequences(
        unlabeledExpected.flatMap { expectedArguments[$0].value },
        unlabeledTyped.flatMap { typedArguments[$0].value })
    }
    // Other labels in the same place: a wrong label.
    for i in expectedArguments.indices where !expectedUsed[i] && !expectedArguments[i].isClosure {
      guard
        let j = typedArguments.indices.first(where: {
          !typedUsed[$0] && typedArguments[$0].label != nil && !typedArguments[$0].isClosure
        })
      else { break }
      expectedUsed[i] = true
      typedUsed[j] = true
      let argument = expectedArguments[i]
      position = argument.labelToken ?? position
      if argument.importance == .free, let label = argument.label,
        let typedLabel = typedArguments[j].label, e.isAPI
      {
        // Even an optional argument under another label is a different API.
        if Self.isLabelMisspelling(typedLabel, of: label) {
          note(.slip, "`\(typedLabel):` looks like a typo for `\(label):`")
          if let token = argument.labelToken { marks[token] = .typo(typedLabel) }
        } else {
          lost.major += 1
          note(.missing, "`\(typedLabel):` where the card has `\(label):`")
          if let token = argument.labelToken { marks[token] = .wrong(typedLabel + ":") }
        }
      } else if argument.importance != .free, let label = argument.label {
        let typedLabel = typedArguments[j].label!
        let weight = argument.importance == .major ? 1.0 : 0.5
        if Self.isLabelMisspelling(typedLabel, of: label) {
          note(.slip, "`\(typedLabel):` looks like a typo for `\(label):`")
          if let token = argument.labelToken { marks[token] = .typo(typedLabel) }
        } else {
          if argument.importance == .major {
            lost.major += weight
            lostToErrors += weight
            note(.error, "`\(typedLabel):` where the card has `\(label):`")
          } else {
            lost.minor += weight
            note(.slip, "`\(typedLabel):` where the card has `\(label):`")
          }
          if let token = argument.labelToken { marks[token] = .wrong(typedLabel + ":") }
        }
      }
      compareSequences(argument.value, typedArguments[j].value)
    }
    for i in expectedArguments.indices where !expectedUsed[i] {
      if e.isAPI, let modifier = relatedOnContent(expectedArguments[i], of: a) {
        doneOnContent(expectedArguments[i], by: modifier)
      } else if e.isAPI, isBooleanFocus(expectedArguments[i], of: e, a) {
        continue
      } else if e.isAPI, isImplied(expectedArguments[i], of: e, a) {
        continue
      } else {
        loseArgument(expectedArguments[i], of: e)
      }
    }
    for j in typedArguments.indices where !typedUsed[j] {
      for node in typedArguments[j].value { collectLeftover(node) }
    }
  }

  /// The modifier on the attempt's content (its closures' items) that the vocabulary lists as
  /// doing the job of the card's argument another way: `.onDisappear` for `onDismiss:`.
  private func relatedOnContent(_ argument: CodeNode.Argument, of a: CodeNode) -> CodeNode? {
    guard argument.importance != .free, let label = argument.label,
      let others = vocabulary.related[label]
    else { return nil }
    for typed in a.arguments where typed.isClosure {
      if let found = typed.value[0].blocks.joined().first(where: {
        $0.kind == .modifier && $0.parameters.isEmpty && others.contains($0.name)
      }) {
        return found
      }
    }
    return nil
  }

  /// The card's argument done another way from the content: the right idea, the card's API
  /// missing, not wrong (``APIVocabulary/related``).
  private mutating func doneOnContent(_ argument: CodeNode.Argument, by modifier: CodeNode) {
    position = argument.labelToken ?? position
    var weight = CodeNode.labelWeight(argument)
    for value in argument.value { weight += CodeNode.weight(of: value) }
    lost += weight
    relatedAPI += 1
    let label = argument.label ?? ""
    note(.missing, "`.\(modifier.name)` on the content does the job of `\(label):` another way")
    if let token = argument.labelToken {
      marks[token] = .wrong(modifier.name)
      relatedTokens.insert(token)
    }
  }

  // MARK: Losses

  private mutating func loseArgument(_ argument: CodeNode.Argument, of node: CodeNode) {
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
  private mutating func lose(_ node: CodeNode) {
    position = node.token ?? node.tokens.lowerBound
    let weight = CodeNode.weight(of: node)
    lost += weight
    guard weight.major + weight.minor > 0 else { return }
    if let first = firstWeighty(in: node) {
      note(weight.major > 0 ? .missing : .slip, "missing `\(first)`")
    }
    markMissing(node)
    collectLeftoverExpected(node)
  }

  /// Loses what `node` itself weighs, not what it holds in closures and blocks.
  private mutating func loseShallow(_ node: CodeNode) {
    position = node.token ?? node.tokens.lowerBound
    let shallow = Self.shallow(node)
    let weight = CodeNode.weight(of: shallow)
    lost += weight
    if weight.major + weight.minor > 0 {
      if let first = firstWeighty(in: shallow) {
        note(weight.major > 0 ? .missing : .slip, "missing `\(first)`")
      }
      markMissing(shallow)
    }
  }

  /// How to name what counts in a node that is missing: the node, else its first label or
  /// part that counts.
  private func firstWeighty(in node: CodeNode) -> String? {
    if (node.importance != .free || node.isCandidate) && node.kind != .closure {
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

  /// Marks what counts in a missing node; a minor part is named among the findings, but not
  /// marked in the code, which would drown what matters.
  private mutating func markMissing(_ node: CodeNode) {
    if node.importance == .major && node.kind != .closure {
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

  private mutating func collectLeftoverExpected(_ node: CodeNode) {
    if node.isAPI, node.importance == .major, [.call, .modifier].contains(node.kind) {
      leftoverExpected.append(node)
    }
  }

  /// In a container that tries its children in order, the attempt must keep the card's order.
  private mutating func checkOrder(
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
    mark(item, .misplaced)
  }

  /// Keeps an unmatched part of the attempt, and all it holds, each once, for
  /// ``placeMisplaced()``.
  private mutating func collectLeftover(_ node: CodeNode) {
    leftoverAttempt.append(node)
    for argument in node.arguments {
      for value in argument.value {
        if value.kind == .closure {
          for item in value.blocks.joined() { collectLeftover(item) }
        } else {
          collectLeftover(value)
        }
      }
    }
    for item in node.blocks.joined() { collectLeftover(item) }
    if node.kind == .declaration { node.value.forEach { collectLeftover($0) } }
  }

  /// A part missing in one place and present, unmatched, in another: credit for it, less what
  /// its place costs.
  private mutating func placeMisplaced() {
    var placed: [Range<Int>] = []
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
      let missing = "missing `\(display(node, in: expected))`"
      findings.removeAll { $0.message == missing }
      compare(node, typed, .same)
      let place = min(1.0, weight.major)
      lost.major += place
      if lost.major > before.major { lost = before } else { lostToErrors += place }
      // A modifier in another place does something else, or nothing: as wrong as another API.
      note(.error, "`\(display(node, in: expected))` is not where the card has it")
      if let token = node.token { marks[token] = .misplaced }
      placed.append(node.tokens)
    }
  }

  /// An API container of the card's, missing where the card has it, that the attempt wraps
  /// around something else (`NavigationSplitView { TabView { … } }` for a split view inside a
  /// tab) is nested the other way round: misplaced, an error, though all it holds matches.
  private mutating func placeOutsideContainers() {
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
  private mutating func noteExtraCode() {
    let extra = leftoverAttempt.filter { $0.isAPI && $0.importance == .major }.count
    if extra > 6 && extra > 2 * max(1, sameAPI) {
      note(.slip, "the attempt has much more code than the card asks for")
    }
  }

  /// `.presentationDetents` and its kin work inside a sheet's content; after `.sheet` in the
  /// same chain they apply to the presenting view, where they do nothing.
  private mutating func checkPresentedContent(_ nodes: [CodeNode]) {
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
          // Already counted in another place: said the way that helps.
          findings[index].message = message
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
          value.blocks.forEach { checkPresentedContent($0) }
        }
      }
      node.blocks.forEach { checkPresentedContent($0) }
    }
  }

  private mutating func reportDeprecated(_ nodes: [CodeNode]) {
    // Most attempts name nothing deprecated: a look at their names saves the walk.
    guard
      attempt.tokens.indices.contains(where: { index in
        let token = attempt.tokens[index]
        guard token.kind == .identifier else { return false }
        let name = String(attempt.source[token.range])
        return vocabulary.deprecationSignals.contains(name)
          || vocabulary.deprecatedLabelSignals.contains(name) && index + 1 < attempt.tokens.count
            && attempt.source[attempt.tokens[index + 1].range] == ":"
      })
    else { return }
    let expectedNames = expected.names
    var expectedOverloads: Set<String>?
    func walk(_ node: CodeNode) {
      if let token = node.token, !reportedAttemptTokens.contains(token) {
        if let replacement = vocabulary.deprecated[node.name], !expectedNames.contains(node.name),
          [.call, .modifier, .member, .attribute, .keyPath].contains(node.kind)
        {
          reportedAttemptTokens.insert(token)
          noteDeprecated(
            node, "`\(display(node, in: attempt))` is deprecated: use `\(replacement)`",
            replacement)
        } else if let (spelling, replacement) = Self.overload(node, vocabulary: vocabulary),
          !{
            // The card's own overloads, looked for once an attempt has a deprecated one.
            let known =
              expectedOverloads
              ?? Set(
                Self.allNodes(expected.nodes).compactMap {
                  Self.overload($0, vocabulary: vocabulary)?.spelling
                })
            expectedOverloads = known
            return known.contains(spelling)
          }()
        {
          reportedAttemptTokens.insert(token)
          noteDeprecated(node, "`\(spelling)` is deprecated: use `\(replacement)`", replacement)
        }
      }
      for argument in node.arguments { argument.value.forEach(walk) }
      for block in node.blocks { block.forEach(walk) }
      node.attributes.forEach(walk)
      node.clause.forEach(walk)
      node.value.forEach(walk)
    }
    nodes.forEach(walk)
  }

  /// Notes a deprecated name of the attempt: an error, but for decoration (`.foregroundColor`)
  /// and for what the card has nothing for (`.edgesIgnoringSafeArea` or a `NavigationView`
  /// added to the right answer: paired with none of the card's parts, its replacement none of
  /// the card's names), which a reviewer reads past while the point is right
  /// (``settleDeprecatedDecoration``).
  private mutating func noteDeprecated(_ node: CodeNode, _ message: String, _ replacement: String) {
    let current = String(replacement.prefix { $0 != "(" })
    let isExtra =
      node.token.map { !pairedAttemptTokens.contains($0) } ?? false
      && !expected.names.contains(current)
    if (node.kind == .modifier && APIVocabulary.decoration.contains(node.name) || isExtra)
      && !expected.hints.essential.contains(node.name)
    {
      deprecatedDecoration.append(findings.count)
      note(.slip, message)
    } else {
      note(.error, message)
      // The card's own API in its older form (`Alert` in `.alert(isPresented:)`, where the card
      // writes `.alert` with buttons): the attempt knew the API, not its current spelling.
      if expected.names.contains(current),
        attempt.tokens.contains(where: { attempt.source[$0.range] == current })
      {
        olderFormOfCardsAPI = true
      }
    }
  }

  /// Deprecated decoration on an attempt that misses part of the point stands where that part
  /// should be (`.foregroundColor(.red)` for a button's `role: .destructive`): an error then.
  private mutating func settleDeprecatedDecoration() {
    guard lost.major > 0.01 else { return }
    for index in deprecatedDecoration {
      findings[index].severity = .error
      errorCount += 1
    }
  }

  /// The deprecated overload a call takes, by a label or its closure's parameters
  /// (``APIVocabulary/deprecatedLabels``, ``APIVocabulary/deprecatedArities``): how it is
  /// written (`.onChange(perform:)`) and what replaces it.
  private static func overload(
    _ node: CodeNode, vocabulary: APIVocabulary
  ) -> (spelling: String, replacement: String)? {
    guard node.kind == .call || node.kind == .modifier else { return nil }
    let prefix = node.kind == .modifier ? "." : ""
    if let labels = vocabulary.deprecatedLabels[node.name] {
      for argument in node.arguments {
        if let label = argument.label, let replacement = labels[label] {
          return (prefix + node.name + "(" + label + ":)", replacement)
        }
      }
    }
    if let arities = vocabulary.deprecatedArities[node.name],
      let closure = node.arguments.last(where: \.isClosure)?.value.first
    {
      // Named parameters only: `$1` may sit in a string's interpolation.
      let count = closure.parameters.count
      if count > 0, let replacement = arities[count] {
        return (
          prefix + node.name + " { \(count == 1 ? "value" : "\(count) values") in }", replacement
        )
      }
    }
    return nil
  }

  /// Every node of a tree, depth first.
  private static func allNodes(_ nodes: [CodeNode]) -> [CodeNode] {
    var all: [CodeNode] = []
    func walk(_ node: CodeNode) {
      all.append(node)
      for argument in node.arguments { argument.value.forEach(walk) }
      for block in node.blocks { block.forEach(walk) }
      node.attributes.forEach(walk)
      node.clause.forEach(walk)
      node.value.forEach(walk)
    }
    nodes.forEach(walk)
    return all
  }

  // MARK: Words

  mutating func note(_ severity: Judgement.Severity, _ message: String) {
    findings.append(.init(severity: severity, message: message, token: position))
    if severity == .error { errorCount += 1 }
  }

  mutating func mark(_ node: CodeNode, _ value: Judgement.Mark) {
    if let token = node.token { marks[token] = value }
  }

  /// A short value as a message shows it after its label: ` .destructive`, ` { … }`.
  private static func describe(_ value: [CodeNode]) -> String {
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
    case .modifier, .member: "." + node.name
    case .attribute: "@" + node.name
    case .keyPath: "\\." + node.name
    case .binding: "$" + node.name
    default: node.name
    }
  }
}

extension String {
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
