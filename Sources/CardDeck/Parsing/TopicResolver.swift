import FoundationEssentials

/// Cuts the topic off a lesson page's flash-card label, where it is glued to the prompt:
/// `SheetsShow a sheet…`, `Sheets.popover(…`, `Search"Vancouver"…`, `SizeViewThatFits {…`.
///
/// A cut can fall before any capital letter or punctuation that follows a letter. Topic names can
/// hold capitals themselves (`SwiftData`), so the first capital is not enough: a cut is trusted
/// when the page's own headings use the words before it, or when several cards of the page share
/// it.
struct TopicResolver {
  private let vocabulary: [String]
  /// The vocabulary's scalars, for headings that are simple text (see `isSimpleText`).
  private let simpleVocabulary: [[Unicode.Scalar]?]
  private var recurrence: [Substring: Int] = [:]
  /// The cuts of each label, in the order of the labels: worked out once for the recurrence and
  /// used again to resolve the label.
  private var labelCandidates: [[Substring]] = []

  /// Creates a resolver for one page: its headings, and the labels of all its flash cards.
  init(vocabulary: [String], labels: [Substring]) {
    self.vocabulary = vocabulary.map { $0.lowercased() }
    simpleVocabulary = self.vocabulary.map { heading in
      Substring(heading).isSimpleText ? Array(heading.unicodeScalars) : nil
    }
    labelCandidates = labels.map(Self.candidates)
    for candidates in labelCandidates {
      for topic in Set(candidates) { recurrence[topic, default: 0] += 1 }
    }
  }

  /// The topic and the prompt of label number `index` (of the labels the resolver was made
  /// with), with a warning when the cut is a guess.
  func resolve(
    label index: Int, _ label: Substring, at location: SourceLocation,
    into diagnostics: inout [Diagnostic]
  ) -> (topic: String, prompt: String) {
    let candidates = labelCandidates[index]
    guard !candidates.isEmpty else {
      diagnostics.append(
        .warning(
          "no topic can be cut from the label '\(label.prefix(40))'; using 'General'", at: location)
      )
      return ("General", String(label.trimmingWhitespace()))
    }
    let named = candidates.filter(isNamedInHeadings)
    let chosen: Substring
    if named.count == 1 {
      chosen = named[0]
    } else if named.count > 1 {
      chosen = named.max { $0.count < $1.count }!
      diagnostics.append(
        .warning(
          "the topic could be \(named.map { "'\($0)'" }.joined(separator: " or ")); took '\(chosen)'",
          at: location))
    } else {
      let shared = candidates.filter { recurrence[$0, default: 0] >= 2 }
      chosen =
        shared.max {
          (recurrence[$0, default: 0], $0.count) < (recurrence[$1, default: 0], $1.count)
        } ?? candidates[0]
      diagnostics.append(
        .warning(
          "the page's headings do not name this card's topic; took '\(chosen)' from '\(label.prefix(40))'",
          at: location))
    }
    let prompt = label.dropFirst(chosen.count).trimmingWhitespace()
    return (String(chosen), String(prompt))
  }

  /// Every prefix of `label` that ends where a new word visibly begins without a space.
  static func candidates(_ label: Substring) -> [Substring] {
    if label.isSimpleText { return simpleCandidates(label) }
    var result: [Substring] = []
    var previous: Character?
    for index in label.indices {
      let character = label[index]
      defer { previous = character }
      guard let previous, previous.isLetter || previous.isNumber, index != label.startIndex
      else { continue }
      if character.isUppercase || (character.isNumber && previous.isLetter)
        || isCutMark(character)
      {
        result.append(label[..<index])
      }
    }
    return result
  }

  /// ``candidates(_:)`` for a simple label, whose scalars are its Characters; the Character
  /// properties are asked of each scalar, or read directly for ASCII.
  private static func simpleCandidates(_ label: Substring) -> [Substring] {
    if let cuts = asciiCuts(label) {
      let utf8 = label.utf8
      return cuts.map {
        Substring(utf8[utf8.startIndex..<utf8.index(utf8.startIndex, offsetBy: $0)])
      }
    }
    var result: [Substring] = []
    var previousIsLetterOrNumber = false
    var previousIsLetter = false
    let scalars = label.unicodeScalars
    for index in scalars.indices {
      let scalar = scalars[index]
      let isLetterOrNumber: Bool
      let isUppercase: Bool
      if scalar.isASCII {
        let byte = UInt8(scalar.value)
        isUppercase = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        isLetterOrNumber =
          isUppercase || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      } else {
        let character = Character(scalar)
        isUppercase = character.isUppercase
        isLetterOrNumber = character.isLetter || character.isNumber
      }
      let isDigit = ("0"..."9").contains(scalar)
      if previousIsLetterOrNumber && index != label.startIndex
        && (isUppercase || (isDigit && previousIsLetter) || cutMarks.contains(scalar))
      {
        result.append(label[..<index])
      }
      previousIsLetterOrNumber = isLetterOrNumber
      previousIsLetter = isLetterOrNumber && !isDigit
    }
    return result
  }

