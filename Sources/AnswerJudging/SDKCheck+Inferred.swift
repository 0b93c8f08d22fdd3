extension SDKCheck.Code {
  /// The SDK types of the names the code uses without binding them (`context` in `context
  /// .insert(trip)` then `try context.save()`), where the members it calls or reads on one are
  /// all declared by one type only, and by none of the names the code binds: what the card's
  /// author took the value to be. A name used with one member only is left out: too many types
  /// share a single name (`count`, `append`).
  func inferredTypes(index: SDKIndex) -> [Substring: String] {
    let bound = boundNames()
    var members: [Substring: Set<String>] = [:]
    for position in tokens.indices.dropLast(2)
    where tokens[position].kind == .identifier && isByte(position + 1, ".")
      && tokens[position + 2].kind == .identifier
    {
      let name = text(position)
      guard name.first?.isLowercase == true, !bound.contains(name),
        !(position > 0 && (isByte(position - 1, ".") || isByte(position - 1, "\\")))
      else { continue }
      members[name, default: []].insert(String(text(position + 2)))
    }
    var found: [Substring: String] = [:]
    for (name, used) in members where used.count >= 2 {
      let types = index.types(declaringAll: used)
      if types.count == 1 { found[name] = types[0] }
    }
    return found
  }

  /// The names the code binds: declared with `let`, `var`, `func` or `case`, or a closure's
  /// parameters.
  func boundNames() -> Set<Substring> {
    var bound: Set<Substring> = []
    for position in tokens.indices.dropLast()
    where ["let", "var", "func", "case"].contains(text(position)) {
      if tokens[position + 1].kind == .identifier { bound.insert(text(position + 1)) }
    }
    for closure in closures() { bound.formUnion(closure.parameters) }
    return bound
  }

  /// Calls of a name the code declares, misspelt (`endSerch()` where it declares `endSearch`),
  /// that nothing else declares and the card does not write (`isValidPin()` beside a parameter
  /// `invalidPin` is the card's function): code that does not compile, though it knows its
  /// own name.
  func misspeltOwnCalls(
    _ calls: [WrittenCall], index: SDKIndex, besides cardNames: Set<Substring>
  ) -> [String] {
    // Most attempts call only what they or the SDK declare: a look at the names first.
    let free = calls.filter { ($0.owner == nil || $0.owner == "-") && !$0.isImplicit }
    guard !free.isEmpty else { return [] }
    let bound = boundNames()
    var said: Set<String> = []
    return free.compactMap { call in
      guard call.name.first?.isLowercase == true,
        !bound.contains(Substring(call.name)), !cardNames.contains(Substring(call.name)),
        !index.declaresMember(named: call.name),
        let declared = bound.sorted().first(where: {
          $0 != Substring(call.name) && Matching.isMisspelling(call.name, of: String($0))
        }),
        said.insert(call.name).inserted
      else { return nil }
      return "`\(call.name)` looks like a typo for `\(declared)`, which your code declares"
    }
  }
}
