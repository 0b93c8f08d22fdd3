import CardDeck

extension SDKCheck.Code {
  /// The SDK types of the names the code binds, where the code or the index says what they
  /// are: the value of `let x = FetchDescriptor<Trip>(…)`, the annotation of `var x: Type`, the
  /// environment value `@Environment(\.openURL) var x` reads, and the parameters of a closure
  /// passed to an API that says what it hands in (`ScrollViewReader { proxy in … }`,
  /// `DragGesture().onChanged { value in … }`); for `$0`, see ``anonymousParameterTypes(index:)``.
  ///
  /// Only types the index describes are kept: a member of such a value is API, and one the
  /// type does not declare does not compile. A name bound twice to different types is left
  /// out: the code may mean either.
  func typedNames(index: SDKIndex) -> [Substring: String] {
    var found: [Substring: String] = [:]
    var clashing: Set<Substring> = []
    var untyped: Set<Substring> = []
    func bind(_ name: Substring, _ type: String?) {
      // A labelled tuple's elements are known: `result.overflow` of `addingReportingOverflow`.
      guard let type, index.describes(type) || SDKIndex.tupleLabels(type) != nil else {
        untyped.insert(name)
        return
      }
      if let old = found[name], old != type { clashing.insert(name) }
      found[name] = type
    }
    // Parameters first: a declaration's chain may start at one (`encoder.container(…)`).
    for (name, type) in functionParameters() { bind(name, type) }
    for position in tokens.indices where text(position) == "let" || text(position) == "var" {
      guard position + 1 < tokens.count else { continue }
      if isByte(position + 1, "("),
        let (names, types) = tuplePattern(at: position + 1, index: index, known: found)
      {
        for (name, type) in zip(names, types) where name != "_" && type != "_" {
          bind(name, String(type))
        }
        continue
      }
      guard tokens[position + 1].kind == .identifier else { continue }
      let name = text(position + 1)
      bind(name, declaredType(after: position + 1, index: index, known: found))
    }
    for closure in closures() {
      guard let types = handedInTypes(closure, index: index) else { continue }
      for (parameter, type) in zip(closure.parameters, types) where parameter != "_" {
        bind(parameter, type)
      }
    }
    // Names are not scoped here: one also bound to what the index does not type (another
    // function's `let container = box.inner`) may be either.
    for name in clashing.union(untyped) { found[name] = nil }
    return found
  }

  /// The type a declaration whose name is at `name` gives it: its annotation, else the type
  /// its value is built from (`Type(…)`, `Type<…>(…)`, `Type { … }`), else the environment value
  /// an `@Environment` attribute before it reads.
  private func declaredType(after name: Int, index: SDKIndex, known: [Substring: String])
    -> String?
  {
    var next = name + 1
    if next < tokens.count, isByte(next, ":") {
      return collectionType(at: next + 1) ?? annotatedType(at: next + 1)
    }
    if next < tokens.count, isByte(next, "=") {
      next += 1
      while next < tokens.count, ["try", "try?", "try!", "await"].contains(text(next)) {
        next += 1
      }
      // `encoder.container(keyedBy:)`: a chain from a name typed before.
      if next + 1 < tokens.count, known[text(next)] != nil, isByte(next + 1, ".") {
        return chainType(from: next, index: index, known: known)
      }
      guard let type = typeName(at: next) else { return nil }
      var after = next + 1
      if after < tokens.count, text(after) == "<" { after = closeAngle(after) + 1 }
      // `Type.shared`, `Type.make(…)`: the chain's type, where the index knows each link.
      if after < tokens.count, isByte(after, ".") {
        return chainType(from: next, index: index, known: known)
      }
      guard after < tokens.count, isByte(after, "(") || isByte(after, "{") else { return nil }
      // `JSONDecoder().decode(…)`: what the chain makes of the value built.
      let end = close(of: after) + 1
      if end < tokens.count, isByte(end, ".") {
        return chainType(from: next, index: index, known: known)
      }
      return type
    }
    return environmentType(before: name - 1, index: index)
  }

  /// The names a tuple pattern at `open` binds (`let (stream, continuation) = …`), with the
  /// element types of the tuple its value returns, as the index says.
  private func tuplePattern(at open: Int, index: SDKIndex, known: [Substring: String])
    -> ([Substring], [Substring])?
  {
    let close = close(of: open)
    guard close + 1 < tokens.count, isByte(close + 1, "=") else { return nil }
    let names = tokens.indices[(open + 1)..<close].filter { !isByte($0, ",") }.map(text)
    guard names.allSatisfy({ !$0.isEmpty }),
      let type = chainType(from: close + 2, index: index, known: known),
      type.hasPrefix("("), type.hasSuffix(")")
    else { return nil }
    guard let elements = SDKIndex.tupleElements(type), elements.count == names.count else {
      return nil
    }
    return (names, elements.map { Substring($0.type) })
  }

