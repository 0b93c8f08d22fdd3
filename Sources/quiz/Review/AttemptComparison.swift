/// How a typed attempt compares with a syntax card's expected code, token by token, ignoring
/// white space.
struct AttemptComparison: Equatable {
  /// One step of the comparison.
  enum Piece: Equatable {
    /// In both.
    case same(String)
    /// Expected, but not typed.
    case missing(String)
    /// Typed, but not expected.
    case extra(String)
  }

  /// The comparison, in the order of the expected code.
  let pieces: [Piece]

  /// Compares `attempt` with `expected`.
  init(attempt: String, expected: String) {
    let typed = Self.words(attempt)
    let wanted = Self.words(expected)
    // Longest common subsequence over tokens; code on a card is short, so quadratic is fine.
    var table = Array(
      repeating: Array(repeating: 0, count: wanted.count + 1), count: typed.count + 1)
    for i in stride(from: typed.count - 1, through: 0, by: -1) {
      for j in stride(from: wanted.count - 1, through: 0, by: -1) {
        table[i][j] =
          typed[i] == wanted[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var pieces: [Piece] = []
    var i = 0
    var j = 0
    while i < typed.count || j < wanted.count {
      if i < typed.count, j < wanted.count, typed[i] == wanted[j] {
        pieces.append(.same(wanted[j]))
        i += 1
        j += 1
      } else if j < wanted.count, i == typed.count || table[i][j + 1] >= table[i + 1][j] {
        pieces.append(.missing(wanted[j]))
        j += 1
      } else {
        pieces.append(.extra(typed[i]))
        i += 1
      }
    }
    self.pieces = pieces
  }

  /// Whether the attempt has every expected token and nothing else.
  var isExact: Bool { pieces.allSatisfy { if case .same = $0 { true } else { false } } }

  /// The share of tokens the two have in common, from 0 to 1.
  var similarity: Double {
    let same = pieces.filter { if case .same = $0 { true } else { false } }.count
    let expected = pieces.filter { if case .extra = $0 { false } else { true } }.count
    let typed = pieces.filter { if case .missing = $0 { false } else { true } }.count
    guard expected + typed > 0 else { return 1 }
    return Double(2 * same) / Double(expected + typed)
  }

  /// The grade the comparison suggests: 5 exact, 4 nearly, 3 mostly, 2 partly, 1 barely.
  var suggestedGrade: Int {
    if isExact { return 5 }
    switch similarity {
    case 0.9...: return 4
    case 0.7..<0.9: return 3
    case 0.4..<0.7: return 2
    default: return 1
    }
  }

  private static func words(_ code: String) -> [String] {
    SwiftTokenizer.tokens(code).filter { $0.kind != .whitespace && $0.kind != .comment }
      .map { String($0.text) }
  }
}
