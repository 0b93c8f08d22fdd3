import CardDeck

extension SDKCheck {
  /// Code as significant tokens, with the few questions the checks ask of it.
  struct Code: Sendable {
    let source: String
    let tokens: [SwiftToken]

    /// For each token, its byte when it is one ASCII byte (`{`, `.`), else 0: punctuation is
    /// looked at for every token, and comparing strings is far slower.
    let marks: [UInt8]
    /// Each token's text, cut out once: the checks ask for it thousands of times an attempt,
    /// and each cut aligns its bounds anew.
    private let texts: [Substring]

    init(_ source: String) {
      self.init(source: source, tokens: SwiftLexer.significantTokens(in: source))
    }

    init(source: String, tokens: [SwiftToken]) {
      self.source = source
      let tokens = Self.openingInterpolations(tokens, in: source)
      self.tokens = tokens
      let utf8 = source.utf8
      marks = tokens.map { token in
        let start = token.range.lowerBound
        guard start < utf8.endIndex, utf8.index(after: start) == token.range.upperBound else {
          return 0
        }
        return utf8[start] < 0x80 ? utf8[start] : 0
      }
      texts = tokens.map { source[$0.range] }
    }

    func text(_ index: Int) -> Substring { texts[index] }

    /// Whether the code declares a function `name` of its own.
    func declaresFunction(named name: String) -> Bool {
      functions().contains { text($0.name) == name }
    }

    /// `tokens` with the code interpolated in each string literal written after it, in its
    /// parentheses (`"\(proxy.width) pt"` then `( proxy . width )`): a member read there is
    /// read as anywhere else. Raw strings are left as they are. With `labelledOnly`, only the
    /// interpolations with an argument label (`\(seconds, format: .fixed)`); an interpolation
    /// opened already (the parser's tokens) is not opened again.
    static func openingInterpolations(
      _ tokens: [SwiftToken], in source: String, labelledOnly: Bool = false
    ) -> [SwiftToken] {
      guard tokens.contains(where: { $0.kind == .string && source[$0.range].contains("\\(") })
      else { return tokens }
      let starts = Set(tokens.map(\.range.lowerBound))
      var result: [SwiftToken] = []
      for token in tokens {
        result.append(token)
        guard token.kind == .string, source[token.range].first == "\"" else { continue }
        for segment in interpolations(in: source[token.range]) {
          let open = source.index(before: segment.lowerBound)
          if starts.contains(open) { continue }
          let inner = String(source[segment])
          let pieces = SwiftLexer.significantTokens(in: inner)
          if labelledOnly && !hasLabel(pieces, in: inner) { continue }
          result.append(
            SwiftToken(
              kind: .punctuation, range: open..<segment.lowerBound, line: token.line,
              followsSpace: false))
          let utf8 = inner.utf8
          for piece in pieces {
            let start = utf8.distance(from: utf8.startIndex, to: piece.range.lowerBound)
            let end = utf8.distance(from: utf8.startIndex, to: piece.range.upperBound)
            let base = source.utf8
            result.append(
              SwiftToken(
                kind: piece.kind,
                range: base.index(
                  segment.lowerBound, offsetBy: start)..<base.index(
                    segment.lowerBound, offsetBy: end),
                line: token.line, followsSpace: piece.followsSpace))
          }
          result.append(
            SwiftToken(
              kind: .punctuation,
              range: segment.upperBound..<source.index(after: segment.upperBound),
              line: token.line, followsSpace: false))
        }
      }
      return result
    }

    /// Whether an interpolation's code passes an argument with a label (`seconds, format:`),
    /// at its first level: not a ternary's `:`.
    static func hasLabel(_ tokens: [SwiftToken], in code: String) -> Bool {
      var depth = 0
      var startsArgument = true
      for (index, token) in tokens.enumerated() {
        let text = code[token.range]
        if token.kind == .punctuation {
          if ["(", "[", "{"].contains(text) { depth += 1 }
          if [")", "]", "}"].contains(text) { depth -= 1 }
        }
        if depth == 0, startsArgument, token.kind == .identifier, index + 1 < tokens.count,
          code[tokens[index + 1].range] == ":"
        {
          return true
        }
        startsArgument = depth == 0 && text == ","
      }
      return false
    }

