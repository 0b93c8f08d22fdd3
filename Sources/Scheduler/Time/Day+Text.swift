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

  /// Reads `YYYY-MM-DD` (four or more digits of year, optionally preceded by `-`); nil when the
  /// text is not exactly that or names no real day.
  public init?(_ description: String) {
    // The form the files write, `YYYY-MM-DD` in ASCII digits, by bytes; anything else below.
    var utf8Text = description
    if let fast = utf8Text.withUTF8(Self.fields) {
      self.init(year: fast.year, month: fast.month, day: fast.day)
      return
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

extension Day {
  /// The day `bytes` name in the form the files write, `YYYY-MM-DD` in ASCII digits; nil for
  /// anything else (which ``init(_:)`` may still read) or a day that does not exist.
  static func canonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Day? {
    fields(bytes).flatMap { Day(year: $0.year, month: $0.month, day: $0.day) }
  }

  /// The year, month and day of `YYYY-MM-DD` in ASCII digits, unchecked.
  private static func fields(_ bytes: UnsafeBufferPointer<UInt8>) -> (
    year: Int, month: Int, day: Int
  )? {
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
    else { return nil }
    var fields = (year: 0, month: 0, day: 0)
    for (index, byte) in bytes.enumerated() where index != 4 && index != 7 {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      let digit = Int(byte - UInt8(ascii: "0"))
      switch index {
      case 0..<4: fields.year = fields.year * 10 + digit
      case 5..<7: fields.month = fields.month * 10 + digit
      default: fields.day = fields.day * 10 + digit
      }
    }
    return fields
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
