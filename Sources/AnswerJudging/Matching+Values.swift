import CardDeck

/// What the values in the attempt's code say, beyond their names: the condition a call is
/// given, the arguments that pick a method, the environment action a name calls.
extension Matching {
  /// A condition the card passes to an API call (`.interactiveDismissDisabled(name.isEmpty)`):
  /// the names in it are the author's, but leaving it out, or passing a constant, turns the
  /// behaviour on for good (an API detail missing), and negating it asks for the opposite (an
  /// error).
  mutating func compareConditions(_ e: CodeNode, _ a: CodeNode, expectedUsed: [Bool]) {
    // A call of one unlabelled value (`.disabled(isSaving)`), not `max(value, next())`.
    guard e.isAPI, e.importance == .major,
      e.arguments.filter({ $0.label == nil && !$0.isClosure }).count == 1
    else { return }
    let conditions = e.arguments.indices.filter { index in
      let argument = e.arguments[index]
      return !expectedUsed[index] && argument.label == nil && !argument.isClosure
        && Self.isCondition(argument.value)
    }
    guard conditions.count == 1, let condition = e.arguments[conditions[0]].value.first
    else { return }
    let value = e.arguments[conditions[0]].value
    let typed = a.arguments.filter { $0.label == nil && !$0.isClosure }
    let expectedText = text(of: value, in: expected)
    position = condition.tokens.lowerBound
    if typed.isEmpty, passesInParts(value, a) || givesTitleAsLabel(a) { return }
    guard typed.count == 1, !typed[0].value.allSatisfy({ $0.kind == .literal }) else {
      lost.major += 1
      // A value that reads as a truth is a condition; another (`.searchCompletion(course)`) is
      // an argument (a trial read "no condition" of a string as wrong).
      let what = Self.readsAsTruth(expectedText) ? "condition" : "argument"
      note(.missing, "no \(what): the card passes `\(expectedText.joined())`")
      for node in value { mark(node, .missing) }
      return
    }
    let typedText = text(of: typed[0].value, in: attempt)
    let stripped = { (words: [String]) -> [String] in
      var words = words
      if words.first == "!" { words.removeFirst() }
      if words.first == "(", words.last == ")" { words = Array(words.dropFirst().dropLast()) }
      return words
    }
    if (expectedText.first == "!") != (typedText.first == "!"),
      stripped(expectedText).count == stripped(typedText).count
    {
      lost.major += 1
      lostToErrors += 1
      note(
        .error,
        "`\(typedText.joined())` is the opposite of the card's `\(expectedText.joined())`")
      // The `!` the attempt adds, or the card's `!` it leaves out: `[-name-]{+!name+}.isEmpty`.
      let start = condition.tokens.lowerBound
      if expectedText.first == "!" {
        marks[start - 1] = .missing
      } else {
        marks[start] = .wrong("!" + (typedText.dropFirst().first ?? ""))
      }
    }
  }

  /// Whether a value's words read as true or false: a comparison, a negation, or a name that
  /// asks (`isSaving`, `name.isEmpty`, `hasChanges`).
  static func readsAsTruth(_ words: [String]) -> Bool {
    let operators: Set<String> = ["!", "==", "!=", "<", ">", "<=", ">=", "&&", "||"]
    if words.contains(where: operators.contains) { return true }
    guard let last = words.last(where: { $0.first?.isLetter == true }) else { return false }
    return ["is", "has", "can", "should", "was", "will"].contains { prefix in
      last.hasPrefix(prefix) && last.dropFirst(prefix.count).first?.isUppercase == true
    }
  }

  /// Whether the call `a` gives the title the card passes as a value as a view of its own
  /// instead, in a trailing closure, by an overload the index declares
  /// (`NavigationLink(value: book) { BookRow(book: book) }` for `NavigationLink(book.title,
  /// value: book)`): a reviewer reads the row as the title's place (a trial's right answer got
  /// 3). `Text(title)` alone is the title itself (``CodeNode/normalizingTitleLabels(_:)``).
  func givesTitleAsLabel(_ a: CodeNode) -> Bool {
    guard a.kind == .call, a.name.first?.isUppercase == true, let label = a.arguments.last,
      label.isTrailing, label.isClosure, label.value.count == 1,
      label.value[0].blocks.contains(where: { !$0.isEmpty })
    else { return false }
    let rest = a.arguments.dropLast()
    guard rest.allSatisfy({ $0.label != nil && !$0.isTrailing }) else { return false }
    // The trailing closure is the declaration's last parameter, a label, and every other is
    // written: not content (`GroupBox { … }` without the card's title is the title left out).
    let written = rest.map { $0.label! }
    return SDKIndex.shipped.members(named: "init", of: a.name).contains {
      $0.labels.last == "label" && Array($0.labels.dropLast()) == written
    }
  }

