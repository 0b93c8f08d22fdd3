extension CommandDeclaration {
  /// The text of `quiz NAME --help`, wrapped to `width` columns.
  public func help(width: Int) -> String {
    let wrapper = TextWrapper(width: width)
    var sections = ["Usage: " + usage, Self.paragraphs(discussion, wrapper: wrapper)]
    if !arguments.isEmpty {
      sections.append(
        "Arguments:\n"
          + Self.columns(arguments.map { ($0.name, $0.help) }, width: width))
    }
    sections.append(
      "Options:\n" + Self.columns(allOptions.map { ($0.synopsis, $0.help) }, width: width))
    if !examples.isEmpty {
      sections.append(
        "Examples:\n"
          + examples.map {
            "  " + $0.command + "\n" + wrapper.wrap($0.meaning, indent: "      ")
          }.joined(separator: "\n"))
    }
    return sections.joined(separator: "\n\n")
  }

  /// Prose paragraphs wrapped; a paragraph whose lines start with two spaces is kept as written.
  public static func paragraphs(_ text: String, wrapper: TextWrapper) -> String {
    text.components(separatedBy: "\n\n").map { paragraph in
      paragraph.hasPrefix("  ")
        ? paragraph : wrapper.wrap(paragraph.split(separator: "\n").joined(separator: " "))
    }.joined(separator: "\n\n")
  }

  /// Two columns: a name, and its help wrapped beside it; a name too long for the column puts
  /// its help on the next line.
  public static func columns(_ rows: [(name: String, help: String)], width: Int) -> String {
    let column = min((rows.map(\.name.count).max() ?? 0) + 4, 24)
    let wrapper = TextWrapper(width: width)
    let indent = String(repeating: " ", count: column)
    return rows.map { row in
      let help = wrapper.wrap(row.help, indent: indent)
      let name = "  " + row.name
      if name.count + 2 > column { return name + "\n" + help }
      return name + String(repeating: " ", count: column - name.count)
        + help.dropFirst(column)
    }.joined(separator: "\n")
  }
}
