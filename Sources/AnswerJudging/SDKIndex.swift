import CardDeck

/// What the SDK declares, generated from real declarations by `Scripts/sdk-index/generate.py`:
/// types, conformances, and each type's members with their argument labels, effects and types.
/// A nested type goes by its qualified name (`DragGesture.Value`, `TimelineView.Context`).
///
/// The judge asks it what a value an API hands in (a `ScrollViewProxy`, a `TaskGroup`) can do,
/// which calls are `async` or throwing, and what type a member has. A name it does not know is
/// not taken to be wrong: the index is as old as its sources (docs/judging.md, "The SDK index").
public struct SDKIndex: Sendable {
  /// One declared member: a method, initialiser, property, case, macro or nested type.
  public struct Member: Sendable {
    /// The base name: `scrollTo`, `init`, `horizontalSizeClass`.
    public var name: String
    /// The argument labels, `_` for an unlabelled argument; empty for a property.
    public var labels: [String]
    /// Whether it is a method, initialiser or subscript, as opposed to a property or case.
    public var isCall: Bool
    /// Whether it is a macro (`Observable()`, `expect(_:_:sourceLocation:)`): owned by `-`, and
    /// neither a call nor a property.
    public var isMacro: Bool
    /// Whether it is declared `static` or `class`.
    public var isStatic: Bool
    /// Whether it is an enumeration's case.
    public var isCase = false
    /// Whether calling it needs `await`.
    public var isAsync: Bool
    /// Whether calling it needs `try`.
    public var isThrowing: Bool
    /// Whether the declaration marks it deprecated on iOS or everywhere.
    public var isDeprecated: Bool
    /// Whether it is a property no code outside its type can assign: a `let`, or `{ get }`.
    public var isGetOnly = false
    /// What replaces it, as the declaration says (`navigationTitle(_:)`), when deprecated.
    public var replacement: String?
    /// For each argument that takes a closure: its label and the types it hands the closure.
    public var closureParameters: [(label: String, types: [String])]
    /// A property's type, or what a call returns, as a nominal type's name without generic
    /// arguments or optionality (`CGSize`, `OpenURLAction`, `DragGesture.Value`; `Self` for the
    /// type it is asked of); nil where the declaration gives none (a function type, a tuple, a
    /// generic parameter) or the index's source did not say.
    public var type: String?
    /// What a call must pass for each parameter, in order; nil where the index's source did
    /// not say.
    public var parameters: [Parameter]?
    /// Each parameter's type, as ``type`` gives a member's (nil for a generic parameter, a
    /// closure, or one the source did not say); nil where the index says nothing of them.
    public var parameterTypes: [String?]? = nil
    /// Each parameter's default value where its declaration gives a simple one (`true`,
    /// `.center`, `nil`), as written; nil where the index says nothing of them.
    public var parameterDefaults: [String?]? = nil

    /// Whether a call written with `labels` may be one of this member: its labels in order, the
    /// rest defaulted, a variadic parameter given several values.
    func accepts(written labels: [String]) -> Bool {
      let variadic = Set(parameters?.indices.filter { parameters![$0] == .variadic } ?? [])
      return SDKIndex.accepts(self.labels, written: labels, variadic: variadic)
    }

    /// Whether a call written with `labels` is this member with nothing left out but what has
    /// a default: `accepts(written:)`, and no required parameter missing. False where the
    /// index does not say which parameters have defaults.
    func takes(written labels: [String]) -> Bool {
      guard let parameters, parameters.count == self.labels.count, accepts(written: labels)
      else { return false }
      return zip(self.labels, parameters).allSatisfy { label, parameter in
        parameter.isOptional || labels.contains(label)
      }
    }

    /// The member as Swift names it: `scrollTo(_:anchor:)`, or the bare name of a property.
    public var signature: String {
      isCall || !labels.isEmpty ? name + "(" + labels.map { $0 + ":" }.joined() + ")" : name
    }
  }

  /// Declared type names.
  public private(set) var types: Set<String> = []
  /// For a type, the protocols it conforms to.
  public private(set) var conformances: [String: [String]] = [:]
  /// The types declared as protocols.
  private var protocolNames: Set<String> = []
  /// For a type (`-` for free functions), its members' lines in the listing's order, by
  /// signature, so that one base name's lines stand together (`(` sorts before any character
  /// of a name). They are split into fields and read into ``Member``s only when asked for.
  private(set) var memberLines: [Substring: [MemberLine]] = [:]

