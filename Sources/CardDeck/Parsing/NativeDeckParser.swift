import FoundationEssentials
import Glibc

/// Reads a deck written in this project's Markdown deck format (`docs/deck-format.md`).
///
/// A line-by-line state machine: it never stops at the first problem, so one pass reports every
/// problem of the file.
public struct NativeDeckParser: Sendable {
  /// The deck's name: cards without an explicit id derive theirs from it.
  public var deckName: String

  /// Creates a parser for the deck called `deckName`.
  public init(deckName: String) {
    self.deckName = deckName
  }

  private enum State {
    case beforeTitle
    case deckSettings
    case preamble
    case cardSettings
    case cardBody
  }

  /// A card whose heading and settings have been read; its question and answer are in the
  /// parser's two `MarkdownBlocks` until it is built.
  private struct PendingCard {
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
    source.utf8.withUnsafeBufferPointer { parse(source, bytes: $0) }
  }

  /// ``parse(_:)``, with the bytes of `source.utf8`: each line is read from them by its offsets.
  private func parse(
    _ source: SourceText, bytes: UnsafeBufferPointer<UInt8>
  ) -> (deck: Deck, diagnostics: [Diagnostic]) {
    var diagnostics = source.diagnostics
    var deck = Deck(name: deckName, title: deckName, path: source.path, format: .native)
    var state = State.beforeTitle
    var pending: PendingCard?
    // The pending card's question and answer, kept from card to card with their capacity.
    var question = MarkdownBlocks()
    var answer = MarkdownBlocks()

    /// `body` on the blocks of the pending card's current part, question or answer, in place.
    func withCurrent(_ body: (inout MarkdownBlocks) -> Void) {
      if pending?.separatorLine == nil { body(&question) } else { body(&answer) }
    }
    /// The fence the pending card's current part is in.
    func openFence() -> MarkdownBlocks.Fence? {
      guard let pending else { return nil }
      return pending.separatorLine == nil ? question.fence : answer.fence
    }
    func finish() {
      guard let card = pending else { return }
      pending = nil
      question.end(in: bytes)
      answer.end(in: bytes)
      if let built = build(
        card, question: question.blocks, answer: answer.blocks, deck: deck, source: source,
        into: &diagnostics)
      {
        deck.cards.append(built)
      }
      question.reset()
      answer.reset()
    }

    for (offset, range) in source.lineRanges.enumerated() {
      let number = offset + 1
      let line = SourceLine(range, in: bytes)
      let whole = 0..<line.bytes.count
      // A `## ` line's heading, read once.
      var heading: Result<Heading, HeadingProblem>?
      if let open = openFence() {
        if line.closesFence(marker: open.marker, length: open.length) {
          withCurrent { $0.closeFence(in: bytes) }
          continue
        }
        guard line.hasPrefix("## ", in: whole),
          case let parsed = parseHeading(line), case .success = parsed
        else {
          withCurrent { $0.addCode(line) }
          continue
        }
        // The card ends here: its blocks end the fence where its lines end.
        diagnostics.append(
          .error("this code block is never closed", at: source.location(open.line)))
        heading = parsed
      }

      switch state {
      case .beforeTitle:
        if line.isBlank { continue }
        if line.hasPrefix("# ", in: whole) {
          deck.title = String(line.text.dropFirst(2).trimmingWhitespace())
          state = .deckSettings
          continue
        }
        diagnostics.append(
          .error("a deck starts with its title, '# Title'", at: source.location(number)))
        state = .preamble
      case .deckSettings:
        if line.isBlank {
          state = .preamble
          continue
        }
        if let (key, value) = line.setting() {
          applyDeckSetting(key, value, to: &deck, at: source.location(number), into: &diagnostics)
          continue
        }
        state = .preamble
      case .cardSettings:
        if let (key, value) = line.setting(), Self.cardSettings.contains(key) {
          if key == "also" {
            pending?.alternatives.append(value)
          } else {
            pending?.settings[key] = value
          }
          pending?.settingLines[key] = number
          continue
        }
        state = .cardBody
      case .preamble, .cardBody:
        break
      }

      if heading != nil || line.hasPrefix("## ", in: whole) {
        finish()
        switch heading ?? parseHeading(line) {
        case .success(let heading):
          pending = PendingCard(
            headingLine: number, kind: heading.kind, topic: heading.topic, id: heading.id)
          state = .cardSettings
        case .failure(let problem):
          diagnostics.append(.error(problem.message, at: source.location(number)))
          state = .preamble
        }
        continue
      }
      guard state == .cardBody || state == .cardSettings, pending != nil else { continue }
      if line.equals("---", in: line.trimmed) {
        if let first = pending?.separatorLine {
          diagnostics.append(
            .error(
              "a second '---' line (the first is line \(first)); a card has exactly one, between question and answer",
              at: source.location(number)))
        } else {
          pending?.separatorLine = number
        }
        continue
      }
      withCurrent { $0.add(line, number: number, in: bytes) }
    }
    if let open = openFence() {
      diagnostics.append(.error("this code block is never closed", at: source.location(open.line)))
    }
    finish()
    if deck.cards.isEmpty && !diagnostics.contains(where: { $0.severity == .error }) {
      diagnostics.append(
        .error("the deck has no cards ('## Kind · Topic' headings)", at: source.location(1)))
    }
    return (deck, diagnostics)
  }

