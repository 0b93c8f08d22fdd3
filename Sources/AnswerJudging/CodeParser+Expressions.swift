import CardDeck

/// Expressions: chains of calls and members, arguments, closures, key paths, literals.
extension CodeParser {
  /// An expression, flattened: the links of its chains, with operators dropped.
  ///
  /// `stopsAtSpacedDot`: in a declaration's value, ` .name` after a complete operand starts
  /// the next item, as in a one-line attempt `@State var q = "" .searchable(text: $q)`.
  mutating func parseExpression(
    allowsTrailingClosure: Bool = true, stopsAtSpacedDot: Bool = false
  ) -> [CodeNode] {
    var nodes: [CodeNode] = []
    var pendingTernaries = 0
    let start = position
    // Where the one ternary's condition and first branch end, and its `?`.
    var ternary: (question: Int, condition: Int, branch: Int?)?
    var ternaries = 0
    while !atEnd {
      while kind == .operator, !isOperator("=") { position += 1 }
      // `try await`, `await try`: each marker in turn.
      while isKeyword("try") || isKeyword("await") {
        position += 1
        if isPunctuation("?") || isPunctuation("!") { position += 1 }
      }
      if nodes.isEmpty, let idiom = parseIdiom() { return idiom }
      let before = position
      nodes += parseChain(
        allowsTrailingClosure: allowsTrailingClosure, stopsAtSpacedDot: stopsAtSpacedDot)
      if position == before { break }
      if kind == .operator {
        if current == "?" {
          pendingTernaries += 1
          ternaries += 1
          ternary = (position, nodes.count, nil)
        }
        position += 1
        continue
      }
      if isKeyword("as") || isKeyword("is") {
        position += 1
        if isPunctuation("?") || isPunctuation("!") { position += 1 }
        nodes += parseTypeAnnotation()
        continue
      }
      if pendingTernaries > 0, take(":") {
        pendingTernaries -= 1
        ternary?.branch = nodes.count
        continue
      }
      break
    }
    // One ternary is an `if` of two branches: which value goes with which outcome counts.
    if ternaries == 1, let ternary, let branch = ternary.branch, ternary.condition > 0,
      branch > ternary.condition, branch < nodes.count
    {
      let (question, condition) = (ternary.question, ternary.condition)
      var node = CodeNode(kind: .statement, name: "if", token: question, tokens: start..<position)
      node.clause = Array(nodes[..<condition])
      node.blocks = [Array(nodes[condition..<branch]), Array(nodes[branch...])]
      return [node]
    }
    return nodes
  }

  /// Whether the `.` at the current position, after a space or starting a line, goes on with a
  /// value built from a type (`let pinch = MagnifyGesture()` then `.onChanged { … }` below, or
  /// after spaces on the same line), as Swift reads it, rather than starting the next item of an
  /// attempt (`@State var q = ""` then `.searchable`).
  private func continuesChain(_ links: [CodeNode]) -> Bool {
    guard position > 0, let first = links.first, first.kind == .call,
      first.name.first?.isUppercase == true
    else { return false }
    return first.hasParentheses || !first.blocks.isEmpty || links.count > 1
  }

