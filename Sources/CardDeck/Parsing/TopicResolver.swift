/// Cuts the topic off a lesson page's flash-card label, where it is glued to the prompt:
/// `SheetsShow a sheet…`, `Sheets.popover(…`, `Search"Vancouver"…`, `SizeViewThatFits {…`.
///
/// A cut can fall before any capital letter or punctuation that follows a letter. Topic names can
/// hold capitals themselves (`SwiftData`), so the first capital is not enough: a cut is trusted
/// when the page's own headings use the words before it, or when several cards of the page share
/// it.
struct TopicResolver {

  /// One of the page's headings, lower-cased, with its bytes and their form.
  private struct Heading {
    var text: String
    var bytes: [UInt8]
    var form: LineForm

    init(_ heading: String) {
      text = heading.lowercased()
      bytes = Array(text.utf8)
      form = bytes.withUnsafeBufferPointer(LineForm.init)
    }
  }

  private let headings: [Heading]
  private let labels: [Substring]
  /// The cuts of each label, in the order of the labels: how many Characters of it come before
  /// each. The Characters before a cut are a topic the label may start with.
  private let cuts: [[Int]]
  /// How many labels may start with each topic: worked out when a label first needs it.
  private var recurrence: [String: Int]?

  /// Creates a resolver for one page: its headings, and the labels of all its flash cards.
  init(vocabulary: [String], labels: [Substring]) {
    headings = vocabulary.map(Heading.init)
    self.labels = labels
    cuts = labels.map(Self.cuts(in:))
  }

  /// The topic and the prompt of label number `index` (of the labels the resolver was made
  /// with), with a warning when the cut is a guess.
  mutating func resolve(
    label index: Int, _ label: Substring, at location: SourceLocation,
    into diagnostics: inout [Diagnostic]
  ) -> (topic: String, prompt: String) {
    let cuts = self.cuts[index]
    guard !cuts.isEmpty else {
      diagnostics.append(
        .warning(
          "no topic can be cut from the label '\(label.prefix(40))'; using 'General'", at: location)
      )
      return ("General", String(label.trimmingWhitespace()))
    }
    func topic(_ cut: Int) -> String {
      label.read(
        ascii: { $0.prefix(cut).string }, simple: { $0.prefix(cut).string },
        other: { $0.prefix(cut).string })
    }
    let named = cuts.filter { isNamedInHeadings(topic($0)) }
    let chosen: Int
    if named.count == 1 {
      chosen = named[0]
    } else if named.count > 1 {
      chosen = named.max()!
      diagnostics.append(
        .warning(
          "the topic could be \(named.map { "'\(topic($0))'" }.joined(separator: " or ")); took '\(topic(chosen))'",
          at: location))
    } else {
      let recurrence = self.recurrence ?? countRecurrence()
      self.recurrence = recurrence
      func count(_ cut: Int) -> Int { recurrence[topic(cut), default: 0] }
      chosen = cuts.filter { count($0) >= 2 }.max { (count($0), $0) < (count($1), $1) } ?? cuts[0]
      diagnostics.append(
        .warning(
          "the page's headings do not name this card's topic; took '\(topic(chosen))' from '\(label.prefix(40))'",
          at: location))
    }
    let prompt = label.read(
      ascii: { Self.prompt($0, after: chosen) }, simple: { Self.prompt($0, after: chosen) },
      other: { Self.prompt($0, after: chosen) })
    return (topic(chosen), prompt)
  }

  /// How many labels may start with each topic.
  private func countRecurrence() -> [String: Int] {
    var recurrence: [String: Int] = [:]
    for (label, cuts) in zip(labels, cuts) {
      let topics = label.read(
        ascii: { line in cuts.map { line.prefix($0).string } },
        simple: { line in cuts.map { line.prefix($0).string } },
        other: { line in cuts.map { line.prefix($0).string } })
      for topic in Set(topics) { recurrence[topic, default: 0] += 1 }
    }
    return recurrence
  }

  /// A label's prompt: what follows its first `length` Characters, the topic, trimmed.
  private static func prompt(_ label: some LineText, after length: Int) -> String {
    label.dropFirst(length).trimmed().string
  }

  /// The cuts of `label`: how many of its Characters come before each place where a new word
  /// visibly begins without a space.
  static func cuts(in label: Substring) -> [Int] {
    label.read(ascii: cuts(of:), simple: cuts(of:), other: cuts(of:))
  }

  private static func cuts<Label: LineText>(of label: Label) -> [Int] {
    var result: [Int] = []
    var previous: Label.Element?
    var length = 0
    for character in label {
      defer {
        previous = character
        length += 1
      }
      guard let previous, previous.isLetter || previous.isNumber else { continue }
      if character.isUppercase || (character.isNumber && previous.isLetter)
        || isCutMark(character)
      {
        result.append(length)
      }
    }
    return result
  }

  /// Whether a label can be cut before `character`, a mark that can begin code or a quotation
  /// (`.sheet`, `@State`, `$0`, `[`, `{`, `<`, `“`), not one that ends a word or a sentence
  /// (`,`, `?`, `-`).
  private static func isCutMark(_ character: some LineCharacter) -> Bool {
    guard let scalar = character.asciiScalar else {
      return character.equals("“") || character.equals("‘") || character.equals("«")
    }
    switch scalar {
    case ".", "\"", "'", "(", "@", "[", "$", "`", "#", "_", "{", "<", "*", "+", "~", "=", "|",
      "\\":
      return true
    default: return false
    }
  }

  /// Whether one of the page's headings has `topic`'s Characters, in any case, with no letter
  /// just before or after them.
  private func isNamedInHeadings(_ topic: String) -> Bool {
    let needle = topic.lowercased()
    var bytes = needle
    return bytes.withUTF8 { needleBytes in
      let needleForm = LineForm(needleBytes)
      return headings.contains { heading in
        switch max(heading.form, needleForm) {
        case .ascii:
          heading.bytes.withUnsafeBufferPointer {
            Self.names(ASCIILine(unchecked: $0), ASCIILine(unchecked: needleBytes))
          }
        case .simple:
          heading.bytes.withUnsafeBufferPointer {
            Self.names(SimpleLine(unchecked: $0), SimpleLine(unchecked: needleBytes))
          }
        case .other:
          Self.names(Substring(heading.text), Substring(needle))
        }
      }
    }
  }

  /// Whether `heading` has the Characters of `needle` with no letter just before or after them.
  private static func names<Text: LineText>(_ heading: Text, _ needle: Text) -> Bool {
    guard let first = needle.first else { return false }
    var start = heading.startIndex
    while start != heading.endIndex {
      if heading[start] == first, let end = heading.end(of: needle, at: start),
        !(start != heading.startIndex && heading[heading.index(before: start)].isLetter),
        !(end != heading.endIndex && heading[end].isLetter)
      {
        return true
      }
      heading.formIndex(after: &start)
    }
    return false
  }
}
