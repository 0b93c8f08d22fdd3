import CardDeck

/// Reads an attempt against what the SDK declares, beside its comparison with the card: a
/// member that a value an API hands in does not have (`proxy.scroll(to:)`), and an `await` or
/// `try` that the card writes before a call and the attempt leaves out, and a deprecated call
/// where the card has what replaces it. Each is code that does not compile, or an interviewer
/// would not pass, whatever else the attempt has right.
struct SDKCheck: Sendable {
  let index: SDKIndex
  /// The members the card uses on handed-in values.
  private let cardMembers: [MemberUse]
  /// The calls the card marks with `await` and with `try` that may need it; the card's code
  /// is read once, and attempts are checked against these one after another.
  private let awaited: Set<Substring>
  private let tried: Set<Substring>
  /// The card's names, and its calls as written (`background(alignment:)`), for what replaces
  /// a deprecated call.
  let cardNames: Set<Substring>
  /// The environment keys the card reads: right as it writes them, though the index may lack
  /// them, and what a misspelt key of an attempt is near.
  let cardEnvironmentKeys: [Substring]
  let cardCalls: Set<String>
  let cardCallsByName: [String: [Code.WrittenCall]]

  /// Prepares to check attempts at `card`, the code they are compared with.
  init(card: String, index: SDKIndex = .shipped) {
    self.init(card: Code(card), index: index)
  }

  /// Prepares to check attempts at `card`, already read into tokens.
  init(card: Code, index: SDKIndex = .shipped) {
    self.index = index
    cardMembers = Self.members(used: card, typed: card.typedNames(index: index), index: index)
    // A marker covers a whole expression; it is for the calls in it that the index does not
    // know to be plain (`JSONDecoder()` and `.seconds(1)` beside `decode` and `sleep`).
    // Beside `async let` values, which need the marker where they are read, a marker is for
    // the calls the index knows to need it, not for the author's own (`ProfileCard(…)`).
    let readsAsyncLets = card.tokens.indices.dropLast().contains {
      card.text($0) == "async" && card.text($0 + 1) == "let"
    }
    func needs(_ effect: SDKIndex.Effect, _ name: Substring) -> Bool {
      readsAsyncLets ? index.declares(effect, String(name)) : index.mayBe(effect, String(name))
    }
    awaited = card.calls(marked: "await").filter { needs(.async, $0) }
    tried = card.calls(marked: "try").filter { needs(.throwing, $0) }
    cardNames = Set(
      card.tokens.indices.filter { card.tokens[$0].kind == .identifier }.map(card.text))
    cardEnvironmentKeys = card.environmentKeys()
    let written = card.writtenCalls()
    cardCalls = Set(written.map(\.written))
    cardCallsByName = Dictionary(grouping: written, by: \.name)
  }

  /// What is wrong with an attempt: a finding's message, and whether it only touches an
  /// example value (`placeholder: "Dish"` for `prompt:`), which the attempt has right otherwise.
  struct Problem: Equatable, CustomStringConvertible {
    var message: String
    var isDetail = false
    var description: String { message }
  }

  /// What is wrong with `attempt`, as findings' messages, the first most telling.
  func problems(in attempt: String) -> [String] { problems(in: Code(attempt)).map(\.message) }