  /// Whether `text` may start with the Character of the ASCII `byte`: not when its first byte
  /// is another ASCII byte, which starts another Character.
  private static func mayStart(_ text: String, with byte: UInt8) -> Bool {
    guard let first = text.utf8.first else { return false }
    return first == byte || first >= 0x80
  }

  /// The settings a card may have, right below its heading.
  static let cardSettings: Set<String> = [
    "section", "title", "essential", "context", "optional", "also",
  ]

  /// Warns about `essential:`, `context:` and `optional:` names that the card's code does not
  /// have.
  private func checkHints(
    _ pending: PendingCard, in code: String, source: SourceText,
    into diagnostics: inout [Diagnostic]
  ) {
    // Most cards name no hints: lexing their code for nothing was a third of parsing a deck.
    guard pending.settings["essential"] != nil || pending.settings["context"] != nil else { return }
    let names = Set(
      SwiftLexer.significantTokens(in: code).map { token in
        JudgingHints.normalized(String(code[token.range]))
      })
    for key in ["essential", "context", "optional"] {
      guard let value = pending.settings[key], let line = pending.settingLines[key] else {
        continue
      }
      for name in JudgingHints.names(in: value) {
        let bare = name.hasSuffix(":") ? String(name.dropLast()) : name
        if !names.contains(bare) && !names.contains(where: { $0.hasSuffix("." + bare) }) {
          diagnostics.append(
            .warning(
              "'\(key):' names '\(name)', which is not in the card's code",
              at: source.location(line)))
        }
      }
    }
  }

