import CardDeck

/// Comparing a pair of items: names, arguments, closures and conditions.
extension Matching {
  /// Compares a pair of items, the card's `e` and the attempt's `a`, paired as `relation`:
  /// what the pairing itself says, then what they hold.
  mutating func compare(_ e: CodeNode, _ a: CodeNode, _ relation: Relation) {
    position = e.token ?? e.tokens.lowerBound
    comparedRanges.append(e.tokens)
    if let token = a.token { pairedAttemptTokens.insert(token) }
    switch relation {
    case .same: compareSame(e, a)
    case .typo:
      sameAPI += 1
      misspellings += 1
      note(
        .slip, "`\(display(a, in: attempt))` looks like a typo for `\(display(e, in: expected))`")
      mark(e, .typo(attempt.text(a)))
    case .related:
      // The right idea another way: the card's API is missing, not wrong.
      relatedAPI += 1
      lost += CodeNode.ownWeight(e)
      note(
        .missing,
        "`\(display(a, in: attempt))` instead of the card's `\(display(e, in: expected))`, close but not the same"
      )
      mark(e, .wrong(attempt.text(a)))
    case .substitute: compareSubstitute(e, a)
    case .free: compareFree(e, a)
    }
    compareContents(e, a)
  }

  /// A pair of the same name: a number the question states, a frame whose arguments hold the
  /// point, a name of the card's own that the attempt renamed.
  private mutating func compareSame(_ e: CodeNode, _ a: CodeNode) {
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
    if !e.isAPI, e.name != a.name, [.call, .binding].contains(e.kind) { renameOrSwap(e, a) }
    keepOtherMember(e, a)
    // A constant the attempt names otherwise: the name its uses in that scope must have.
    if e.kind == .declaration, ["let", "var"].contains(e.name), e.parameters.count == 1,
      a.parameters.count == 1, let name = e.parameters.first, let typed = a.parameters.first,
      name != typed,
      let token = e.tokens.first(where: { expected.source[expected.tokens[$0].range] == name })
    {
      let scope = name + "#" + String(Self.binding(of: name, before: token, in: expected))
      if scopedRenamings[scope] == nil { scopedRenamings[scope] = typed }
    }
  }

  /// Other API where the card has `e`: a minor detail lost, a member the API lacks, or an
  /// error (a deprecated call said so).
  private mutating func compareSubstitute(_ e: CodeNode, _ a: CodeNode) {
    // The card's deprecated API written as what replaces it (`.ignoresSafeArea()` for
    // `.edgesIgnoringSafeArea(.all)`) is the card's job, as the SDK now writes it.
    if Self.replaces(a.name, deprecated: e.name, vocabulary: vocabulary) {
      sameAPI += 1
      return
    }
    if e.importance == .minor && isNoMember(a, for: e) {
      // A detail written with a member its type does not have does not compile.
      lost.major += 1
      lostToErrors += 1
      note(
        .error,
        "`\(display(a, in: attempt))` is no member the API has; the card has `\(display(e, in: expected))`"
      )
      mark(e, .wrong(attempt.text(a)))
    } else if e.importance == .minor {
      lost += CodeNode.ownWeight(e)
      // A metatype's `.Type` for its `.self` is the language's slip, not another value.
      if Set([e.name, a.name]) == ["self", "Type"] {
        misspellings += 1
      } else {
        wrongDetails += 1
      }
      note(.slip, "`\(display(a, in: attempt))` where the card has `\(display(e, in: expected))`")
      mark(e, .wrong(attempt.text(a)))
    } else if Self.isVariant(a, of: e), replacement(forDeprecated: a.name) == nil {
      sameAPI += 1
      variants += 1
      note(
        .slip, "`\(display(a, in: attempt))`, a variant of the card's `\(display(e, in: expected))`"
      )
      mark(e, .wrong(attempt.text(a)))
    } else {
      // An optional part costs nothing left out, and as much as any API part when wrong.
      let cost = e.isOptional ? Weight(major: 1) : CodeNode.ownWeight(e)
      lost += cost
      lostToErrors += cost.major
      if let token = a.token { reportedAttemptTokens.insert(token) }
      let typed = display(a, in: attempt)
      if let replacement = replacement(forDeprecated: a.name) {
        let current = Self.bare(String(replacement.prefix { $0 != "(" }))
        let card = display(e, in: expected)
        // The replacement said once where it is the card's (a trial read it said twice).
        note(
          .error,
          current == e.name
            ? "`\(typed)` is deprecated; the card has its replacement, `\(card)`"
            : "`\(typed)` is deprecated (use `\(replacement)`); the card has `\(card)`",
          deprecated: a.name, replacement: current == a.name ? nil : current)
      } else {
        let madeUp =
          Self.isMadeUp(a, kindOf: e, declared: attempt.declared) ? ": no such type" : ""
        note(.error, "`\(typed)` where the card has `\(display(e, in: expected))`\(madeUp)")
      }
      mark(e, .wrong(attempt.text(a)))
    }
  }