  /// The type of the value a chain that starts at an SDK type at `start` has (`AsyncStream
  /// .makeStream(of:)`, `URLSession.shared.data(from:)`), or at a name `known` types, member by
  /// member, as the index says; nil where a link is not known.
  func chainType(from start: Int, index: SDKIndex, known: [Substring: String] = [:]) -> String? {
    var position = start
    while position < tokens.count, ["try", "try?", "try!", "await"].contains(text(position)) {
      position += 1
    }
    let typedName =
      position + 1 < tokens.count && isByte(position + 1, ".")
      ? known[text(position)] : nil
    guard var current = typedName ?? typeName(at: position) else { return nil }
    position += 1
    if position < tokens.count, text(position) == "<" { position = closeAngle(position) + 1 }
    if position < tokens.count, isByte(position, "(") { position = self.close(of: position) + 1 }
    // A keyword is a member's name after a `.` (`FileManager.default`).
    while position + 1 < tokens.count, isByte(position, "."),
      [.identifier, .keyword].contains(tokens[position + 1].kind)
    {
      let name = String(text(position + 1))
      let labels = labels(after: position + 1)
      guard let type = index.memberType(named: name, labels: labels, on: current) else {
        return nil
      }
      current =
        type == "Self" ? current : type.hasPrefix("Self.") ? current + type.dropFirst(4) : type
      position += 2
      if labels != nil, position < tokens.count, isByte(position, "(") {
        position = self.close(of: position) + 1
      }
    }
    // A link not read (a subscript, an optional chain): the chain's type is not known.
    if position < tokens.count,
      isByte(position, ".") || isByte(position, "?")
        || isByte(position, "[") && !tokens[position].followsSpace
    {
      return nil
    }
    return current
  }

  /// The parameters of the functions the code declares with the types they are annotated
  /// with (`_ uiView: UIActivityIndicatorView`): the internal name and the type's name.
  private func functionParameters() -> [(Substring, String)] {
    var found: [(Substring, String)] = []
    // An initialiser's too (`init(from decoder: Decoder)`), which `functions()` leaves out.
    let initialisers = tokens.indices.dropLast().filter {
      text($0) == "init" && isByte($0 + 1, "(") && !($0 > 0 && isByte($0 - 1, "."))
    }
    let lists =
      functions().map { ($0.open, $0.close) }
      + initialisers.map { ($0 + 1, close(of: $0 + 1)) }
    for (open, close) in lists {
      var start = open + 1
      while start < close {
        var end = start
        while end < close, !isByte(end, ",") {
          if isByte(end, "(") || isByte(end, "[") || text(end) == "<" {
            end = text(end) == "<" ? closeAngle(end) : self.close(of: end)
          }
          end += 1
        }
        // An unclosed bracket runs to the end of the code.
        end = min(end, tokens.count)
        // `label name: Type` or `name: Type`; `inout` and attributes after the colon.
        if let colon = (start..<end).first(where: { isByte($0, ":") }), colon > start,
          tokens[colon - 1].kind == .identifier
        {
          var type = colon + 1
          // `any Decoder` has the protocol's members.
          while type < end,
            ["inout", "any"].contains(text(type)) || tokens[type].kind == .attribute
          {
            type += 1
          }
          if let name = collectionType(at: type) ?? annotatedType(at: type) {
            found.append((text(colon - 1), name))
          }
        }
        start = end + 1
      }
    }
    return found
  }

  /// The standard collection a type written in brackets at `position` is: `[Stop]` an
  /// `Array`, `[String: Int]` a `Dictionary`; nil for anything else.
  private func collectionType(at position: Int) -> String? {
    guard position < tokens.count, isByte(position, "[") else { return nil }
    let close = close(of: position)
    guard close < tokens.count, close > position + 1 else { return nil }
    var depth = 0
    for inner in (position + 1)..<close {
      if isByte(inner, "[") || isByte(inner, "(") || text(inner) == "<" { depth += 1 }
      if isByte(inner, "]") || isByte(inner, ")") || text(inner) == ">" { depth -= 1 }
      if depth == 0, isByte(inner, ":") { return "Dictionary" }
    }
    return "Array"
  }

  /// The capitalised type name at `position`, or nil.
  private func typeName(at position: Int) -> String? {
    guard position < tokens.count, tokens[position].kind == .identifier,
      text(position).first?.isUppercase == true
    else { return nil }
    return String(text(position))
  }

