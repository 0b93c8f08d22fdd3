import FoundationEssentials
import Glibc

/// Recognising a lesson page's lines: card headings, question titles, lesson numbers and
/// course parts.
extension LessonPageParser {
  /// ``flashCardKind(_:)`` of the trimmed `range` of a line read by its offsets: only a line
  /// whose Characters start with `Syntax ` or `Trick question ` is taken as text.
  static func flashCardKind(_ line: SourceLine, _ range: Range<Int>) -> (
    kind: CardKind, rest: Substring
  )? {
    guard line.hasPrefix("Syntax ", in: range) || line.hasPrefix("Trick question ", in: range)
    else { return nil }
    // The prefix's own bytes, and after them no byte of a mark that would join its last space:
    // the same Characters, and the rest is the bytes after them.
    for (prefix, kind) in flashCardPrefixes {
      let end = range.lowerBound + prefix.count
      guard end <= range.upperBound, line.bytes[range.lowerBound..<end].elementsEqual(prefix),
        end == range.upperBound || line.bytes[end] < 0xCC
      else { continue }
      return (kind, Substring(line.string(end..<range.upperBound)))
    }
    return flashCardKind(line.text(range))
  }

  /// The bytes of the prefixes of a flash card's label line, and the kinds they start.
  private static let flashCardPrefixes = [
    (Array("Syntax · ".utf8), CardKind.syntax), (Array("Trick question · ".utf8), .trick),
  ]

  static func flashCardKind(_ line: Substring) -> (kind: CardKind, rest: Substring)? {
    // Most lines start with neither: an ASCII first byte other than 'S' and 'T' says so.
    if let first = line.utf8.first, first < 0x80, first != 0x0D, first != UInt8(ascii: "S"),
      first != UInt8(ascii: "T")
    {
      return nil
    }
    for (prefix, kind) in [("Syntax · ", CardKind.syntax), ("Trick question · ", .trick)]
    where line.simpleHasPrefix(prefix) ?? line.hasPrefix(prefix) {
      return (kind, line.dropFirst(prefix.count))
    }
    return nil
  }

  /// ``questionTitle(_:)`` of the trimmed `range` of a line read by its offsets.
  static func questionTitle(_ line: SourceLine, _ range: Range<Int>) -> String? {
    let bytes = UnsafeBufferPointer(rebasing: line.bytes[range])
    // See ``questionTitle(_:)``: without the bytes 0xB7 and 0x87 there is no "·".
    if bytes.isEmpty
      || (memchr(bytes.baseAddress!, 0xB7, bytes.count) == nil
        && memchr(bytes.baseAddress!, 0x87, bytes.count) == nil)
    {
      return nil
    }
    if let decided = simpleQuestionTitle(bytes) { return decided }
    return questionTitle(line.text(range))
  }

  /// What follows `prefix` in the trimmed `range` of a line, which starts with it, trimmed.
  static func rest(of line: SourceLine, _ range: Range<Int>, after prefix: StaticString)
    -> String
  {
    // The prefix's bytes, and no mark after them that would join its last Character: the rest
    // is the bytes after them, trimmed as the text would be.
    let count = prefix.utf8CodeUnitCount
    let end = range.lowerBound + count
    if end <= range.upperBound
      && line.bytes[range.lowerBound..<end].elementsEqual(
        UnsafeBufferPointer(start: prefix.utf8Start, count: count))
      && (end == range.upperBound || line.bytes[end] < 0xCC)
    {
      return line.string(line.trimmed(end..<range.upperBound))
    }
    let prefixCount = String(describing: prefix).count
    return String(line.text(range).dropFirst(prefixCount).trimmingWhitespace())
  }

  /// The title of a line like `Lesson 23 · question 4 of 10 · a sheet on a phone held sideways`.
  static func questionTitle(_ line: Substring) -> String? {
    // Without the bytes 0xB7 and 0x87 there is neither "·" (U+00B7, C2 B7) nor the Greek ano
    // teleia that equals it (U+0387, CE 87) to split at, so no second part: nearly every line of
    // a page ends here, before its text is looked at.
    if line.withBytes({
      $0.isEmpty
        || (memchr($0.baseAddress!, 0xB7, $0.count) == nil
          && memchr($0.baseAddress!, 0x87, $0.count) == nil)
    }) {
      return nil
    }
    if let decided = line.withBytes(simpleQuestionTitle) { return decided }
    let parts =
      line.simpleComponents(separatedBy: " · ")?.map(String.init)
      ?? line.components(separatedBy: " · ")
    guard parts.count >= 2, let index = parts.firstIndex(where: isQuestionNumber) else {
      return nil
    }
    let rest = parts[(index + 1)...].joined(separator: " · ").trimmingWhitespace()
    return rest.isEmpty ? parts[index] : String(rest)
  }