  /// A member's line in the listing, and its signature, the field it is looked up by.
  struct MemberLine: Sendable {
    var signature: Substring
    var line: Substring

    /// The line's tab-separated fields: `M`, the owner, the signature, the flags, and those
    /// that follow.
    var fields: [Substring] {
      line.utf8.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map(
        Substring.init)
    }
  }

  /// Base names of calls, and of types for their initialisers (a nested type's own name), by
  /// what the index says of them.
  private var calls: [Effect: Set<Substring>] = [:]
  /// The base names some declaration of which is deprecated: most names are not, and need no
  /// look through every type.
  private var deprecatedNames: Set<Substring> = []
  /// Answers by name read from every type's lines, kept for the index's life.
  let caches = Caches()

  /// What is read by name from every type, shared by the copies of an index.
  final class Caches: Sendable {
    /// ``callsOnAnyType(named:)``'s answers.
    let calls = Memo<[Member]>()
    /// ``types(declaring:)``'s answers.
    let owners = Memo<Set<String>>()
    /// ``staticValueName(of:)``'s answers.
    let staticValues = Memo<String?>()
    /// ``closureParameterTypes(call:on:label:count:followedBy:)``'s answers: a card and its
    /// attempts ask of the same calls, and each answer reads every overload's fields.
    let closureTypes = Memo<[String]?>()
    /// ``memberType(named:labels:on:)``'s answers, for the same reason.
    let memberTypes = Memo<String?>()
    /// ``members(named:of:)``'s answers: the checks of one attempt ask of each call thrice.
    let members = Memo<[Member]>()
    /// ``memberNames(of:)``'s answers: every attempt that reads the environment asks for the
    /// hundreds of `EnvironmentValues`.
    let memberNames = Memo<Set<String>>()
    /// The base names of every member of every type, under one key (``declaresMember(named:)``).
    let allMemberNames = Memo<Set<String>>()
    /// The argument labels of every member, under one key (``declaresLabel(_:)``).
    let allLabels = Memo<Set<Substring>>()
    /// ``areTheOnlyCases(_:_:)``'s answers.
    let onlyCases = Memo<Bool>()
  }

  /// The types some of whose members were read from an interface older than the SDK, or from
  /// the open-source Foundation (flag `o`): what the index says is missing there may be on iOS.
  private var olderSourceTypes: Set<Substring> = []

  /// What a call may need marking for.
  public enum Effect: Hashable, Sendable {
    /// Declared at all: neither of the others may be true of a name not declared.
    case declared, async, throwing
  }

  /// The index shipped with quiz.
  public static let shipped = SDKIndex(listing: listing)

  /// Reads a listing: tab-separated lines `T name kind`, `: type protocol`, and
  /// `M owner signature flags [closures [ios [replacement [type [parameters]]]]]`.
  public init(listing: String) {
    var declared: Set<Substring> = []
    var async: Set<Substring> = []
    var throwing: Set<Substring> = []
    // Lines and fields are found by their bytes: the listing is ASCII, and splitting it by
    // Characters costs more than all the rest of the load (docs/performance.md). Only the
    // first four fields are looked at here, by the tabs before them, with no array a line.
    let utf8 = listing.utf8
    var tabs: [String.Index] = []
    tabs.reserveCapacity(4)
    // One type's lines stand together in the listing: they are gathered, then stored at once.
    var owner: Substring = ""
    var ownerLines: [MemberLine] = []
    var conformer: Substring = ""
    var protocols: [String] = []
    var lineStart = utf8.startIndex
    var index = utf8.startIndex
    while index != utf8.endIndex {
      let byte = utf8[index]
      let next = utf8.index(after: index)
      if byte == UInt8(ascii: "\t"), tabs.count < 4 { tabs.append(index) }
      guard byte == UInt8(ascii: "\n") || next == utf8.endIndex else {
        index = next
        continue
      }
      let lineEnd = byte == UInt8(ascii: "\n") ? index : next
      // The field after the `number`th tab, up to the next tab or the line's end.
      func field(_ number: Int) -> Substring {
        listing[
          utf8.index(after: tabs[number - 1])..<(number < tabs.count ? tabs[number] : lineEnd)]
      }
      let kind = tabs.first.map { listing[lineStart..<$0] }
      switch kind {
      case "T" where tabs.count >= 1:
        types.insert(String(field(1)))
        if tabs.count >= 2, field(2) == "p" { protocolNames.insert(String(field(1))) }
      case ":" where tabs.count >= 2:
        let type = field(1)
        if type != conformer {
          if !protocols.isEmpty { conformances[String(conformer), default: []] += protocols }
          conformer = type
          protocols = []
        }
        protocols.append(String(field(2)))
      case "M" where tabs.count >= 3:
        let lineOwner = field(1)
        if lineOwner != owner {
          if !ownerLines.isEmpty { memberLines[owner, default: []] += ownerLines }
          owner = lineOwner
          ownerLines = []
        }
        let signature = field(2)
        let flags = field(3).utf8
        ownerLines.append(MemberLine(signature: signature, line: listing[lineStart..<lineEnd]))
        if flags.contains(UInt8(ascii: "o")) { olderSourceTypes.insert(owner) }
        if flags.contains(UInt8(ascii: "d")) { deprecatedNames.insert(Self.baseName(signature)) }
        guard let name = Self.calledName(signature, flags: flags, owner: owner) else { break }
        declared.insert(name)
        if flags.contains(UInt8(ascii: "a")) { async.insert(name) }
        if flags.contains(UInt8(ascii: "t")) { throwing.insert(name) }
      default: break
      }
      tabs.removeAll(keepingCapacity: true)
      lineStart = next
      index = next
    }
    if !ownerLines.isEmpty { memberLines[owner, default: []] += ownerLines }
    if !protocols.isEmpty { conformances[String(conformer), default: []] += protocols }
    calls = [.declared: declared, .async: async, .throwing: throwing]
  }