  /// What is wrong with the attempt `typed`, the first most telling.
  func problems(in typed: Code) -> [Problem] {
    var problems: [Problem] = []
    // The names' types, found once for both looks that need them.
    let types = typed.typedNames(index: index)
    let uses = Self.members(used: typed, typed: types, index: index)
    for use in uses where !use.exists {
      // What the card itself uses is right, whatever the index says: it may be newer than the
      // index's source.
      if cardMembers.contains(where: { $0.type == use.type && $0.written == use.written }) {
        continue
      }
      // A type whose members were read from a partial source (the open-source Foundation's
      // `URLSession`, an interface older than the SDK) may have the member on iOS.
      if index.hasOlderSource(use.type) { continue }
      // A misspelling of what the card uses there (`continuation.yeild`) is recalled, not
      // another member: the comparison with the card grades the typo.
      // A name cut short or with other labels (`scroll(to:)`) names another member.
      if cardMembers.contains(where: {
        $0.type == use.type && !$0.name.hasPrefix(use.name)
          && $0.written.dropFirst($0.name.count) == use.written.dropFirst(use.name.count)
          && Matching.isMisspelling(use.name, of: $0.name)
      }) {
        continue
      }
      var message = "`\(use.type)` has no `\(use.written)`"
      if let theirs = cardMembers.first(where: { $0.type == use.type && $0.exists }) {
        message += "; the card uses `\(theirs.declared!)`"
      }
      problems.append(Problem(message: message))
    }
    problems += unknownCases(in: typed, types: types).map { Problem(message: $0) }
    let ownTypes = typed.declaredTypes()
    let calls = typed.writtenCalls()
    problems += unknownLabels(calls, handedIn: uses, ownTypes: ownTypes, in: typed)
    problems += missingArguments(calls, handedIn: uses, ownTypes: ownTypes, in: typed)
    problems += deprecations(calls, handedIn: uses).map { Problem(message: $0) }
    // A key misspelt from the card's is recalled: the comparison grades the typo.
    problems += typed.unknownEnvironmentKeys(index: index)
      .filter { key in
        !cardEnvironmentKeys.contains { Matching.isMisspelling(String(key), of: String($0)) }
      }
      .map { Problem(message: "`EnvironmentValues` has no `\($0)`") }
    problems += typed.unawaitedLoops(types: types, index: index).map { name in
      Problem(message: "`\(name)` is an asynchronous sequence: it is read with `for await`")
    }
    problems += typed.unwrappedProjections().map { name in
      Problem(
        message: "`$\(name)` projects nothing: `\(name)` is declared without a property wrapper")
    }
    for call in calls where !ownTypes.contains(Substring(call.owner ?? "-")) {
      let name = typed.text(call.token)
      // By its labels the call may be one that has no such effect (`URL(string:)` beside a
      // card's `try` for `URLSession`'s `data(from:)`).
      if awaited.contains(name), !typed.isMarked(call.token, by: "await"),
        index.mayBe(.async, call.name, labels: call.labels, on: call.owner)
      {
        problems.append(Problem(message: "`\(name)` is `async`: the card writes `await` before it"))
      } else if tried.contains(name), !typed.isMarked(call.token, by: "try"),
        index.mayBe(.throwing, call.name, labels: call.labels, on: call.owner)
      {
        problems.append(Problem(message: "`\(name)` can throw: the card writes `try` before it"))
      }
    }
    return problems
  }

  /// The cases of a `switch` over a value of an SDK type that the type does not have
  /// (`case .loaded(let image):` on an `AsyncImagePhase`), but those the card uses.
  private func unknownCases(in typed: Code, types: [Substring: String]) -> [String] {
    let switches = typed.switches()
    guard !switches.isEmpty else { return [] }
    var problems: [String] = []
    for (subject, open) in switches {
      guard let type = types[subject], index.describes(type), !index.hasOlderSource(type)
      else { continue }
      for token in typed.casePatterns(inSwitchAt: open) {
        let name = typed.text(token)
        guard !index.hasMember(named: String(name), of: type), !cardNames.contains(name) else {
          continue
        }
        problems.append("`\(type)` has no case `.\(name)`")
      }
    }
    return problems
  }

  /// The calls of `typed` on an SDK type whose labels no declaration of that name takes
  /// (`URLSession.shared.data(form: url)`). A name the index does not know there is left alone:
  /// it may be newer than the index, or the author's; so are names read from an interface
  /// older than the SDK (SwiftUI's, whose later overloads the index lacks), and a label that
  /// looks like a typo, which the comparison with the card takes for a slip.
  private func unknownLabels(
    _ calls: [Code.WrittenCall], handedIn uses: [MemberUse], ownTypes: Set<Substring>,
    in typed: Code
  ) -> [Problem] {
    var problems: [Problem] = []
    for call in calls
    where !call.labels.isEmpty && !cardCalls.contains(call.written)
      && !uses.contains(where: { $0.token == call.token })
    {
      guard let (owner, members) = declarations(of: call, in: typed) else { continue }
      let declaredLabels = Set(members.flatMap(\.labels))
      guard !members.isEmpty,
        !members.contains(where: { SDKIndex.accepts($0.labels, written: call.labels) }),
        !call.labels.contains(where: { label in
          !declaredLabels.contains(label)
            && declaredLabels.contains { Matching.isLabelMisspelling(label, of: $0) }
        })
      else { continue }
      // An example type of the attempt's own that shares an SDK name (`struct Item`).
      if ownTypes.contains(Substring(owner)) { continue }
      var message =
        owner.isEmpty
        ? "No API has `.\(call.written)`"
        : call.name == "init"
          ? "`\(owner)` has no initialiser `\(call.written.dropFirst(4))`"
          : "`\(owner)` has no `\(call.written)`"
      if let theirs = cardCallsByName[call.name]?.first(where: { $0.owner == call.owner }) {
        let card = call.name == "init" ? owner + "(" + theirs.written.dropFirst(5) : theirs.written
        message += "; the card uses `\(card)`"
      }
      let unknown = Set(call.labels).subtracting(declaredLabels)
      problems.append(
        Problem(
          message: message,
          isDetail: !unknown.isEmpty
            && unknown.allSatisfy { typed.passesLiteral(to: $0, at: call.token) }))
    }
    return problems
  }

