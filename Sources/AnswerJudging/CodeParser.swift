import CardDeck

/// Reads Swift code into a light tree of ``CodeNode``s: enough structure for a reviewer's
/// comparison (calls and their labelled arguments, modifier chains, closures, declarations,
/// statements), without types or semantics.
///
/// It never fails: code on a card is valid Swift, but an attempt is whatever was typed, often a
/// fragment on one line. Unexpected tokens are skipped, and every loop advances at least one
/// token, so any input ends.
struct CodeParser {
  let source: String
  let tokens: [SwiftToken]
  private var position = 0
  /// Names the code introduces: variables, functions, types, enum cases, parameters.
  private(set) var declared: Set<String> = []
  /// How deep the parser is in nested constructs; past a limit, input is skipped, not parsed.
  private var depth = 0

  /// Each token's text, read once.
  private let texts: [Substring]
  /// Each token's byte when it is one byte long (most punctuation), else 0: the parser asks
  /// "is this `(`?" of nearly every token, and a byte answers faster than a string.
  private let bytes: [UInt8]

  init(source: String) {
    self.source = source
    self.tokens = SwiftLexer.significantTokens(in: source)
    self.texts = tokens.map { source[$0.range] }
    self.bytes = texts.map { text in
      let utf8 = text.utf8
      guard let first = utf8.first, utf8.index(after: utf8.startIndex) == utf8.endIndex else {
        return 0
      }
      return first
    }
  }

  /// The items of the whole code.
  mutating func parse() -> [CodeNode] {
    var items: [CodeNode] = []
    while position < tokens.count {
      let before = position
      items += parseBlock(until: [])
      if position == before { position += 1 }
    }
    return items
  }

  // MARK: Tokens

  private func text(_ index: Int) -> Substring {
    index < texts.count ? texts[index] : ""
  }

  private var current: Substring { text(position) }
  private var kind: SwiftToken.Kind? { position < tokens.count ? tokens[position].kind : nil }
  private var atEnd: Bool { position >= tokens.count }

  private func isPunctuation(_ value: Substring, at index: Int) -> Bool {
    guard index < tokens.count, tokens[index].kind == .punctuation else { return false }
    return Self.isByte(bytes[index], value) ?? (text(index) == value)
  }

  /// Whether a token's one byte (``bytes``) is `value`; nil when the token is not one byte
  /// long, and the texts must be compared.
  private static func isByte(_ byte: UInt8, _ value: Substring) -> Bool? {
    guard byte != 0 else { return nil }
    let utf8 = value.utf8
    return utf8.first == byte && utf8.index(after: utf8.startIndex) == utf8.endIndex
  }

  private func isPunctuation(_ value: Substring) -> Bool { isPunctuation(value, at: position) }

  private func isKeyword(_ value: Substring, at index: Int? = nil) -> Bool {
    let index = index ?? position
    return index < tokens.count && tokens[index].kind == .keyword && text(index) == value
  }

  private func isName(at index: Int) -> Bool {
    index < tokens.count && (tokens[index].kind == .identifier || tokens[index].kind == .keyword)
  }

  /// Whether the token at `index` starts a new line.
  private func startsLine(_ index: Int) -> Bool {
    index > 0 && index < tokens.count && tokens[index].line > tokens[index - 1].line
  }

  private mutating func take(_ value: Substring) -> Bool {
    guard isPunctuation(value) else { return false }
    position += 1
    return true
  }

  /// Skips to after the bracket that closes the one at `position`.
  private mutating func skipBalanced() {
    let pairs: [Substring: Substring] = ["(": ")", "[": "]", "{": "}", "<": ">"]
    guard let closer = pairs[current] else {
      position += 1
      return
    }
    let opener = current
    var level = 0
    while !atEnd {
      if text(position) == opener { level += 1 }
      if text(position) == closer {
        level -= 1
        if level == 0 {
          position += 1
          return
        }
      }
      position += 1
    }
  }

  // MARK: Blocks and items

  private static let modifierKeywords: Set<Substring> = [
    "private", "fileprivate", "internal", "public", "open", "final", "static", "lazy", "weak",
    "override", "nonisolated", "mutating", "indirect", "required", "convenience",
  ]

  /// Enters one more level of nesting; past 64 levels, skips the token instead and says no, so
  /// that deep input costs neither the stack nor time.
  private mutating func descend() -> Bool {
    guard depth < 64 else {
      position += 1
      return false
    }
    depth += 1
    return true
  }

