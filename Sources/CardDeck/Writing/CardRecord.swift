/// A card as `quiz cards --json` prints it: flat, with code and prose in fields of their own.
public struct CardRecord: Codable, Equatable, Sendable {
  /// One block of the answer, in reading order.
  public struct Block: Codable, Equatable, Sendable {
    /// `text`, `code`, `console` or `table`.
    public var type: String
    /// The text; a table's rows are lines, its cells separated by ` | `.
    public var text: String
  }

  /// The card's id.
  public var id: String
  /// Its deck's name.
  public var deck: String
  /// Its lesson, if any.
  public var lesson: Int?
  /// `syntax`, `trick`, `edge` or `interview`.
  public var kind: CardKind
  /// Its topic.
  public var topic: String
  /// Its section, if any.
  public var section: String?
  /// Its title, for edge and interview cards that have one.
  public var title: String?
  /// The question's prose.
  public var prompt: String
  /// The code the question is about, or nil.
  public var promptCode: String?
  /// The answer's prose, console output and tables; without its code.
  public var answer: String
  /// A syntax card's expected code; for other kinds, the answer's code blocks; nil when none.
  public var answerCode: String?
  /// The whole answer, block by block.
  public var answerBlocks: [Block]
  /// Where the fact comes from, if known.
  public var source: String?
  /// What interviewers listen for, on interview cards.
  public var listenFor: String?
  /// `path:line` of the card.
  public var location: String

  /// The record of `card`.
  public init(_ card: Card) {
    id = card.id
    deck = card.deck
    lesson = card.lesson
    kind = card.kind
    topic = card.topic
    section = card.section
    title = card.title
    prompt = card.prompt.text
    promptCode = card.prompt.code?.text
    let answerPassage: Passage
    switch card.content {
    case .syntax(let syntax):
      answerPassage = syntax.explanation
      answerCode = syntax.code.text
    default:
      answerPassage = card.answer
      let code = card.answer.codeBlocks.map(\.text)
      answerCode = code.isEmpty ? nil : code.joined(separator: "\n\n")
    }
    answer = answerPassage.blocks.compactMap { block in
      if case .code = block { return nil }
      return Self.text(of: block)
    }.joined(separator: "\n\n")
    answerBlocks = card.answer.blocks.map { block in
      switch block {
      case .text: Block(type: "text", text: Self.text(of: block))
      case .code: Block(type: "code", text: Self.text(of: block))
      case .console: Block(type: "console", text: Self.text(of: block))
      case .table: Block(type: "table", text: Self.text(of: block))
      }
    }
    source = card.source
    if case .interview(let interview) = card.content { listenFor = interview.listenFor }
    location = card.location.description
  }

  private static func text(of block: Passage.Block) -> String {
    switch block {
    case .text(let text), .console(let text): text
    case .code(let code): code.text
    case .table(let rows): rows.map { $0.joined(separator: " | ") }.joined(separator: "\n")
    }
  }

  private enum CodingKeys: String, CodingKey {
    case id, deck, lesson, kind, topic, section, title, prompt, promptCode, answer, answerCode,
      answerBlocks, source, listenFor, location
  }

  /// Encodes every key, with `null` for absent values.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(deck, forKey: .deck)
    try container.encode(lesson, forKey: .lesson)
    try container.encode(kind, forKey: .kind)
    try container.encode(topic, forKey: .topic)
    try container.encode(section, forKey: .section)
    try container.encode(title, forKey: .title)
    try container.encode(prompt, forKey: .prompt)
    try container.encode(promptCode, forKey: .promptCode)
    try container.encode(answer, forKey: .answer)
    try container.encode(answerCode, forKey: .answerCode)
    try container.encode(answerBlocks, forKey: .answerBlocks)
    try container.encode(source, forKey: .source)
    try container.encode(listenFor, forKey: .listenFor)
    try container.encode(location, forKey: .location)
  }
}
