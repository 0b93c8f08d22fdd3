import CardDeck

/// What the SDK says of attributes: a property wrapper written bare where it cannot be, an
/// attached macro given a label none of its declarations takes.
extension SDKCheck {
  /// The attempt's bare property wrappers that the card does not write bare too.
  func bareWrapperProblems(in typed: Code) -> [Problem] {
    Self.bareWrappers(in: typed, index: index)
      .filter { !cardBareWrappers.contains($0) }
      .map {
        Problem(message: "`@\($0)` is written without the argument each of its initialisers takes")
      }
  }

  /// Property wrappers written without arguments on a declaration without a value, whose type
  /// no initialiser makes from nothing (`@Environment private var library: Library`, where each
  /// takes a key path or a type): the declaration does not compile. Their names.
  static func bareWrappers(in code: Code, index: SDKIndex) -> [String] {
    // What a declaration without arguments is made with: nothing, its value (which the
    // memberwise initialiser is given), or its projection.
    let fromNothing: Set<String> = ["wrappedValue", "initialValue", "projectedValue"]
    var found: [String] = []
    // The lines with an `=`: a declaration given a value is made from it. Found once.
    var assigning: Set<Int> = []
    for position in code.tokens.indices
    where code.tokens[position].kind == .operator && code.text(position) == "=" {
      assigning.insert(code.tokens[position].line)
    }
    for position in code.tokens.indices where code.tokens[position].kind == .attribute {
      let name = String(code.text(position).dropFirst())
      guard position + 1 < code.tokens.count, !code.isByte(position + 1, "("),
        name.first?.isUppercase == true, index.describes(name), !index.hasOlderSource(name),
        // `@Tag` is a macro of that name, not the type's initialiser.
        !index.members(named: name, of: "-").contains(where: \.isMacro)
      else { continue }
      if assigning.contains(code.tokens[position].line) { continue }
      let inits = index.members(named: "init", of: name).filter(\.isCall)
      let made = inits.contains { member in
        guard let parameters = member.parameters else { return member.labels.isEmpty }
        return parameters.indices.allSatisfy { place in
          parameters[place].isOptional || (place == 0 && fromNothing.contains(member.labels[0]))
        }
      }
      if !inits.isEmpty && !made { found.append(name) }
    }
    return found
  }

  /// An attached macro written with labels none of its declarations takes (`@Test(inputs:)`
  /// for `@Test(arguments:)`): the code does not compile. A label misspelt is the comparison's.
  func unknownMacroLabels(
    _ calls: [Code.WrittenCall], ownTypes: Set<Substring>, in typed: Code
  ) -> [Problem] {
    calls.compactMap { call in
      guard typed.tokens[call.token].kind == .attribute, let name = call.owner,
        !ownTypes.contains(Substring(name))
      else { return nil }
      let macros = index.members(named: name, of: "-").filter(\.isMacro)
      let declared = Set(macros.flatMap(\.labels))
      guard !macros.isEmpty, !macros.contains(where: { $0.accepts(written: call.labels) }),
        let unknown = call.labels.first(where: { $0 != "_" && !declared.contains($0) }),
        !declared.contains(where: { Matching.isLabelMisspelling(unknown, of: $0) })
      else { return nil }
      var message = "`@\(name)` takes no `\(unknown):`"
      if let theirs = cardCallsByName["init"]?.first(where: { $0.owner == name }) {
        message +=
          "; the card uses `@\(name)(" + theirs.written.dropFirst(5)
          + "`"
      }
      return Problem(message: message)
    }
  }
}