  /// Items up to a closing `}` (not consumed) or one of `stops` at the start of an item.
  private mutating func parseBlock(until stops: Set<Substring>) -> [CodeNode] {
    var items: [CodeNode] = []
    while !atEnd {
      if isPunctuation("}") { break }
      if kind == .keyword, stops.contains(current) { break }
      if take(";") || take(",") { continue }
      let before = position
      items += parseItem()
      if position == before { position += 1 }
    }
    return items
  }

  private mutating func parseItem() -> [CodeNode] {
    guard descend() else { return [] }
    defer { depth -= 1 }
    let start = position
    var attributes: [CodeNode] = []
    while kind == .attribute || (kind == .keyword && Self.modifierKeywords.contains(current))
      || (kind == .identifier && Self.modifierKeywords.contains(current)
        && isName(at: position + 1))
    {
      if kind == .attribute {
        attributes.append(parseAttribute())
      } else {
        position += 1
      }
    }
    if kind == .keyword {
      switch current {
      case "var", "let": return [parseVariable(attributes: attributes, start: start)]
      case "func", "init", "subscript":
        return [parseFunction(attributes: attributes, start: start)]
      case "struct", "class", "enum", "actor", "extension", "protocol":
        return [parseType(attributes: attributes, start: start)]
      case "case": return [parseEnumCase(start: start)]
      case "typealias":
        position += 1
        if isName(at: position) { declared.insert(String(current)) }
        while !atEnd && !isPunctuation("}") && !startsLine(position + 1) { position += 1 }
        position += 1
        return []
      case "if", "guard", "while": return [parseConditional()]
      case "switch": return [parseSwitch()]
      case "for": return [parseFor()]
      case "do", "repeat", "defer":
        var statement = takeKeywordStatement()
        if isPunctuation("{") { statement.blocks.append(parseBraces()) }
        while isKeyword("catch") {
          position += 1
          while !atEnd && !isPunctuation("{") { position += 1 }
          if isPunctuation("{") { statement.blocks.append(parseBraces()) }
        }
        statement.tokens = start..<position
        return [statement]
      case "return", "throw", "break", "continue", "fallthrough", "import":
        position += 1
        return current == "}" ? [] : parseExpression()
      default: break
      }
    }
    if kind == .pound, ["#if", "#elseif", "#else", "#endif"].contains(current) {
      let line = tokens[position].line
      position += 1
      while !atEnd && tokens[position].line == line { position += 1 }
      return []
    }
    var items = parseExpression()
    // A leading dot at the start of an item is a modifier of the enclosing view.
    if items.first?.kind == .member { items[0].kind = .modifier }
    return attributes + items
  }

  /// `@Name` or `@Name(…)`.
  private mutating func parseAttribute() -> CodeNode {
    var node = CodeNode(
      kind: .attribute, name: String(current.dropFirst()), token: position,
      tokens: position..<position + 1)
    position += 1
    if isPunctuation("("), !tokens[position].followsSpace {
      node.hasParentheses = true
      node.arguments = parseArguments()
    }
    node.tokens = node.tokens.lowerBound..<position
    return node
  }

  /// `var name: Type = value { … }`, or a tuple pattern.
  private mutating func parseVariable(attributes: [CodeNode], start: Int) -> CodeNode {
    var node = CodeNode(
      kind: .declaration, name: "var", token: position, tokens: start..<position + 1)
    node.attributes = attributes
    position += 1
    node.parameters = parsePattern()
    declared.formUnion(node.parameters)
    if take(":") { node.clause = parseTypeAnnotation() }
    if isOperator("=") {
      position += 1
      node.value = parseExpression(stopsAtSpacedDot: true)
    }
    if isPunctuation("{") { node.blocks.append(parseBraces()) }
    node.tokens = start..<position
    return node
  }

  private func isOperator(_ value: Substring) -> Bool {
    kind == .operator && current == value
  }

  /// The names a `let`/`var` pattern binds: `name`, `(a, b)`.
  private mutating func parsePattern() -> [String] {
    if isName(at: position), !isKeyword("_") {
      defer { position += 1 }
      return [String(current)]
    }
    guard isPunctuation("(") else { return [] }
    var names: [String] = []
    let start = position
    skipBalanced()
    for index in start..<min(position, tokens.count) where tokens[index].kind == .identifier {
      names.append(String(text(index)))
    }
    return names
  }