  /// The name a member of `owner` with `signature` and `flags` is called by, nil when it is
  /// not called as a function: a property or a nested type that shares a method's name
  /// (MapKit's `results`) says nothing of an author's `loader.results(for:)`; nor does a macro,
  /// as `try #require(…)` throws where its declaration does not. An initialiser is called by its
  /// type's own name: `Parser()`, `.init` of `ASCII.Parser`.
  private static func calledName(
    _ signature: Substring, flags: Substring.UTF8View, owner: Substring
  ) -> Substring? {
    let base = baseName(signature)
    let isCall =
      flags.contains(UInt8(ascii: "f")) || flags.contains(UInt8(ascii: "i"))
      || (flags.contains(UInt8(ascii: "c")) && base.endIndex != signature.endIndex)
    guard isCall else { return nil }
    guard base == "init" else { return base }
    return owner.utf8.lastIndex(of: UInt8(ascii: ".")).map { owner[owner.utf8.index(after: $0)...] }
      ?? owner
  }

  /// Whether a call of `name` (a function's base name, or a type's for its initialiser) may
  /// have `effect`: some declaration of that name has it, or none is known.
  public func mayBe(_ effect: Effect, _ name: String) -> Bool {
    let name = Substring(name)
    return !(calls[.declared]?.contains(name) ?? false) || calls[effect]?.contains(name) ?? false
  }

  /// Whether some declaration named `name` is known to have `effect`.
  public func declares(_ effect: Effect, _ name: String) -> Bool {
    calls[effect]?.contains(Substring(name)) ?? false
  }

  /// Whether a call of `name` with `labels` as written, on `owner` (nil: any type) may have
  /// `effect`: a declaration it may call has it, or none is known.
  public func mayBe(
    _ effect: Effect, _ name: String, labels: [String], on owner: String?,
    trailing: TrailingClosures = .init()
  ) -> Bool {
    let candidates =
      owner.map { members(named: name, of: $0) }
      ?? memberLines.keys.flatMap { ownMembers(named: name, of: String($0)) }
    // Not one that needs an argument the call leaves out: `NSItemProvider`'s
    // `loadTransferable(type:completionHandler:)` is not the `loadTransferable(type:)` called.
    let called = candidates.filter {
      $0.isCall && Self.fits($0, written: labels, trailing: trailing)
    }
    return called.isEmpty || called.contains { effect == .async ? $0.isAsync : $0.isThrowing }
  }

  /// The members named `name` of every type, each with its owner: what an implicit member
  /// (`.periodic(from:by:)`) may be.
  public func membersOfAnyType(named name: String) -> [(owner: String, member: Member)] {
    memberLines.keys.flatMap { owner in
      ownMembers(named: name, of: String(owner)).map { (String(owner), $0) }
    }
  }

