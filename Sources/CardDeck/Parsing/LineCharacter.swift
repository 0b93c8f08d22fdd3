/// A Character of a line, as the lesson-page rules read it.
///
/// Each rule is written once, over a line's Characters (see ``LineText``), and reads a line in
/// the cheapest units that are its Characters: the bytes of an ASCII line, the scalars of a
/// simple line, the Characters of any other. Every property is the one `Character` has.
protocol LineCharacter: Equatable {
  /// Whether this is the Character of `scalar` alone, or one canonically equal to it.
  func equals(_ scalar: Unicode.Scalar) -> Bool
  /// The Character's scalar when it is one ASCII scalar; nil otherwise (for one that is only
  /// canonically equal to an ASCII scalar too).
  var asciiScalar: Unicode.Scalar? { get }
  var isLetter: Bool { get }
  var isNumber: Bool { get }
  var isUppercase: Bool { get }
  /// Whether this is one of the ASCII digits 0–9.
  var isDigit: Bool { get }
  /// Whether this is one of the ASCII letters a–z.
  var isASCIILowercase: Bool { get }
}

/// A byte of an ASCII line without "\r" (see ``ASCIILine``): a Character of its own, equal to
/// no other.
struct ASCIICharacter: LineCharacter {
  let byte: UInt8

  @inline(__always)
  func equals(_ scalar: Unicode.Scalar) -> Bool { UInt32(byte) == scalar.value }

  var asciiScalar: Unicode.Scalar? { Unicode.Scalar(byte) }

  var isLetter: Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
  var isNumber: Bool { isDigit }
  var isUppercase: Bool { byte &- UInt8(ascii: "A") < 26 }
  var isDigit: Bool { byte &- UInt8(ascii: "0") < 10 }
  var isASCIILowercase: Bool { byte &- UInt8(ascii: "a") < 26 }
}

/// A scalar of a simple line (see ``SimpleLine``): a Character of its own, equal to no other.
struct SimpleCharacter: LineCharacter {
  let scalar: Unicode.Scalar

  @inline(__always)
  func equals(_ other: Unicode.Scalar) -> Bool { scalar == other }

  var asciiScalar: Unicode.Scalar? { scalar.isASCII ? scalar : nil }

  // ASCII is told from its value; the rest, rarer, by the Character it is.
  var isLetter: Bool {
    scalar.isASCII ? ASCIICharacter(byte: UInt8(scalar.value)).isLetter : Character(scalar).isLetter
  }
  var isNumber: Bool {
    scalar.isASCII ? ASCIICharacter(byte: UInt8(scalar.value)).isNumber : Character(scalar).isNumber
  }
  var isUppercase: Bool {
    scalar.isASCII
      ? ASCIICharacter(byte: UInt8(scalar.value)).isUppercase : Character(scalar).isUppercase
  }
  var isDigit: Bool { scalar.isASCII && ASCIICharacter(byte: UInt8(scalar.value)).isDigit }
  var isASCIILowercase: Bool {
    scalar.isASCII && ASCIICharacter(byte: UInt8(scalar.value)).isASCIILowercase
  }
}

extension Character: LineCharacter {
  func equals(_ scalar: Unicode.Scalar) -> Bool {
    // Only the Character of an ASCII scalar is equal to it, but for the three scalars that are
    // canonically "K", ";" and "`".
    if scalar.isASCII && scalar != "K" && scalar != ";" && scalar != "`" {
      return utf8.count == 1 && utf8.first == UInt8(scalar.value)
    }
    return self == Character(scalar)
  }

  var asciiScalar: Unicode.Scalar? {
    unicodeScalars.count == 1 && unicodeScalars.first!.isASCII ? unicodeScalars.first : nil
  }
  var isDigit: Bool { isASCII && isNumber }
  var isASCIILowercase: Bool { asciiScalar.map { ("a"..."z").contains($0) } ?? false }
}