  /// Whether the modifier `a`, one the SDK declares, is named as a variant of `e`: `e`'s
  /// words in order among more (`.simultaneousGesture` for `.gesture`, `.strokeBorder` for
  /// `.stroke`, `.onContinuousHover` for `.onHover`). SwiftUI so names a sibling that often
  /// does the same job with a difference, and as often another job (`.scrollDisabled` for
  /// `.disabled`): neither right nor another API.
  static func isVariant(_ a: CodeNode, of e: CodeNode) -> Bool {
    // A variant's name is the longer; the lengths first, as pairs are tried by the hundred.
    guard a.kind == .modifier, e.kind == .modifier, a.isAPI, e.isAPI,
      a.name.utf8.count > e.name.utf8.count
    else { return false }
    let card = nameWords(e.name)
    guard let last = card.last, a.name.lowercased().contains(last),
      SDKIndex.shipped.declaresMember(named: a.name)
    else { return false }
    var rest = nameWords(a.name)[...]
    guard rest.count > card.count else { return false }
    for word in card {
      guard let index = rest.firstIndex(of: word) else { return false }
      rest = rest[(index + 1)...]
    }
    return true
  }

  /// The words of a camel-case name, lowercased, numbers and acronyms apart:
  /// `rotation3DEffect` is `rotation`, `3`, `d`, `effect`; `onOpenURL` ends with `url`.
  static func nameWords(_ name: String) -> [String] {
    let characters = Array(name)
    var words: [String] = []
    var word = ""
    for (index, character) in characters.enumerated() {
      guard character.isLetter || character.isNumber else { continue }
      let previous = word.last
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      let startsWord =
        (character.isNumber != (previous?.isNumber ?? character.isNumber))
        || (character.isUppercase
          && (previous?.isLowercase == true || previous?.isNumber == true
            || (previous?.isUppercase == true && next?.isLowercase == true)))
      if startsWord, !word.isEmpty {
        words.append(word.lowercased())
        word = ""
      }
      word.append(character)
    }
    if !word.isEmpty { words.append(word.lowercased()) }
    return words
  }

  /// A placeholder of the card's paired with anything: a deprecated call, a member no API has,
  /// a binding for a value or a value for a binding, a renamed name.
  private mutating func compareFree(_ e: CodeNode, _ a: CodeNode) {
    if a.isAPI, let replacement = replacement(forDeprecated: a.name), let token = a.token {
      reportedAttemptTokens.insert(token)
      noteDeprecated(
        a, "`\(display(a, in: attempt))` is deprecated: use `\(replacement)`", replacement)
    }
    noteUnknownMember(e, a)
    // The card's own value, or one the question gives (`downloadedBytes`) under its name.
    if e.kind == .call && !e.isAPI && a.kind == .binding
      && (expected.declared.contains(e.name) || e.name == a.name)
    {
      note(.slip, "`$\(a.name)` is a binding; the card passes the value, `\(e.name)`")
      mark(e, .typo("$" + a.name))
    } else if e.kind == .binding && a.kind == .call && !a.isAPI {
      note(.slip, "`\(a.name)` without `$`: the card passes a binding, `$\(e.name)`")
      mark(e, .typo(a.name))
    } else if e.kind == .call, !e.isAPI, a.kind == .literal, e.arguments.isEmpty,
      cardClosureParameters.contains(e.name), renamings[e.name] == "_"
    {
      // The value an API hands the closure (`hovering in`) dropped (`_ in`) and a constant
      // written where the card uses it: the code no longer follows it. Another value, not a
      // renaming; what is around it stands.
      note(
        .error,
        "`\(attempt.text(a))` where the card uses `\(e.name)`, the value the closure is given")
      mark(e, .wrong(attempt.text(a)))
    } else if !e.isAPI, e.name != a.name, [.call, .binding].contains(e.kind),
      [.call, .binding].contains(a.kind), !e.name.isEmpty
    {
      renameOrSwap(e, a)
    } else {
      keepOtherMember(e, a)
    }
  }