  /// The declarations a call of `typed` may be, and the type they are of (empty for an implicit
  /// member, which may be of any): nil where the index cannot say which calls there are.
  func declarations(
    of call: Code.WrittenCall, in typed: Code
  ) -> (owner: String, members: [SDKIndex.Member])? {
    // After a `)`, a method of the value the chain starts with (`DragGesture().updating`),
    // where views have no such modifier.
    var written = call.owner
    if written == "View", !index.hasMember(named: call.name, of: "View"),
      let root = typed.receiverType(before: call.token - 1, index: index)
    {
      written = root
    }
    if let written {
      guard written != "-", index.describes(written), !index.hasOlderSource(written) else {
        return nil
      }
      return (written, index.members(named: call.name, of: written).filter(\.isCall))
    }
    guard call.isImplicit, cardNames.contains(Substring(call.name)) else { return nil }
    // The card's member with other labels, of whichever type the context asks for. (Another
    // name is another member, which the comparison with the card weighs.)
    let found = index.membersOfAnyType(named: call.name).filter { $0.member.isCall }
    guard !found.contains(where: { index.hasOlderSource($0.owner) }) else { return nil }
    return ("", found.map(\.member))
  }

  /// The calls of `typed` that the index says are deprecated where the card writes what
  /// replaces them (`group.spawn` for the card's `addTask`, `.background(_:alignment:)` for its
  /// `.background(alignment:content:)`). Where the card has neither the replacement nor the
  /// name, the call is beside its point, and the comparison with the card weighs it.
  private func deprecations(_ calls: [Code.WrittenCall], handedIn uses: [MemberUse]) -> [String] {
    var problems: [String] = []
    for call in calls
    where index.hasDeprecated(call.name) && !cardCalls.contains(call.written) {
      var owner = uses.first { $0.token == call.token }?.type ?? call.owner
      // After a `)` the value may be other than a view (`JSONDecoder().decode`).
      if owner == "View", !index.hasMember(named: call.name, of: "View") { owner = nil }
      guard
        let (replacement, declared) = index.deprecation(
          of: call.name, labels: call.labels, on: owner)
      else { continue }
      let replacementName = replacement.map { String($0.prefix { $0 != "(" }) }
      if let replacementName, cardNames.contains(Substring(replacementName)) {
        problems.append("`\(declared)` is deprecated: the card uses `\(replacement!)`")
      } else if cardNames.contains(Substring(call.name)) {
        problems.append("`\(declared)` is deprecated: the card uses another `\(call.name)`")
      }
    }
    return problems
  }

  /// A member read or called on a value an API handed to a closure.
  struct MemberUse: Sendable {
    /// The token of its name.
    var token: Int
    var type: String
    /// As written: `scroll(to:)`, `isCancelled`.
    var written: String
    /// The declaration it calls or reads, when there is one.
    var declared: String?
    var exists: Bool { declared != nil }
    /// The base name: `scroll`, `isCancelled`.
    var name: String { String(written.prefix { $0 != "(" }) }
  }