    /// The token after the import declaration whose `import` is at `position`: `import
    /// OSLog`, `import struct Foundation.Date`, `@testable import quiz` from its `import`.
    static func endOfImport(at position: Int, in source: String, _ tokens: [SwiftToken]) -> Int {
      var end = position + 1
      let kinds: Set<Substring> = [
        "struct", "class", "enum", "protocol", "typealias", "func", "var", "let",
      ]
      if end < tokens.count, kinds.contains(source[tokens[end].range]) { end += 1 }
      if end < tokens.count, tokens[end].kind == .identifier { end += 1 }
      while end + 1 < tokens.count, source[tokens[end].range] == ".",
        tokens[end + 1].kind == .identifier
      {
        end += 2
      }
      return end
    }

    /// The ranges of the code inside each `\( … )` of a string literal's text, its own
    /// parentheses left out.
    static func interpolations(in literal: Substring) -> [Range<String.Index>] {
      var found: [Range<String.Index>] = []
      var index = literal.startIndex
      while let slash = literal[index...].firstIndex(of: "\\") {
        let next = literal.index(after: slash)
        guard next < literal.endIndex else { break }
        guard literal[next] == "(" else {
          index = literal.index(after: next)
          continue
        }
        let start = literal.index(after: next)
        var depth = 1
        var position = start
        while position < literal.endIndex {
          if literal[position] == "(" { depth += 1 }
          if literal[position] == ")" {
            depth -= 1
            if depth == 0 { break }
          }
          position = literal.index(after: position)
        }
        guard position < literal.endIndex else { break }
        found.append(start..<position)
        index = literal.index(after: position)
      }
      return found
    }

    /// Whether the token at `index` is the one-byte `character`; false past either end.
    func isByte(_ index: Int, _ character: Unicode.Scalar) -> Bool {
      marks.indices.contains(index) && marks[index] == UInt8(character.value)
    }

    /// A closure: its `{`, the names before `in`, and the tokens of its body.
    struct Closure {
      var open: Int
      var parameters: [Substring]
      var body: Range<Int>
    }

    func closures() -> [Closure] {
      var found: [Closure] = []
      for open in tokens.indices where isByte(open, "{") {
        var names: [Substring] = []
        var index = open + 1
        if index < tokens.count, isByte(index, "(") { index += 1 }
        while index < tokens.count, tokens[index].kind == .identifier || isByte(index, "_") {
          names.append(text(index))
          index += 1
          if index < tokens.count, isByte(index, ",") { index += 1 } else { break }
        }
        if index < tokens.count, isByte(index, ")") { index += 1 }
        guard !names.isEmpty, index < tokens.count, text(index) == "in" else { continue }
        // Brackets that do not pair up (`{ a ) in`) may close the closure before its `in`.
        found.append(
          Closure(open: open, parameters: names, body: index..<max(index, close(of: open))))
      }
      return found
    }

    /// The index of the bracket that closes the one at `open`, or the end.
    func close(of open: Int) -> Int { matching(open, step: 1) ?? tokens.count }

    /// The index of the bracket that opens the one at `close`, if any.
    func open(of close: Int) -> Int? { matching(close, step: -1) }

    /// The bracket that matches the one at `start`, walking forward (`step` 1) from an opening
    /// one or back (-1) from a closing one.
    private func matching(_ start: Int, step: Int) -> Int? {
      var depth = 0
      var index = start
      while tokens.indices.contains(index) {
        switch marks[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += step
        case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= step
        default: break
        }
        if depth == 0 { return index }
        index += step
      }
      return nil
    }