  /// ``questionTitle(_:)`` of a simple line (see `isSimpleText`), whose bytes are its
  /// Characters: `.some(nil)` when it has none; nil for another line.
  static func simpleQuestionTitle(_ bytes: UnsafeBufferPointer<UInt8>) -> String?? {
    guard Substring.isSimple(bytes), let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    // The parts between the separators " · " (20 C2 B7 20), found from the left, up to the
    // first that is `question N of M`.
    var partStart = 0
    var index = 0
    var number: Range<Int>?
    var partIndex = 0
    while number == nil {
      var partEnd = count
      while index + 4 <= count {
        if base[index] == 0x20 && base[index + 1] == 0xC2 && base[index + 2] == 0xB7
          && base[index + 3] == 0x20
        {
          partEnd = index
          break
        }
        index += 1
      }
      if isQuestionNumber(bytes, partStart..<partEnd) { number = partStart..<partEnd }
      guard partEnd < count else { break }
      index = partEnd + 4
      partStart = index
      partIndex += 1
    }
    // The line needs two parts: the number's part is not the first, or a separator follows it.
    guard let number, partIndex > 0 || number.upperBound < count else { return .some(nil) }
    var start = number.upperBound < count ? number.upperBound + 4 : count
    var end = count
    while start < end && (base[start] == 0x20 || base[start] == 0x09) { start += 1 }
    while end > start && (base[end - 1] == 0x20 || base[end - 1] == 0x09) { end -= 1 }
    let title = start < end ? start..<end : number
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[title]), as: UTF8.self)
  }

  /// ``isQuestionNumber(_:)`` of the bytes of a simple part: `question N of M`, the words
  /// split at spaces.
  static func isQuestionNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ part: Range<Int>)
    -> Bool
  {
    var index = part.lowerBound
    while index < part.upperBound && bytes[index] == 0x20 { index += 1 }
    guard index < part.upperBound, bytes[index] == UInt8(ascii: "q") else { return false }
    // The four words, found without an array.
    var words = (0..<0, 0..<0, 0..<0, 0..<0)
    var found = 0
    while index < part.upperBound {
      while index < part.upperBound && bytes[index] == 0x20 { index += 1 }
      guard index < part.upperBound else { break }
      let start = index
      while index < part.upperBound && bytes[index] != 0x20 { index += 1 }
      switch found {
      case 0: words.0 = start..<index
      case 1: words.1 = start..<index
      case 2: words.2 = start..<index
      case 3: words.3 = start..<index
      default: return false
      }
      found += 1
    }
    func text(_ word: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[word]), as: UTF8.self)
    }
    return found == 4 && bytes[words.0].elementsEqual("question".utf8)
      && bytes[words.2].elementsEqual("of".utf8) && Int(text(words.1)) != nil
      && Int(text(words.3)) != nil
  }

  static func isQuestionNumber(_ part: String) -> Bool {
    // The first word's first Character is "q": after the spaces, an ASCII byte other than "q"
    // starts another one.
    if let first = part.utf8.first(where: { $0 != 0x20 }), first < 0x80, first != UInt8(ascii: "q")
    {
      return false
    }
    let words = part.split(separator: " ")
    return words.count == 4 && words[0] == "question" && words[2] == "of"
      && Int(words[1]) != nil && Int(words[3]) != nil
  }

  /// N in `Lesson N` or `… Lesson N of M · …`.
  static func lessonNumber(in line: Substring) -> Int? {
    if let offset = line.firstASCIIMatch("Lesson ") {
      guard offset >= 0 else { return nil }
      if let decided = line.withBytes({ lessonNumber(bytes: $0, after: offset + 7) }) {
        return decided
      }
    }
    guard let range = line.firstRange(of: "Lesson ") else { return nil }
    let digits = line[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
    let after = line[range.upperBound...].dropFirst(digits.count)
    // Lessons count from 1, as a deck's `lesson:` setting does.
    guard let number = Int(digits), number > 0, after.isEmpty || after.hasPrefix(" of ") else {
      return nil
    }
    return number
  }

  /// ``lessonNumber(in:)`` read from the bytes after `Lesson ` at `start`: `.some(nil)` when
  /// there is none, nil when a mark after a digit or after ` of ` leaves it to the Characters.
  static func lessonNumber(bytes: UnsafeBufferPointer<UInt8>, after start: Int) -> Int?? {
    var end = start
    while end < bytes.count && bytes[end] &- 0x30 < 10 { end += 1 }
    // A mark after the last digit would be part of its Character.
    if end < bytes.count && bytes[end] >= 0xCC { return nil }
    let rest = bytes[end...]
    let of = Array(" of ".utf8)
    let followsOf = rest.count >= of.count && rest.prefix(of.count).elementsEqual(of)
    if followsOf && rest.count > of.count && bytes[end + of.count] >= 0xCC { return nil }
    guard rest.isEmpty || followsOf,
      let number = Int(
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)),
      number > 0
    else { return .some(nil) }
    return number
  }

  /// `Lists and navigation` in `… Lesson 24 of 57 · Part 7: Lists and navigation`.
  static func coursePartName(in line: Substring) -> String? {
    // The first header line starts with `← All lessons`: its arrow is a Character of its own.
    let parts =
      line.simpleComponents(separatedBy: " · ", allowingArrows: true)
      ?? line.components(separatedBy: " · ").map { Substring($0) }
    for part in parts {
      guard let colon = part.firstIndex(of: ":"), isCoursePart(String(part[..<colon])) else {
        continue
      }
      let name = part[part.index(after: colon)...].trimmingWhitespace()
      return name.isEmpty ? nil : String(name)
    }
    return nil
  }

  /// Whether `text` is `Part N`, a part of the course rather than a topic.
  static func isCoursePart(_ text: String) -> Bool {
    let words = text.split(separator: " ")
    return words.count == 2 && words[0] == "Part" && Int(words[1]) != nil
  }

  static func leadingNumber(_ line: Substring) -> Int? {
    Int(line.prefix { $0.isASCII && $0.isNumber })
  }
}