  /// Whether `a` passes the card's one-name `value` in parts, each labelled by the part it
  /// reads, by the overload that takes them: `.offset(x: drag.width, y: drag.height)` for
  /// `.offset(drag)`, `.position(x: point.x, y: point.y)` for `.position(point)`.
  func passesInParts(_ value: [CodeNode], _ a: CodeNode) -> Bool {
    guard value.count == 1, let name = value.first?.name else { return false }
    let names = [name, renamings[name]].compactMap { $0 }
    let parts = [
      "x": ["x", "width"], "y": ["y", "height"], "width": ["width"], "height": ["height"],
    ]
    let given = a.arguments.filter { !$0.isClosure }
    return given.count == 2
      && given.allSatisfy { argument in
        guard let label = argument.label, let readable = parts[label],
          let first = argument.value.first, let last = argument.value.last,
          last.tokens.upperBound - first.tokens.lowerBound == 3,
          // Right after the label: not negated (`x: -drag.width`), the parse dropping operators.
          first.tokens.lowerBound > 0,
          attempt.source[attempt.tokens[first.tokens.lowerBound - 1].range] == ":"
        else { return false }
        let words = (first.tokens.lowerBound..<last.tokens.upperBound).map {
          String(attempt.source[attempt.tokens[$0].range])
        }
        return names.contains(words[0]) && words[1] == "." && readable.contains(words[2])
      }
  }

  /// A method on a value called without the arguments the card gives it
  /// (`path.removeLast()` for `path.removeLast(path.count)`) is another method, not the same
  /// one with a default: an error, as another number of closure parameters is.
  mutating func compareOverloads(_ e: CodeNode, _ a: CodeNode) {
    guard e.kind == .modifier, a.kind == .modifier, e.name == a.name, e.isAPI,
      e.importance == .major,
      !e.parameters.isEmpty, !a.parameters.isEmpty, a.arguments.isEmpty,
      e.arguments.contains(where: { $0.label == nil && !$0.isClosure })
    else { return }
    // The arguments left out are lost with them (``loseArgument``): that loss is the error.
    var cost = 0.0
    for argument in e.arguments where argument.label == nil && !argument.isClosure {
      cost += argument.value.reduce(0) { $0 + CodeNode.weight(of: $1).major }
    }
    lost.major += max(0, 1 - cost)
    lostToErrors += max(1, cost)
    note(
      .error,
      "`.\(a.name)()` without an argument is another method than the card's `.\(e.name)(_:)`")
    // The name is the card's: what is missing is the argument, marked whole (`removeLast(` and
    // `)` stay, `path.count` between them goes).
    for argument in e.arguments where argument.label == nil && !argument.isClosure {
      for value in argument.value { for token in value.tokens { marks[token] = .missing } }
    }
  }

  /// Whether a value is an expression over the author's names (`name.isEmpty`, `!isValid`),
  /// not a literal, member, binding, key path, closure or call of API.
  private static func isCondition(_ value: [CodeNode]) -> Bool {
    guard let first = value.first, value.allSatisfy({ CodeNode.weight(of: $0).major == 0 })
    else { return false }
    if value.count == 1 && first.kind != .call { return false }
    return value.allSatisfy { node in
      switch node.kind {
      case .call: !node.isAPI && !node.hasParentheses && node.arguments.isEmpty
      // `Shelf.all` is a value of a type, not a condition.
      case .modifier: node.parameters.first?.first?.isUppercase != true
      default: false
      }
    } && !(value.count == 1 && first.name.first?.isUppercase == true)
  }

  /// The significant tokens' texts that `value` spans, with a `!` before it (the parse drops
  /// operators).
  private func text(of value: [CodeNode], in code: ParsedCode) -> [String] {
    guard let first = value.first, let last = value.last,
      first.tokens.lowerBound < last.tokens.upperBound, last.tokens.upperBound <= code.tokens.count
    else { return value.map(\.name) }
    var start = first.tokens.lowerBound
    if start > 0, code.source[code.tokens[start - 1].range] == "!" { start -= 1 }
    return (start..<last.tokens.upperBound).map { String(code.source[code.tokens[$0].range]) }
  }

  /// An environment action called by its own name (`dismissSearch()` for the card's
  /// `@Environment(\.dismissSearch)`) names the API the card reads: its key path is there,
  /// the declaration that reads it is what is missing.
  mutating func creditEnvironmentCalls() {
    // Read from the tokens: this runs on every attempt, and almost never applies.
    let keyPaths = marks.keys.filter { token in
      // `\.name`: a key path of the environment, missing.
      guard marks[token] == .missing, token > 1,
        expected.source[expected.tokens[token - 1].range] == ".",
        expected.source[expected.tokens[token - 2].range] == "\\"
      else { return false }
      return vocabulary.environment.contains(String(expected.source[expected.tokens[token].range]))
    }
    guard !keyPaths.isEmpty else { return }
    let tokens = attempt.tokens
    var called: Set<Substring> = []
    for index in tokens.indices.dropLast() where attempt.source[tokens[index + 1].range] == "(" {
      let name = attempt.source[tokens[index].range]
      if !attempt.declared.contains(String(name)) { called.insert(name) }
    }
    for token in keyPaths where called.contains(expected.source[expected.tokens[token].range]) {
      lost.major -= 1
      marks[token] = nil
    }
  }

