extension SDKCheck.Code {
  /// Whether the name at `token` is a method called with a trailing closure alone
  /// (`.phaseAnimator { … }`): after a `.`, before a `{` that opens no property observer or
  /// accessor, and no function of the code's own.
  func isClosureOnlyCall(at token: Int) -> Bool {
    guard token > 0, token + 2 < tokens.count, isByte(token - 1, "."), isByte(token + 1, "{"),
      !["didSet", "willSet", "get", "set"].contains(text(token + 2))
    else { return false }
    let name = text(token)
    return !tokens.indices.dropLast().contains { text($0) == "func" && text($0 + 1) == name }
  }

  /// Whether the type name at `token` is called with trailing closures alone, one of them
  /// labelled (`Menu { … } primaryAction: { … }`): a label after the `}` says it is a call,
  /// where a name before a `{` alone may be a type a declaration conforms to.
  func isClosureOnlyInit(at token: Int) -> Bool {
    guard token + 1 < tokens.count, isByte(token + 1, "{"),
      text(token).first?.isUppercase == true,
      token == 0
        || ![":", ",", "struct", "class", "enum", "extension", "actor", "protocol"]
          .contains(text(token - 1))
    else { return false }
    return !trailingClosures(after: token).labels.isEmpty
  }
}

extension SDKCheck {
  /// The calls of `typed` on an SDK type that leave out an argument every declaration they
  /// may call needs (`containerRelativeFrame()`, `matchedGeometryEffect(id: "avatar")`): code
  /// that does not compile. Labels no declaration takes are ``unknownLabels``' to say; a call
  /// the card writes alike, trailing closures and all, is right, whatever the index says.
  func missingArguments(
    _ calls: [Code.WrittenCall], handedIn uses: [MemberUse], ownTypes: Set<Substring>,
    in typed: Code
  ) -> [Problem] {
    var problems: [Problem] = []
    // Only calls with an argument list: a name before a `{` may be a type a declaration
    // conforms to (`enum Keys: CodingKey {`), or a builder of a module the index lacks; but a
    // method's name before one is called with a trailing closure (`.phaseAnimator { … }`).
    for var call in calls + typed.bareWrappers()
    where
      (typed.isByte(call.token + 1, "(") || typed.tokens[call.token].kind == .attribute
      || typed.isClosureOnlyCall(at: call.token) || typed.isClosureOnlyInit(at: call.token))
    {
      let trailing = typed.trailingClosures(after: call.token)
      guard !cardCallsWithClosures.contains(Self.callKey(call) + Self.closureKey(trailing))
      else { continue }
      // A member of a typed value (`Bundle.main.url(forResource:)`) is its type's; one the
      // type lacks is the member check's finding.
      if let use = uses.first(where: { $0.token == call.token }) {
        guard use.exists else { continue }
        call.owner = use.type
      }
      guard let (owner, members) = declarations(of: call, in: typed), !members.isEmpty,
        !ownTypes.contains(Substring(owner))
      else { continue }
      // Called with a closure alone, a declaration must take one: where none does, the index
      // lacks the one called (`navigationTitle { … }`).
      let closureOnly = typed.isByte(call.token + 1, "{")
      if closureOnly,
        !members.contains(where: { $0.parameters?.contains(where: \.isClosure) ?? false })
      {
        continue
      }
      let cardLabels = Set((cardCallsByName[call.name] ?? []).flatMap(\.labels))
      var fewest: [String]?
      for member in members {
        guard var missing = SDKIndex.missing(in: member, written: call.labels, trailing: trailing)
        else {
          fewest = nil
          break
        }
        // Labels this declaration does not take: not the one called.
        if missing.isEmpty { continue }
        // A property wrapper's value comes from the property's own `= value`.
        if typed.tokens[call.token].kind == .attribute {
          missing.removeAll { $0 == "wrappedValue" }
          if missing.isEmpty {
            fewest = nil
            break
          }
        }
        if fewest.map({ Self.isNearer(missing, than: $0, card: cardLabels) }) ?? true {
          fewest = missing
        }
      }
      // Labels no declaration takes: another finding's.
      guard let fewest, !fewest.isEmpty else { continue }
      // The trailing closure written after a labelled argument the declaration puts after it
      // (`Menu(…, primaryAction: { … }) { … }`, the closure being `content:`): the argument is
      // there, out of order. The code does not compile, but the attempt recalls the API (3),
      // as with labels written out of order.
      if let last = call.labels.last,
        Self.isTrailingClosureOutOfOrder(fewest, after: last, trailing: trailing, in: members)
      {
        problems.append(
          Problem(
            message:
              "the trailing closure is `\(fewest[0]):`, which goes before `\(last):`, as Swift takes arguments in order",
            isNearMiss: true))
        continue
      }
      let isBare = typed.tokens[call.token].kind == .attribute && !typed.isByte(call.token + 1, "(")
      let name =
        isBare
        ? "@" + owner : call.name == "init" ? owner : owner == "-" ? call.name : "." + call.name
      let written =
        isBare ? "" : closureOnly ? " { … }" : call.written.dropFirst(call.name.count)
      let labelled = fewest.filter { $0 != "_" }.map { "`\($0):`" }
      let needed =
        labelled.isEmpty
        ? "an unlabelled argument"
        : labelled.joined(separator: " and ")
          + (labelled.count < fewest.count ? " and an unlabelled argument" : "")
      var message = "`\(name)\(written)` leaves out \(needed) that every declaration of it needs"
      let cardsOfName = cardCallsByName[call.name] ?? []
      if let theirs = cardsOfName.first(where: { $0.owner == call.owner })
        ?? cardsOfName.first(where: { $0.owner == nil && call.name != "init" })
      {
        let card =
          call.name == "init"
          ? (isBare ? "@" : "") + owner + theirs.written.dropFirst(4) : theirs.written
        let closures = cardClosures[theirs.token] ?? .init()
        let written =
          (closures.unlabelled ? " { … }" : "") + closures.labels.map { " \($0): { … }" }.joined()
        message +=
          written.isEmpty ? "; the card uses `\(card)`" : "; the card writes `\(card)\(written)`"
      }
      problems.append(Problem(message: message))
    }
    return problems
  }

