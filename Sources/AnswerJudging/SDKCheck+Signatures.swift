extension SDKCheck.Code {
  /// What a function the code declares is missing from its signature for what its body does:
  /// a `try` outside a closure and a `do` needs the function marked `throws`, an `await`
  /// outside a closure needs it `async` (The Swift Programming Language, "Error Handling" and
  /// "Concurrency"): the code does not compile.
  func unmarkedFunctions() -> [(function: Substring, missing: String, effect: String)] {
    var found: [(Substring, String, String)] = []
    for function in functions() {
      guard let body = (function.close..<tokens.count).first(where: { isByte($0, "{") }) else {
        continue
      }
      let signature = (function.close..<body).map(text)
      let end = self.close(of: body)
      guard end < tokens.count else { continue }
      let (tries, awaits) = effects(inBody: body, end: end)
      let name = text(function.name)
      if tries && !signature.contains("throws") && !signature.contains("rethrows") {
        found.append((name, "throws", "try"))
      }
      if awaits && !signature.contains("async") { found.append((name, "async", "await")) }
    }
    return found
  }

  /// Whether the body from the `{` at `open` to the `}` at `end` writes a `try` and an
  /// `await` of its own: not in a closure (which may throw or suspend itself), a `do` block, a
  /// nested function, or an `#expect(…)` (whose expression may throw).
  private func effects(inBody open: Int, end: Int) -> (tries: Bool, awaits: Bool) {
    let statements: Set<Substring> = [
      "if", "else", "guard", "for", "while", "switch", "repeat", "defer", "catch",
    ]
    // The `{` of each block a statement opens, and of each `do`, whose `try`s it catches.
    var blocks: Set<Int> = []
    var catching: Set<Int> = []
    var skipped: [Range<Int>] = []
    var position = open + 1
    while position < end {
      let word = text(position)
      // On the keyword's line: a brace further on may be a closure's.
      if statements.contains(word) || word == "do",
        let brace = (position + 1..<end).first(where: { isByte($0, "{") }),
        tokens[brace].line == tokens[position].line
      {
        if word == "do" { catching.insert(brace) } else { blocks.insert(brace) }
      } else if word == "#expect" || word == "func", position + 1 < end {
        if let start = (position + 1..<end).first(where: { isByte($0, "(") || isByte($0, "{") }) {
          skipped.append(position..<(close(of: start) + 1))
        }
      }
      position += 1
    }
    var tries = false
    var awaits = false
    var stack: [Int] = []
    for position in (open + 1)..<end where !skipped.contains(where: { $0.contains(position) }) {
      if isByte(position, "{") {
        stack.append(position)
      } else if isByte(position, "}") {
        _ = stack.popLast()
      } else if stack.allSatisfy({ blocks.contains($0) }) {
        // `try?` and `try!` handle the error where they stand.
        if text(position) == "try", !isByte(position + 1, "?"), !isByte(position + 1, "!") {
          tries = true
        }
        if text(position) == "await" { awaits = true }
      } else if stack.allSatisfy({ blocks.contains($0) || catching.contains($0) }),
        text(position) == "await"
      {
        awaits = true
      }
    }
    return (tries, awaits)
  }

  /// The parameters the functions the code declares take `inout`, by function name:
  /// `["reduce": ["value"]]` for a preference key's `reduce(value:nextValue:)`.
  func inoutParameters() -> [Substring: Set<Substring>] {
    var found: [Substring: Set<Substring>] = [:]
    for function in functions() {
      var names: Set<Substring> = []
      for token in (function.open + 1)..<function.close where text(token) == "inout" {
        // `label name: inout Type`: the name before the colon.
        if token >= 2, isByte(token - 1, ":") { names.insert(text(token - 2)) }
      }
      found[text(function.name), default: []].formUnion(names)
    }
    return found
  }

  /// A function the code declares: the tokens of its name and of its parameter list's
  /// parentheses.
  struct Function {
    var name: Int
    var open: Int
    var close: Int
  }

  /// The functions the code declares, each with a parameter list that closes.
  func functions() -> [Function] {
    tokens.indices.dropLast(2).compactMap { position in
      // The list is the first bracket after the name but a generic clause's `<…>`.
      // An operator's name is an operator's token (`static func < (lhs:rhs:)`).
      guard text(position) == "func",
        [.identifier, .operator].contains(tokens[position + 1].kind),
        let open = (position + 2..<tokens.count).first(where: {
          isByte($0, "(") || isByte($0, "{")
        }), isByte(open, "("),
        case let close = close(of: open), close < tokens.count
      else { return nil }
      return Function(name: position + 1, open: open, close: close)
    }
  }
}

