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
  let awaited: Set<Substring>
  let tried: Set<Substring>
  /// The card's calls of methods on values it does not type: marked, they need the marker on
  /// such a value of the attempt's too, whatever other types' methods of the name do.
  let markedOnValues: Set<Substring>
  /// The macros the card marks with `try` and with `await` (`try #require(…)`): no declaration
  /// says what a macro's expansion needs; the card's marker does.
  let triedMacros: Set<Substring>
  let awaitedMacros: Set<Substring>
  /// The card's names, and its calls as written (`background(alignment:)`), for what replaces
  /// a deprecated call.
  let cardNames: Set<Substring>
  /// The names the card reads as values (``Code/readPositions()``).
  let cardReads: Set<Substring>
  /// The parameters the card's own functions take `inout`, by function name.
  let cardInoutParameters: [Substring: Set<Substring>]
  /// The actors the card declares: another kind of type of the same name loses what an actor
  /// is for, the isolation of its state.
  let cardActors: Set<Substring>
  /// The `mutating` and `static` of the card's functions, by name.
  let cardFunctionModifiers: [Substring: Set<Substring>]
  /// The SDK types of the names the card uses without binding them, as the question or the
  /// card's members say (``Code/inferredTypes(index:)``): the attempt's like-named values are
  /// taken to be the same.
  let cardInferredTypes: [Substring: String]
  /// The environment keys the card reads: right as it writes them, though the index may lack
  /// them, and what a misspelt key of an attempt is near.
  let cardEnvironmentKeys: [Substring]
  let cardCalls: Set<String>
  /// The card's calls by ``callKey(_:)`` with the closures written after them: a call the card
  /// writes with a trailing closure, written without it, leaves an argument out.
  let cardCallsWithClosures: Set<String>
  /// The closures written after each of the card's calls, by the call's name's token.
  let cardClosures: [Int: SDKIndex.TrailingClosures]
  /// The methods the card's conforming types declare, as written (`updateUIView(_:context:)`).
  let cardMethods: Set<String>
  /// The types the card's conforming types write for their properties and parameters, by
  /// ``Code/RequirementType/key``.
  let cardRequirementTypes: [String: Code.RequirementType]
  /// The operators the card passes as functions (``Code/operatorArguments()``).
  let cardOperatorArguments: [Code.OperatorArgument]
  let cardCallsByName: [String: [Code.WrittenCall]]
  /// Where the card's calls pass a string literal (`confirmationDialog`'s first argument): the
  /// card is right, whatever the index says.
  let cardStringArguments: Set<ArgumentPlace>

  /// An argument's place: the call's base name and the argument's position in its list.
  struct ArgumentPlace: Hashable {
    var call: String
    var position: Int
  }
  /// The card's comparisons of an ordering's two values (``Code/orderings()``).
  let cardOrderings: [Code.Ordering]
  /// The card's ranges open on one side (``Code/oneSidedRanges()``).
  let cardOneSidedRanges: [Code.OneSidedRange]
  /// The property wrappers the card writes bare that the index says cannot be: the card is
  /// right, whatever the index says (``bareWrappers(in:index:)``).
  let cardBareWrappers: Set<String>
  /// The names the card subscripts with a `default:` (``Code/defaultSubscripts()``).
  let cardDefaultSubscripts: Set<Substring>
  /// The members the card reads as properties (``Code/propertiesRead()``).
  let cardProperties: Set<Substring>
  /// The card's `for` loops (``Code/loops()``).
  let cardLoops: [Code.Loop]
  /// The card's question: the values it gives are asked for.
  let question: QuestionWords

  /// Prepares to check attempts at `card`, the code they are compared with.
  init(card: String, question: String = "", index: SDKIndex = .shipped) {
    self.init(card: Code(card), question: QuestionWords(question), index: index)
  }

  /// Prepares to check attempts at `card`, already read into tokens, asked by `question`: the
  /// types it gives the names it declares (``QuestionWords/types``) are the card's.
  init(card: Code, question: QuestionWords = QuestionWords(""), index: SDKIndex = .shipped) {
    self.index = index
    self.question = question
    let given = question.types
    let inferred = card.inferredTypes(index: index).merging(
      given.map { (Substring($0.key), $0.value) }
    ) { _, given in given }
    cardInferredTypes = inferred
    let cardTyped = card.typedNames(index: index).merging(inferred) { typed, _ in typed }
    cardMembers = Self.members(used: card, typed: cardTyped, index: index)
    // A marker covers a whole expression; it is for the calls in it that the index does not
    // know to be plain (`JSONDecoder()` and `.seconds(1)` beside `decode` and `sleep`).
    // Beside `async let` values, which need the marker where they are read, a marker is for
    // the calls the index knows to need it, not for the author's own (`ProfileCard(…)`).
    let readsAsyncLets = card.tokens.indices.dropLast().contains {
      card.text($0) == "async" && card.text($0 + 1) == "let"
    }
    let cardWritten = card.writtenCalls()
    // A method of a value the card does not type (`feed.reload()`): what the index declares of
    // other types' methods of that name says nothing of it; the card's marker does.
    let onValues = Set(
      cardWritten.filter { card.untypedReceiver(of: $0, types: cardTyped) != nil }.map {
        Substring($0.name)
      })
    markedOnValues = onValues
    func needs(_ effect: SDKIndex.Effect, _ name: Substring) -> Bool {
      if readsAsyncLets { return index.declares(effect, String(name)) }
      if onValues.contains(name) { return true }
      // By the labels the card calls it with: a declaration the call cannot be says nothing
      // (`NSItemProvider`'s `loadTransferable(type:completionHandler:)` for a photo's).
      return index.mayBe(effect, String(name))
        || cardWritten.contains { call in
          call.name == name
            && index.mayBe(
              effect, call.name, labels: call.labels, on: call.owner,
              trailing: card.trailingClosures(after: call.token))
        }
    }
    let macros = card.macroCalls()
    triedMacros = Set(macros.filter { card.isMarked($0, by: "try") }.map(card.text))
    awaitedMacros = Set(macros.filter { card.isMarked($0, by: "await") }.map(card.text))
    awaited = card.calls(marked: "await").filter { needs(.async, $0) }
    tried = card.calls(marked: "try").filter { needs(.throwing, $0) }
    cardNames = Set(
      card.tokens.indices.filter { card.tokens[$0].kind == .identifier }.map(card.text))
    cardReads = Set(card.readPositions().map(card.text))
    cardEnvironmentKeys = card.environmentKeys()
    cardCalls = Set(cardWritten.map(Self.callKey))
    let closures = Dictionary(
      cardWritten.map { ($0.token, card.trailingClosures(after: $0.token)) }
    ) { first, _ in first }
    cardClosures = closures
    cardCallsWithClosures = Set(
      cardWritten.map { Self.callKey($0) + Self.closureKey(closures[$0.token] ?? .init()) })
    cardMethods = card.conformingMethods()
    cardOperatorArguments = card.operatorArguments()
    // A requirement two of the card's types write with two types says nothing of either.
    let requirementTypes = Dictionary(grouping: card.requirementTypes(), by: \.key)
    cardRequirementTypes = requirementTypes.compactMapValues { written in
      Set(written.map(\.type)).count == 1 ? written[0] : nil
    }
    cardCallsByName = Dictionary(grouping: cardWritten, by: \.name)
    cardStringArguments = Set(
      cardWritten.flatMap { call in
        card.argumentValues(after: call.token).enumerated()
          .filter { card.tokens[$0.element].kind == .string }
          .map { ArgumentPlace(call: call.name, position: $0.offset) }
      })
    cardInoutParameters = card.inoutParameters().filter { !$0.value.isEmpty }
    cardFunctionModifiers = card.functionModifiers().filter { !$0.value.isEmpty }
    cardActors = Set(card.declaredTypeKinds().filter { $0.value == "actor" }.keys)
    cardOrderings = card.orderings()
    cardOneSidedRanges = card.oneSidedRanges()
    cardBareWrappers = Set(Self.bareWrappers(in: card, index: index))
    cardDefaultSubscripts = card.defaultSubscripts()
    cardProperties = card.propertiesRead()
    cardLoops = card.loops()
  }

  /// A call as the card's calls are kept: its signature (`background(alignment:)`), and for an
  /// initialiser its type's too (`Text`'s `init(_:)` is not `ContentUnavailableView`'s).
  static func callKey(_ call: Code.WrittenCall) -> String {
    call.name == "init" ? (call.owner ?? "") + "." + call.written : call.written
  }

  /// The closures written after a call, as a key: `{}` for an unlabelled one, then `label:{}`
  /// for each labelled one.
  static func closureKey(_ trailing: SDKIndex.TrailingClosures) -> String {
    (trailing.unlabelled ? "{}" : "") + trailing.labels.map { $0 + ":{}" }.joined()
  }

  /// What is wrong with an attempt: a finding's message, and whether it only touches an
  /// example value (`placeholder: "Dish"` for `prompt:`), which the attempt has right otherwise.
  struct Problem: Equatable, CustomStringConvertible {
    var message: String
    var isDetail = false
    /// Code that does not compile though the attempt recalls the API: a misspelling of the
    /// card's own member, a parameter without the card's `inout` (3, as the comparison grades
    /// a misspelt name).
    var isNearMiss = false
    /// For a deprecated API: its name and what replaces it, as ``Judgement/Finding`` has them.
    var deprecated: String?
    var replacement: String?
    var description: String { message }
  }

  /// Whether `name` is `other` with its last words left off (`scroll` of `scrollTo`), not
  /// a letter or two (`mapValue` of `mapValues`).
  static func isWordShort(_ name: String, of other: String) -> Bool {
    guard other.hasPrefix(name) else { return false }
    let rest = other.dropFirst(name.count)
    return rest.count > 2 || rest.first?.isUppercase == true
  }

  /// What is wrong with `attempt`, as findings' messages, the first most telling.
  func problems(in attempt: String) -> [String] { problems(in: Code(attempt)).map(\.message) }

  /// What is wrong with the attempt `typed`, the first most telling.
  func problems(in typed: Code, typedNames: [Substring: String]? = nil) -> [Problem] {
    var problems: [Problem] = []
    // The names' types, found once for both looks that need them.
    var types = typedNames ?? typed.typedNames(index: index)
    // The names the attempt binds, read once for the four looks that ask.
    let bound = typed.boundNames()
    if !cardInferredTypes.isEmpty {
      for (name, type) in cardInferredTypes where types[name] == nil && !bound.contains(name) {
        types[name] = type
      }
    }
    let uses = Self.members(used: typed, typed: types, index: index)
    // A type the attempt declares or extends (`extension Array { func chunked… }`) has what
    // the attempt gives it.
    let ownTypes = typed.declaredTypes()
    let ownOrExtended = ownTypes.union(typed.extendedTypes())
    for use in uses where !use.exists && !ownOrExtended.contains(Substring(use.type)) {
      // What the card itself uses is right, whatever the index says: it may be newer than the
      // index's source.
      if cardMembers.contains(where: { $0.type == use.type && $0.written == use.written }) {
        continue
      }
      // A misspelling of what the card uses there (`continuation.yeild`, `size.widht`) recalls
      // the member: 3 at most, as the comparison grades a misspelt name, and so in a part the
      // comparison takes as the author's too (a frame's width). A name a word short or with
      // other labels (`scroll(to:)`) names another member; one a letter short (`mapValue`)
      // is misspelt.
      if let theirs = cardMembers.first(where: {
        $0.type == use.type && !Self.isWordShort(use.name, of: $0.name)
          && $0.written.dropFirst($0.name.count) == use.written.dropFirst(use.name.count)
          && (Matching.isMisspelling(use.name, of: $0.name)
            || Matching.isWordwiseMisremembered(use.name, of: $0.name))
      }) {
        problems.append(
          Problem(
            message:
              "`\(use.written)` looks like a typo for `\(theirs.written)`: `\(SDKIndex.displayed(use.type))` has no `\(use.written)`",
            isNearMiss: true))
        continue
      }
      // A property called as a method (`proxy.size()`) recalls the member: 3, as a typo.
      if use.written == use.name + "()",
        index.members(named: use.name, of: use.type).contains(where: { !$0.isCall && !$0.isStatic })
      {
        problems.append(
          Problem(
            message: "`\(use.name)` of `\(use.type)` is a property, not a method: no `()`",
            isNearMiss: true))
        continue
      }
      // A type whose members were read from a partial source (the open-source Foundation's
      // `URLSession`, an interface older than the SDK) may have the member on iOS.
      if index.hasOlderSource(use.type) { continue }
      if isOptionalsOwn(use.name) { continue }
      // The card's member with a misspelt label (`data(form:)`) is recalled too.
      if cardMembers.contains(where: {
        $0.type == use.type && $0.name == use.name
          && Self.labelsAreMisspelt(use.written, of: $0.written)
      }) {
        continue
      }
      var message = "`\(SDKIndex.displayed(use.type))` has no `\(use.written)`"
      // The card's member nearest to it: a call for a call, the longest shared start.
      let theirs = cardMembers.filter { $0.type == use.type && $0.exists }.max { x, y in
        Self.nearness(x, to: use) < Self.nearness(y, to: use)
      }
      if let theirs { message += "; the card uses `\(theirs.declared!)`" }
      problems.append(Problem(message: message))
    }
    problems += assignedGetOnly(uses, in: typed)
    problems += testArgumentProblems(in: typed)
    problems += hashingProblems(in: typed)
    problems += unreachableCases(in: typed)
    problems += unknownCases(in: typed, types: types).map { Problem(message: $0) }
    let calls = typed.writtenCalls()
    problems += unknownLabels(calls, handedIn: uses, ownTypes: ownTypes, in: typed)
    problems += unknownMacroLabels(calls, ownTypes: ownTypes, in: typed)
    problems += missingArguments(calls, handedIn: uses, ownTypes: ownTypes, in: typed)
    problems += mistypedArguments(
      calls, handedIn: uses, ownTypes: ownTypes, types: types, bound: bound, in: typed)
    problems += deprecations(calls, handedIn: uses, in: typed)
    problems += typed.misspeltOwnCalls(calls, bound: bound, index: index, besides: cardNames).map {
      Problem(message: $0, isNearMiss: true)
    }
    problems += typed.misspeltReads(
      bound: bound, index: index, card: cardNames, reads: cardReads
    ).map {
      Problem(message: $0, isNearMiss: true)
    }
    // A key misspelt from the card's is recalled: the comparison grades the typo.
    problems += typed.unknownEnvironmentKeys(index: index)
      .filter { key in
        !cardEnvironmentKeys.contains { Matching.isMisspelling(String(key), of: String($0)) }
      }
      .map { Problem(message: "`EnvironmentValues` has no `\($0)`") }
    problems += languageProblems(in: typed, types: types)
    problems += misnamedRequirements(in: typed)
    problems += environmentActionProblems(in: typed)
    problems += mistypedRequirements(in: typed)
    problems += mistakenOperators(calls, in: typed)
    problems += propertiesCalled(in: typed, handedIn: uses)
    problems += unmarkedCalls(calls, ownTypes: ownTypes, types: types, in: typed)
    return problems
  }

  /// Whether `name` is one of the members `Optional` has as an optional (`map`,
  /// `unsafelyUnwrapped`, `.none`), which the index cannot tell from those it has as a view or
  /// a gesture: the index drops a member's optionality, so a value typed by what a call
  /// returns (`calendar.date(byAdding:…)`) may be an optional.
  func isOptionalsOwn(_ name: String) -> Bool {
    Self.optionalMembers.contains(name) && !index.ownMembers(named: name, of: "Optional").isEmpty
  }

  static let optionalMembers: Set<String> = [
    "map", "flatMap", "unsafelyUnwrapped", "none", "some", "take",
  ]

  /// How near the card's member `theirs` is to the attempt's `use`: the same kind (a call or a
  /// property) first, then the length of the start their names share.
  static func nearness(_ theirs: MemberUse, to use: MemberUse) -> Int {
    let sameKind = theirs.written.contains("(") == use.written.contains("(")
    let shared = zip(theirs.name, use.name).prefix { $0 == $1 }.count
    return (sameKind ? 1000 : 0) + shared
  }

  /// What the language rejects in `typed`, whatever the card: a loop over an asynchronous
  /// sequence without `await` (or `try`, where it throws), an `@Observable` class under a wrapper
  /// that takes an `ObservableObject`, a `$name` of a property without a wrapper.
  private func languageProblems(in typed: Code, types: [Substring: String]) -> [Problem] {
    var problems = typed.unawaitedLoops(types: types, index: index).map { name in
      Problem(message: "`\(name)` is an asynchronous sequence: it is read with `for await`")
    }
    problems += typed.untriedLoops(types: types).map { name in
      Problem(message: "`\(name)` can throw: it is read with `for try await`")
    }
    for problem in unmarkedLoops(in: typed)
    where !problems.contains(where: { $0.message == problem.message }) {
      problems.append(problem)
    }
    problems += typed.objectWrappersOnObservable()
      .filter { !cardNames.contains($0.wrapper) }
      .map { wrapper, type in
        Problem(
          message:
            "`@\(wrapper)` takes an `ObservableObject`: `\(type)` is `@Observable`, held in `@State`"
        )
      }
    problems += turnedRound(in: typed)
    problems += bareWrapperProblems(in: typed)
    problems += optionalSubscriptProblems(in: typed)
    problems += typed.unmarkedFunctions().map { function, missing, effect in
      Problem(message: "`\(function)` uses `\(effect)` but is not marked `\(missing)`")
    }
    // A parameter the card's function changes in place, declared without `inout`: assigning
    // to it does not compile.
    if !cardInoutParameters.isEmpty {
      for (function, parameters) in typed.inoutParameters() {
        guard let theirs = cardInoutParameters[function], parameters.count < theirs.count else {
          continue
        }
        problems.append(
          Problem(
            message:
              "`\(theirs.sorted()[0])` of `\(function)` is declared without `inout`: the card changes it in place",
            isNearMiss: true))
      }
    }
    if !cardActors.isEmpty {
      for (name, kind) in typed.declaredTypeKinds().sorted(by: { $0.key < $1.key })
      where kind != "actor" && cardActors.contains(name) {
        problems.append(
          Problem(message: "`\(kind) \(name)` where the card declares `actor \(name)`"))
      }
    }
    // A declaration that does not compile where it stands, though the attempt knows the API.
    problems += typed.misdeclaredFunctions(card: cardFunctionModifiers).map {
      Problem(message: $0, isNearMiss: true)
    }
    problems += typed.unwrappedProjections().map { name in
      Problem(
        message: "`$\(name)` projects nothing: `\(name)` is declared without a property wrapper")
    }
    return problems
  }

  /// Whether two signatures of one name differ only by labels each a misspelling of the other's:
  /// `data(form:)` for `data(from:)`.
  static func labelsAreMisspelt(_ typed: String, of card: String) -> Bool {
    func labels(_ signature: String) -> [String] {
      guard let open = signature.firstIndex(of: "(") else { return [] }
      return signature[signature.index(after: open)...].split(separator: ":").map(String.init)
        .filter { $0 != ")" }
    }
    let (mine, theirs) = (labels(typed), labels(card))
    return mine.count == theirs.count && mine != theirs
      && zip(mine, theirs).allSatisfy { $0 == $1 || Matching.isLabelMisspelling($0, of: $1) }
  }

  /// The declarations a call of `typed` may be, and the type they are of (empty for an implicit
  /// member, which may be of any): nil where the index cannot say which calls there are.
  func declarations(
    of call: Code.WrittenCall, in typed: Code
  ) -> (owner: String, members: [SDKIndex.Member])? {
    // After a `)`, a method of the value the chain starts with (`DragGesture().updating`),
    // where views have no such modifier.
    var written = call.owner
    // Or of a chain whose value is no view (`LineMark(…).foregroundStyle(by:)`, a chart's),
    // asked only where a type other than a view declares the name: a walk down the chain costs.
    if written == "View" {
      let isModifier = index.hasMember(named: call.name, of: "View")
      if !isModifier || index.isDeclaredBeyondViews(call.name),
        let root = typed.receiverType(before: call.token - 1, index: index),
        !isModifier
          || (root != "View" && index.describes(root)
            && !index.supertypes(of: root).contains("View"))
      {
        written = root
      }
    }
    if written == "-" {
      // A free function (`zip(_:_:)`), unless the code declares its own of that name.
      guard !typed.declaresFunction(named: call.name) else { return nil }
      let members = index.members(named: call.name, of: "-").filter { $0.isCall && !$0.isMacro }
      return members.isEmpty ? nil : ("-", members)
    }
    if let written {
      guard index.describes(written), !index.hasOlderSource(written) else {
        return nil
      }
      return (written, index.members(named: call.name, of: written).filter(\.isCall))
    }
    guard call.isImplicit else { return nil }
    // The type the argument it starts is passed as: `.adaptive(minimum:)` in `GridItem(…)` is
    // `GridItem.Size`'s.
    if let type = contextType(of: call, in: typed), index.describes(type),
      !index.hasOlderSource(type)
    {
      // A case with a payload is called as a function is.
      let members = index.members(named: call.name, of: type).filter {
        $0.isCall || ($0.isCase && !$0.labels.isEmpty)
      }
      if !members.isEmpty { return (type, members) }
    }
    guard cardNames.contains(Substring(call.name)) else { return nil }
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
  private func deprecations(
    _ calls: [Code.WrittenCall], handedIn uses: [MemberUse], in typed: Code
  ) -> [Problem] {
    var problems: [Problem] = []
    for call in calls
    where index.hasDeprecated(call.name) && !cardCalls.contains(Self.callKey(call)) {
      var owner = uses.first { $0.token == call.token }?.type ?? call.owner
      // After a `)` the value may be other than a view (`JSONDecoder().decode`).
      if owner == "View", !index.hasMember(named: call.name, of: "View") { owner = nil }
      guard
        let (replacement, declared) = index.deprecation(
          of: call.name, labels: call.labels, on: owner,
          trailing: typed.trailingClosures(after: call.token))
      else { continue }
      let replacementName = replacement.map { String($0.prefix { $0 != "(" }) }
      func note(_ message: String, replacement: String?) {
        problems.append(
          Problem(
            message: message, deprecated: call.name,
            replacement: replacement == call.name ? nil : replacement))
      }
      if let replacementName, cardNames.contains(Substring(replacementName)) {
        note(
          "`\(declared)` is deprecated: the card uses `\(replacement!)`",
          replacement: replacementName)
      } else if let theirs = cardCallsByName[call.name]?.first {
        note("`\(declared)` is deprecated: the card uses `\(theirs.written)`", replacement: nil)
      } else if cardNames.contains(Substring(call.name)) {
        note("`\(declared)` is deprecated: the card uses another `\(call.name)`", replacement: nil)
      }
    }
    return problems
  }

  /// Whether a value of `type` can be called: a function, or a type with `callAsFunction`
  /// (`DismissAction`); so where the index does not say.
  static func isCallable(_ type: String?, index: SDKIndex) -> Bool {
    guard let type, !type.isEmpty, index.describes(type) else { return true }
    return index.hasMember(named: "callAsFunction", of: type)
  }
}