  /// What a pair holds: arguments, values that do nothing, closure parameters, blocks,
  /// attributes, conditions and values.
  private mutating func compareContents(_ e: CodeNode, _ a: CodeNode) {
    let before = (lost: lost.major, errors: errorCount)
    compareArguments(e, a)
    compareIneffectiveValues(e, a, lostBefore: before.lost, errorsBefore: before.errors)
    if e.kind == .closure { compareClosureParameters(e, a) }
    var condition = a.clause
    if e.name != a.name && Self.isBranch(e) && Self.isBranch(a) {
      // Blocks in another order: an `else` first, a `case` for a branch.
      compareSequences(Array(e.blocks.joined()), Array(a.blocks.joined()))
    } else if e.name == "if", a.name == "if", e.blocks.count == 2, a.blocks.count == 2 {
      compareBranches(e, a, condition: &condition)
    } else {
      for index in 0..<max(e.blocks.count, a.blocks.count) {
        compareSequences(
          index < e.blocks.count ? e.blocks[index] : [],
          index < a.blocks.count ? a.blocks[index] : [], ordered: e.isOrdered)
      }
    }
    if !e.attributes.isEmpty || !a.attributes.isEmpty {
      compareSequences(e.attributes, a.attributes)
    }
    if !e.clause.isEmpty || !e.value.isEmpty || !a.clause.isEmpty || !a.value.isEmpty {
      compareGuards(e, a)
      compareSequences(e.clause + e.value, condition + convertedValue(of: e, a))
    }
  }

