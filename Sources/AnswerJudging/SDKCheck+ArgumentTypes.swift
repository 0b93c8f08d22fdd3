extension SDKCheck {
  /// The arguments of calls on SDK types whose value cannot be of the type every declaration
  /// the call may be takes there: an implicit member the parameter's type does not have
  /// (`.coordinateRegion(…)` for a `MapCameraPosition`), a key path for a `String`
  /// (`@AppStorage(\.fontSize)`); and the same for a property's declared type and its initial
  /// value (`var position: MapCameraPosition = .coordinateRegion(…)`). A value the card writes
  /// is right, whatever the index says.
  func mistypedArguments(
    _ calls: [Code.WrittenCall], handedIn uses: [MemberUse], ownTypes: Set<Substring>,
    types: [Substring: String], bound: Set<Substring>, in typed: Code
  ) -> [Problem] {
    var problems: [Problem] = []
    // The attempt's own names (`enum Size { case huge }`, in `bound`) are its to use.
    // A decoration's value is the author's example: a member no API has there is a slip the
    // comparison weighs (`.font(.huge)`).
    for call in calls
    where !uses.contains(where: { $0.token == call.token })
      && !APIVocabulary.decoration.contains(call.name)
    {
      // Only a value that may be refused asks what the call is: finding out costs. A string
      // is asked about only in a call the card makes with something else in its place
      // (`confirmationDialog(Text(…), item:)`): most strings are titles of calls that take
      // them.
      let values = typed.argumentValues(after: call.token)
      func mayRefuse(_ position: Int) -> Bool {
        mayMismatch(values[position], in: typed, bound: bound)
          || Self.isWholeArgument(values[position], in: typed)
            && typed.tokens[values[position]].kind == .number
          || typed.tokens[values[position]].kind == .string
            && cardCallsByName[call.name] != nil
            && !cardStringArguments.contains(ArgumentPlace(call: call.name, position: position))
      }
      guard values.indices.contains(where: mayRefuse),
        let (owner, members) = declarations(of: call, in: typed),
        !ownTypes.contains(Substring(owner))
      else { continue }
      let trailing = typed.trailingClosures(after: call.token)
      let candidates = members.filter {
        SDKIndex.fits($0, written: call.labels, trailing: trailing)
      }
      for (position, value) in values.enumerated()
      where position < call.labels.count && mayRefuse(position) {
        // Every declaration the call may be must say, and refuse the value.
        guard let type = Self.parameterType(of: candidates, at: position, labels: call.labels)
        else { continue }
        if let problem = mismatch(value, type: type, in: typed, bound: bound) {
          problems.append(Problem(message: problem))
        } else if let problem = numberMismatch(value, type: type, in: typed) {
          problems.append(Problem(message: problem))
        } else if let problem = stringMismatch(value, type: type, in: typed) {
          // The API recalled, the value written as the literal it is not: a near miss.
          problems.append(Problem(message: problem, isNearMiss: true))
        }
      }
    }
    for (type, value) in typed.typedInitialValues() {
      if let problem = mismatch(value, type: String(type), in: typed, bound: bound) {
        problems.append(Problem(message: problem))
      }
    }
    // A typed name compared with, or given, an implicit member: `colorScheme == .darkMode`.
    for (name, value) in typed.implicitMembersBeside() {
      if let type = types[name], let problem = mismatch(value, type: type, in: typed, bound: bound)
      {
        problems.append(Problem(message: problem))
      }
    }
    return problems
  }

  /// The type an implicit member call is asked to be: that of the parameter whose argument it
  /// starts, where every declaration the enclosing call may be agrees, or a property's
  /// declared type (`var position: MapCameraPosition = .region(…)`).
  func contextType(of call: Code.WrittenCall, in typed: Code) -> String? {
    let dot = call.token - 1
    guard dot >= 1 else { return nil }
    if typed.isByte(dot - 1, "="), dot >= 4, typed.isByte(dot - 3, ":"),
      typed.tokens[dot - 2].kind == .identifier
    {
      return String(typed.text(dot - 2))
    }
    // The call whose argument list holds the member: the nearest `(` left open before it.
    guard let open = typed.enclosingOpen(before: dot), typed.isByte(open, "("), open >= 1,
      let enclosing = typed.writtenCall(at: open - 1), !enclosing.isImplicit,
      let position = typed.argumentValues(after: enclosing.token).firstIndex(of: dot),
      position < enclosing.labels.count,
      let (_, members) = declarations(of: enclosing, in: typed)
    else { return nil }
    let trailing = typed.trailingClosures(after: enclosing.token)
    return Self.parameterType(
      of: members.filter { SDKIndex.fits($0, written: enclosing.labels, trailing: trailing) },
      at: position, labels: enclosing.labels)
  }

  /// The type of the parameter the `position`th of `labels` is passed to, where every one of
  /// `members` says and they agree; nil else, or where there are none.
  static func parameterType(of members: [SDKIndex.Member], at position: Int, labels: [String])
    -> String?
  {
    let types = members.map { parameterType(of: $0, at: position, labels: labels) }
    guard let type = types.first ?? nil, types.allSatisfy({ $0 == type }) else { return nil }
    return type
  }

  /// The type of the parameter the `position`th of `labels` is passed to, as the compiler
  /// matches arguments in order; nil where the index does not say.
  static func parameterType(of member: SDKIndex.Member, at position: Int, labels: [String])
    -> String?
  {
    guard let types = member.parameterTypes else { return nil }
    var next = 0
    for (index, label) in labels.enumerated() {
      guard let found = member.labels[next...].firstIndex(of: label) else { return nil }
      if index == position { return types[found] }
      next = found + 1
    }
    return nil
  }

  /// Whether the value at `value` is of a kind ``mismatch(_:type:in:bound:)`` may refuse: a key
  /// path, or an implicit member that is neither the card's nor the attempt's own.
  private func mayMismatch(_ value: Int, in typed: Code, bound: Set<Substring>) -> Bool {
    if typed.isByte(value, "\\") { return true }
    guard typed.isByte(value, "."), value + 1 < typed.tokens.count else { return false }
    let name = typed.text(value + 1)
    return !cardNames.contains(name) && !bound.contains(name)
  }

  /// What is wrong with passing the value at `value` where `type` is asked for, if the index
  /// can tell: an implicit member `type` lacks, or a key path for a value a literal spells.
  private func mismatch(_ value: Int, type: String, in typed: Code, bound: Set<Substring>)
    -> String?
  {
    if typed.isByte(value, "\\"), Self.literalTypes.contains(type) {
      return "`\(type)` is asked for, not a key path: `\(typed.keyPathText(at: value))`"
    }
    guard typed.isByte(value, "."), value + 1 < typed.tokens.count,
      typed.tokens[value + 1].kind == .identifier
    else { return nil }
    let name = String(typed.text(value + 1))
    guard !["init", "none", "some"].contains(name), !cardNames.contains(Substring(name)),
      !bound.contains(Substring(name)), !index.hasMember(named: name, of: type),
      index.describes(type), !index.hasOlderSource(type), !index.isProtocol(type)
    else { return nil }
    // A misspelling of a member there (`.vaule`) is recalled: the comparison grades the typo.
    guard
      !index.memberNames(of: type).contains(where: {
        Matching.isMisspelling(name, of: $0) || Matching.isWordwiseMisremembered(name, of: $0)
      })
    else { return nil }
    return "`\(type)` has no `.\(name)`"
  }

  /// What is wrong with a string literal, the whole argument at `value`, where `type` is asked
  /// for: a type the index knows, not a protocol, that no string literal spells (`Text`,
  /// which `confirmationDialog(_:item:…)` takes as its title); nil else.
  private func stringMismatch(_ value: Int, type: String, in typed: Code) -> String? {
    guard typed.tokens[value].kind == .string,
      value + 1 >= typed.tokens.count || typed.isByte(value + 1, ",")
        || typed.isByte(value + 1, ")"),
      index.describes(type), !index.isProtocol(type),
      let protocols = index.conformances[type], !protocols.isEmpty,
      protocols.allSatisfy({ !Self.stringLiteralProtocols.contains($0) })
    else { return nil }
    return "`\(type)` is asked for, not a string: `\(typed.text(value))`"
  }

  /// What is wrong with a number literal, the whole argument at `value`, where `type` is asked
  /// for: a type the index knows, not a protocol, that no number literal spells (`DispatchTime`
  /// for `asyncAfter(deadline: 2)`, `Angle` for `rotationEffect(45)`); nil else.
  private func numberMismatch(_ value: Int, type: String, in typed: Code) -> String? {
    guard typed.tokens[value].kind == .number, Self.isWholeArgument(value, in: typed),
      index.describes(type), !index.isProtocol(type), !index.hasOlderSource(type),
      index.conformances[type]?.isEmpty == false
    else { return nil }
    let supertypes = index.supertypes(of: type)
    guard
      !supertypes.contains("ExpressibleByIntegerLiteral"),
      !supertypes.contains("ExpressibleByFloatLiteral")
    else { return nil }
    return "`\(type)` is asked for, not a number: `\(typed.text(value))`"
  }

  /// Whether the token at `value` is all of its argument: `,` or `)` follows it.
  static func isWholeArgument(_ value: Int, in typed: Code) -> Bool {
    value + 1 >= typed.tokens.count || typed.isByte(value + 1, ",")
      || typed.isByte(value + 1, ")")
  }

  /// The protocols through which a string literal makes a value.
  static let stringLiteralProtocols: Set<String> = [
    "ExpressibleByStringLiteral", "ExpressibleByExtendedGraphemeClusterLiteral",
    "ExpressibleByUnicodeScalarLiteral", "ExpressibleByStringInterpolation",
  ]

  /// Types whose values a literal spells, which no key path is.
  static let literalTypes: Set<String> = [
    "String", "Int", "Double", "Float", "CGFloat", "Bool", "Character", "LocalizedStringKey",
  ]
}