  /// Calls `body` with each member's owner, base name and flags (`fs`: a static method), read
  /// from the listing without making a ``Member`` of each: the vocabulary takes its names so,
  /// once a process.
  public func forEachMember(
    _ body: (_ owner: Substring, _ name: Substring, _ flags: Substring) -> Void
  ) {
    for (owner, lines) in memberLines {
      for member in lines {
        // The flags are the fourth field: after the third tab.
        let utf8 = member.line.utf8
        var tabs = 0
        var start = utf8.startIndex
        var end = utf8.endIndex
        for index in utf8.indices where utf8[index] == UInt8(ascii: "\t") {
          tabs += 1
          if tabs == 3 { start = utf8.index(after: index) }
          if tabs == 4 {
            end = index
            break
          }
        }
        guard tabs >= 3 else { continue }
        body(owner, Self.baseName(member.signature), member.line[start..<end])
      }
    }
  }

  /// Every name the index declares: types and members' base names.
  public var names: Set<String> {
    types.union(memberLines.values.joined().map { String(Self.baseName($0.signature)) })
  }

  /// The members `type` declares itself (not through its protocols) named `name`.
  public func ownMembers(named name: String, of type: String) -> [Member] {
    lines(named: name, of: type).map { Self.member($0.fields) }
  }