  /// The type an annotation at `position` names, with its nested names: `DragGesture.Value`,
  /// not `DragGesture`.
  private func annotatedType(at position: Int) -> String? {
    guard var type = typeName(at: position) else { return nil }
    var next = position + 1
    while next + 1 < tokens.count, isByte(next, "."), let nested = typeName(at: next + 1) {
      type += "." + nested
      next += 2
    }
    return type
  }

  /// The index of the `>` that closes the `<` at `open`, or the last token.
  func closeAngle(_ open: Int) -> Int {
    var depth = 0
    var position = open
    while position < tokens.count {
      if text(position) == "<" { depth += 1 }
      if text(position) == ">" { depth -= 1 }
      if text(position) == ">>" { depth -= 2 }
      if depth <= 0 { return position }
      position += 1
    }
    return tokens.count - 1
  }

  /// The type of the environment value an `@Environment(\.name)` right before the `let` or
  /// `var` at `keyword` reads (access modifiers between them allowed).
  private func environmentType(before keyword: Int, index: SDKIndex) -> String? {
    var position = keyword - 1
    while position >= 0, ["private", "fileprivate", "public", "internal"].contains(text(position)) {
      position -= 1
    }
    guard position >= 0, isByte(position, ")"), let open = open(of: position), open >= 1,
      text(open - 1) == "@Environment", open + 3 < position, text(open + 1) == "\\",
      isByte(open + 2, ".")
    else { return nil }
    return index.memberType(named: String(text(open + 3)), labels: nil, on: "EnvironmentValues")
  }

  /// The types the API a closure is passed to hands it, with `Self` read as the type the call
  /// is made on (`DragGesture().onChanged { value in … }` hands a `DragGesture.Value`).
  private func handedInTypes(_ closure: Closure, index: SDKIndex) -> [String]? {
    handedInTypes(open: closure.open, count: closure.parameters.count, index: index)
  }

  private func handedInTypes(open: Int, count: Int, index: SDKIndex) -> [String]? {
    guard let (name, owner) = callee(before: open) else { return nil }
    var owners = [owner]
    let receiver = owner == "View" ? receiverType(before: open, index: index) : nil
    if let receiver { owners = [receiver] + index.supertypes(of: receiver) + owners }
    let following = trailingLabels(after: close(of: open))
    for candidate in owners {
      guard
        let types = index.closureParameterTypes(
          call: name, on: candidate, label: nil, count: count, followedBy: following)
      else { continue }
      return types.map { type in
        guard type.hasPrefix("Self."), let receiver else { return type }
        return receiver + type.dropFirst(4)
      }
    }
    return nil
  }

  /// The labels of the trailing closures written after the `}` at `close`: `placeholder` in
  /// `AsyncImage(url: u) { image in … } placeholder: { … }`.
  private func trailingLabels(after close: Int) -> [String] {
    var labels: [String] = []
    var position = close + 1
    while position + 2 < tokens.count, tokens[position].kind == .identifier,
      isByte(position + 1, ":"), isByte(position + 2, "{")
    {
      labels.append(String(text(position)))
      position = self.close(of: position + 2) + 1
    }
    return labels
  }

  /// The type a chain of calls that ends before `open` (its trailing closure's `{`, or the
  /// `.` of a method) starts from, when it starts at an initialiser of an SDK type
  /// (`DragGesture()` in `DragGesture().onChanged { … }`).
  func receiverType(before open: Int, index: SDKIndex) -> String? {
    var position = open - 1
    while position >= 0 {
      if isByte(position, ")") || isByte(position, "}") {
        guard let start = self.open(of: position) else { return nil }
        position = start - 1
        continue
      }
      guard tokens[position].kind == .identifier else { return nil }
      if position > 0, isByte(position - 1, ".") {
        position -= 2
        continue
      }
      let name = String(text(position))
      return name.first?.isUppercase == true && index.describes(name) ? name : nil
    }
    return nil
  }

  /// The types that closures using `$0`, `$1`… are handed by the APIs they are passed to, by
  /// the index of each closure's `{`: each `$n` is its innermost closure's own.
  func anonymousParameterTypes(index: SDKIndex) -> [Int: [String]] {
    var counts: [Int: Int] = [:]
    var open: [Int] = []
    for position in tokens.indices {
      if isByte(position, "{") {
        open.append(position)
      } else if isByte(position, "}") {
        _ = open.popLast()
      } else if let closure = open.last, text(position).hasPrefix("$"),
        text(position).count == 2, let number = text(position).last?.wholeNumberValue
      {
        counts[closure] = max(counts[closure] ?? 0, number + 1)
      }
    }
    var found: [Int: [String]] = [:]
    for (closure, count) in counts {
      guard let types = handedInTypes(open: closure, count: count, index: index) else { continue }
      found[closure] = types.filter { index.describes($0) }.count == types.count ? types : nil
    }
    return found
  }
}
