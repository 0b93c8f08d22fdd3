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
    _ calls: [WrittenCall], bound: Set<Substring>, index: SDKIndex,
    besides cardNames: Set<Substring>
  ) -> [String] {
    // Most attempts call only what they or the SDK declare: a look at the names first.
    let free = calls.filter { ($0.owner == nil || $0.owner == "-") && !$0.isImplicit }
    guard !free.isEmpty else { return [] }
    let ordered = bound.sorted()
    var said: Set<String> = []
    return free.compactMap { call in
      guard call.name.first?.isLowercase == true,
        !bound.contains(Substring(call.name)), !cardNames.contains(Substring(call.name)),
        !index.declaresMember(named: call.name),
        let declared = ordered.first(where: {
          $0 != Substring(call.name) && Matching.isMisspelling(call.name, of: String($0))
        }),
        said.insert(call.name).inserted
      else { return nil }
      return "`\(call.name)` looks like a typo for `\(declared)`, which your code declares"
    }
  }

  /// Names read (not called, not labels or members) that nothing binds, the SDK does not
  /// declare and the card does not write, a slip of the fingers from a name the code binds or
  /// one the card reads (`qurey` for the card's `query`): code that does not compile, though
  /// it knows the name.
  func misspeltReads(
    bound: Set<Substring>, index: SDKIndex, card cardNames: Set<Substring>,
    reads: Set<Substring>
  ) -> [String] {
    // Worked out for the first name that needs them: most attempts read only known names.
    var known: Set<Substring>?
    var candidates: [Substring] = []
    var looked: Set<Substring> = []
    var found: [String] = []
    // A pasted file of thousands of names would compare each with each: a budget of
    // comparisons, far above what an attempt at a card makes, ends the look.
    var budget = 20_000
    for position in readPositions() where budget > 0 {
      let name = text(position)
      guard name.count >= 4, !cardNames.contains(name), looked.insert(name).inserted,
        !index.declaresMember(named: String(name))
      else { continue }
      if known == nil {
        // A parameter (`for colour: Color`) or a loop's name is bound as a `let` is. A name
        // the card reads is meant only where the attempt writes it too: one spelling
        // throughout (`showWelcome` for `showsWelcome`) is a renaming.
        let written = Set(
          tokens.indices.lazy.filter { [.identifier, .dollar].contains(tokens[$0].kind) }
            .map { text($0).drop { $0 == "$" } })
        known = bound.union(parameterNames()).union(reads.intersection(written))
        candidates = known!.sorted()
      }
      guard !known!.contains(name),
        let intended = candidates.first(where: {
          budget -= 1
          return abs($0.utf8.count - name.utf8.count) <= 1 && Self.isSlipOfTheFingers(name, of: $0)
        })
      else { continue }
      found.append("`\(name)` looks like a typo for `\(intended)`")
    }
    return found
  }

  /// Whether `typed` is `name` with one letter added, left out, changed or two swapped, and
  /// not its plural: a read of another name is as likely a renaming (`lastError` for
  /// `saveError`, `books` for `book`) as a slip.
  static func isSlipOfTheFingers(_ typed: Substring, of name: Substring) -> Bool {
    let (shorter, longer) = typed.count < name.count ? (typed, name) : (name, typed)
    if longer.hasPrefix(shorter), ["s", "es"].contains(longer.dropFirst(shorter.count)) {
      return false
    }
    return Matching.editDistance(Array(typed), Array(name), limit: 1) <= 1
  }

  /// The names written before a `:` (a parameter's, or a label) or after `for` (a loop's).
  func parameterNames() -> Set<Substring> {
    var names: Set<Substring> = []
    for position in tokens.indices where tokens[position].kind == .identifier {
      if position + 1 < tokens.count, isByte(position + 1, ":") {
        names.insert(text(position))
      } else if position > 0, text(position - 1) == "for" {
        names.insert(text(position))
      }
    }
    return names
  }

  /// The positions of lowercase names read as values: not called, not labels (nor a
  /// parameter's outer label, `with` in `init(with length: CGFloat)`), not members.
  func readPositions() -> [Int] {
    tokens.indices.filter { position in
      tokens[position].kind == .identifier && text(position).first?.isLowercase == true
        && (position == 0 || !(isByte(position - 1, ".") || isByte(position - 1, "\\")))
        && (position + 1 == tokens.count
          || !(isByte(position + 1, ":") || isByte(position + 1, "("))
            && tokens[position + 1].kind != .identifier)
    }
  }
}