  private func applyDeckSetting(
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

  private struct Heading {
    var kind: CardKind
    var topic: String
    var id: String?
  }

  /// The kind, topic and id of a `## ` line, or what is wrong with it.
  private func parseHeading(_ line: SourceLine) -> Result<Heading, HeadingProblem> {
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

  private struct HeadingProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  private func build(
    _ pending: PendingCard, question: [MarkdownBlocks.Located], answer: [MarkdownBlocks.Located],
    deck: Deck, source: SourceText, into diagnostics: inout [Diagnostic]
  ) -> Card? {
    let heading = source.location(pending.headingLine)
    let kind = pending.kind
    guard let separator = pending.separatorLine else {
      diagnostics.append(
        .error("the card has no '---' line between question and answer", at: heading))
      return nil
    }
    let errorsBefore = diagnostics.filter { $0.severity == .error }.count
    var cardSource: String?
    var listenFor: String?

    func collect(_ located: [MarkdownBlocks.Located]) -> [(line: Int, block: Passage.Block)] {
      var blocks: [(line: Int, block: Passage.Block)] = []
      blocks.reserveCapacity(located.count)
      for located in located {
        switch located.block {
        case .paragraph(let text, let escaped):
          if !escaped && Self.mayStart(text, with: UInt8(ascii: "S")) && text.hasPrefix("Source:") {
            if cardSource != nil {
              diagnostics.append(
                .error("a second 'Source:'; a card has one", at: source.location(located.line)))
            }
            cardSource = String(text.dropFirst("Source:".count).trimmingWhitespace())
          } else if !escaped && kind == .interview && Self.mayStart(text, with: UInt8(ascii: "L"))
            && text.hasPrefix("Listen for:")
          {
            listenFor = String(text.dropFirst("Listen for:".count).trimmingWhitespace())
          } else {
            blocks.append((located.line, .text(text)))
          }
        case .fence(let language, let text):
          if let language, ["console", "output", "text"].contains(language.lowercased()) {
            blocks.append((located.line, .console(text)))
          } else {
            blocks.append((located.line, .code(CodeBlock(text, language: language))))
          }
        case .table(let rows):
          blocks.append((located.line, .table(rows)))
        }
      }
      return blocks
    }

    var promptText: [String] = []
    var promptCode: CodeBlock?
    for (line, block) in collect(question) {
      switch block {
      case .text(let text): promptText.append(text)
      case .code(let code):
        if promptCode == nil {
          promptCode = code
        } else {
          diagnostics.append(
            .error(
              "a question holds at most one code block; move this one to the answer",
              at: source.location(line)))
        }
      case .console, .table:
        diagnostics.append(
          .error(
            "a question holds prose and one code block; move this block to the answer",
            at: source.location(line)))
      }
    }
    let prompt = Prompt(promptText.joined(separator: "\n\n"), code: promptCode)
    if prompt.text.isEmpty && prompt.code == nil {
      diagnostics.append(.error("the question is empty", at: heading))
    }
    var answer = collect(answer).map(\.block)
    if answer.isEmpty && (kind != .interview || listenFor == nil) {
      diagnostics.append(.error("the answer is empty", at: source.location(separator)))
    }

    if kind != .syntax {
      for key in ["essential", "context", "optional", "also"] {
        if let line = pending.settingLines[key] {
          diagnostics.append(
            .warning(
              "'\(key):' only applies to syntax cards, whose attempts are compared with code",
              at: source.location(line)))
        }
      }
    }
    let content: Card.Content
    switch kind {
    case .syntax:
      guard let index = answer.firstIndex(where: { if case .code = $0 { true } else { false } }),
        case .code(let code) = answer.remove(at: index)
      else {
        if !answer.isEmpty {
          diagnostics.append(
            .error(
              "a syntax card's answer needs the expected code in a fenced code block",
              at: source.location(separator)))
        }
        return nil
      }
      let hints = JudgingHints(
        essential: JudgingHints.names(in: pending.settings["essential"] ?? ""),
        context: JudgingHints.names(in: pending.settings["context"] ?? ""),
        optional: JudgingHints.names(in: pending.settings["optional"] ?? ""),
        alternatives: pending.alternatives)
      checkHints(pending, in: code.text, source: source, into: &diagnostics)
      content = .syntax(
        SyntaxCard(
          prompt: prompt, code: code, explanation: Passage(answer), source: cardSource,
          hints: hints))
    case .trick:
      content = .trick(TrickCard(question: prompt, answer: Passage(answer), source: cardSource))
    case .edge:
      guard let cardSource else {
        diagnostics.append(
          .error(
            "an edge card needs a 'Source:' paragraph saying where the answer comes from",
            at: heading))
        return nil
      }
      content = .edge(
        EdgeCaseCard(
          title: pending.settings["title"], question: prompt, answer: Passage(answer),
          source: cardSource))
    case .interview:
      guard let listenFor else {
        diagnostics.append(.error("an interview card needs a 'Listen for:' paragraph", at: heading))
        return nil
      }
      content = .interview(
        InterviewCard(
          title: pending.settings["title"], problem: prompt, source: cardSource,
          modelAnswer: Passage(answer),
          listenFor: listenFor))
    }
    guard diagnostics.filter({ $0.severity == .error }).count == errorsBefore else {
      return nil
    }
    return Card(
      id: pending.id ?? CardID.derived(deck: deck.name, kind: kind, prompt: prompt),
      deck: deck.name, lesson: deck.lesson, topic: pending.topic,
      section: pending.settings["section"],
      location: heading, content: content)
  }
}