  /// Where `labels`, each one `member` takes, are written out of its order: the first label
  /// written before one the declaration puts ahead of it, and that one. Nil where they are in
  /// order, or where one is not the member's.
  static func reordering(_ labels: [String], into member: SDKIndex.Member)
    -> (late: String, early: String)?
  {
    let positions = labels.compactMap { member.labels.firstIndex(of: $0) }
    guard positions.count == labels.count,
      let index = positions.indices.dropFirst().first(where: { positions[$0] < positions[$0 - 1] })
    else { return nil }
    let inOrder = labels.sorted {
      member.labels.firstIndex(of: $0)! < member.labels.firstIndex(of: $1)!
    }
    guard member.accepts(written: inOrder) else { return nil }
    return (labels[index - 1], labels[index])
  }

  /// The calls of `typed` on an SDK type whose labels no declaration of that name takes
  /// (`URLSession.shared.data(form: url)`). A name the index does not know there is left alone:
  /// it may be newer than the index, or the author's; so are names read from an interface
  /// older than the SDK (SwiftUI's, whose later overloads the index lacks), and a label that
  /// looks like a typo, which the comparison with the card takes for a slip.
  func unknownLabels(
    _ calls: [Code.WrittenCall], handedIn uses: [MemberUse], ownTypes: Set<Substring>,
    in typed: Code
  ) -> [Problem] {
    var problems: [Problem] = []
    for call in calls
    where !call.labels.isEmpty && !cardCalls.contains(Self.callKey(call))
      && !uses.contains(where: { $0.token == call.token })
    {
      guard let (owner, members) = declarations(of: call, in: typed) else { continue }
      let declaredLabels = Set(members.flatMap(\.labels))
      guard !members.isEmpty,
        !members.contains(where: { $0.accepts(written: call.labels) }),
        !call.labels.contains(where: { label in
          !declaredLabels.contains(label)
            && declaredLabels.contains { Matching.isLabelMisspelling(label, of: $0) }
        })
      else { continue }
      // An example type of the attempt's own that shares an SDK name (`struct Item`).
      if ownTypes.contains(Substring(owner)) { continue }
      // The card's labels in another order: the comparison says so, and what it costs.
      if cardCallsByName[call.name]?.contains(where: { $0.labels.sorted() == call.labels.sorted() })
        == true
      {
        continue
      }
      // Labels a declaration takes, in another order (`VStackLayout(spacing: 8, alignment:
      // .leading)`): the API recalled, the code not compiling, as a misspelt label.
      if let order = members.lazy.compactMap({ Self.reordering(call.labels, into: $0) }).first {
        problems.append(
          Problem(
            message:
              "`\(order.late):` goes after `\(order.early):`, as `\(call.name == "init" ? owner : call.name)` takes them",
            isNearMiss: true))
        continue
      }
      var message =
        owner.isEmpty
        ? "No API has `.\(call.written)`"
        : owner == "-"
          ? "No function `\(call.written)`"
          : call.name == "init"
            ? "`\(owner)` has no initialiser `\(call.written.dropFirst(4))`"
            : "`\(owner)` has no `\(call.written)`"
      if let theirs = cardCallsByName[call.name]?.first(where: { $0.owner == call.owner }) {
        let card = call.name == "init" ? owner + "(" + theirs.written.dropFirst(5) : theirs.written
        message += "; the card uses `\(card)`"
      }
      // A string under a label no declaration takes is a slip on a detail where the call is
      // whole without it: the example's text (`placeholder: "Dish"` for the optional
      // `prompt:`). A string the question gives (`systemName: "ferry"` for "the `ferry`
      // symbol") or a number (`LongPressGesture(duration: 0.6)`) sets what the call does, and
      // where the call needs the argument (`RoundedRectangle(radius: 12)`) it does not
      // compile: each is another label.
      let unknown = Set(call.labels).subtracting(declaredLabels)
      let rest = call.labels.filter { !unknown.contains($0) }
      let trailing = typed.trailingClosures(after: call.token)
      problems.append(
        Problem(
          message: message,
          isDetail: !unknown.isEmpty
            && unknown.allSatisfy { label in
              typed.stringPassed(to: label, at: call.token).map { !question.gives($0) } ?? false
            }
            && members.contains { member in
              SDKIndex.fits(member, written: rest, trailing: trailing)
            }))
    }
    return problems
  }
}