  /// A primary expression and its postfix links: members, calls, subscripts, trailing closures.
  mutating func parseChain(allowsTrailingClosure: Bool, stopsAtSpacedDot: Bool)
    -> [CodeNode]
  {
    guard descend() else { return [] }
    defer { depth -= 1 }
    var links: [CodeNode] = []
    guard var first = parsePrimary() else { return [] }
    attachCall(to: &first, allowsTrailingClosure: allowsTrailingClosure)
    if !first.name.isEmpty || first.kind != .group { links.append(first) }
    if first.kind == .group, first.name.isEmpty {
      // Parentheses around an expression: the expression itself.
      links = first.arguments.flatMap(\.value)
    }
    while !atEnd {
      if isPunctuation("."), isName(at: position + 1) {
        if stopsAtSpacedDot && tokens[position].followsSpace && !continuesChain(links) { break }
        position += 1
        var link = CodeNode(
          kind: .modifier, name: String(current), token: position,
          tokens: position - 1..<position + 1)
        if let previous = links.last, Self.isBareReference(previous) {
          link.parameters = [previous.name]
          if links.count == 1, previous.kind == .call, previous.name.first?.isUppercase == true {
            link.chainRoot = previous.name
          } else if links.count == 2, let root = previous.chainRoot {
            link.chainRoot = root + "." + previous.name
          } else {
            link.chainRoot = previous.chainRoot
          }
        }
        position += 1
        attachCall(to: &link, allowsTrailingClosure: allowsTrailingClosure)
        links.append(link)
      } else if isPunctuation("."), position + 1 < tokens.count,
        tokens[position + 1].kind == .number
      {
        position += 2  // a tuple element: `.0`
      } else if isPunctuation("?") || isPunctuation("!") {
        position += 1
      } else if isPunctuation("["), !tokens[position].followsSpace {
        // A subscript with a label (`counts[word, default: 0]`) is a call of the SDK's
        // `subscript(_:default:)`; an index alone (`items[0]`) says nothing of the API.
        let start = position
        let arguments = parseArguments()
        guard arguments.contains(where: { $0.label != nil }) else { continue }
        var link = CodeNode(
          kind: .modifier, name: "subscript", token: start, tokens: start..<position)
        link.hasParentheses = true
        link.arguments = arguments
        if let previous = links.last, Self.isBareReference(previous) {
          link.parameters = [previous.name]
        }
        links.append(link)
      } else if isPunctuation("("), !startsLine(position), var last = links.popLast() {
        // A call of what the chain produced, such as `dismiss()` on an environment value.
        attachCall(to: &last, allowsTrailingClosure: allowsTrailingClosure, force: true)
        links.append(last)
      } else {
        break
      }
    }
    return links
  }

  /// Whether `node` is a plain name with nothing applied: a receiver such as `path` in
  /// `path.append(x)` or `Color` in `Color.red`.
  static func isBareReference(_ node: CodeNode) -> Bool {
    (node.kind == .call || node.kind == .modifier) && node.arguments.isEmpty
      && !node.hasParentheses
  }

  /// Arguments in parentheses, then trailing closures, for the node just read.
  mutating func attachCall(
    to node: inout CodeNode, allowsTrailingClosure: Bool, force: Bool = false
  ) {
    guard [.call, .modifier, .member].contains(node.kind) || force else { return }
    if isPunctuation("("), !startsLine(position), !node.hasParentheses || force {
      node.hasParentheses = true
      node.arguments += parseArguments()
    }
    guard allowsTrailingClosure else {
      node.tokens = node.tokens.lowerBound..<position
      return
    }
    var trailing = 0
    while !atEnd {
      if isPunctuation("{"), trailing == 0 || !startsLine(position) {
        guard trailing == 0 else { break }
        let closure = parseClosure()
        node.arguments.append(.init(label: nil, value: [closure], isTrailing: true))
        trailing += 1
      } else if trailing > 0, isName(at: position), isPunctuation(":", at: position + 1),
        isPunctuation("{", at: position + 2)
      {
        let labelToken = position
        position += 2
        let closure = parseClosure()
        node.arguments.append(
          .init(
            label: String(text(labelToken)), labelToken: labelToken, value: [closure],
            isTrailing: true))
        trailing += 1
      } else {
        break
      }
    }
    node.tokens = node.tokens.lowerBound..<position
  }

  /// `(label: value, …)` or `[a, b]`, from the opening bracket to after the closing one.
  mutating func parseArguments() -> [CodeNode.Argument] {
    let closer: Substring = isPunctuation("[") ? "]" : ")"
    position += 1
    var arguments: [CodeNode.Argument] = []
    while !atEnd && !isPunctuation(closer) {
      if isPunctuation("}") { break }
      var argument = CodeNode.Argument(label: nil, value: [])
      if isName(at: position), isPunctuation(":", at: position + 1) {
        argument.label = String(current)
        argument.labelToken = position
        position += 2
      } else if isKeyword("_"), isPunctuation(":", at: position + 1) {
        position += 2
      }
      if isKeyword("let") || isKeyword("var") {
        // A pattern inside a `case`: `.shelf(let name)`.
        position += 1
        if isName(at: position) { declared.insert(String(current)) }
      }
      let before = position
      argument.value = parseExpression()
      if closer == "]", take(":") {
        argument.value += parseExpression()  // a dictionary entry
      }
      if argument.label != nil || !argument.value.isEmpty { arguments.append(argument) }
      if !take(","), position == before { position += 1 }
    }
    _ = take(closer)
    return arguments
  }