  /// The members the code reads or calls on names whose SDK types it says
  /// (``Code/typedNames(index:)``), and on such members of them (`value.translation.width`).
  static func members(
    used code: Code, typed: [Substring: String], index: SDKIndex
  ) -> [MemberUse] {
    let anonymous = code.anonymousParameterTypes(index: index)
    var uses: [MemberUse] = []
    var open: [Int] = []
    for position in code.tokens.indices {
      if code.isByte(position, "{") { open.append(position) }
      if code.isByte(position, "}") { _ = open.popLast() }
      let name = code.text(position)
      // `$0` is the innermost closure's own.
      let anonymousType =
        name.hasPrefix("$")
        ? open.last.flatMap { anonymous[$0] }.flatMap { types in
          name.dropFirst().first?.wholeNumberValue.flatMap { $0 < types.count ? types[$0] : nil }
        } : nil
      // Not a declaration's name, nor one a modifier on the next line follows (a fragment).
      guard let root = anonymousType ?? typed[name] ?? staticRoot(at: position),
        !(position > 0 && code.isByte(position - 1, ".")),
        !(position > 0 && ["var", "let"].contains(code.text(position - 1))),
        position + 1 < code.tokens.count,
        code.tokens[position + 1].line == code.tokens[position].line
      else { continue }
      var type = root
      // After `Type.shared`, the links are the value's.
      var dot = typed[name] == nil && anonymousType == nil ? position + 3 : position + 1
      while dot + 1 < code.tokens.count, code.isByte(dot, "."),
        // A member may be named by a contextual keyword (`open`).
        [.identifier, .keyword].contains(code.tokens[dot + 1].kind), index.describes(type)
      {
        let member = String(code.text(dot + 1))
        let labels = code.labels(after: dot + 1)
        // A value has no static members (`MainActor.shared.run`).
        let declared = index.members(named: member, of: type).first {
          !$0.isStatic && (labels == nil || SDKIndex.accepts($0.labels, written: labels!))
        }
        let written = labels.map { member + "(" + $0.map { $0 + ":" }.joined() + ")" } ?? member
        uses.append(
          MemberUse(token: dot + 1, type: type, written: written, declared: declared?.signature))
        guard declared != nil, labels == nil,
          let next = index.memberType(named: member, labels: nil, on: type)
        else { break }
        if next != "Self" { type = next }
        dot += 2
      }
    }
    return uses

    /// The type of `Type.member` at `position` when a member of that value follows
    /// (`MainActor.shared.run`): the static property's type, as the index says.
    func staticRoot(at position: Int) -> String? {
      let name = code.text(position)
      guard name.first?.isUppercase == true, position + 4 < code.tokens.count,
        code.isByte(position + 1, "."), code.tokens[position + 2].kind == .identifier,
        code.isByte(position + 3, "."), index.describes(String(name)),
        let type = index.memberType(
          named: String(code.text(position + 2)), labels: nil, on: String(name))
      else { return nil }
      return type == "Self" ? String(name) : type
    }
  }

}

extension SDKCheck {
  /// Code as significant tokens, with the few questions the checks ask of it.
  struct Code: Sendable {
    let source: String
    let tokens: [SwiftToken]

    /// For each token, its byte when it is one ASCII byte (`{`, `.`), else 0: punctuation is
    /// looked at for every token, and comparing strings is far slower.
    let marks: [UInt8]

    init(_ source: String) {
      self.init(source: source, tokens: SwiftLexer.significantTokens(in: source))
    }

    /// The code that the judge has already parsed, without lexing it again.
    init(_ code: ParsedCode) {
      self.init(source: code.source, tokens: code.tokens)
    }

    init(source: String, tokens: [SwiftToken]) {
      self.source = source
      self.tokens = tokens
      let utf8 = source.utf8
      marks = tokens.map { token in
        let start = token.range.lowerBound
        guard start < utf8.endIndex, utf8.index(after: start) == token.range.upperBound else {
          return 0
        }
        return utf8[start] < 0x80 ? utf8[start] : 0
      }
    }

    func text(_ index: Int) -> Substring { source[tokens[index].range] }

    /// Whether the token at `index` is the one-byte `character`.
    func isByte(_ index: Int, _ character: Unicode.Scalar) -> Bool {
      marks[index] == UInt8(character.value)
    }

    /// A closure: its `{`, the names before `in`, and the tokens of its body.
    struct Closure {
      var open: Int
      var parameters: [Substring]
      var body: Range<Int>
    }

    func closures() -> [Closure] {
      var found: [Closure] = []
      for open in tokens.indices where isByte(open, "{") {
        var names: [Substring] = []
        var index = open + 1
        if index < tokens.count, isByte(index, "(") { index += 1 }
        while index < tokens.count, tokens[index].kind == .identifier || isByte(index, "_") {
          names.append(text(index))
          index += 1
          if index < tokens.count, isByte(index, ",") { index += 1 } else { break }
        }
        if index < tokens.count, isByte(index, ")") { index += 1 }
        guard !names.isEmpty, index < tokens.count, text(index) == "in" else { continue }
        found.append(Closure(open: open, parameters: names, body: index..<close(of: open)))
      }
      return found
    }