  /// A closure's parameters: another number of them is another overload; other names are
  /// the attempt's own, renamed.
  mutating func compareClosureParameters(_ e: CodeNode, _ a: CodeNode) {
    if e.importance != .free {
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
    // Named parameters the attempt renames (or `$0` for).
    let typedNames =
      a.parameters.isEmpty && a.anonymousParameters > 0
      ? (0..<min(a.anonymousParameters, e.parameters.count)).map { "$\($0)" } : a.parameters
    for (name, typed) in zip(e.parameters, typedNames) where name != typed && name != "_" {
      // At its place in the closure's header: the binding its uses belong to.
      let token = e.tokens.first { expected.source[expected.tokens[$0].range] == name }
      var parameter = CodeNode(kind: .call, name: name, token: token, tokens: 0..<0)
      parameter.isAPI = false
      rename(parameter, CodeNode(kind: .call, name: typed, token: nil, tokens: 0..<0))
    }
  }

  /// The tests of an `if` around the card's point (`!searchText.isEmpty && results.isEmpty`)
  /// are the author's expressions, but each one left out shows what the `if` holds when the
  /// card would not (no results before anything is typed): a detail missing.
  mutating func compareGuards(_ e: CodeNode, _ a: CodeNode) {
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
  mutating func loseGuards(_ e: CodeNode) {
    guard e.kind == .statement, e.name == "if", tests(in: e.clause) > 0,
      e.blocks.first?.contains(where: { CodeNode.weight(of: $0).major > 0 }) == true
    else { return }
    lost.minor += 0.5
    position = e.clause.first?.tokens.lowerBound ?? position
    note(.slip, "no `if \(condition(of: e))`: the attempt shows it always")
  }

  /// How many of a condition's parts are tests the vocabulary knows (`isEmpty`).
  func tests(in clause: [CodeNode]) -> Int {
    clause.count { $0.kind == .modifier && vocabulary.methods.contains($0.name) }
  }

  /// A statement's condition as the card writes it, `!` and `&&` included.
  func condition(of e: CodeNode) -> String {
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
  func isNoMember(_ a: CodeNode, for e: CodeNode) -> Bool {
    e.kind == .member && a.kind == .member && !attempt.declared.contains(a.name)
      && vocabulary.lacksMember(a.name, alongside: e.name)
  }

  /// A member that no API has (`arrowEdge: .up`, `Edge` has `.top`) in place of the card's
  /// API member is no value at all, even where the card leaves the value to the author: where
  /// the author marks the member as context (any edge will do), the value's label still counts,
  /// so it is an error; elsewhere (decoration) a slip.
  mutating func noteUnknownMember(_ e: CodeNode, _ a: CodeNode) {
    guard e.kind == .member, e.isAPI, a.kind == .member, e.name != a.name,
      !attempt.declared.contains(a.name), !expected.declared.contains(a.name),
      !a.isAPI && !vocabulary.knows(a.name) || vocabulary.lacksMember(a.name, alongside: e.name)
    else { return }
    let typed = display(a, in: attempt)
    if Self.isMisspelling(a.name, of: e.name) {
      misspellings += 1
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

  /// Notes the attempt's `a` in the place of the card's `e`: another name for it, or another
  /// of the values the card takes as given (``isOtherGivenValue(_:_:)``), kept to be told.
  private mutating func renameOrSwap(_ e: CodeNode, _ a: CodeNode) {
    guard isOtherGivenValue(e, a) else { return rename(e, a) }
    otherGivenValues.append((e, a))
  }

  /// Keeps the attempt's `a`, a member of the example's own (`Shelf.unread`), where the card
  /// has another of its members, `e` (`Shelf.all`): two turned round, or one written twice,
  /// are told with the given values (``noteSwappedValues()``).
  private mutating func keepOtherMember(_ e: CodeNode, _ a: CodeNode) {
    guard e.kind == .modifier || e.kind == .member, a.kind == e.kind, !e.isAPI, !a.isAPI,
      e.name != a.name, e.arguments.isEmpty, a.arguments.isEmpty,
      expected.names.contains(a.name)
    else { return }
    otherGivenValues.append((e, a))
  }

  /// Whether the attempt's `a` is another of the values the card takes as given, where the
  /// card has `e`, a name neither code declares.
  private func isOtherGivenValue(_ e: CodeNode, _ a: CodeNode) -> Bool {
    e.kind == .call && a.kind == .call && e.name.first?.isLowercase == true
      && !expected.declared.contains(e.name) && !attempt.declared.contains(a.name)
      && expected.names.contains(a.name) && !expected.declared.contains(a.name)
      && CodeParser.isBareReference(e) && CodeParser.isBareReference(a)
  }

  /// Notes each two values the card takes as given that the attempt writes in each other's
  /// place, where the code is otherwise the card's: `newTags.subtracting(oldTags)` for
  /// `oldTags.subtracting(newTags)` swaps the sets, which no renaming does. Not where the
  /// attempt does something else too (`granted.isSuperset(of: required)` for
  /// `required.isSubset(of: granted)`), nor where its lines pair with the card's in another
  /// order (its names of the card's own are each other's), nor for the operands of a
  /// commutative method.
  mutating func noteSwappedValues() {
    guard !otherGivenValues.isEmpty, !findings.contains(where: { $0.severity > .slip }),
      !renamings.contains(where: { $0.key != $0.value && expected.declared.contains($0.value) }),
      !scopedRenamings.contains(where: { scope, name in
        !scope.hasPrefix(name + "#") && expected.declared.contains(name)
      })
    else { return }
    let commuted = CodeNode.commutedOperands(in: expected.nodes, given: true)
    // The two turned round, or the card's value nowhere in the attempt (`oldTags` twice).
    func isSwapped(_ e: CodeNode, _ a: CodeNode) -> Bool {
      otherGivenValues.contains { $0.expected.name == a.name && $0.typed.name == e.name }
        || !attempt.writtenNames.contains(Substring(e.name))
    }
    for (e, a) in otherGivenValues
    where isSwapped(e, a) && !(commuted.contains(e.name) && commuted.contains(a.name)) {
      guard let token = e.token, marks[token] == nil else { continue }
      position = token
      note(.error, "`\(display(a, in: attempt))` where the card has `\(display(e, in: expected))`")
      mark(e, .wrong(attempt.text(a)))
    }
  }

  /// Notes that the attempt calls a name of the card's own by another name. Only names the
  /// card declares are worth saying so, and only for a name, not for `Text` or a literal.
  mutating func rename(_ e: CodeNode, _ a: CodeNode) {
    let from = e.kind == .binding ? "$" + e.name : e.name
    let key = e.name
    // An example view or type the card uses and does not declare, written with another name of
    // the attempt's own (`LibraryView()` for `BrowseView()`), is said too: it is no API.
    let isExampleType =
      e.kind == .call && e.name.first?.isUppercase == true && a.name.first?.isUppercase == true
      && !e.isAPI
    guard expected.declared.contains(key) || e.kind == .binding || isExampleType, !a.isAPI,
      a.kind == e.kind || (e.kind == .call && a.name.hasPrefix("$"))
    else { return }
    let normalizedTo = a.name
    // Two names the attempt declares for one of the card's variables is a slip, unless one is
    // a use that a closure parameter or `$0` stands for. Two closures of the card's may each
    // name their parameter `book`, and two scopes each bind an `age` (`guard let age` in a
    // function, `let age` in a `do`): two variables, each renamed its own way; a use belongs
    // to the binding of its name last before it.
    let scope = key + "#" + String(Self.binding(of: key, before: e.token ?? 0, in: expected))
    if let inScope = scopedRenamings[scope], inScope != normalizedTo,
      expected.declared.contains(key), attempt.declared.contains(normalizedTo),
      attempt.declared.contains(inScope), !key.hasPrefix("$"), !normalizedTo.hasPrefix("$")
    {
      conflictingRenamings.insert(from)
    }
    if scopedRenamings[scope] == nil { scopedRenamings[scope] = normalizedTo }
    if let earlier = renamings[key] {
      // Names it does not declare are values it takes as given (`names` and `searchText`),
      // paired by the alignment with the card's where the attempt's extra code has them
      // (`searchText.isEmpty ? names : …`): neither is said to be the card's name, as which
      // one stands for it is not known.
      if earlier != normalizedTo && !conflictingRenamings.contains(from) {
        ambiguousRenamings.insert(key)
      }
      return
    }
    if e.kind == .binding { bindingNames.insert(key) }
    renamings[key] = normalizedTo
    renamingOrder.append(key)
  }

  /// How many times `code` binds `name` before `token`.
  static func binding(of name: String, before token: Int, in code: ParsedCode) -> Int {
    (0..<min(token + 1, code.tokens.count)).count { index in
      code.source[code.tokens[index].range] == name && isBinding(at: index, in: code)
    }
  }

  /// The names `code` binds, in one pass.
  static func boundNames(in code: ParsedCode) -> Set<Substring> {
    Set(
      code.tokens.indices.filter { isBinding(at: $0, in: code) }.map {
        code.source[code.tokens[$0].range]
      })
  }

  /// Whether the token at `index` is a name bound there: after `let` or `var`, or as a
  /// closure's parameter (before `in`, or first of several).
  private static func isBinding(at index: Int, in code: ParsedCode) -> Bool {
    let text = { (index: Int) in code.source[code.tokens[index].range] }
    let before = index > 0 ? text(index - 1) : ""
    let after = index + 1 < code.tokens.count ? text(index + 1) : ""
    return ["let", "var"].contains(before) || after == "in" || before == "{" && after == ","
  }

  /// The modifier on the attempt's content (its closures' items) that the vocabulary lists as
  /// doing the job of the card's argument another way: `.onDisappear` for `onDismiss:`.
  func relatedOnContent(_ argument: CodeNode.Argument, of a: CodeNode) -> CodeNode? {
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
  mutating func doneOnContent(_ argument: CodeNode.Argument, by modifier: CodeNode) {
    position = argument.labelToken ?? position
    var weight = CodeNode.labelWeight(argument)
    for value in argument.value { weight += CodeNode.weight(of: value) }
    lost += weight
    relatedAPI += 1
    let label = argument.label ?? ""
    note(
      .missing,
      "`.\(modifier.name)` on the content instead of the card's `\(label):`, close but not the same"
    )
    if let token = argument.labelToken {
      marks[token] = .wrong(modifier.name)
      relatedTokens.insert(token)
    }
  }
}
