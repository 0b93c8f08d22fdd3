import Foundation
import Testing

@testable import AnkiPackage

@Suite("An Anki package's settings JSON, held to JSONSerialization's")
struct CompactJSONTests {
  /// JSONSerialization's text of `value`, keys sorted; `CompactJSON.null` as `NSNull`.
  static func reference(_ value: Any) throws -> String {
    String(
      decoding: try JSONSerialization.data(
        withJSONObject: foundation(value), options: [.sortedKeys, .fragmentsAllowed]),
      as: UTF8.self)
  }

  static func foundation(_ value: Any) -> Any {
    switch value {
    case is CompactJSON.Null: NSNull()
    case let elements as [Any]: elements.map(foundation)
    case let members as [String: Any]: members.mapValues(foundation)
    default: value
    }
  }

  static let strings = [
    "", "plain", "with \"quotes\"", "back\\slash/slash", "tab\tnew\nline\rreturn",
    "\u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}\u{7F}", "é ü 漢字 😀 \u{2028}\u{2029}", "</script>",
    ".card { font-family: arial; }",
  ]

  /// A key of ASCII letters of both cases and digits 1–9: what the order is held to (a leading
  /// zero, punctuation and other letters are not).
  static func key(_ generator: inout SplitMix) -> String {
    let alphabet = Array("aAbBzZ123456789")
    return String(
      (0..<Int.random(in: 1...5, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      })
  }

  static func random(_ generator: inout SplitMix, depth: Int) -> Any {
    switch Int.random(in: 0..<(depth > 2 ? 6 : 8), using: &generator) {
    case 0: return strings.randomElement(using: &generator)!
    case 1: return Int.random(in: -1_000...1_700_000_000_000, using: &generator)
    case 2: return Int64.random(in: .min ... .max, using: &generator)
    case 3: return [1.3, 1.2, 2500.0, 0.0, -4.0, 0.25].randomElement(using: &generator)!
    case 4: return Bool.random(using: &generator)
    case 5: return CompactJSON.null
    case 6:
      return Dictionary(
        (0..<Int.random(in: 0...6, using: &generator)).map { _ in
          (key(&generator), random(&generator, depth: depth + 1))
        }, uniquingKeysWith: { first, _ in first })
    default:
      return (0..<Int.random(in: 0...4, using: &generator)).map { _ in
        random(&generator, depth: depth + 1)
      }
    }
  }

  @Test("Random settings objects are written as JSONSerialization writes them", arguments: 0..<300)
  func randomObjects(seed: Int) throws {
    var generator = SplitMix(seed: UInt64(seed))
    let value: [String: Any] = ["value": Self.random(&generator, depth: 0)]
    #expect(try CompactJSON.text(value) == Self.reference(value))
  }

  @Test("Keys are ordered as JSONSerialization orders them")
  func keyOrder() throws {
    let keys = [
      "1", "10", "9", "1700000000000", "1700000000001", "B", "b", "a", "A", "latexPre",
      "latexPost", "latexsvg", "ab", "aB", "Ab", "a9", "a10", "a1", "a2b", "a10b", "aa", "z",
      "Z", "ba", "bA", "Ba", "browserCollapsed", "collapsed",
    ]
    let object = Dictionary(uniqueKeysWithValues: keys.map { ($0, 0) })
    #expect(try CompactJSON.text(object) == Self.reference(object))
  }

  @Test("A value that is not JSON is refused")
  func notJSON() {
    #expect(CompactJSON.text(["date": Date()]) == nil)
    #expect(CompactJSON.text([Double.nan]) == nil)
  }
}

/// A small seeded generator (SplitMix64), so that a failing case can be run again.
struct SplitMix: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