    /// The index of the bracket that closes the one at `open`, or the end.
    func close(of open: Int) -> Int { matching(open, step: 1) ?? tokens.count }

    /// The index of the bracket that opens the one at `close`, if any.
    func open(of close: Int) -> Int? { matching(close, step: -1) }

    /// The bracket that matches the one at `start`, walking forward (`step` 1) from an opening
    /// one or back (-1) from a closing one.
    private func matching(_ start: Int, step: Int) -> Int? {
      var depth = 0
      var index = start
      while tokens.indices.contains(index) {
        switch marks[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += step
        case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= step
        default: break
        }
        if depth == 0 { return index }
        index += step
      }
      return nil
    }

    /// What a trailing closure at `open` is passed to: the call's name and its owner, a type
    /// for an initialiser, `View` for a modifier, `-` for a free function.
    func callee(before open: Int) -> (name: String, owner: String)? {
      var index = open - 1
      if index >= 0, isByte(index, ")"), let start = self.open(of: index) { index = start - 1 }
      // `AsyncStream<Int> { … }`: the type's generic arguments say nothing of the call.
      if index >= 0, isByte(index, ">") {
        var depth = 0
        while index >= 0 {
          if isByte(index, ">") { depth += 1 } else if isByte(index, "<") { depth -= 1 }
          index -= 1
          if depth == 0 { break }
        }
      }
      guard index >= 0, tokens[index].kind == .identifier else { return nil }
      let name = String(text(index))
      if index > 0, isByte(index - 1, ".") { return (name, "View") }
      if name.first?.isUppercase == true { return ("init", name) }
      return (name, "-")
    }

    /// The labels written in the argument list after the name at `index`, `_` for an argument
    /// without one; nil when the name is not called.
    func labels(after index: Int) -> [String]? {
      guard index + 1 < tokens.count, isByte(index + 1, "(") else { return nil }
      let end = close(of: index + 1)
      var labels: [String] = []
      var depth = 0
      for inner in (index + 1)..<min(end, tokens.count) {
        switch marks[inner] {
        case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
        default: break
        }
        // Each argument starts after the `(` or a `,` at the list's own depth.
        let starts = depth == 1 && (isByte(inner, "(") || isByte(inner, ","))
        guard starts, inner + 1 < end else { continue }
        let labelled =
          inner + 2 < end && isByte(inner + 2, ":")
          && [.identifier, .keyword].contains(tokens[inner + 1].kind)
        labels.append(labelled ? String(text(inner + 1)) : "_")
      }
      return labels
    }

    /// A call as written: its name's token, base name, labels, and the type it is called on
    /// where the code says (`View` for a modifier, `-` for a free function), else nil.
    struct WrittenCall {
      var token: Int
      var name: String
      var labels: [String]
      var owner: String?
      /// Whether it is an implicit member (`.periodic(from:by:)` as an argument), whose type is
      /// the one the context asks for.
      var isImplicit = false
      /// `background(alignment:)`, `init(_:)` for `Text("…")`.
      var written: String { name + "(" + labels.map { $0 + ":" }.joined() + ")" }
    }

    /// The calls the code writes with an argument list, or with only a trailing closure, and
    /// the property wrappers it initialises with arguments (`@AppStorage("key")`).
    func writtenCalls() -> [WrittenCall] {
      tokens.indices.compactMap { index in
        if tokens[index].kind == .attribute, index + 1 < tokens.count, isByte(index + 1, "(") {
          let name = String(text(index).dropFirst())
          guard name.first?.isUppercase == true else { return nil }
          return WrittenCall(
            token: index, name: "init", labels: labels(after: index) ?? [], owner: name)
        }
        guard tokens[index].kind == .identifier, index + 1 < tokens.count,
          isByte(index + 1, "(") || isByte(index + 1, "{"),
          !(index > 0 && ["func", "init", "case", "var", "let"].contains(text(index - 1)))
        else { return nil }
        let name = String(text(index))
        let labels = labels(after: index) ?? []
        guard index > 0, isByte(index - 1, ".") else {
          let isType = name.first?.isUppercase == true
          return WrittenCall(
            token: index, name: isType ? "init" : name, labels: labels, owner: isType ? name : "-")
        }
        // `Type.member(…)`; a modifier after a view's `)` or `}`; otherwise a value whose type
        // the code does not say.
        var owner: String?
        var isImplicit = index < 2
        if index >= 2 {
          let before = text(index - 2)
          if tokens[index - 2].kind == .identifier, before.first?.isUppercase == true {
            owner = String(before)
          } else if isByte(index - 2, ")") || isByte(index - 2, "}") {
            owner = "View"
          } else {
            isImplicit =
              ["(", ",", ":", "=", "[", "{", "return", "case", "in", "??"].contains(before)
          }
        }
        return WrittenCall(
          token: index, name: name, labels: labels, owner: owner, isImplicit: isImplicit)
      }
    }

