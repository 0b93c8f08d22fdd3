extension StringProtocol {
  /// The text without spaces and tabs at either end: what Foundation's
  /// `trimmingCharacters(in: .whitespaces)` leaves, by Unicode scalars as it trims (its set: the
  /// space separators, tab, and zero width space; line breaks stay).
  func trimmingSpaces() -> String {
    let scalars = unicodeScalars
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }
    guard let first = scalars.firstIndex(where: { !isSpace($0) }),
      let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(String.UnicodeScalarView(scalars[first...last]))
  }
}
