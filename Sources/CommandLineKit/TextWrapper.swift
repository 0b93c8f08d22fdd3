/// Wraps prose to the terminal's width, at spaces, keeping an indent on every line.
public struct TextWrapper {
  /// The number of columns available.
  public var width: Int

  /// A wrapper to `width` columns.
  public init(width: Int) {
    self.width = width
  }

  /// Items joined by `separator`, broken between items rather than inside one (an item longer
  /// than the width is wrapped at its spaces).
  public func wrap(items: [String], separator: String = " · ") -> String {
    var lines: [String] = []
    var current = ""
    for item in items {
      if current.isEmpty {
        current = item
      } else if current.count + separator.count + item.count <= width {
        current += separator + item
      } else {
        lines.append(current)
        current = item
      }
    }
    lines.append(current)
    return lines.map { wrap($0) }.joined(separator: "\n")
  }

  /// `text` wrapped so that no line, indent included, is longer than the width, unless a single
  /// word is longer. Existing line breaks are kept.
  /// `columns` says how many columns a word takes where some of its characters will not show
  /// (the backticks of code that colour marks instead).
  public func wrap(
    _ text: String, indent: String = "", columns: (Substring) -> Int = { $0.count }
  ) -> String {
    let available = max(20, width - indent.count)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var lines: [String] = []
      var current = ""
      var currentColumns = 0
      for word in line.split(separator: " ") {
        let wordColumns = columns(word)
        if current.isEmpty {
          current = String(word)
          currentColumns = wordColumns
        } else if currentColumns + 1 + wordColumns <= available {
          current += " " + word
          currentColumns += 1 + wordColumns
        } else {
          lines.append(current)
          current = String(word)
          currentColumns = wordColumns
        }
      }
      lines.append(current)
      return lines.map { indent + $0 }.joined(separator: "\n")
    }.joined(separator: "\n")
  }
}
