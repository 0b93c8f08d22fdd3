import CardDeck

/// One piece of a light syntax tree of Swift code: a call, a member, a declaration, a closure…
///
/// Modifier chains are flattened: `Text("a").font(.title)` is two items of the same block, a
/// call and a modifier, which is how a reviewer reads them (as a list of what is applied).
struct CodeNode: Sendable {
  enum Kind: Sendable {
    /// `Name(…)`, `Name { … }` or a bare `Name` used as a value or type.
    case call
    /// `.name(…)` applied to what comes before it: a modifier, or a method on a value.
    case modifier
    /// `.name` or `.name(…)` standing for a value: `.medium`, `.fraction(0.25)`.
    case member
    /// `$name`.
    case binding
    /// `\.name` or `\Type.name`.
    case keyPath
    /// A string, number, Boolean or `nil` literal.
    case literal
    /// `{ params in … }`.
    case closure
    /// `[a, b]`.
    case array
    /// `(a, b)` used as a value.
    case group
    /// `@Name(…)` on a declaration.
    case attribute
    /// `let`, `var`, `func`, `struct`, `enum`, `class`, `case`…
    case declaration
    /// `if`, `switch`, `for`, `guard`, `return`, a `case` clause.
    case statement
    /// An operator between operands.
    case `operator`
  }

  /// How much a part of the expected code counts when it is missing or wrong.
  enum Importance: Comparable, Sendable {
    /// Free: a placeholder, a literal, context.
    case free
    /// A detail a reviewer would not dwell on.
    case minor
    /// What the card is about.
    case major
  }

  /// One argument of a call, attribute or array.
  struct Argument: Sendable {
    var label: String?
    /// Index of the label's token, if there is a label.
    var labelToken: Int?
    var value: [CodeNode]
    /// Whether the argument is a trailing closure.
    var isTrailing = false
    /// How much the label counts (set by the classifier).
    var importance: Importance = .free

    var isClosure: Bool { value.count == 1 && value[0].kind == .closure }
  }

  var kind: Kind
  /// The name: identifier, member, keyword, operator or literal text.
  var name: String
  /// Index of the name's token in the code's significant tokens; nil when it has none.
  var token: Int?
  /// The tokens the node spans.
  var tokens: Range<Int>
  /// Arguments in parentheses or brackets, then trailing closures.
  var arguments: [Argument] {
    get { storage.arguments }
    _modify {
      unshare()
      yield &storage.arguments
    }
  }
  /// Whether the call has parentheses, even empty ones.
  var hasParentheses = false
  /// Closure parameters; names a declaration introduces.
  var parameters: [String] {
    get { storage.parameters }
    _modify {
      unshare()
      yield &storage.parameters
    }
  }
  /// Whether a closure uses `$0`, `$1`…: the number of anonymous parameters.
  var anonymousParameters = 0
  /// Bodies: a closure's or declaration's block, a statement's blocks.
  var blocks: [[CodeNode]] {
    get { storage.blocks }
    _modify {
      unshare()
      yield &storage.blocks
    }
  }
  /// A declaration's attributes.
  var attributes: [CodeNode] {
    get { storage.attributes }
    _modify {
      unshare()
      yield &storage.attributes
    }
  }
  /// A declaration's type annotation or inheritance clause; a statement's condition.
  var clause: [CodeNode] {
    get { storage.clause }
    _modify {
      unshare()
      yield &storage.clause
    }
  }
  /// A declaration's initial value.
  var value: [CodeNode] {
    get { storage.value }
    _modify {
      unshare()
      yield &storage.value
    }
  }

  /// Whether the name is API (set by the classifier); false for placeholders.
  var isAPI = false
  /// How much the node's own name counts (set by the classifier).
  var importance: Importance = .free
  /// What the node and all it holds weigh, worked out once the tree is classified (see
  /// `ParsedCode`); nil on a node changed since.
  var weight: Weight?
  /// The labels, names and literals in the node's arguments and what it holds, worked out with
  /// the weight, for telling which of several candidates is most alike.
  var fingerprint: Set<String>? {
    get { storage.fingerprint }
    _modify {
      unshare()
      yield &storage.fingerprint
    }
  }
  /// Whether the node stands for many: it came out of a `ForEach` or a `for` loop.
  var isRepeated = false
  /// Whether the node is one of the candidates of a container that tries them in order
  /// (`ViewThatFits`): any view will do in its place, but leaving it out costs.
  var isCandidate = false
  /// Whether the author marks the node `optional:`: free when left out, but another name in its
  /// place is an error.
  var isOptional = false
  /// Whether the system supplies the node where it is left out (a confirmation dialog's Cancel
  /// button): free when missing, compared when written.
  var isSuppliedBySystem = false
  /// Whether the node is the closure of such a container: the order of its items matters.
  var isOrdered = false
  /// Whether the node is scaffolding around what matters: when it has no counterpart, its
  /// blocks are compared in its place.
  var isTransparent = false
  /// For a link of a chain that starts at a bare capitalised name, that name and, from the
  /// third link on, the second (`URLSession.shared` for `URLSession.shared.data`): a type's
  /// member, and what is called on it, is API when the SDK declares them.
  var chainRoot: String?

  /// Whether the node only names a type (`Data` in `[Data]`, `Int` in `[String: Int]`): a
  /// capitalised name, not called, holding nothing.
  var isTypeReference: Bool {
    kind == .call && !hasParentheses && name.first?.isUppercase == true && arguments.isEmpty
      && blocks.isEmpty
  }

  /// What the node holds, behind one reference: the comparison passes nodes around by the
  /// thousand, and a copy then costs one retain, not one per array.
  private var storage = Storage()

  init(kind: Kind, name: String, token: Int?, tokens: Range<Int>) {
    self.kind = kind
    self.name = name
    self.token = token
    self.tokens = tokens
  }

  /// Gives the node its own storage before a change, so that copies keep their value.
  private mutating func unshare() {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
  }

  /// Mutable only through a node that holds the sole reference (``unshare()``), so never
  /// changed while shared, across threads or not; which is also why the runtime's exclusivity
  /// checks, as costly as the copies saved, are left out.
  private final class Storage: @unchecked Sendable {
    @exclusivity(unchecked) var arguments: [Argument] = []
    @exclusivity(unchecked) var parameters: [String] = []
    @exclusivity(unchecked) var blocks: [[CodeNode]] = []
    @exclusivity(unchecked) var attributes: [CodeNode] = []
    @exclusivity(unchecked) var clause: [CodeNode] = []
    @exclusivity(unchecked) var value: [CodeNode] = []
    @exclusivity(unchecked) var fingerprint: Set<String>?

    func copy() -> Storage {
      let other = Storage()
      other.arguments = arguments
      other.parameters = parameters
      other.blocks = blocks
      other.attributes = attributes
      other.clause = clause
      other.value = value
      other.fingerprint = fingerprint
      return other
    }
  }
}

extension CodeNode {
  /// The node with `transform` applied to everything it holds: argument values, blocks,
  /// attributes, clause and value.
  func mappingChildren(_ transform: (CodeNode) -> CodeNode) -> CodeNode {
    var node = self
    node.arguments = arguments.map { argument in
      var argument = argument
      argument.value = argument.value.map(transform)
      return argument
    }
    node.blocks = blocks.map { $0.map(transform) }
    node.attributes = attributes.map(transform)
    node.clause = clause.map(transform)
    node.value = value.map(transform)
    return node
  }
}