  /// The lines of `type`'s own members named `name`.
  func lines(named name: String, of type: String) -> ArraySlice<MemberLine> {
    guard let lines = memberLines[Substring(type)] else { return [] }
    let name = Substring(name)
    // The first line whose base name is not below `name`, then the run that has it.
    var low = 0
    var high = lines.count
    while low < high {
      let middle = (low + high) / 2
      if Self.baseName(lines[middle].signature) < name { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < lines.count, Self.baseName(lines[end].signature) == name { end += 1 }
    return lines[low..<end]
  }

  static func baseName(_ signature: Substring) -> Substring {
    signature.utf8.firstIndex(of: UInt8(ascii: "(")).map { signature[..<$0] } ?? signature
  }

  /// A member, from its line's fields.
  static func member(_ fields: [Substring]) -> Member {
    let signature = fields[2]
    let flags = fields[3]
    var name = Substring(signature)
    var labels: [String] = []
    if let open = signature.firstIndex(of: "("), signature.hasSuffix(")") {
      name = signature[..<open]
      labels = signature[signature.index(after: open)..<signature.index(before: signature.endIndex)]
        .split(separator: ":").map(String.init)
    }
    let closures = Self.closures(fields).map { (String($0.label), $0.types.map(String.init)) }
    let replacement =
      fields.count > 6 && !fields[6].isEmpty && fields[6] != "?" ? String(fields[6]) : nil
    let type = fields.count > 7 && !fields[7].isEmpty && fields[7] != "?" ? String(fields[7]) : nil
    // A letter a parameter; none where a letter is not known.
    let codes = fields.count > 8 ? fields[8].utf8 : Substring().utf8
    let parameters = codes.compactMap(Parameter.init(code:))
    // `Type` or `Type=default`, `_` for no type.
    let typeFields =
      fields.count > 9 && !fields[9].isEmpty
      ? fields[9].split(separator: ",", omittingEmptySubsequences: false) : nil
    let parameterTypes = typeFields?.map { field -> String? in
      let type = field.prefix { $0 != "=" }
      return type == "_" ? nil : String(type)
    }
    let parameterDefaults = typeFields?.map { field -> String? in
      field.firstIndex(of: "=").map { String(field[field.index(after: $0)...]) }
    }
    return Member(
      name: String(name), labels: labels, isCall: flags.contains("f") || flags.contains("i"),
      isMacro: flags.contains("m"), isStatic: flags.contains("s"), isCase: flags.contains("c"),
      isAsync: flags.contains("a"),
      isThrowing: flags.contains("t"), isDeprecated: flags.contains("d"),
      isGetOnly: flags.contains("g"), replacement: replacement, closureParameters: closures,
      type: type,
      // `()` says itself that nothing is needed.
      parameters: signature.hasSuffix("()")
        ? [] : !codes.isEmpty && parameters.count == codes.count ? parameters : nil,
      parameterTypes: parameterTypes?.count == labels.count ? parameterTypes : nil,
      parameterDefaults: parameterDefaults?.count == labels.count ? parameterDefaults : nil)
  }

  /// The closure arguments of a member's line: each one's label and the types it is handed.
  static func closures(_ fields: [Substring]) -> [(label: Substring, types: [Substring])] {
    guard fields.count > 4 else { return [] }
    return fields[4].split(separator: ";").compactMap { entry in
      guard let colon = entry.firstIndex(of: ":") else { return nil }
      return (entry[..<colon], entry[entry.index(after: colon)...].split(separator: ","))
    }
  }

  /// Whether the index declares `type` and says what at least one of its members is: only
  /// then can it say that a member is not there.
  public func describes(_ type: String) -> Bool {
    types.contains(type) && !(memberLines[Substring(type)]?.isEmpty ?? true)
  }

  /// Whether `type` is a protocol the index declares.
  public func isProtocol(_ type: String) -> Bool { protocolNames.contains(type) }

  /// The base names of the members of `type` and of the protocols it conforms to.
  public func memberNames(of type: String) -> Set<String> {
    caches.memberNames.value(for: type) { readMemberNames(of: type) }
  }

  private func readMemberNames(of type: String) -> Set<String> {
    var names: Set<String> = []
    var seen: Set<String> = []
    var queue = [type]
    while let next = queue.popLast() {
      guard seen.insert(next).inserted else { continue }
      for line in memberLines[Substring(next)] ?? [] {
        names.insert(String(Self.baseName(line.signature)))
      }
      queue += conformances[next] ?? []
    }
    return names
  }

  /// The types that declare, themselves, a member of every name in `names`: what a value the
  /// code uses so may be (`insert` and `save`: `ModelContext`).
  public func types(declaringAll names: Set<String>) -> [String] {
    var found: Set<String>?
    for name in names {
      let declaring = types(declaring: name)
      found = found?.intersection(declaring) ?? declaring
      if found!.isEmpty { break }
    }
    return found.map { Array($0) } ?? []
  }

  /// Whether a type that is not a view declares a member named `name` (`foregroundStyle(by:)`
  /// of a chart's marks).
  /// With `visualEffects`, `VisualEffect`'s members (the effects `visualEffect(_:)` applies to
  /// a view's content) count as views'.
  public func isDeclaredBeyondViews(_ name: String, visualEffects: Bool = false) -> Bool {
    types(declaring: name).contains {
      $0 != "View" && !supertypes(of: $0).contains("View")
        && !(visualEffects && $0 == "VisualEffect")
    }
  }

  /// The types that declare, themselves, a member named `name`; read once for each name.
  func types(declaring name: String) -> Set<String> {
    caches.owners.value(for: name) {
      var found: Set<String> = []
      for owner in memberLines.keys
      where owner != "-" && !lines(named: name, of: String(owner)).isEmpty {
        found.insert(String(owner))
      }
      return found
    }
  }

  /// Whether `type`, or a protocol it conforms to, declares a member named `name`; cheaper than
  /// reading ``members(named:of:)``.
  public func hasMember(named name: String, of type: String) -> Bool {
    var seen: Set<String> = []
    var queue = [type]
    while let next = queue.popLast() {
      guard seen.insert(next).inserted else { continue }
      if !lines(named: name, of: next).isEmpty { return true }
      queue += conformances[next] ?? []
    }
    return false
  }

  /// The members of `type` named `name`, its own and those its protocols give it.
  public func members(named name: String, of type: String) -> [Member] {
    caches.members.value(for: type + "\u{1}" + name) {
      var found: [Member] = []
      var seen: Set<String> = []
      var queue = [type]
      while let next = queue.popLast() {
        guard seen.insert(next).inserted else { continue }
        found += ownMembers(named: name, of: next)
        queue += conformances[next] ?? []
      }
      return found
    }
  }

  /// The types `type` conforms to, directly or through others.
  public func supertypes(of type: String) -> [String] {
    var found: [String] = []
    var queue = conformances[type] ?? []
    while let next = queue.popLast() {
      guard !found.contains(next) else { continue }
      found.append(next)
      queue += conformances[next] ?? []
    }
    return found
  }

  /// The type of the member `name` of `type`: a property's (`labels` nil), or what a call with
  /// `labels` as written returns (`_` for an argument without one, a trailing closure left out),
  /// as ``Member/type`` gives it: `OpenURLAction` for `EnvironmentValues`' `openURL`, `CGSize`
  /// for `DragGesture.Value`'s `translation`, `Self` for the receiver's own type. The members
  /// `type` declares itself are asked first, then those of its protocols, nearest first: the
  /// first that declare such a member answer, and only when every one they declare agrees;
  /// nil when none says.
  public func memberType(named name: String, labels: [String]?, on type: String) -> String? {
    let key = [type, name, labels.map { $0.joined(separator: ",") } ?? "\u{2}"]
      .joined(separator: "\u{1}")
    return caches.memberTypes.value(for: key) {
      readMemberType(named: name, labels: labels, on: type)
    }
  }

  private func readMemberType(named name: String, labels: [String]?, on type: String) -> String? {
    var seen: Set<String> = []
    var level = [type]
    while !level.isEmpty {
      var next: [String] = []
      var answer: String?
      for owner in level where seen.insert(owner).inserted {
        for line in lines(named: name, of: owner) {
          let fields = line.fields
          let member = Self.member(fields)
          if let labels {
            guard member.isCall || (!member.isMacro && !member.labels.isEmpty),
              member.accepts(written: labels)
            else { continue }
          } else {
            guard !member.isCall, !member.isMacro, member.labels.isEmpty,
              !fields[3].utf8.contains(UInt8(ascii: "k"))
            else { continue }
          }
          guard let memberType = member.type, answer == nil || answer == memberType else {
            return nil
          }
          answer = memberType
        }
        next += conformances[owner] ?? []
      }
      if let answer { return answer }
      level = next
    }
    return nil
  }

  /// Whether some of `type`'s members were read from a source that may lack some of the SDK's.
  public func hasOlderSource(_ type: String) -> Bool {
    olderSourceTypes.contains(Substring(type))
  }

  /// Whether some declaration named `name` is deprecated: most names are not.
  public func hasDeprecated(_ name: String) -> Bool { deprecatedNames.contains(Substring(name)) }

  /// Whether a call of `name` with `labels` as written (`_` for an argument without one, a
  /// trailing closure left out) is deprecated on `owner` and what it conforms to, or on every
  /// type when `owner` is nil: every declaration it may call is, and there is one. The
  /// replacement is the first one a declaration names.
  public func deprecation(
    of name: String, labels: [String], on owner: String?, trailing: TrailingClosures = .init()
  ) -> (replacement: String?, declared: String)? {
    guard deprecatedNames.contains(Substring(name)) else { return nil }
    let candidates = owner.map { members(named: name, of: $0) } ?? callsOnAnyType(named: name)
    // Not one that needs an argument the call leaves out (`animation(_:value:)` for
    // `.animation(.default)`).
    let called = candidates.filter {
      $0.isCall && Self.fits($0, written: labels, trailing: trailing)
    }
    guard let first = called.first, called.allSatisfy(\.isDeprecated) else { return nil }
    return (called.lazy.compactMap(\.replacement).first, first.signature)
  }

  /// Whether some type, or the free functions, declares a member named `name`: one look in the
  /// names of every member, gathered once (asking each type costs 2 ms a name, and an attempt
  /// may write thousands).
  public func declaresMember(named name: String) -> Bool {
    caches.allMemberNames.value(for: "") {
      Set(memberLines.values.joined().map { String(Self.baseName($0.signature)) })
    }.contains(name)
  }

  /// Whether the index declares `name` on some type and only as a property: `name()` calls
  /// nothing, whatever the value it is read from.
  public func declaresOnlyProperty(named name: String) -> Bool {
    callsOnAnyType(named: name).isEmpty && !types(declaring: name).isEmpty
  }

  /// The calls named `name` that any type declares, read once for each name: a call whose
  /// owner the code does not say may be any of them, and a name such as `init` has thousands,
  /// each a ``Member`` to make.
  private func callsOnAnyType(named name: String) -> [Member] {
    caches.calls.value(for: name) {
      memberLines.keys.flatMap { ownMembers(named: name, of: String($0)) }.filter(\.isCall)
    }
  }

  /// Whether a call written with `labels` may be one to a declaration with `declared`: the
  /// written labels in order, the rest defaulted or a trailing closure. Unlabelled arguments
  /// after a parameter the index marks variadic (`variadic`, by position) are more of its
  /// values (`ModelContainer(for: Book.self, Author.self)`); so are unlabelled arguments in a
  /// row, where a member's parameters are not known (`print(name, score)`).
  static func accepts(
    _ declared: [String], written labels: [String], variadic: Set<Int> = []
  ) -> Bool {
    var rest = declared[...]
    var previous: (label: String, position: Int)?
    for label in labels {
      if label == "_", let previous, previous.label == "_" || variadic.contains(previous.position) {
        continue
      }
      guard let found = rest.firstIndex(of: label) else { return false }
      rest = rest[(found + 1)...]
      previous = (label, found)
    }
    return true
  }

}