  /// A value with which the call does nothing of what the card's does
  /// (``APIVocabulary/ineffective``): `.presentationDetents([.large])`, the detents a sheet has
  /// anyway; `.onSubmit` without `of:`, which takes `.text` and so never runs for the search
  /// field; `.interactiveDismissDisabled(false)`. Not a detail missing but another behaviour:
  /// an error, however much of the value is the card's.
  mutating func compareIneffectiveValues(
    _ e: CodeNode, _ a: CodeNode, lostBefore: Double, errorsBefore: Int
  ) {
    guard e.isAPI, e.importance == .major, let entries = vocabulary.ineffective[e.name],
      e.name == a.name
    else { return }
    for entry in entries {
      let card = Self.argument(entry.label, of: e)
      let typed = Self.argument(entry.label, of: a)
      // A card that leaves the argument out has its default, which is not the ineffective
      // value unless the entry says so.
      let cardValue =
        card.map { written($0.value, in: expected) } ?? (entry.isDefault ? entry.value : nil)
      let typedValue = typed.map { written($0.value, in: attempt) }
      guard (typedValue ?? (entry.isDefault ? entry.value : nil)) == entry.value,
        cardValue != entry.value,
        // Said already: `.text` where the card has `.search`.
        errorCount == errorsBefore
      else { continue }
      // An argument that is the card's context costs nothing, however it is written.
      let weight =
        card.map { $0.value.reduce(CodeNode.labelWeight($0)) { $0 + CodeNode.weight(of: $1) } }
        ?? Weight()
      // A condition is the author's expression, yet it counts (``compareConditions``).
      let counts =
        weight.major > 0 ? weight.major : card.map { Self.isCondition($0.value) ? 1 : 0 } ?? 0
      if card != nil && counts == 0 { continue }
      // The loss noted for the argument is the error; a card that leaves it at its default
      // lost nothing yet.
      let noted = min(lost.major - lostBefore, counts)
      if noted > 0 {
        lostToErrors += noted
      } else {
        lost.major += 1
        lostToErrors += 1
      }
      position = card?.labelToken ?? card?.value.first?.tokens.lowerBound ?? e.token ?? position
      let label = entry.label.map { "`\($0):`" } ?? "an argument"
      let what =
        typedValue.map { "`.\(a.name)(\(entry.label.map { $0 + ": " } ?? "")\($0))`" }
        ?? "`.\(a.name)` without \(label), which means `\(entry.value)`,"
      let cards = cardValue.map { "`\($0)`" } ?? "`.\(e.name)()`"
      note(.error, "\(what) does not do what the card's \(cards) does")
      if let typedValue {
        if let value = card?.value.first {
          mark(value, .wrong(typedValue))
        } else {
          mark(e, .wrong(a.name + "(" + typedValue + ")"))
        }
      }
    }
  }

  /// The argument with `label` (nil: the first unlabelled one that is not a closure).
  private static func argument(_ label: String?, of node: CodeNode) -> CodeNode.Argument? {
    node.arguments.first { $0.label == label && ($0.label != nil || !$0.isClosure) }
  }

  /// A value as written, without spaces: `[.medium,.large]`.
  private func written(_ value: [CodeNode], in code: ParsedCode) -> String {
    guard let first = value.first, let last = value.last,
      first.tokens.lowerBound < last.tokens.upperBound, last.tokens.upperBound <= code.tokens.count
    else { return value.map(\.name).joined() }
    return (first.tokens.lowerBound..<last.tokens.upperBound).map {
      String(code.source[code.tokens[$0].range])
    }.joined()
  }

  /// The attempt's value, or what it converts where it wraps the card's whole value in a
  /// conversion to the type the question or the card gives the name it declares
  /// (`String(phone.filter { … })` for `phone.filter { … }`, "`digits`, a `String`"): the
  /// same value.
  func convertedValue(of e: CodeNode, _ a: CodeNode) -> [CodeNode] {
    guard e.kind == .declaration, a.kind == .declaration, a.value.count == 1,
      let first = e.value.first, first.name != a.value[0].name
    else { return a.value }
    let wrapper = a.value[0]
    guard wrapper.kind == .call, wrapper.name.first?.isUppercase == true, wrapper.blocks.isEmpty,
      wrapper.arguments.count == 1, wrapper.arguments[0].label == nil,
      !wrapper.arguments[0].isClosure,
      wrapper.arguments[0].value.map(\.name) == e.value.map(\.name),
      zip(e.value, wrapper.arguments[0].value).allSatisfy({ isSame($0, $1) })
    else { return a.value }
    // Only to the type the question or the card gives the name: a conversion to another
    // (`Set(…)`, `Int(…)`) makes another value, or does not compile.
    guard let name = e.parameters.first,
      expected.question.names(name, as: wrapper.name)
        || e.clause.contains(where: { $0.name == wrapper.name })
    else { return a.value }
    return wrapper.arguments[0].value
  }
}
