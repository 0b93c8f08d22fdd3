/// The JSON text of the settings objects an Anki package's `col` row holds (note types, decks,
/// deck options), byte for byte as Foundation's `JSONSerialization` writes them with
/// `.sortedKeys`, so that a package is the same file whichever of the two wrote it.
///
/// A value is a `Bool`, an `Int` or `Int64`, a `Double`, a `String`, ``null``, or an array
/// (`[Any]`) or object (`[String: Any]`) of values. Keys are ordered as `JSONSerialization`
/// orders them: ignoring case, runs of digits by their value (`"9"` before `"10"`), then a
/// lowercase letter before its capital. Keys here are names and decimal ids, ASCII letters and
/// digits, which is all that ordering is held to (`JSONSerialization` puts punctuation before
/// digits, and `é` beside `e`). A `Double` is written as `Double.description` writes it, or as an
/// integer when it is one: right for the settings' factors (`1.3`), not for exponents.
enum CompactJSON {
  /// JSON's `null`, which `JSONSerialization` spells `NSNull()`.
  struct Null {}

  /// JSON's `null`.
  static let null = Null()

  /// The text of `value`, or nil if it holds something that is not one of the values above.
  static func text(_ value: Any) -> String? {
    var text = ""
    return append(value, to: &text) ? text : nil
  }

  private static func append(_ value: Any, to text: inout String) -> Bool {
    switch value {
    case is Null: text += "null"
    case let value as Bool: text += value ? "true" : "false"
    case let value as Int: text += String(value)
    case let value as Int64: text += String(value)
    case let value as Double:
      guard value.isFinite else { return false }
      if value == value.rounded(), abs(value) < 1e15 {
        text += String(Int64(value))
      } else {
        text += value.description
      }
    case let value as String: appendString(value, to: &text)
    case let elements as [Any]:
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += "," }
        guard append(element, to: &text) else { return false }
      }
      text += "]"
    case let members as [String: Any]:
      text += "{"
      for (index, key) in members.keys.sorted(by: precedes).enumerated() {
        if index > 0 { text += "," }
        appendString(key, to: &text)
        text += ":"
        guard append(members[key]!, to: &text) else { return false }
      }
      text += "}"
    default: return false
    }
    return true
  }

  /// `text` quoted as `JSONSerialization` quotes it: `/` escaped too, other control characters
  /// as `\u00xx`, everything else as it is.
  private static func appendString(_ value: String, to text: inout String) {
    text += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "/": text += "\\/"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\u{08}": text += "\\b"
      case "\u{0C}": text += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }

  /// Whether the key `first` comes before `second` in `JSONSerialization`'s sorted order.
  static func precedes(_ first: String, _ second: String) -> Bool {
    let order = compare(Array(first.utf8), Array(second.utf8))
    if order != 0 { return order < 0 }
    // Equal but for case: a lowercase letter first.
    for (a, b) in zip(first.utf8, second.utf8) where a != b { return a > b }
    return first.utf8.count < second.utf8.count
  }

  /// -1, 0 or 1: `first` against `second` ignoring ASCII case, digit runs by value.
  private static func compare(_ first: [UInt8], _ second: [UInt8]) -> Int {
    var i = 0
    var j = 0
    while i < first.count, j < second.count {
      if isDigit(first[i]), isDigit(second[j]) {
        let runI = first[i...].prefix(while: isDigit)
        let runJ = second[j...].prefix(while: isDigit)
        let digitsI = runI.drop { $0 == 0x30 }
        let digitsJ = runJ.drop { $0 == 0x30 }
        if digitsI.count != digitsJ.count { return digitsI.count < digitsJ.count ? -1 : 1 }
        if let (a, b) = zip(digitsI, digitsJ).first(where: { $0 != $1 }) { return a < b ? -1 : 1 }
        i += runI.count
        j += runJ.count
        continue
      }
      let a = lowercased(first[i])
      let b = lowercased(second[j])
      if a != b { return a < b ? -1 : 1 }
      i += 1
      j += 1
    }
    if i < first.count { return 1 }
    if j < second.count { return -1 }
    return 0
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }
}