  /// `func name(label name: Type) -> Type { … }`.
  private mutating func parseFunction(attributes: [CodeNode], start: Int) -> CodeNode {
    var node = CodeNode(
      kind: .declaration, name: String(current), token: position, tokens: start..<position + 1)
    node.attributes = attributes
    position += 1
    if current != "(", !atEnd {
      node.parameters = [String(current)]
      declared.insert(String(current))
      position += 1
    }
    if isOperator("<") { skipBalanced() }
    if isPunctuation("(") {
      let open = position
      skipBalanced()
      // Parameter names: the identifier right before each `:` at the first level.
      var level = 0
      for index in open..<min(position, tokens.count) {
        if ["(", "["].contains(text(index)) { level += 1 }
        if [")", "]"].contains(text(index)) { level -= 1 }
        if level == 1, isPunctuation(":", at: index), index > 0,
          tokens[index - 1].kind == .identifier
        {
          declared.insert(String(text(index - 1)))
        }
      }
    }
    while kind == .keyword, ["async", "throws", "rethrows"].contains(current) { position += 1 }
    if isOperator("->") {
      position += 1
      node.clause = parseTypeAnnotation()
    }
    if isKeyword("where") { while !atEnd && !isPunctuation("{") { position += 1 } }
    if isPunctuation("{") { node.blocks.append(parseBraces()) }
    node.tokens = start..<position
    return node
  }

  /// `struct Name: Protocol { … }` and its kin.
  private mutating func parseType(attributes: [CodeNode], start: Int) -> CodeNode {
    var node = CodeNode(
      kind: .declaration, name: String(current), token: position, tokens: start..<position + 1)
    node.attributes = attributes
    let isExtension = current == "extension"
    position += 1
    if isName(at: position) {
      if !isExtension {
        node.parameters = [String(current)]
        declared.insert(String(current))
      }
      position += 1
    }
    if isOperator("<") { skipBalanced() }
    if take(":") {
      repeat { node.clause += parseTypeAnnotation() } while take(",")
    }
    if isKeyword("where") { while !atEnd && !isPunctuation("{") { position += 1 } }
    if isPunctuation("{") { node.blocks.append(parseBraces()) }
    node.tokens = start..<position
    return node
  }

  /// `case a, b(String)` in an enum.
  private mutating func parseEnumCase(start: Int) -> CodeNode {
    var node = CodeNode(
      kind: .declaration, name: "case", token: position, tokens: start..<position + 1)
    position += 1
    while isName(at: position) {
      node.parameters.append(String(current))
      declared.insert(String(current))
      position += 1
      if isPunctuation("("), !startsLine(position) { skipBalanced() }
      if isOperator("=") {
        position += 2
      }
      guard isPunctuation(","), !startsLine(position + 1) || isName(at: position + 1) else { break }
      position += 1
    }
    node.tokens = start..<position
    return node
  }

  /// A statement node named by the keyword at the current token, which it takes.
  private mutating func takeKeywordStatement() -> CodeNode {
    let node = CodeNode(
      kind: .statement, name: String(current), token: position, tokens: position..<position + 1)
    position += 1
    return node
  }

  /// `if`, `guard`, `while`: conditions, a block, and `else`.
  private mutating func parseConditional() -> CodeNode {
    let start = position
    var node = takeKeywordStatement()
    node.clause = parseConditions()
    if isKeyword("else") { position += 1 }
    if isPunctuation("{") { node.blocks.append(parseBraces()) }
    if isKeyword("else") {
      position += 1
      if isKeyword("if") {
        node.blocks.append([parseConditional()])
      } else if isPunctuation("{") {
        node.blocks.append(parseBraces())
      }
    }
    node.tokens = start..<position
    return node
  }

  /// Comma-separated conditions, `let x = …` and `case … = …` among them, up to `{`.
  private mutating func parseConditions() -> [CodeNode] {
    var nodes: [CodeNode] = []
    while !atEnd && !isPunctuation("{") && !isKeyword("else") {
      if isKeyword("let") || isKeyword("var") || isKeyword("case") {
        position += 1
        if isName(at: position), !isOperator("=") { declared.insert(String(current)) }
      }
      let before = position
      nodes += parseExpression(allowsTrailingClosure: false)
      if !take(","), position == before { position += 1 }
    }
    return nodes
  }

