import Foundation
import Scheduler
import Testing

@testable import ReviewStorage

@Suite("JSON values written straight to bytes, held to JSONEncoder's")
struct JSONValueTests {
  /// JSONEncoder's text of `value`, pretty-printed, keys sorted, slashes unescaped.
  static func reference(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static func pretty(_ value: JSONValue, depth: Int = 0) -> String {
    var bytes: [UInt8] = []
    value.appendPretty(to: &bytes, depth: depth)
    return String(decoding: bytes, as: UTF8.self)
  }

  static let strings = [
    "", "plain", "with \"quotes\"", "back\\slash/slash", "tab\tnew\nline\rreturn",
    "\u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}\u{7F}", "é ü 漢字 😀 \u{2028}\u{2029}", "</script>",
    "B", "a", "aa", "é",
  ]
  static let doubles: [Double] = [
    0, -0.0, 1, 2.5, 100, 1e15, 9_999_999_999_999_998, 1e16, 1e-7, 0.1, 2.3600000000000003,
    123_456_789.125, 1.7976931348623157e308, .leastNonzeroMagnitude, .leastNormalMagnitude, -42,
    3.0e20, 4_503_599_627_370_496.5, 0.000123, 9_007_199_254_740_992, 9_007_199_254_740_994,
  ]
  static let integers = [0, 1, -1, 9, 10, -10, 123_456_789, Int.max, Int.min, 1 << 53]

  static func random(_ generator: inout SeededGenerator, depth: Int) -> JSONValue {
    switch Int.random(in: 0..<(depth > 3 ? 6 : 8), using: &generator) {
    case 0: return .string(strings.randomElement(using: &generator)!)
    case 1: return .integer(integers.randomElement(using: &generator)!)
    case 2: return .integer(Int.random(in: .min ... .max, using: &generator))
    case 3: return .number(doubles.randomElement(using: &generator)!)
    case 4: return .boolean(Bool.random(using: &generator))
    case 5: return .null
    case 6:
      // Unique keys, in no particular order.
      let keys = Set(
        (0..<Int.random(in: 0...6, using: &generator)).map { _ in
          strings.randomElement(using: &generator)! + "\(Int.random(in: 0...2, using: &generator))"
        })
      return .object(keys.map { ($0, random(&generator, depth: depth + 1)) })
    default:
      return .array(
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in
          random(&generator, depth: depth + 1)
        })
    }
  }

  @Test("writes nested objects and arrays of every scalar as JSONEncoder does", arguments: 0..<300)
  func randomValues(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed))
    let value = Self.random(&generator, depth: 0)
    #expect(try Self.pretty(value) == Self.reference(value))
  }

  @Test("writes every string, integer and number as JSONEncoder writes the Swift value")
  func scalars() throws {
    let everyASCII = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
    for string in Self.strings + [everyASCII] {
      #expect(Self.pretty(.array([.string(string)])) == (try Self.reference([string])))
    }
    for double in Self.doubles + Self.doubles.map(-) {
      #expect(Self.pretty(.array([.number(double)])) == (try Self.reference([double])), "\(double)")
    }
    for integer in Self.integers + Self.integers.map({ $0 == .min ? 0 : -$0 }) {
      #expect(Self.pretty(.array([.integer(integer)])) == (try Self.reference([integer])))
    }
  }

  @Test("writes empty objects and arrays with an empty line, indented at their depth")
  func emptyContainers() {
    #expect(Self.pretty(.object([])) == "{\n\n}")
    #expect(Self.pretty(.array([]), depth: 2) == "[\n\n    ]")
    #expect(Self.pretty(.object([("a", .array([]))]), depth: 1) == "{\n    \"a\" : [\n\n    ]\n  }")
  }

  @Test(
    "writes a number that is not finite as null", arguments: [Double.nan, .infinity, -.infinity])
  func nonFinite(value: Double) {
    #expect(Self.pretty(.number(value)) == "null")
  }

  @Test("the export's rows and events, and a card's state, write as their Encodable forms")
  func exportValues() throws {
    let document = ExportDocumentTests.document(cards: 60, events: 120, seed: 7)
    for row in document.cards { #expect(Self.pretty(row.jsonValue) == (try Self.reference(row))) }
    for event in document.reviews {
      #expect(Self.pretty(event.jsonValue) == (try Self.reference(event)))
    }
  }

  /// An object of some of `keys` (one spelling of each), in an order of the generator's, with
  /// numbers for values.
  static func object(
    of keys: [[String]], _ generator: inout SeededGenerator
  ) -> JSONValue {
    let chosen = keys.filter { _ in Bool.random(using: &generator) }
      .map { $0.randomElement(using: &generator)! }.shuffled(using: &generator)
    return .object(
      chosen.map { key in
        let value: JSONValue =
          Bool.random(using: &generator)
          ? .number(doubles.randomElement(using: &generator)!)
          : .number(Double(Int.random(in: 0...40, using: &generator)) / 8 + 1.3)
        return (key, Bool.random(using: &generator) ? value : .object([(key, value)]))
      })
  }

  @Test(
    "one writer writes a stream of objects of the same keys in other orders, and of many numbers, as JSONEncoder writes each"
  )
  func oneWriterForMany() throws {
    var generator = SeededGenerator(seed: 99)
    // Keys Swift holds equal but whose bytes differ (`é` composed and not, `K` and the Kelvin
    // sign): JSONEncoder writes and sorts each by its bytes.
    let keys = [
      ["b"], ["a"], ["due"], ["easeFactor"], ["é", "e\u{301}"], ["aa"], ["B"],
      ["needsExtraReview"], ["K", "\u{212A}"],
    ]
    let values = (0..<400).map { _ in Self.object(of: keys, &generator) }
    let writer = PrettyJSONWriter(capacity: 16)
    for (index, value) in values.enumerated() {
      writer.removeAll()
      writer.write(value, depth: index % 3)
      let written = writer.withBytes { String(decoding: $0, as: UTF8.self) }
      #expect(written == Self.pretty(value, depth: index % 3))
      #expect(
        Self.pretty(value) == (try Self.reference(value)), "the reference of \(value)")
    }
  }
}