extension SDKCheck {
  /// Whether the one argument `missing` a call leaves out is a closure some declaration puts
  /// before `last`, the call's last label, while the call has an unlabelled trailing closure:
  /// that closure is the argument, written out of order.
  static func isTrailingClosureOutOfOrder(
    _ missing: [String], after last: String, trailing: SDKIndex.TrailingClosures,
    in members: [SDKIndex.Member]
  ) -> Bool {
    guard trailing.unlabelled, missing.count == 1 else { return false }
    return members.contains { member in
      guard let parameters = member.parameters, parameters.count == member.labels.count,
        let closure = member.labels.firstIndex(of: missing[0]), parameters[closure].isClosure,
        let written = member.labels.lastIndex(of: last)
      else { return false }
      return closure < written
    }
  }

  /// Whether the arguments `missing` leaves out say more of the call than `other`'s: fewer of
  /// them, then more of them the card writes, then the first in alphabetical order, so that the
  /// finding does not hang on the order the index lists a name's overloads in.
  static func isNearer(_ missing: [String], than other: [String], card: Set<String>) -> Bool {
    if missing.count != other.count { return missing.count < other.count }
    let (ours, theirs) = (missing.filter(card.contains).count, other.filter(card.contains).count)
    if ours != theirs { return ours > theirs }
    return missing.lexicographicallyPrecedes(other)
  }
}

extension SDKCheck.Code {
  /// The property wrappers written without arguments on a property with an initial value
  /// (`@SceneStorage private var draft = ""`), as the calls they make: `init(wrappedValue:)`.
  func bareWrappers() -> [WrittenCall] {
    let modifiers: Set<Substring> = [
      "private", "fileprivate", "internal", "public", "static", "lazy", "nonisolated",
    ]
    return tokens.indices.compactMap { index in
      guard tokens[index].kind == .attribute, index + 1 < tokens.count,
        !isByte(index + 1, "("), text(index).dropFirst().first?.isUppercase == true
      else { return nil }
      var position = index + 1
      while position < tokens.count, modifiers.contains(text(position)) { position += 1 }
      guard position + 2 < tokens.count, text(position) == "var",
        tokens[position + 1].kind == .identifier
      else { return nil }
      // The initial value's `=`, after the type the property may be annotated with.
      position += 2
      while position < tokens.count, !isByte(position, "="), position < index + 24 {
        let token = text(position)
        guard tokens[position].kind == .identifier || ":<>?.,[]!".contains(token) else {
          return nil
        }
        position += 1
      }
      guard position < tokens.count, isByte(position, "=") else { return nil }
      return WrittenCall(
        token: index, name: "init", labels: ["wrappedValue"], owner: String(text(index).dropFirst())
      )
    }
  }

  /// The closures written after the call named at `index`: after its argument list, or
  /// straight after its name.
  func trailingClosures(after index: Int) -> SDKIndex.TrailingClosures {
    var position = index + 1
    if position < tokens.count, isByte(position, "(") { position = close(of: position) + 1 }
    var trailing = SDKIndex.TrailingClosures()
    if position < tokens.count, isByte(position, "{") {
      trailing.unlabelled = true
      position = close(of: position) + 1
    }
    while trailing.unlabelled, position + 2 < tokens.count,
      tokens[position].kind == .identifier, isByte(position + 1, ":"), isByte(position + 2, "{")
    {
      trailing.labels.append(String(text(position)))
      position = close(of: position + 2) + 1
    }
    return trailing
  }
}
