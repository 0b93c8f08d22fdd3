import CardDeck

/// Code parsed and classified.
struct ParsedCode: Sendable {
  let source: String
  let tokens: [SwiftToken]
  let nodes: [CodeNode]
  let declared: Set<String>
  let hints: JudgingHints
  /// For a card whose author calls nothing essential, the arguments its question asks for
  /// (``QuestionWords/askedArguments(in:)``); empty for an attempt.
  let asked: [Int: QuestionWords.AskedArgument]
  /// The card's question's words; for an attempt, only the types it gives names.
  let question: QuestionWords
  /// The text of every token, for the card's code; empty for an attempt.
  let names: Set<String>
  /// The names and literals the code's author chose (`$showsTerms`, `"Order 4182"`): not
  /// labels, which are the API's words, nor scaffolding.
  let ownNames: Set<Substring>
  /// The values the code gives its own variables: `let columns = [GridItem(…)]`.
  let variables: [String: [CodeNode]]
  /// The names and attributes the code writes, for the cheap looks that come before a check
  /// that seldom applies.
  let writtenNames: Set<Substring>
  /// What the values of the code's local constants start with (``CodeNode/constantHeads(in:)``).
  let constantHeads: Set<String>
  /// Those of constants whose value is one item (`let clock = ContinuousClock()`).
  let plainConstantHeads: Set<String>
  /// The local constants written in the place they are used, when asked for, each with what
  /// its value starts with.
  let inlinedConstants: [String: String]
  /// The code as the SDK check reads it, and the SDK types of the names it binds
  /// (``SDKCheck/Code/typedNames(index:)``): read once, for the classifier and the check.
  let checkedCode: SDKCheck.Code
  let typedNames: [Substring: String]

