import CardDeck

/// Text from an Anki package, made harmless before it reaches a deck file, a file name or the
/// terminal: the one entrance for a package's strings (docs/reliability.md).
///
/// A deck file is read line by line, and a line break the writer did not put there (a "\r" in a
/// field, a newline in a deck name) would start a heading or a fence of the package's choosing;
/// a control character would drive the terminal it is printed on.
enum ForeignText {
  /// `text` of any number of lines (a field, a template): "\r\n" and a lone "\r" as "\n", every
  /// other control character but tab made visible (``ControlCharacters/visible(_:)``).
  static func text(_ text: String) -> String {
    // Printable ASCII, newlines and tabs, most fields, hold nothing to change.
    if text.utf8.allSatisfy({ $0 &- 0x20 < 0x5F || $0 == 0x0A || $0 == 0x09 }) { return text }
    var out = String.UnicodeScalarView()
    var afterReturn = false
    for scalar in text.unicodeScalars {
      defer { afterReturn = scalar == "\r" }
      switch scalar {
      case "\r": out.append("\n")
      case "\n": if !afterReturn { out.append("\n") }
      case _ where ControlCharacters.isControl(scalar):
        out.append(contentsOf: ControlCharacters.visible(String(scalar)).unicodeScalars)
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  /// `text` as one line (a deck's name, a note type's, a GUID in a message): line breaks and
  /// tabs as spaces, other control characters visible, no white space at either end.
  static func line(_ text: String) -> String {
    let cleaned = Self.text(text)
    guard cleaned.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 || $0 == 0x20 }) else {
      return cleaned
    }
    let spaced = String(
      String.UnicodeScalarView(cleaned.unicodeScalars.map { $0 == "\n" || $0 == "\t" ? " " : $0 }))
    var line = Substring(spaced)
    while line.first == " " { line.removeFirst() }
    while line.last == " " { line.removeLast() }
    return String(line)
  }
}