  /// A name, literal, implicit member, key path, closure, array or parenthesised expression.
  mutating func parsePrimary() -> CodeNode? {
    guard !atEnd else { return nil }
    let start = position
    switch tokens[position].kind {
    case .identifier:
      var node = single(.call, current, from: start)
      if node.name.hasPrefix("`") { node.name = String(node.name.dropFirst().dropLast()) }
      if node.name.first?.isUppercase == true { skipGenericArguments() }
      return node
    case .keyword:
      return parseKeywordPrimary()
    case .dollar:
      let name = current.dropFirst()
      if let digit = Int(name) {
        return single(.call, "$\(digit)", from: start)
      }
      return single(.binding, name, from: start)
    case .number: return single(.literal, current, from: start)
    case .string:
      var node = single(.literal, current, from: start)
      // An interpolation with labels is a call's argument list (`\(seconds, format: .fixed)`,
      // `appendInterpolation(_:format:)`'s), the API's words; a plain `\(count)` is text. The
      // parser's tokens open each such after the literal, inside the literal's own text.
      let text = tokens[start].range
      while isPunctuation("("), text.contains(tokens[position].range.lowerBound) {
        node.arguments += parseArguments()
      }
      return node
    case .pound:
      var node = single(.call, current, from: start)
      skipGenericArguments()
      if isPunctuation("("), !tokens[position].followsSpace {
        node.hasParentheses = true
        node.arguments = parseArguments()
      }
      return node
    case .attribute:
      // `@MainActor in`, `@escaping`: skipped, however many.
      while kind == .attribute { position += 1 }
      return atEnd || kind == .attribute ? nil : parsePrimary()
    case .punctuation:
      return parsePunctuationPrimary()
    case .operator, .comment, .whitespace:
      return nil
    }
  }

  /// A node of `kind` called `name`, at the token where its expression starts, `start`; the
  /// position moves past the current token.
  private mutating func single(_ kind: CodeNode.Kind, _ name: Substring, from start: Int)
    -> CodeNode
  {
    position += 1
    return CodeNode(kind: kind, name: String(name), token: start, tokens: start..<start + 1)
  }

  /// A primary expression that starts with a keyword: `self` and `self.name`, `Self`, `super`,
  /// `init`, `true`, `false`, `nil`, an opaque type, a pattern's `let`.
  private mutating func parseKeywordPrimary() -> CodeNode? {
    let start = position
    switch current {
    case "self" where isPunctuation(".", at: position + 1) && isName(at: position + 2):
      // `self.name` is `name`.
      position += 2
      return single(.call, current, from: start)
    case "self"
    where isPunctuation(".", at: position + 1) && position + 2 < tokens.count
      && tokens[position + 2].kind == .dollar:
      position += 2
      return parsePrimary()
    case "self", "Self", "super", "init": return single(.call, current, from: start)
    case "true", "false", "nil": return single(.literal, current, from: start)
    case "some", "any":
      position += 1
      return parseTypeAnnotation().first
    case "let", "var":
      position += 1
      if isName(at: position) {
        declared.insert(String(current))
        return single(.call, current, from: start)
      }
      return nil
    default:
      // `in`, `else`, `case`, `default`, `where` and the rest end the expression.
      return nil
    }
  }

  /// A primary expression that starts with punctuation: an implicit member, a key path, a
  /// closure, an array or a parenthesised expression.
  private mutating func parsePunctuationPrimary() -> CodeNode? {
    let start = position
    switch current {
    case ".":
      guard isName(at: position + 1) else { return nil }
      position += 1
      var member = single(.member, current, from: start)
      member.token = position - 1
      member.tokens = start..<position
      return member
    case "\\":
      return parseKeyPath()
    case "{":
      return parseClosure()
    case "[":
      var node = CodeNode(kind: .array, name: "", token: nil, tokens: start..<start + 1)
      node.arguments = parseArguments()
      node.tokens = start..<position
      return node
    case "(":
      var node = CodeNode(kind: .group, name: "", token: nil, tokens: start..<start + 1)
      node.arguments = parseArguments()
      node.tokens = start..<position
      if isOperator("->") {
        position += 1
        _ = parseTypeAnnotation()
      }
      return node
    default:
      return nil
    }
  }

