import FoundationEssentials
import Glibc

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
  /// The vocabulary's bytes, when every heading is simple text (see `isSimpleText`: each scalar
  /// a Character, and an ASCII one only its own byte); nil otherwise.
  private let simpleVocabularyBytes: [[UInt8]]?
  /// When every label is ASCII without "\r", so that its bytes are its Characters: the labels'
  /// bytes one after another, each one's range, and its cuts as byte offsets. The labels are
  /// then resolved by bytes, and ``recurrence`` and ``labelCandidates`` stay empty.
  private let asciiLabels: (bytes: [UInt8], ranges: [Range<Int>], cuts: [[Int]])?
  private var recurrence: [Substring: Int] = [:]
  /// The cuts of each label, in the order of the labels: worked out once for the recurrence and
  /// used again to resolve the label.
  private var labelCandidates: [[Substring]] = []

  /// Creates a resolver for one page: its headings, and the labels of all its flash cards.
  ///
  /// `byCharacter` resolves every label a Character at a time, as the byte path must: for tests.
  init(vocabulary: [String], labels: [Substring], byCharacter: Bool = false) {
    self.vocabulary = vocabulary.map { $0.lowercased() }
    asciiLabels = byCharacter ? nil : Self.asciiLabels(labels)
    let isSimple = self.vocabulary.allSatisfy { Substring($0).isSimpleText }
    simpleVocabularyBytes =
      asciiLabels == nil || !isSimple ? nil : self.vocabulary.map { Array($0.utf8) }
    // The scalars are for the other paths only.
    simpleVocabulary =
      simpleVocabularyBytes != nil
      ? []
      : self.vocabulary.map { heading in
        Substring(heading).isSimpleText ? Array(heading.unicodeScalars) : nil
      }
    guard asciiLabels == nil else { return }
    labelCandidates = labels.map(Self.candidates)
    for candidates in labelCandidates {
      for topic in Set(candidates) { recurrence[topic, default: 0] += 1 }
    }
  }

  /// The labels' bytes, ranges and cuts (see ``asciiLabels``), when every label is ASCII
  /// without "\r"; nil otherwise.
  private static func asciiLabels(_ labels: [Substring]) -> (
    bytes: [UInt8], ranges: [Range<Int>], cuts: [[Int]]
  )? {
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []
    var cuts: [[Int]] = []
    ranges.reserveCapacity(labels.count)
    cuts.reserveCapacity(labels.count)
    for label in labels {
      let start = bytes.count
      guard
        let labelCuts = label.withBytes({ label -> [Int]? in
          guard LessonPageText.isASCIILine(label) else { return nil }
          bytes.append(contentsOf: label)
          return asciiCuts(label)
        })
      else { return nil }
      ranges.append(start..<bytes.count)
      cuts.append(labelCuts)
    }
    return (bytes, ranges, cuts)
  }

  /// The topic and the prompt of label number `index` (of the labels the resolver was made
  /// with), with a warning when the cut is a guess.
  func resolve(
    label index: Int, _ label: Substring, at location: SourceLocation,
    into diagnostics: inout [Diagnostic]
  ) -> (topic: String, prompt: String) {
    if let asciiLabels {
      return resolveASCII(
        label: index, label, asciiLabels, at: location, into: &diagnostics)
    }
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

  /// ``resolve(label:_:at:into:)`` of an ASCII label, by its bytes: each cut is a byte
  /// offset, each Character a byte.
  private func resolveASCII(
    label index: Int, _ label: Substring,
    _ labels: (bytes: [UInt8], ranges: [Range<Int>], cuts: [[Int]]), at location: SourceLocation,
    into diagnostics: inout [Diagnostic]
  ) -> (topic: String, prompt: String) {
    let cuts = labels.cuts[index]
    guard !cuts.isEmpty else {
      diagnostics.append(
        .warning(
          "no topic can be cut from the label '\(label.prefix(40))'; using 'General'", at: location)
      )
      return ("General", String(label.trimmingWhitespace()))
    }
    return labels.bytes.withUnsafeBufferPointer { all in
      let range = labels.ranges[index]
      let bytes = UnsafeBufferPointer(rebasing: all[range])
      func text(_ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
      }
      let named = cuts.filter { isNamedInHeadings(bytes, cut: $0) }
      let chosen: Int
      if named.count == 1 {
        chosen = named[0]
      } else if named.count > 1 {
        // The longest: one Character a byte.
        chosen = named.max()!
        diagnostics.append(
          .warning(
            "the topic could be \(named.map { "'\(text($0))'" }.joined(separator: " or ")); took '\(text(chosen))'",
            at: location))
      } else {
        // How many labels have the same cut: the same bytes up to it, and a cut there.
        func recurrence(_ cut: Int) -> Int {
          var count = 0
          for (other, otherRange) in labels.ranges.enumerated()
          where otherRange.count >= cut && labels.cuts[other].contains(cut)
            && memcmp(
              all.baseAddress! + range.lowerBound, all.baseAddress! + otherRange.lowerBound, cut)
              == 0
          {
            count += 1
          }
          return count
        }
        let counted = cuts.map { (cut: $0, recurrence: recurrence($0)) }
        chosen =
          counted.filter { $0.recurrence >= 2 }.max {
            ($0.recurrence, $0.cut) < ($1.recurrence, $1.cut)
          }?.cut ?? cuts[0]
        diagnostics.append(
          .warning(
            "the page's headings do not name this card's topic; took '\(text(chosen))' from '\(label.prefix(40))'",
            at: location))
      }
      // The prompt, without the spaces and tabs at either end.
      var start = chosen
      var end = bytes.count
      while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
      while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
      return (
        text(chosen),
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      )
    }
  }

  /// ``isNamedInHeadings(_:)`` of the first `cut` bytes of an ASCII label: by bytes when every
  /// heading is simple text, where the ASCII needle's bytes match only at its scalars.
  private func isNamedInHeadings(_ label: UnsafeBufferPointer<UInt8>, cut: Int) -> Bool {
    guard let simpleVocabularyBytes else {
      return isNamedInHeadings(
        Substring(String(decoding: UnsafeBufferPointer(rebasing: label[..<cut]), as: UTF8.self)))
    }
    @inline(__always) func lower(_ byte: UInt8) -> UInt8 {
      byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
    let first = lower(label[0])
    for heading in simpleVocabularyBytes where heading.count >= cut {
      var start = 0
      while start + cut <= heading.count {
        defer { start += 1 }
        guard heading[start] == first else { continue }
        var matches = true
        for offset in 1..<cut where heading[start + offset] != lower(label[offset]) {
          matches = false
          break
        }
        guard matches else { continue }
        let end = start + cut
        if !(start > 0 && Self.isLetter(heading, before: start))
          && !(end < heading.count && Self.isLetter(heading, at: end))
        {
          return true
        }
      }
    }
    return false
  }

  /// Whether the scalar that starts at byte `start` of simple text is a letter (a scalar is a
  /// Character there).
  private static func isLetter(_ text: [UInt8], at start: Int) -> Bool {
    let byte = text[start]
    if byte < 0x80 { return (byte | 0x20) &- UInt8(ascii: "a") < 26 }
    var end = start + 1
    while end < text.count && text[end] & 0xC0 == 0x80 { end += 1 }
    return isLetter(text[start..<end])
  }

  /// Whether the scalar that ends before byte `end` of simple text is a letter.
  private static func isLetter(_ text: [UInt8], before end: Int) -> Bool {
    let byte = text[end - 1]
    if byte < 0x80 { return (byte | 0x20) &- UInt8(ascii: "a") < 26 }
    var start = end - 1
    while start > 0 && text[start] & 0xC0 == 0x80 { start -= 1 }
    return isLetter(text[start..<end])
  }

  /// Whether the one scalar in `bytes` is a letter.
  private static func isLetter(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first else {
      return false
    }
    return Character(scalar).isLetter
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
    label.withBytes(asciiCuts)
  }

  /// ``asciiCuts(_:)`` of a label's bytes.
  private static func asciiCuts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
    var cuts: [Int] = []
    cuts.reserveCapacity(8)
    var previousIsLetterOrNumber = false
    var previousIsLetter = false
    for offset in 0..<bytes.count {
      let byte = bytes[offset]
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