    /// What a trailing closure at `open` is passed to: the call's name and its owner, a type
    /// for an initialiser, `View` for a modifier, `-` for a free function.
    func callee(before open: Int) -> (name: String, owner: String)? {
      var index = open - 1
      if index >= 0, isByte(index, ")"), let start = self.open(of: index) { index = start - 1 }
      // `AsyncStream<Int> { … }`: the type's generic arguments say nothing of the call.
      if index >= 0, isByte(index, ">") {
        var depth = 0
        while index >= 0 {
          if isByte(index, ">") { depth += 1 } else if isByte(index, "<") { depth -= 1 }
          index -= 1
          if depth == 0 { break }
        }
      }
      guard index >= 0, tokens[index].kind == .identifier else { return nil }
      let name = String(text(index))
      if index > 0, isByte(index - 1, ".") { return (name, "View") }
      if name.first?.isUppercase == true { return ("init", name) }
      return (name, "-")
    }

    /// The labels written in the argument list after the name at `index`, `_` for an argument
    /// without one; nil when the name is not called.
    func labels(after index: Int) -> [String]? {
      guard index + 1 < tokens.count, isByte(index + 1, "(") else { return nil }
      return arguments(after: index).map { $0.label.map { String(text($0)) } ?? "_" }
    }

    /// The first token of each argument's value in the list after the call at `index`, the
    /// label and its colon passed over.
    func argumentValues(after index: Int) -> [Int] { arguments(after: index).map(\.value) }

    /// Each argument of the list after the name at `index`: its label's token, if it has one,
    /// and its value's first token.
    func arguments(after index: Int) -> [(label: Int?, value: Int)] {
      guard index + 1 < tokens.count, isByte(index + 1, "(") else { return [] }
      let end = close(of: index + 1)
      var arguments: [(label: Int?, value: Int)] = []
      var depth = 0
      for inner in (index + 1)..<min(end, tokens.count) {
        switch marks[inner] {
        case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
        default: break
        }
        // Each argument starts after the `(` or a `,` at the list's own depth.
        let starts = depth == 1 && (isByte(inner, "(") || isByte(inner, ","))
        guard starts, inner + 1 < end else { continue }
        let labelled =
          inner + 2 < end && isByte(inner + 2, ":")
          && [.identifier, .keyword].contains(tokens[inner + 1].kind)
        // A label with nothing after it (`f(a:`, cut short) has no value.
        guard !labelled || inner + 3 < end else { continue }
        arguments.append(labelled ? (inner + 1, inner + 3) : (nil, inner + 1))
      }
      return arguments
    }

    /// A call as written: its name's token, base name, labels, and the type it is called on
    /// where the code says (`View` for a modifier, `-` for a free function), else nil.
    struct WrittenCall {
      var token: Int
      var name: String
      var labels: [String]
      var owner: String?
      /// Whether it is an implicit member (`.periodic(from:by:)` as an argument), whose type is
      /// the one the context asks for.
      var isImplicit = false
      /// `background(alignment:)`, `init(_:)` for `Text("…")`.
      var written: String { name + "(" + labels.map { $0 + ":" }.joined() + ")" }
    }

    /// The calls the code writes with an argument list, or with only a trailing closure, and
    /// the property wrappers it initialises with arguments (`@AppStorage("key")`).
    func writtenCalls() -> [WrittenCall] { tokens.indices.compactMap(writtenCall(at:)) }