  /// Parses and classifies `source`. With `inliningConstantsBut`, each local constant used once
  /// is read as its value in its place, but for those whose value starts with one of the names
  /// given: the other code binds such a value too, and the two bindings are compared. With
  /// `operandsLike`, a commutative method's operands are read the other way round where that is
  /// the card's way (``CodeNode/orderingOperands(_:like:)``).
  init(
    _ source: String, hints: JudgingHints, vocabulary: APIVocabulary, collectsNames: Bool = false,
    fixedNumbers: Set<String> = [], asksForCancel: Bool = true, questionNames: Set<String> = [],
    question: QuestionWords = QuestionWords(""), operandsLike receivers: Set<String> = [],
    inliningConstantsBut kept: Set<String>? = nil
  ) {
    self.hints = hints
    self.question = question
    var parser = CodeParser(source: source)
    var nodes = parser.parse()
    // Each pass copies the tree: only where the code has what it rewrites.
    if source.holdsBytes("seconds") { nodes = CodeNode.normalizingDurations(nodes) }
    if CodeNode.mayHaveImplicitMembers(source, parser.tokens) {
      nodes = CodeNode.normalizingImplicitMembers(
        CodeNode.normalizingFactories(nodes), declared: parser.declared)
    }
    if source.holdsBytes("forEach") { nodes = CodeNode.normalizingLoops(nodes) }
    if source.holdsBytes("Gesture(") { nodes = CodeNode.normalizingGestures(nodes) }
    if source.holdsBytes("StrokeStyle(") { nodes = CodeNode.normalizingStrokeStyles(nodes) }
    if source.holdsBytes("formatted(") { nodes = CodeNode.normalizingFormatting(nodes) }
    if source.holdsBytes("Text(") { nodes = CodeNode.normalizingTitleLabels(nodes) }
    if source.holdsBytes("init(") || source.holdsBytes("initialValue") {
      nodes = CodeNode.normalizingWrapperInits(nodes, index: .shipped)
    }
    if source.holdsBytes("}()") { nodes = CodeNode.unwrappingSetUpClosures(nodes) }
    if source.holdsBytes("Path {") { nodes = CodeNode.unwrappingBuilderClosures(nodes) }
    if CodeNode.mayAnnotateOwnType(source, parser.tokens) || source.holdsBytes("}()") {
      nodes = CodeNode.droppingOwnTypeAnnotations(nodes)
    }
    if !receivers.isEmpty, CodeNode.mayCallCommutativeMethods(source) {
      nodes = CodeNode.orderingOperands(nodes, like: receivers)
    }
    nodes = CodeNode.mergingExtensions(nodes)
    nodes = CodeNode.normalizingEarlyExits(
      CodeNode.replacingTypeAliases(nodes, parser.typeAliases), exiting: parser.earlyExits)
    constantHeads = CodeNode.constantHeads(in: nodes)
    plainConstantHeads = CodeNode.constantHeads(in: nodes, plain: true)
    var declared = parser.declared
    if let kept, !constantHeads.isSubset(of: kept) {
      (nodes, inlinedConstants) = CodeNode.inliningConstants(nodes, keeping: kept)
      // A value written in a constant's place reads as it would have inline.
      nodes = CodeNode.normalizingFormatting(nodes)
      declared.subtract(inlinedConstants.keys)
    } else {
      inlinedConstants = [:]
    }
    self.source = source
    self.tokens = parser.tokens
    self.declared = declared
    self.names = collectsNames ? Set(parser.tokens.map { String(source[$0.range]) }) : []
    var classifier = CodeClassifier(
      vocabulary: vocabulary, declared: declared, hints: hints, fixedNumbers: fixedNumbers,
      asksForCancel: asksForCancel)
    classifier.questionNames = questionNames
    classifier.question = question
    let code = SDKCheck.Code(source: source, tokens: parser.tokens)
    let typedNames = code.typedNames(index: .shipped)
    self.checkedCode = code
    self.typedNames = typedNames
    // The card's names used unbound are typed by what its members say (`configuration.label`
    // and `.isPressed`: a `ButtonStyleConfiguration`), as the SDK check types an attempt's.
    let inferred = collectsNames ? code.inferredTypes(index: .shipped) : [:]
    classifier.typedNames = typedNames.merging(inferred) { typed, _ in typed }
      .reduce(into: question.types) { $0[String($1.key)] = $1.value }
    let classified = classifier.classify(nodes)
    // The card's code is prepared once: worth measuring all of it. An attempt's weights come
    // from the classifier, and its fingerprints when asked for.
    self.nodes = collectsNames ? classified.map(Self.measured) : classified
    asked =
      collectsNames && hints.essential.isEmpty
      ? question.askedArguments(in: self.nodes) : [:]
    let tokens = parser.tokens
    let utf8 = source.utf8
    // A label is a name before a `:`, a one-byte token: read as a byte.
    func isColon(_ token: SwiftToken) -> Bool {
      token.kind == .punctuation && utf8[token.range.lowerBound] == UInt8(ascii: ":")
        && utf8.index(after: token.range.lowerBound) == token.range.upperBound
    }
    self.ownNames = Set(
      tokens.indices.filter { index in
        let kind = tokens[index].kind
        return (kind == .identifier || kind == .dollar || kind == .string)
          && !(index + 1 < tokens.count && isColon(tokens[index + 1]))
      }
      .map { source[tokens[$0].range] }
      .filter { !APIVocabulary.scaffolding.contains(String($0)) && $0 != "View" })
    var variables: [String: [CodeNode]] = [:]
    func collect(_ nodes: [CodeNode]) {
      for node in nodes {
        if node.kind == .declaration, node.name == "var", node.parameters.count == 1,
          !node.value.isEmpty
        {
          variables[node.parameters[0]] = node.value
        }
        node.blocks.forEach(collect)
      }
    }
    collect(self.nodes)
    self.variables = variables
    self.writtenNames = Set(
      tokens.lazy.filter { $0.kind == .identifier || $0.kind == .attribute }
        .map { source[$0.range] })
  }

  /// `node` with its weight and fingerprint, and those of everything in it, worked out once:
  /// the alignment asks for them at every level.
  private static func measured(_ node: CodeNode) -> CodeNode {
    var node = node.mappingChildren(measured)
    // Weighed again from the children just measured: promoting may have left some unweighed.
    node.weight = nil
    node.weight = CodeNode.weight(of: node)
    node.fingerprint = Matching.fingerprint(of: node, depth: 0)
    return node
  }

  /// Whether anything in the code counts: API, not only placeholders.
  var hasWeight: Bool {
    let total = nodes.reduce(Weight()) { $0 + CodeNode.weight(of: $1) }
    return total.major + total.minor > 0
  }

  /// The words of the line that holds `token`, its strings and numbers left out: two lines
  /// that say the same of other values have one shape.
  func lineShape(at token: Int) -> [Substring] {
    guard tokens.indices.contains(token) else { return [] }
    let at = tokens[token].range
    let start = source[..<at.lowerBound].lastIndex(of: "\n") ?? source.startIndex
    let end = source[at.upperBound...].firstIndex(of: "\n") ?? source.endIndex
    return tokens.filter { candidate in
      candidate.range.lowerBound >= start && candidate.range.upperBound <= end
        && candidate.kind != .string && candidate.kind != .number
    }.map { source[$0.range] }
  }

  func text(_ node: CodeNode) -> String {
    guard let token = node.token, token < tokens.count else { return node.name }
    return String(source[tokens[token].range])
  }
}