  /// `switch subject { case …: … default: … }`.
  private mutating func parseSwitch() -> CodeNode {
    let start = position
    var node = takeKeywordStatement()
    node.clause = parseExpression(allowsTrailingClosure: false)
    guard take("{") else { return node }
    var cases: [CodeNode] = []
    while !atEnd && !isPunctuation("}") {
      guard isKeyword("case") || isKeyword("default") else {
        position += 1
        continue
      }
      let clauseStart = position
      var clause = takeKeywordStatement()
      while !atEnd && !isPunctuation(":") && !isPunctuation("}") {
        let before = position
        clause.clause += parseExpression(allowsTrailingClosure: false)
        if !take(","), position == before { position += 1 }
      }
      _ = take(":")
      clause.blocks = [parseBlock(until: ["case", "default"])]
      clause.tokens = clauseStart..<position
      cases.append(clause)
    }
    _ = take("}")
    node.blocks = [cases]
    node.tokens = start..<position
    return node
  }

  /// `for item in sequence { … }`.
  private mutating func parseFor() -> CodeNode {
    let start = position
    var node = takeKeywordStatement()
    if isKeyword("case") || isKeyword("let") || isKeyword("var") { position += 1 }
    declared.formUnion(parsePattern())
    if isKeyword("in") { position += 1 }
    node.clause = parseExpression(allowsTrailingClosure: false)
    if isKeyword("where") {
      position += 1
      node.clause += parseExpression(allowsTrailingClosure: false)
    }
    if isPunctuation("{") { node.blocks.append(parseBraces()) }
    node.tokens = start..<position
    return node
  }

  /// `{ … }` as a block of items.
  private mutating func parseBraces() -> [CodeNode] {
    guard take("{") else { return [] }
    let items = parseBlock(until: [])
    _ = take("}")
    return items
  }

  // MARK: Types

  /// A type: `Recipe?`, `[Route]`, `some View`, `Binding<String>`, `(Int) -> Void`. Each named
  /// type becomes a bare call node, so that API types count like any other name.
  private mutating func parseTypeAnnotation() -> [CodeNode] {
    guard descend() else { return [] }
    defer { depth -= 1 }
    var nodes: [CodeNode] = []
    if isKeyword("some") || isKeyword("any") || isKeyword("inout") { position += 1 }
    while kind == .attribute { position += 1 }
    if isPunctuation("[") || isPunctuation("(") {
      let closer: Substring = isPunctuation("[") ? "]" : ")"
      position += 1
      while !atEnd && !isPunctuation(closer) {
        let before = position
        nodes += parseTypeAnnotation()
        if position == before { position += 1 }
      }
      _ = take(closer)
    } else if isName(at: position) {
      nodes.append(
        CodeNode(
          kind: .call, name: String(current), token: position,
          tokens: position..<position + 1))
      position += 1
      if isOperator("<") || (kind == .operator && current.hasPrefix("<")) {
        position += 1
        while !atEnd && !(kind == .operator && current.hasPrefix(">")) {
          let before = position
          nodes += parseTypeAnnotation()
          if position == before { position += 1 }
        }
        position += 1
      }
      // `Book.ID`: members of types are capitalised; `.sheet` after a type starts a modifier.
      while isPunctuation("."), !tokens[position].followsSpace, isName(at: position + 1),
        text(position + 1).first?.isUppercase == true
      {
        position += 1
        var member = CodeNode(
          kind: .modifier, name: String(current), token: position,
          tokens: position..<position + 1)
        member.parameters = [nodes.last?.name ?? ""]
        nodes.append(member)
        position += 1
      }
    }
    while isPunctuation("?") || isPunctuation("!") || isOperator("...") { position += 1 }
    // `A -> B -> C`, read in a loop rather than by recursion.
    while isOperator("->") {
      position += 1
      let before = position
      depth += 1
      nodes += parseTypeAnnotation()
      depth -= 1
      if position == before { break }
      if nodes.count > 4096 { break }
    }
    return nodes
  }

  // MARK: Expressions