extension SDKCheck.Code {
  /// The properties declared with a type and an initial value, `name: Type = value`: the type
  /// as written (a plain name) and the value's first token.
  func typedInitialValues() -> [(type: Substring, value: Int)] {
    tokens.indices.dropLast(4).compactMap { index in
      guard ["var", "let"].contains(text(index)), tokens[index + 1].kind == .identifier,
        isByte(index + 2, ":"), tokens[index + 3].kind == .identifier, isByte(index + 4, "="),
        index + 5 < tokens.count
      else { return nil }
      return (text(index + 3), index + 5)
    }
  }

  /// The names compared with, or assigned, an implicit member (`colorScheme == .dark`,
  /// `filter = .all`), with the member's `.` token.
  func implicitMembersBeside() -> [(name: Substring, value: Int)] {
    tokens.indices.dropFirst().dropLast(2).compactMap { index in
      guard tokens[index].kind == .operator, ["==", "!=", "="].contains(text(index)),
        tokens[index - 1].kind == .identifier, isByte(index + 1, "."),
        tokens[index + 2].kind == .identifier
      else { return nil }
      // `let x = .member` binds; only a name already typed is asked about.
      if index >= 2, ["let", "var"].contains(text(index - 2)) { return nil }
      return (text(index - 1), index + 1)
    }
  }

  /// The bracket left open before `index`, the innermost that holds it; nil at the top level.
  func enclosingOpen(before index: Int) -> Int? {
    var depth = 0
    var position = index - 1
    while position >= 0 {
      switch marks[position] {
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth += 1
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
        if depth == 0 { return position }
        depth -= 1
      default: break
      }
      position -= 1
    }
    return nil
  }

  /// A key path literal as written, from its `\`.
  func keyPathText(at index: Int) -> String {
    var end = index + 1
    while end < tokens.count, tokens[end].kind == .identifier || isByte(end, ".") { end += 1 }
    return (index..<end).map { String(text($0)) }.joined()
  }
}