    /// The call whose name (or attribute) is at `index`, if one is written there.
    func writtenCall(at index: Int) -> WrittenCall? {
      if tokens[index].kind == .attribute, index + 1 < tokens.count, isByte(index + 1, "(") {
        let name = String(text(index).dropFirst())
        guard name.first?.isUppercase == true else { return nil }
        return WrittenCall(
          token: index, name: "init", labels: labels(after: index) ?? [], owner: name)
      }
      guard tokens[index].kind == .identifier, index + 1 < tokens.count,
        isByte(index + 1, "(") || isByte(index + 1, "{") && !isDeclaredType(index),
        !(index > 0 && ["func", "init", "case", "var", "let"].contains(text(index - 1)))
      else { return nil }
      let name = String(text(index))
      let labels = labels(after: index) ?? []
      guard index > 0, isByte(index - 1, ".") else {
        let isType = name.first?.isUppercase == true
        return WrittenCall(
          token: index, name: isType ? "init" : name, labels: labels, owner: isType ? name : "-")
      }
      // `Type.member(…)`; a modifier after a view's `)` or `}`; otherwise a value whose type
      // the code does not say.
      var owner: String?
      var isImplicit = index < 2
      if index >= 2 {
        let before = text(index - 2)
        if tokens[index - 2].kind == .identifier, before.first?.isUppercase == true {
          owner = String(before)
        } else if isByte(index - 2, ")") || isByte(index - 2, "}") {
          owner = "View"
        } else {
          isImplicit =
            ["(", ",", ":", "=", "[", "{", "return", "case", "in", "??"].contains(before)
        }
      }
      return WrittenCall(
        token: index, name: name, labels: labels, owner: owner, isImplicit: isImplicit)
    }

    /// Whether the type named at `index`, before a `{`, is a declaration's (a result type
    /// `-> ModelContainer {`, a property's `var store: ModelContainer {`, a conformance `struct
    /// Row: View {`), which opens a body, not a call with a trailing closure.
    private func isDeclaredType(_ index: Int) -> Bool {
      var position = index - 1
      while position >= 0, tokens[position].line == tokens[index].line {
        let word = text(position)
        if ["->", "some", "any"].contains(word) { return position == index - 1 || word == "->" }
        if ["var", "let", "struct", "class", "enum", "actor", "extension", "protocol"]
          .contains(word)
        {
          return true
        }
        guard tokens[position].kind == .identifier || [",", ":", ".", "&"].contains(word)
        else { return false }
        position -= 1
      }
      return false
    }

    /// Whether the implicit member `call` is a pattern that matches a case (`case
    /// .string(let text)`, `if case let .string(text)`, the second of `case .a, .b:`), not a
    /// call: it has no effects.
    func isCasePattern(_ call: WrittenCall) -> Bool {
      guard
        call.isImplicit
          || (call.owner == nil && call.token >= 2
            && ["let", "var"].contains(text(call.token - 2)))
      else { return false }
      var index = call.token - 1
      while index >= 0 {
        switch text(index) {
        case "case": return true
        case "{", "}", ";", "=", ":", "in", "return", "await", "try": return false
        case ")":
          guard let start = open(of: index) else { return false }
          index = start - 1
          continue
        default: index -= 1
        }
      }
      return false
    }

    /// The value a method is called on (`feed` in `feed.reload()`) when the code does not type
    /// it (it is not in `types`): the example's own, of which the index knows nothing.
    func untypedReceiver(of call: WrittenCall, types: [Substring: String]) -> Substring? {
      guard call.owner == nil, !call.isImplicit, call.token >= 2, isByte(call.token - 1, "."),
        tokens[call.token - 2].kind == .identifier
      else { return nil }
      let receiver = text(call.token - 2)
      return receiver.first?.isLowercase == true && types[receiver] == nil ? receiver : nil
    }

    /// The string literal the argument labelled `label` of the call named at `call` is, alone,
    /// as written with its quotes; nil where it is anything else.
    func stringPassed(to label: String, at call: Int) -> Substring? {
      guard call + 1 < tokens.count, isByte(call + 1, "(") else { return nil }
      let end = close(of: call + 1)
      var position = call + 2
      while position + 3 <= end {
        if text(position) == label, isByte(position + 1, ":"),
          isByte(position - 1, "(") || isByte(position - 1, ",")
        {
          guard tokens[position + 2].kind == .string,
            position + 3 == end || isByte(position + 3, ",")
          else { return nil }
          return text(position + 2)
        }
        position += 1
      }
      return nil
    }

