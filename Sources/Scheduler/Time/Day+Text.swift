extension Day: LosslessStringConvertible {
  /// The day as `YYYY-MM-DD`, with at least four digits of year.
  public var description: String {
    let (year, month, day) = components
    if (0...9999).contains(year) {
      // The days of every file, written by bytes: the export writes a few hundred thousand.
      return String(unsafeUninitializedCapacity: 10) { text in
        Self.writeDigits(year, count: 4, to: text, at: 0)
        text[4] = UInt8(ascii: "-")
        Self.writeDigits(month, count: 2, to: text, at: 5)
        text[7] = UInt8(ascii: "-")
        Self.writeDigits(day, count: 2, to: text, at: 8)
        return 10
      }
    }
    let yearText = String(abs(year))
    let paddedYear = String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
    return (year < 0 ? "-" : "") + paddedYear + "-" + twoDigits(month) + "-" + twoDigits(day)
  }

  /// Writes the last `count` decimal digits of `value`, which is not negative, from `start`.
  static func writeDigits(
    _ value: Int, count: Int, to text: UnsafeMutableBufferPointer<UInt8>, at start: Int
  ) {
    var value = value
    for index in (start..<(start + count)).reversed() {
      text[index] = UInt8(ascii: "0") + UInt8(value % 10)
      value /= 10
    }
  }

  /// Reads `YYYY-MM-DD` with four ASCII digits of year, the form the files write, from its
  /// bytes: nil when the bytes are not of that form, `.some(nil)` when they are but name no
  /// real day.
  package static func canonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Day?? {
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
    else { return nil }
    var fields = (0, 0, 0)
    for (index, byte) in bytes.enumerated() where index != 4 && index != 7 {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      let digit = Int(byte - UInt8(ascii: "0"))
      switch index {
      case 0..<4: fields.0 = fields.0 * 10 + digit
      case 5..<7: fields.1 = fields.1 * 10 + digit
      default: fields.2 = fields.2 * 10 + digit
      }
    }
    return .some(Day(year: fields.0, month: fields.1, day: fields.2))
  }

  /// Reads `YYYY-MM-DD` (four or more digits of year, optionally preceded by `-`); nil when the
  /// text is not exactly that or names no real day.
  public init?(_ description: String) {
    // The form the files write, `YYYY-MM-DD` in ASCII digits, by bytes; anything else below.
    var utf8Text = description
    switch utf8Text.withUTF8({ Day.canonical($0) }) {
    case .some(.some(let day)):
      self = day
      return
    case .some(.none): return nil
    case .none: break
    }
    var text = Substring(description)
    let isNegative = text.first == "-"
    if isNegative { text = text.dropFirst() }
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count >= 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(isASCIIDigit) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: isNegative ? -year : year, month: month, day: day)
  }
}

extension Day: Codable {
  /// Decodes the `YYYY-MM-DD` form.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let day = Day(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\"\(text)\" is not a day in the form YYYY-MM-DD")
    }
    self = day
  }

  /// Encodes the `YYYY-MM-DD` form.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

private func twoDigits(_ value: Int) -> String {
  value < 10 ? "0\(value)" : "\(value)"
}

private func isASCIIDigit(_ character: Character) -> Bool {
  ("0"..."9").contains(character)
}