    /// Whether the argument labelled `label` of the call named at `call` is a string or number
    /// literal alone: an example value, like a title.
    func passesLiteral(to label: String, at call: Int) -> Bool {
      guard call + 1 < tokens.count, isByte(call + 1, "(") else { return false }
      let end = close(of: call + 1)
      var position = call + 2
      while position + 3 <= end {
        if text(position) == label, isByte(position + 1, ":"),
          isByte(position - 1, "(") || isByte(position - 1, ",")
        {
          let kind = tokens[position + 2].kind
          return (kind == .string || kind == .number)
            && (position + 3 == end || isByte(position + 3, ","))
        }
        position += 1
      }
      return false
    }

    /// The `switch` statements over a name: the name, and the `{` that opens the cases.
    func switches() -> [(subject: Substring, open: Int)] {
      tokens.indices.dropLast(2).compactMap { index in
        guard text(index) == "switch", tokens[index + 1].kind == .identifier,
          isByte(index + 2, "{")
        else { return nil }
        return (text(index + 1), index + 2)
      }
    }

    /// The names of the implicit members a `switch`'s cases match (`.success` in `case
    /// .success(let image), .empty:`), not those nested in their patterns.
    func casePatterns(inSwitchAt open: Int) -> [Int] {
      let end = close(of: open)
      var found: [Int] = []
      var depth = 0
      var inPattern = false
      var position = open + 1
      while position < end {
        switch marks[position] {
        case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
        case UInt8(ascii: ":") where depth == 0: inPattern = false
        default: break
        }
        if depth == 0, text(position) == "case" { inPattern = true }
        if inPattern, depth == 0, isByte(position, "."), position + 1 < end,
          tokens[position + 1].kind == .identifier,
          text(position - 1) == "case" || isByte(position - 1, ",")
        {
          found.append(position + 1)
        }
        position += 1
      }
      return found
    }

    /// The names of the types the code declares: `struct Item`, `enum SortOrder`.
    func declaredTypes() -> Set<Substring> {
      Set(
        tokens.indices.dropFirst().filter {
          tokens[$0].kind == .identifier && SwiftKeyword.typeDeclarations.contains(text($0 - 1))
        }.map(text))
    }

    /// The names of calls: a name followed by `(`, not a declaration's, or a method's followed
    /// by its trailing closure (`clock.measure { … }`).
    func calls() -> [Int] {
      tokens.indices.filter { index in
        guard tokens[index].kind == .identifier, index + 1 < tokens.count else { return false }
        if isByte(index + 1, "{") { return index > 0 && isByte(index - 1, ".") }
        return isByte(index + 1, "(")
          && !(index > 0 && ["func", "init", "case"].contains(text(index - 1)))
      }
    }

    /// The names of the calls that `keyword` (`await`, `try`) marks.
    func calls(marked keyword: String) -> Set<Substring> {
      Set(calls().filter { isMarked($0, by: keyword) }.map { text($0) })
    }

    /// Whether the expression holding the call named at `call` starts with `keyword`, or, for
    /// `await`, is an `async let`'s value, which needs none.
    func isMarked(_ call: Int, by keyword: String) -> Bool {
      var index = call - 1
      while index >= 0 {
        let token = text(index)
        if token == keyword || (keyword == "try" && (token == "try?" || token == "try!")) {
          return true
        }
        if token == "let", index > 0, text(index - 1) == "async", keyword == "await" {
          return true
        }
        // A new line that does not continue the one before it starts another statement.
        if tokens[index + 1].line > tokens[index].line,
          ![".", "=", "(", ",", "[", "try", "await", ":"].contains(token),
          tokens[index].kind != .operator, !isByte(index + 1, ".")
        {
          return false
        }
        switch token {
        case "{", "}", ";", "in", "return": return false
        case ")", "]":
          guard let start = open(of: index) else { return false }
          index = start - 1
          continue
        default: break
        }
        index -= 1
      }
      return false
    }
  }
}
