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
  var position = 0
  /// Names the code introduces: variables, functions, types, enum cases, parameters.
  var declared: Set<String> = []
  /// The type aliases the code declares to a single name (`typealias Value = CGFloat`).
  var typeAliases: [String: String] = [:]
  /// The `if` and `guard` statements, by their keyword's token, whose one block leaves the scope
  /// (`return`, `throw`, `continue`, `break` at its first level): what follows them is their
  /// other branch (``CodeNode/normalizingEarlyExits(_:exiting:)``).
  var earlyExits: Set<Int> = []
  /// How deep the parser is in nested constructs; past a limit, input is skipped, not parsed.
  var depth = 0

  /// Each token's text, read once.
  let texts: [Substring]
  /// Each token's byte when it is one byte long (most punctuation), else 0: the parser asks
  /// "is this `(`?" of nearly every token, and a byte answers faster than a string.
  let bytes: [UInt8]

  init(source: String) {
    self.source = source
    self.tokens = SDKCheck.Code.openingInterpolations(
      SwiftLexer.significantTokens(in: source), in: source, labelledOnly: true)
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

  func text(_ index: Int) -> Substring {
    index < texts.count ? texts[index] : ""
  }

  var current: Substring { text(position) }
  var kind: SwiftToken.Kind? { position < tokens.count ? tokens[position].kind : nil }
  var atEnd: Bool { position >= tokens.count }

  func isPunctuation(_ value: Substring, at index: Int) -> Bool {
    guard index < tokens.count, tokens[index].kind == .punctuation else { return false }
    return Self.isByte(bytes[index], value) ?? (text(index) == value)
  }

  /// Whether a token's one byte (``bytes``) is `value`; nil when the token is not one byte
  /// long, and the texts must be compared.
  static func isByte(_ byte: UInt8, _ value: Substring) -> Bool? {
    guard byte != 0 else { return nil }
    let utf8 = value.utf8
    return utf8.first == byte && utf8.index(after: utf8.startIndex) == utf8.endIndex
  }

  func isPunctuation(_ value: Substring) -> Bool { isPunctuation(value, at: position) }

  func isKeyword(_ value: Substring, at index: Int? = nil) -> Bool {
    let index = index ?? position
    return index < tokens.count && tokens[index].kind == .keyword && text(index) == value
  }

  func isName(at index: Int) -> Bool {
    index < tokens.count && (tokens[index].kind == .identifier || tokens[index].kind == .keyword)
  }

  /// Whether the token at `index` starts a new line.
  func startsLine(_ index: Int) -> Bool {
    index > 0 && index < tokens.count && tokens[index].line > tokens[index - 1].line
  }

  mutating func take(_ value: Substring) -> Bool {
    guard isPunctuation(value) else { return false }
    position += 1
    return true
  }

  /// Skips to after the bracket that closes the one at `position`.
  mutating func skipBalanced() {
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

  /// Enters one more level of nesting; past 64 levels, skips the token instead and says no, so
  /// that deep input costs neither the stack nor time.
  mutating func descend() -> Bool {
    guard depth < 64 else {
      position += 1
      return false
    }
    depth += 1
    return true
  }

  /// Items up to a closing `}` (not consumed) or one of `stops` at the start of an item.
  mutating func parseBlock(until stops: Set<Substring>) -> [CodeNode] {
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

  mutating func parseItem() -> [CodeNode] {
    guard descend() else { return [] }
    defer { depth -= 1 }
    let start = position
    var attributes: [CodeNode] = []
    while kind == .attribute || (kind == .keyword && SwiftKeyword.modifiers.contains(current))
      || (kind == .identifier && SwiftKeyword.modifiers.contains(current)
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
        if isName(at: position) {
          declared.insert(String(current))
          // `= Name` and the end of the line: an alias another name can stand for.
          let alias = String(current)
          if position + 2 < tokens.count, tokens[position + 1].kind == .operator,
            text(position + 1) == "=", isName(at: position + 2),
            position + 3 >= tokens.count || startsLine(position + 3)
              || text(position + 3) == "}" || text(position + 3) == ";"
          {
            typeAliases[alias] = String(text(position + 2))
          }
        }
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
      case "import":
        // Which modules the code imports is the file's setting, not what a card asks.
        position = SDKCheck.Code.endOfImport(at: position, in: source, tokens)
        return []
      case "return", "throw", "break", "continue", "fallthrough":
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
  mutating func parseAttribute() -> CodeNode {
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
  mutating func parseVariable(attributes: [CodeNode], start: Int) -> CodeNode {
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

  func isOperator(_ value: Substring) -> Bool {
    kind == .operator && current == value
  }

  /// The names a `let`/`var` pattern binds: `name`, `(a, b)`.
  mutating func parsePattern() -> [String] {
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
  mutating func parseFunction(attributes: [CodeNode], start: Int) -> CodeNode {
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
  mutating func parseType(attributes: [CodeNode], start: Int) -> CodeNode {
    var node = CodeNode(
      kind: .declaration, name: String(current), token: position, tokens: start..<position + 1)
    node.attributes = attributes
    let isExtension = current == "extension"
    position += 1
    if isName(at: position) {
      // An extension names the type it extends, which it does not declare.
      node.parameters = [String(current)]
      if !isExtension { declared.insert(String(current)) }
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
  mutating func parseEnumCase(start: Int) -> CodeNode {
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
  mutating func takeKeywordStatement() -> CodeNode {
    let node = CodeNode(
      kind: .statement, name: String(current), token: position, tokens: position..<position + 1)
    position += 1
    return node
  }

  /// `if`, `guard`, `while`: conditions, a block, and `else`.
  mutating func parseConditional() -> CodeNode {
    let start = position
    var node = takeKeywordStatement()
    node.clause = parseConditions()
    if isKeyword("else") { position += 1 }
    if isPunctuation("{") {
      let open = position
      node.blocks.append(parseBraces())
      if !isKeyword("else"), let token = node.token, exits(from: open, to: position) {
        earlyExits.insert(token)
      }
    }
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

  /// Whether the block from the `{` at `open` to before `end` leaves the scope at its first
  /// level.
  func exits(from open: Int, to end: Int) -> Bool {
    var depth = 0
    for index in open..<min(end, tokens.count) {
      let word = text(index)
      if word == "{" || word == "(" || word == "[" { depth += 1 }
      if word == "}" || word == ")" || word == "]" { depth -= 1 }
      if depth == 1, tokens[index].kind == .keyword,
        ["return", "throw", "continue", "break"].contains(word)
      {
        return true
      }
    }
    return false
  }

  /// Comma-separated conditions, `let x = …` and `case … = …` among them, up to `{`.
  mutating func parseConditions() -> [CodeNode] {
    var nodes: [CodeNode] = []
    while !atEnd && !isPunctuation("{") && !isKeyword("else") {
      let binds = isKeyword("let") || isKeyword("var")
      if binds || isKeyword("case") {
        position += 1
        if isName(at: position), !isOperator("=") { declared.insert(String(current)) }
      }
      let before = position
      let condition = parseExpression(allowsTrailingClosure: false)
      nodes += condition
      // `if let user` unwraps `user` as `if let user = user` does (SE-0345).
      if binds, condition.count == 1, condition[0].kind == .call, condition[0].arguments.isEmpty,
        !condition[0].hasParentheses, condition[0].blocks.isEmpty,
        isPunctuation(",") || isPunctuation("{") || isKeyword("else")
      {
        nodes.append(condition[0])
      }
      if !take(","), position == before { position += 1 }
    }
    return nodes
  }

  /// `switch subject { case …: … default: … }`.
  mutating func parseSwitch() -> CodeNode {
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
  mutating func parseFor() -> CodeNode {
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
  mutating func parseBraces() -> [CodeNode] {
    guard take("{") else { return [] }
    let items = parseBlock(until: [])
    _ = take("}")
    return items
  }

  // MARK: Types

  /// A type: `Recipe?`, `[Route]`, `some View`, `Binding<String>`, `(Int) -> Void`. Each named
  /// type becomes a bare call node, so that API types count like any other name.
  mutating func parseTypeAnnotation() -> [CodeNode] {
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
}