extension SDKCheck.Code {
  /// The modifiers that decide whether a function's declaration compiles where it stands, of
  /// the functions the code declares, by name: `mutating` (a value type's method that changes
  /// its properties) and `static` (an operator or a type's own function), `class` read as
  /// `static`.
  func functionModifiers() -> [Substring: Set<Substring>] {
    var found: [Substring: Set<Substring>] = [:]
    for function in functions() {
      found[text(function.name), default: []].formUnion(modifiers(of: function))
    }
    return found
  }

  /// What a function the code declares has wrong in its modifiers, beside `card`'s of the
  /// same names: one the card writes and it leaves out where it is needed there too, or a
  /// `mutating` in a class or an actor (The Swift Programming Language, "Methods").
  func misdeclaredFunctions(card: [Substring: Set<Substring>]) -> [String] {
    var found: [String] = []
    for function in functions() {
      let name = text(function.name)
      let written = modifiers(of: function)
      let type = enclosingType(of: function.name - 1)
      if written.contains("mutating"), let type, ["class", "actor"].contains(type) {
        found.append(
          "`mutating` is for a struct's or an enum's methods, not \(type == "actor" ? "an" : "a") \(type)'s"
        )
        continue
      }
      guard let theirs = card[name], let type else { continue }
      if theirs.contains("mutating"), !written.contains("mutating"),
        !["class", "actor"].contains(type)
      {
        found.append("`\(name)` is not marked `mutating`, as the card's is: it changes the value")
      } else if theirs.contains("static"), !written.contains("static") {
        found.append("`\(name)` is not marked `static`, as the card's is")
      }
    }
    return found
  }

  /// `mutating` and `static` among the modifiers written before the `func` of `function`.
  private func modifiers(of function: Function) -> Set<Substring> {
    var found: Set<Substring> = []
    var position = function.name - 2
    while position >= 0,
      [
        "mutating", "static", "class", "private", "fileprivate", "public", "internal", "final",
        "override", "open", "nonisolated", "nonmutating",
      ].contains(text(position))
        || tokens[position].kind == .attribute
    {
      let word = text(position)
      if word == "mutating" { found.insert("mutating") }
      if word == "static" || word == "class" { found.insert("static") }
      position -= 1
    }
    return found
  }

  /// The keyword of the type declaration (`struct`, `class`, `actor`, `enum`, `extension`,
  /// `protocol`) whose braces hold the token at `position` directly; nil at the top level or
  /// inside a function or closure.
  func enclosingType(of position: Int) -> Substring? {
    let types: Set<Substring> = ["struct", "enum", "class", "actor", "extension", "protocol"]
    let stops: Set<Substring> = ["func", "init", "var", "let", "in", "=", "deinit", "subscript"]
    var depth = 0
    var index = position - 1
    while index >= 0 {
      if isByte(index, "}") {
        depth += 1
      } else if isByte(index, "{") {
        guard depth == 0 else {
          depth -= 1
          index -= 1
          continue
        }
        var back = index - 1
        while back >= 0, !isByte(back, "}"), !isByte(back, "{"), !isByte(back, ";") {
          let word = text(back)
          if stops.contains(word) { return nil }
          // `class func`: a modifier, not a declaration.
          if types.contains(word),
            !(word == "class" && back + 1 < index && text(back + 1) == "func")
          {
            return word
          }
          back -= 1
        }
        return nil
      }
      index -= 1
    }
    return nil
  }
}

extension SDKCheck.Code {
  /// The names of the types the code declares, each with its keyword: `["Counter": "actor"]`.
  func declaredTypeKinds() -> [Substring: Substring] {
    var found: [Substring: Substring] = [:]
    // A name follows the keyword: `class func` and `class var` are modifiers.
    for position in tokens.indices.dropLast()
    where ["struct", "class", "enum", "actor"].contains(text(position))
      && tokens[position + 1].kind == .identifier
    {
      found[text(position + 1)] = text(position)
    }
    return found
  }
}
