extension SDKCheck {
  /// A `switch` case no value can reach: every value it matches, a case before it matches
  /// first (`case (0, 0):` after `case (0, _):`, FizzBuzz's classic slip). The code compiles,
  /// but the case is dead. Patterns are compared element by element: `_` and `let name` match
  /// anything; a case with `where` matches only some.
  func unreachableCases(in typed: Code) -> [Problem] {
    guard typed.source.holdsBytes("switch") else { return [] }
    var problems: [Problem] = []
    for position in typed.tokens.indices where typed.text(position) == "switch" {
      guard let open = typed.switchBody(after: position) else { continue }
      var earlier: [Code.CasePattern] = []
      for clause in typed.caseClauses(inSwitchAt: open) {
        for pattern in clause.patterns {
          if let first = earlier.first(where: { $0.covers(pattern) }) {
            problems.append(
              Problem(
                message:
                  "`case \(typed.text(of: pattern))` is never reached: `case \(typed.text(of: first))` before it matches it first"
              ))
            return problems
          }
        }
        if !clause.isGuarded { earlier += clause.patterns }
      }
    }
    return problems
  }
}

extension SDKCheck.Code {
  /// One pattern of a `case`: its tokens, and its elements' texts (a tuple's, else its own).
  struct CasePattern {
    var tokens: ClosedRange<Int>
    var elements: [String]

    /// Whether every value `other` matches, this matches too.
    func covers(_ other: CasePattern) -> Bool {
      elements.count == other.elements.count
        && zip(elements, other.elements).allSatisfy { mine, theirs in
          mine == theirs || Self.matchesAnything(mine)
        }
    }

    /// `_`, or a name bound to whatever is there (`let x`).
    static func matchesAnything(_ element: String) -> Bool {
      if element == "_" { return true }
      let words = element.split(separator: " ")
      return words.count == 2 && ["let", "var"].contains(words[0])
        && words[1].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
  }

  /// The `{` of the body of the `switch` at `keyword`, past its subject.
  func switchBody(after keyword: Int) -> Int? {
    var position = keyword + 1
    while position < tokens.count {
      if isByte(position, "(") || isByte(position, "[") {
        position = close(of: position) + 1
      } else if isByte(position, "{") {
        return position
      } else if isByte(position, "}") || isByte(position, ";") {
        return nil
      } else {
        position += 1
      }
    }
    return nil
  }

  /// Each `case` of the `switch` whose body opens at `open`, in order: its patterns, and
  /// whether a `where` guards it. Not `if case` and the like inside a case's statements.
  func caseClauses(inSwitchAt open: Int) -> [(patterns: [CasePattern], isGuarded: Bool)] {
    let end = min(close(of: open), tokens.count)
    var clauses: [(patterns: [CasePattern], isGuarded: Bool)] = []
    var depth = 0
    var position = open + 1
    while position < end {
      defer { position += 1 }
      switch marks[position] {
      case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
      default: break
      }
      guard depth == 0, text(position) == "case",
        tokens[position - 1].line != tokens[position].line || isByte(position - 1, "{")
          || isByte(position - 1, ";")
      else { continue }
      // The patterns, split at the commas of their own level, up to the `:`.
      var patterns: [CasePattern] = []
      var isGuarded = false
      var start = position + 1
      var inner = 0
      var scan = position + 1
      while scan < end {
        switch marks[scan] {
        case UInt8(ascii: "("), UInt8(ascii: "["): inner += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"): inner -= 1
        default: break
        }
        let ends = inner == 0 && (isByte(scan, ",") || isByte(scan, ":") || text(scan) == "where")
        if ends {
          if scan > start { patterns.append(pattern(start...(scan - 1))) }
          if text(scan) == "where" { isGuarded = true }
          if !isByte(scan, ",") { break }
          start = scan + 1
        }
        scan += 1
      }
      if !isGuarded {
        while scan < end, !(inner == 0 && isByte(scan, ":")) { scan += 1 }
      }
      clauses.append((patterns, isGuarded))
      position = scan
    }
    return clauses
  }

  /// A pattern's elements: a tuple's, split at its own commas, else the pattern itself.
  private func pattern(_ range: ClosedRange<Int>) -> CasePattern {
    func words(_ range: ClosedRange<Int>) -> String {
      range.map { String(text($0)) }.joined(separator: " ")
    }
    guard isByte(range.lowerBound, "("), close(of: range.lowerBound) == range.upperBound else {
      return CasePattern(tokens: range, elements: [words(range)])
    }
    var elements: [String] = []
    var depth = 0
    var start = range.lowerBound + 1
    for position in (range.lowerBound + 1)...range.upperBound {
      switch marks[position] {
      case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
      default: break
      }
      if depth <= 0, isByte(position, ",") || position == range.upperBound {
        if position > start { elements.append(words(start...(position - 1))) }
        start = position + 1
      }
    }
    return CasePattern(tokens: range, elements: elements)
  }

  /// A pattern's text as written.
  func text(of pattern: CasePattern) -> Substring {
    source[
      tokens[pattern.tokens.lowerBound].range
        .lowerBound..<tokens[pattern.tokens.upperBound].range.upperBound]
  }
}
