import Testing

@testable import AnswerJudging

@Suite("Looking for ASCII code in a text byte for byte")
struct StringBytesTests {
  static let needles: [(StaticString, String)] = [
    ("a", "a"), ("ab", "ab"), ("ba", "ba"), ("aab", "aab"), ("é", "é"), ("[.", "[."),
  ]

  /// Every text of up to six characters over `a`, `b`, `é`, `[` and `.`.
  static var texts: [String] {
    var texts = [""]
    var last = [""]
    for _ in 1...5 {
      last = last.flatMap { text in ["a", "b", "é", "[", "."].map { text + $0 } }
      texts += last
    }
    return texts
  }

  @Test("agrees with contains(_:) on every short text, accented letters in it too")
  func agreesWithContains() {
    let texts = Self.texts
    for (needle, string) in Self.needles {
      let disagreeing = texts.filter { $0.holdsBytes(needle) != $0.contains(string) }
      #expect(disagreeing.isEmpty, "\(string): \(disagreeing.prefix(3))")
    }
    #expect("".holdsBytes(""))
    #expect(String(repeating: "x", count: 1000).appending("seconds").holdsBytes("seconds"))
  }
}
