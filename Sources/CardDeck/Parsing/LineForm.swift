/// What a line's Characters are made of, which decides the units the lesson-page rules read it
/// in (see ``LineText``); each form's lines are also lines of the forms after it.
enum LineForm: Comparable {
  /// ASCII without "\r": each byte is a Character (``ASCIILine``).
  case ascii
  /// Every scalar below U+0300 and none "\r": each scalar is a Character (``SimpleLine``).
  case simple
  /// Any other line, read by its Characters.
  case other

  /// The form of `bytes`, UTF-8.
  @inline(__always)
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self = ASCIILine.isLine(bytes) ? .ascii : SimpleLine.isLine(bytes) ? .simple : .other
  }
}

extension SourceLine {
  /// The form of the line's bytes.
  var form: LineForm { LineForm(bytes) }

  /// The result of the rule for the line's form on the line, read in that form's units:
  /// `ascii` on its bytes, `simple` on its scalars, `other` on its Characters. `form`, when
  /// given, is the line's.
  @inline(__always)
  func read<Result>(
    as form: LineForm?, ascii: (ASCIILine) -> Result, simple: (SimpleLine) -> Result,
    other: (Substring) -> Result
  ) -> Result {
    switch form ?? self.form {
    case .ascii: ascii(ASCIILine(unchecked: bytes))
    case .simple: simple(SimpleLine(unchecked: bytes))
    case .other: other(text)
    }
  }

  /// ``read(as:ascii:simple:other:)`` of the line's `range`.
  @inline(__always)
  func read<Result>(
    _ range: Range<Int>, ascii: (ASCIILine) -> Result, simple: (SimpleLine) -> Result,
    other: (Substring) -> Result
  ) -> Result {
    let part = UnsafeBufferPointer(rebasing: bytes[range])
    switch LineForm(part) {
    case .ascii: return ascii(ASCIILine(unchecked: part))
    case .simple: return simple(SimpleLine(unchecked: part))
    case .other: return other(text(range))
    }
  }
}

extension Substring {
  /// The result of the rule for the text's form on it, read in that form's units (see
  /// ``SourceLine/read(as:ascii:simple:other:)``).
  func read<Result>(
    ascii: (ASCIILine) -> Result, simple: (SimpleLine) -> Result, other: (Substring) -> Result
  ) -> Result {
    withBytes { bytes in
      switch LineForm(bytes) {
      case .ascii: ascii(ASCIILine(unchecked: bytes))
      case .simple: simple(SimpleLine(unchecked: bytes))
      case .other: other(self)
      }
    }
  }
}
