/// A closure that only reads a path from its one parameter is that key path as a function
/// (SE-0249): `grouping: todos) { $0.project }` says what `grouping: todos, by: \.project` says;
/// one that only passes its parameter to a function is that function: `compactMap { Int($0) }`
/// says what `compactMap(Int.init)` says, and one that only calls a function with nothing is
/// that function: `Button("Save") { save() }` says what `Button("Save", action: save)` says,
/// and `.onAppear { feed.start() }` what `.onAppear(perform: feed.start)` says.
extension CodeNode {
  /// The key path `closure` reads from its only parameter, if that is all it does; its names
  /// count as they do in the closure. The tokens stay the closure's.
  static func keyPath(readBy closure: CodeNode) -> CodeNode? {
    guard let parameter = soleParameter(of: closure), let body = closure.blocks.first,
      body.count >= 2,
      body[0].kind == .call, body[0].name == parameter, isBare(body[0])
    else { return nil }
    let path = body.dropFirst()
    guard path.allSatisfy({ $0.kind == .modifier && isBare($0) }) else { return nil }
    var node = CodeNode(
      kind: .keyPath, name: path.map(\.name).joined(separator: "."), token: path.first?.token,
      tokens: closure.tokens)
    node.isAPI = path.contains(where: \.isAPI)
    node.importance = path.map(\.importance).max() ?? .free
    return node
  }

  /// The card's value and the attempt's as two key paths, where one is a key path and the
  /// other a closure that reads one; or as two functions, where one is a function and the
  /// other a closure that only calls it.
  static func functionForms(_ expected: [CodeNode], _ typed: [CodeNode]) -> (
    [CodeNode], [CodeNode]
  )? {
    if expected.count == 1, typed.count == 1 {
      switch (expected[0].kind, typed[0].kind) {
      case (.keyPath, .closure): return keyPath(readBy: typed[0]).map { (expected, [$0]) }
      case (.closure, .keyPath): return keyPath(readBy: expected[0]).map { ([$0], typed) }
      default: break
      }
    }
    if expected.count == 1, let called = function(calledBy: expected[0]),
      let reference = function(named: typed)
    {
      return (called, reference)
    }
    if typed.count == 1, let called = function(calledBy: typed[0]),
      let reference = function(named: expected)
    {
      return (reference, called)
    }
    return nil
  }

  /// The function `closure` only calls with its one parameter (`{ Int($0) }`, `{ s in
  /// parse(s) }`), or, taking none, with none (`{ save() }` for `action: save`, `{ feed.start() }`
  /// for `perform: feed.start`), as a bare name.
  private static func function(calledBy closure: CodeNode) -> [CodeNode]? {
    if closure.kind == .closure, closure.parameters.isEmpty, closure.anonymousParameters == 0,
      closure.blocks.count == 1, let last = closure.blocks[0].last,
      last.hasParentheses, last.arguments.isEmpty, last.blocks.isEmpty, last.value.isEmpty,
      last.name.first?.isLowercase == true,
      closure.blocks[0].count == 1 && last.kind == .call
        || isMember(closure.blocks[0])
    {
      var function = closure.blocks[0]
      function[function.count - 1].hasParentheses = false
      function[function.count - 1].weight = nil
      return function
    }
    guard let parameter = soleParameter(of: closure), let body = closure.blocks.first,
      body.count == 1, body[0].kind == .call,
      body[0].blocks.isEmpty, body[0].arguments.count == 1,
      body[0].arguments[0].label == nil, body[0].arguments[0].value.count == 1,
      case let argument = body[0].arguments[0].value[0], argument.kind == .call,
      argument.name == parameter, isBare(argument)
    else { return nil }
    var function = body[0]
    function.arguments = []
    function.hasParentheses = false
    function.weight = nil
    return [function]
  }

  /// Whether `chain` is a method of a named value (`feed.start`, `feed.start()`): the value
  /// bare, the method after it.
  private static func isMember(_ chain: [CodeNode]) -> Bool {
    chain.count == 2 && chain[0].kind == .call && isBare(chain[0])
      && chain[0].name.first?.isLowercase == true && chain[1].kind == .modifier
      && chain[1].parameters == [chain[0].name]
  }

  /// The function `value` names (`parse`, `Int.init`, `feed.start`), as a bare name; a type
  /// alone (`compactMap(Int)`) names none.
  private static func function(named value: [CodeNode]) -> [CodeNode]? {
    guard let first = value.first, first.kind == .call, isBare(first) else { return nil }
    if value.count == 1 { return first.name.first?.isUppercase == true ? nil : [first] }
    if isMember(value), isBare(value[1]), value[1].name.first?.isLowercase == true {
      return value
    }
    guard value.count == 2, value[1].kind == .modifier, value[1].name == "init", isBare(value[1])
    else { return nil }
    var function = first
    function.weight = nil
    return [function]
  }

  /// The name of the one parameter of `closure` (`$0` where it is anonymous), if it takes one
  /// and has one block.
  private static func soleParameter(of closure: CodeNode) -> String? {
    guard closure.kind == .closure, closure.blocks.count == 1 else { return nil }
    if closure.parameters.count == 1 { return closure.parameters[0] }
    return closure.parameters.isEmpty && closure.anonymousParameters == 1 ? "$0" : nil
  }

  /// Whether `node` is a bare name: no parentheses, arguments, blocks or value.
  private static func isBare(_ node: CodeNode) -> Bool {
    !node.hasParentheses && node.arguments.isEmpty && node.blocks.isEmpty && node.value.isEmpty
  }
}