  /// `\.name.name` or `\Type.name`.
  mutating func parseKeyPath() -> CodeNode {
    let start = position
    position += 1
    var root: String?
    if isName(at: position), !isPunctuation(".") {
      root = String(current)
      position += 1
    }
    var components: [String] = []
    var nameToken: Int?
    while isPunctuation("."), isName(at: position + 1) {
      if nameToken == nil { nameToken = position + 1 }
      components.append(String(text(position + 1)))
      position += 2
      while isPunctuation("?") || isPunctuation("!") { position += 1 }
    }
    var node = CodeNode(
      kind: .keyPath, name: components.joined(separator: "."), token: nameToken ?? start,
      tokens: start..<position)
    node.parameters = root.map { [$0] } ?? []
    return node
  }

  /// Skips the generic arguments written right after a type's or macro's name:
  /// `Binding<String>`, `#Predicate<Trip>`.
  mutating func skipGenericArguments() {
    guard isOperator("<"), !tokens[position].followsSpace else { return }
    position += 1
    while !atEnd && !(kind == .operator && current.hasPrefix(">")) { position += 1 }
    position += 1
  }

  /// `{ params in body }`, from the opening brace to after the closing one.
  mutating func parseClosure() -> CodeNode {
    let start = position
    position += 1
    var node = CodeNode(kind: .closure, name: "", token: nil, tokens: start..<start + 1)
    if let (parameters, end) = closureParameters() {
      node.parameters = parameters
      declared.formUnion(parameters)
      position = end
    }
    node.blocks = [parseBlock(until: [])]
    _ = take("}")
    node.tokens = start..<position
    // `$0`, `$1` of this closure, not of closures inside it; in interpolations too.
    var level = 0
    for index in node.tokens.dropFirst() where index < tokens.count {
      if tokens[index].kind == .punctuation && bytes[index] == UInt8(ascii: "{") { level += 1 }
      if tokens[index].kind == .punctuation && bytes[index] == UInt8(ascii: "}") { level -= 1 }
      guard level == 0 else { continue }
      let kind = tokens[index].kind
      guard kind == .dollar || kind == .string else { continue }
      let value = text(index)
      if tokens[index].kind == .dollar, let number = Int(value.dropFirst()), number < 64 {
        node.anonymousParameters = max(node.anonymousParameters, number + 1)
      } else if tokens[index].kind == .string, value.contains("$0") {
        node.anonymousParameters = max(node.anonymousParameters, 1)
      }
    }
    return node
  }

  /// The parameters before `in` at the start of a closure, and the index after `in`; nil when
  /// the closure does not start with a parameter list.
  func closureParameters() -> ([String], Int)? {
    var index = position
    var names: [String] = []
    var level = 0
    var expectsName = true
    // After `->`, the closure's result type: no names.
    var inResult = false
    while index < tokens.count {
      let token = tokens[index]
      let value = text(index)
      if token.kind == .keyword, value == "in", level == 0 { return (names, index + 1) }
      switch token.kind {
      case .identifier where expectsName:
        names.append(String(value))
        expectsName = false
      // A binding's element, `$todo in` (SE-0293): `todo` and `$todo` are both bound.
      case .dollar where expectsName && value.dropFirst().first?.isLetter == true:
        names.append(String(value.dropFirst()))
        expectsName = false
      case .keyword where value == "_" || value == "inout" || value == "some" || value == "any":
        expectsName = false
      case .identifier, .attribute: break
      case .punctuation:
        switch value {
        case "(", "[": level += 1
        case ")", "]": level -= 1
        case ",": expectsName = !inResult && level <= 1
        case ":":
          expectsName = false
        case "?", "!", ".": break
        default: return nil
        }
        if level < 0 { return nil }
      case .operator where value == "->":
        inResult = true
        expectsName = false
      case .operator where value == "<" || value == ">": break
      case .keyword where value == "async" || value == "throws": break
      default: return nil
      }
      index += 1
    }
    return nil
  }
}