  /// The byte offsets of the cuts of an ASCII label, where bytes are Characters; nil for
  /// another label.
  private static func asciiCuts(_ label: Substring) -> [Int]? {
    label.withBytes { bytes -> [Int]? in
      var cuts: [Int] = []
      var previousIsLetterOrNumber = false
      var previousIsLetter = false
      for (offset, byte) in bytes.enumerated() {
        if byte >= 0x80 { return nil }
        let isUppercase = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        if previousIsLetterOrNumber && offset > 0
          && (isUppercase || (isDigit && previousIsLetter) || isASCIICutMark(byte))
        {
          cuts.append(offset)
        }
        previousIsLetter = isUppercase || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        previousIsLetterOrNumber = previousIsLetter || isDigit
      }
      return cuts
    }
  }

  /// Whether `byte` is a mark before which a label can be cut: a mark that can begin code or a
  /// quotation, not one that ends a word or a sentence (`,`, `?`, `-`).
  private static func isASCIICutMark(_ byte: UInt8) -> Bool {
    // ``cutMarks``, spelt out: asking the set hashed a scalar for every letter of every label.
    switch byte {
    case UInt8(ascii: "."), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "("),
      UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "$"), UInt8(ascii: "`"), UInt8(ascii: "#"),
      UInt8(ascii: "_"), UInt8(ascii: "{"), UInt8(ascii: "<"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: "~"), UInt8(ascii: "="), UInt8(ascii: "|"), UInt8(ascii: "\\"):
      true
    default: false
    }
  }

  /// The marks before which a label can be cut, other than capitals and digits: a prompt can
  /// begin with code (`.sheet`, `@State`, `$0`, `[`, `{`, `<`) or a quote.
  private static let cutMarks = Set(".\"'(@[$`#_{<*+~=|\\".unicodeScalars)

  /// ``cutMarks`` for any Character, with the typographic marks a prompt can begin with.
  private static func isCutMark(_ character: Character) -> Bool {
    if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
      cutMarks.contains(scalar)
    {
      return true
    }
    return "“‘«".contains(character)
  }

  private func isNamedInHeadings(_ topic: Substring) -> Bool {
    let needle = topic.lowercased()
    if Substring(needle).isSimpleText {
      let scalars = Array(needle.unicodeScalars)
      if let named = isNamedInSimpleHeadings(scalars) { return named }
    }
    return vocabulary.contains { heading in
      var searchStart = heading.startIndex
      while let range = heading[searchStart...].firstRange(of: needle) {
        let before =
          range.lowerBound == heading.startIndex
          ? nil : heading[heading.index(before: range.lowerBound)]
        let after = range.upperBound == heading.endIndex ? nil : heading[range.upperBound]
        if !(before?.isLetter ?? false) && !(after?.isLetter ?? false) { return true }
        searchStart = heading.index(after: range.lowerBound)
      }
      return false
    }
  }

  /// ``isNamedInHeadings(_:)`` by scalars, when the needle and every heading are simple text
  /// (their scalars are their Characters); nil otherwise.
  private func isNamedInSimpleHeadings(_ needle: [Unicode.Scalar]) -> Bool? {
    guard !needle.isEmpty else { return nil }
    var named = false
    for heading in simpleVocabulary {
      guard let heading else { return nil }
      if named || heading.count < needle.count { continue }
      for start in 0...(heading.count - needle.count)
      where heading[start] == needle[0]
        && heading[start..<start + needle.count].elementsEqual(needle)
      {
        let end = start + needle.count
        let before = start > 0 && Character(heading[start - 1]).isLetter
        let after = end < heading.count && Character(heading[end]).isLetter
        if !before && !after {
          named = true
          break
        }
      }
    }
    return named
  }
}