  /// An expression, flattened: the links of its chains, with operators dropped.
  ///
  /// `stopsAtSpacedDot`: in a declaration's value, ` .name` after a complete operand starts
  /// the next item, as in a one-line attempt `@State var q = "" .searchable(text: $q)`.
  private mutating func parseExpression(
    allowsTrailingClosure: Bool = true, stopsAtSpacedDot: Bool = false
  ) -> [CodeNode] {
    var nodes: [CodeNode] = []
    var pendingTernaries = 0
    while !atEnd {
      while kind == .operator, !isOperator("=") { position += 1 }
      if isKeyword("try") || isKeyword("await") {
        position += 1
        if isPunctuation("?") || isPunctuation("!") { position += 1 }
      }
      let before = position
      nodes += parseChain(
        allowsTrailingClosure: allowsTrailingClosure, stopsAtSpacedDot: stopsAtSpacedDot)
      if position == before { break }
      if kind == .operator {
        if current == "?" { pendingTernaries += 1 }
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
        continue
      }
      break
    }
    return nodes
  }

  /// A primary expression and its postfix links: members, calls, subscripts, trailing closures.
  private mutating func parseChain(allowsTrailingClosure: Bool, stopsAtSpacedDot: Bool)
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
        if stopsAtSpacedDot && tokens[position].followsSpace { break }
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
        skipBalanced()
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
  private mutating func attachCall(
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
  private mutating func parseArguments() -> [CodeNode.Argument] {
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
  private mutating func parsePrimary() -> CodeNode? {
    guard !atEnd else { return nil }
    let start = position
    let token = tokens[position]
    func single(_ kind: CodeNode.Kind, _ name: Substring) -> CodeNode {
      position += 1
      return CodeNode(kind: kind, name: String(name), token: start, tokens: start..<start + 1)
    }
    switch token.kind {
    case .identifier:
      var node = single(.call, current)
      if node.name.hasPrefix("`") { node.name = String(node.name.dropFirst().dropLast()) }
      if node.name.first?.isUppercase == true { skipGenericArguments() }
      return node
    case .keyword:
      switch current {
      case "self" where isPunctuation(".", at: position + 1) && isName(at: position + 2):
        // `self.name` is `name`.
        position += 2
        return single(.call, current)
      case "self"
      where isPunctuation(".", at: position + 1) && position + 2 < tokens.count
        && tokens[position + 2].kind == .dollar:
        position += 2
        return parsePrimary()
      case "self", "Self", "super", "init": return single(.call, current)
      case "true", "false", "nil": return single(.literal, current)
      case "some", "any":
        position += 1
        return parseTypeAnnotation().first
      case "let", "var":
        position += 1
        if isName(at: position) {
          declared.insert(String(current))
          return single(.call, current)
        }
        return nil
      case "in", "else", "case", "default", "where": return nil
      default:
        return nil
      }
    case .dollar:
      let name = current.dropFirst()
      if let digit = Int(name) {
        return single(.call, "$\(digit)")
      }
      return single(.binding, name)
    case .string, .number: return single(.literal, current)
    case .pound:
      var node = single(.call, current)
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
      switch current {
      case ".":
        guard isName(at: position + 1) else { return nil }
        position += 1
        var member = single(.member, current)
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
    case .operator, .comment, .whitespace:
      return nil
    }
  }

  /// `\.name.name` or `\Type.name`.
  private mutating func parseKeyPath() -> CodeNode {
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
  private mutating func skipGenericArguments() {
    guard isOperator("<"), !tokens[position].followsSpace else { return }
    position += 1
    while !atEnd && !(kind == .operator && current.hasPrefix(">")) { position += 1 }
    position += 1
  }

  /// `{ params in body }`, from the opening brace to after the closing one.
  private mutating func parseClosure() -> CodeNode {
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
  private func closureParameters() -> ([String], Int)? {
    var index = position
    var names: [String] = []
    var level = 0
    var expectsName = true
    while index < tokens.count {
      let token = tokens[index]
      let value = text(index)
      if token.kind == .keyword, value == "in", level == 0 { return (names, index + 1) }
      switch token.kind {
      case .identifier where expectsName:
        names.append(String(value))
        expectsName = false
      case .keyword where value == "_" || value == "inout" || value == "some" || value == "any":
        expectsName = false
      case .identifier, .attribute: break
      case .punctuation:
        switch value {
        case "(", "[": level += 1
        case ")", "]": level -= 1
        case ",": expectsName = level <= 1
        case ":":
          expectsName = false
        case "?", "!", ".": break
        default: return nil
        }
        if level < 0 { return nil }
      case .operator where value == "->" || value == "<" || value == ">": break
      case .keyword where value == "async" || value == "throws": break
      default: return nil
      }
      index += 1
    }
    return nil
  }
}