    /// The `switch` statements over a name: the name, and the `{` that opens the cases.
    func switches() -> [(subject: Substring, open: Int)] {
      tokens.indices.dropLast(2).compactMap { index in
        guard text(index) == "switch", tokens[index + 1].kind == .identifier,
          isByte(index + 2, "{")
        else { return nil }
        return (text(index + 1), index + 2)
      }
    }

    /// The names of the implicit members a `switch`'s cases match (`.success` in `case
    /// .success(let image), .empty:`), not those nested in their patterns.
    func casePatterns(inSwitchAt open: Int) -> [Int] {
      let end = close(of: open)
      var found: [Int] = []
      var depth = 0
      var inPattern = false
      var position = open + 1
      while position < end {
        switch marks[position] {
        case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
        case UInt8(ascii: ":") where depth == 0: inPattern = false
        default: break
        }
        if depth == 0, text(position) == "case" { inPattern = true }
        if inPattern, depth == 0, isByte(position, "."), position + 1 < end,
          tokens[position + 1].kind == .identifier,
          text(position - 1) == "case" || isByte(position - 1, ",")
        {
          found.append(position + 1)
        }
        position += 1
      }
      return found
    }

    /// The names of the types the code declares: `struct Item`, `enum SortOrder`.
    func declaredTypes() -> Set<Substring> {
      Set(
        tokens.indices.dropFirst().filter {
          tokens[$0].kind == .identifier && SwiftKeyword.typeDeclarations.contains(text($0 - 1))
        }.map(text))
    }

    /// The types the code extends (`extension Array { … }`).
    func extendedTypes() -> Set<Substring> {
      Set(
        tokens.indices.dropFirst().filter {
          tokens[$0].kind == .identifier && text($0 - 1) == "extension"
        }.map(text))
    }

    /// The names of calls: a name followed by `(`, not a declaration's, or a method's followed
    /// by its trailing closure (`clock.measure { … }`).
    func calls() -> [Int] {
      tokens.indices.filter { index in
        guard tokens[index].kind == .identifier, index + 1 < tokens.count else { return false }
        if isByte(index + 1, "{") { return index > 0 && isByte(index - 1, ".") }
        return isByte(index + 1, "(")
          && !(index > 0 && ["func", "init", "case"].contains(text(index - 1)))
      }
    }

    /// The macros the code expands with arguments (`#require(…)`), by their `#` token.
    func macroCalls() -> [Int] {
      tokens.indices.dropLast().filter { tokens[$0].kind == .pound && isByte($0 + 1, "(") }
    }

    /// The names of the calls that `keyword` (`await`, `try`) marks.
    func calls(marked keyword: String) -> Set<Substring> {
      Set(calls().filter { isMarked($0, by: keyword) }.map { text($0) })
    }

    /// Whether the expression holding the call named at `call` starts with `keyword`, or, for
    /// `await`, is an `async let`'s value, which needs none.
    func isMarked(_ call: Int, by keyword: String) -> Bool {
      var index = call - 1
      while index >= 0 {
        let token = text(index)
        if token == keyword || (keyword == "try" && (token == "try?" || token == "try!")) {
          return true
        }
        if token == "let", index > 0, text(index - 1) == "async", keyword == "await" {
          return true
        }
        // A new line that does not continue the one before it starts another statement.
        if tokens[index + 1].line > tokens[index].line,
          ![".", "=", "(", ",", "[", "try", "await", ":"].contains(token),
          tokens[index].kind != .operator, !isByte(index + 1, ".")
        {
          return false
        }
        switch token {
        case "{", "}", ";", "in", "return": return false
        case ")", "]":
          guard let start = open(of: index) else { return false }
          index = start - 1
          continue
        default: break
        }
        index -= 1
      }
      return false
    }
  }
}
