import FoundationEssentials
import Glibc

/// Reads a deck written in this project's Markdown deck format (`docs/deck-format.md`).
///
/// A line-by-line state machine (``DeckReading``): it never stops at the first problem, so one
/// pass reports every problem of the file.
public struct NativeDeckParser: Sendable {
  /// The deck's name: cards without an explicit id derive theirs from it.
  public var deckName: String

  /// Creates a parser for the deck called `deckName`.
  public init(deckName: String) {
    self.deckName = deckName
  }

  /// A card whose heading and settings have been read; its question and answer are in the
  /// reading's two `MarkdownBlocks` until it is built.
  struct PendingCard {
    var headingLine: Int
    var kind: CardKind
    var topic: String
    var id: String?
    var settings: [String: String] = [:]
    var settingLines: [String: Int] = [:]
    var alternatives: [String] = []
    var separatorLine: Int?
  }

  /// The deck in `source`, and every problem found in it.
  public func parse(_ source: SourceText) -> (deck: Deck, diagnostics: [Diagnostic]) {
    // Each line is read from the file's bytes by its offsets.
    source.utf8.withUnsafeBufferPointer { bytes in
      var reading = DeckReading(deckName: deckName, source: source, bytes: bytes)
      for (offset, range) in source.lineRanges.enumerated() {
        reading.read(SourceLine(range, in: bytes), number: offset + 1)
      }
      return reading.finish()
    }
  }

  /// The settings a card may have, right below its heading.
  static let cardSettings: Set<String> = [
    "section", "title", "essential", "context", "optional", "also",
  ]

  /// Applies the deck setting `key: value` to `deck`.
  static func applyDeckSetting(
    _ key: String, _ value: String, to deck: inout Deck, at location: SourceLocation,
    into diagnostics: inout [Diagnostic]
  ) {
    switch key {
    case "lesson":
      if let lesson = Int(value), lesson > 0 {
        deck.lesson = lesson
      } else {
        diagnostics.append(.error("'lesson:' takes a whole number, not '\(value)'", at: location))
      }
    default:
      diagnostics.append(.error("unknown deck setting '\(key)' (known: lesson)", at: location))
    }
  }

  /// A card heading's parts: `## Kind · Topic · id`.
  struct Heading {
    var kind: CardKind
    var topic: String
    var id: String?
  }

  /// The kind, topic and id of a `## ` line, or what is wrong with it.
  static func parseHeading(_ line: SourceLine) -> Result<Heading, HeadingProblem> {
    let parts: [String]
    if line.isSimple {
      // Bytes are Characters here, and "## " three of them.
      var pieces = Self.split(line, from: 3, at: " · ")
      if pieces.count == 1 { pieces = Self.split(line, from: 3, at: " | ") }
      parts = pieces.map { line.string(line.trimmed($0)) }
    } else {
      let text = String(line.text.dropFirst(3))
      let separator = text.contains(" · ") ? " · " : " | "
      parts = text.components(separatedBy: separator).map { String($0.trimmingWhitespace()) }
    }
    guard let kind = CardKind(name: parts[0]) else {
      return .failure(
        HeadingProblem("unknown card kind '\(parts[0])'; use Syntax, Trick, Edge or Interview"))
    }
    guard parts.count >= 2, !parts[1].isEmpty else {
      return .failure(
        HeadingProblem("the heading names no topic: write '## \(kind.headingName) · Topic'"))
    }
    guard parts.count <= 3 else {
      return .failure(
        HeadingProblem(
          "a heading has at most three parts, 'Kind · Topic · id'; found \(parts.count)"))
    }
    if parts.count == 3, parts[2].utf8.count > CardID.maximumLength {
      return .failure(
        HeadingProblem(
          "an id has at most \(CardID.maximumLength) bytes; this one has \(parts[2].utf8.count)"))
    }
    if parts.count == 3, !CardID.isValid(parts[2]) {
      return .failure(
        HeadingProblem("'\(parts[2])' is not a valid id: use letters, digits, '-', '_' and '.'"))
    }
    // A separator with nothing after it (`## Trick · Sheets ·`) is not part of the topic: no
    // heading could carry a topic ending in " ·" back.
    return .success(
      Heading(
        kind: kind, topic: Self.withoutTrailingSeparators(parts[1]),
        id: parts.count == 3 ? parts[2] : nil))
  }

  /// The ranges of `line` from `start` between the occurrences of `separator`, found left to
  /// right (`components(separatedBy:)` on a simple line).
  private static func split(_ line: SourceLine, from start: Int, at separator: StaticString)
    -> [Range<Int>]
  {
    let bytes = line.bytes
    let needle = UnsafeBufferPointer(start: separator.utf8Start, count: separator.utf8CodeUnitCount)
    var parts: [Range<Int>] = []
    parts.reserveCapacity(3)
    var partStart = start
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index] == needle[0]
        && memcmp(bytes.baseAddress! + index, needle.baseAddress!, needle.count) == 0
      {
        parts.append(partStart..<index)
        index += needle.count
        partStart = index
      } else {
        index += 1
      }
    }
    parts.append(partStart..<bytes.count)
    return parts
  }

  /// `topic` without trailing " ·" (and the white space before each).
  private static func withoutTrailingSeparators(_ topic: String) -> String {
    // Most topics end in an ASCII byte: their last Character is not "·".
    if let last = topic.utf8.last, last < 0x80 { return topic }
    var text = Substring(topic)
    while text.hasSuffix(" ·") { text = text.dropLast(2).trimmingWhitespace() }
    return String(text)
  }

  /// What is wrong with a card heading.
  struct HeadingProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }
}
