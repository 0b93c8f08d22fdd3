import CardDeck

/// One card of an Anki note as a quiz card's parts: id, topic, question and answer.
struct NoteCard {
  var id: String
  var topic: String
  var prompt: Prompt
  var answer: Passage
  var media: [String]

  /// The card `ordinal` of `note`; nil when the note type makes no such card.
  init?(note: AnkiNote, notetype: AnkiNotetype, ordinal: Int) {
    func field(_ name: String) -> String? {
      notetype.fields.firstIndex(of: name).flatMap {
        $0 < note.fields.count ? note.fields[$0] : nil
      }
    }
    let base = Self.baseID(guid: note.guid)
    media = []
    topic = ""
    if notetype.fields.contains(AnkiExport.Field.quizID.rawValue),
      let quizID = field(AnkiExport.Field.quizID.rawValue).map(HTMLText.plain),
      CardID.isValid(quizID), quizID.utf8.count <= CardID.maximumLength
    {
      // A card quiz exported: its own id and topic come back.
      id = quizID
      topic = field(AnkiExport.Field.topic.rawValue).map(HTMLText.plain) ?? ""
      let (prompt, promptMedia) = Self.prompt(
        [field(AnkiExport.Field.prompt.rawValue) ?? ""],
        code: field(AnkiExport.Field.promptCode.rawValue))
      var answerFields = [field(AnkiExport.Field.answer.rawValue) ?? ""]
      if let code = field(AnkiExport.Field.answerCode.rawValue), !code.isEmpty {
        answerFields.append("<pre>\(code)</pre>")
      }
      if let listen = field(AnkiExport.Field.listenFor.rawValue), !listen.isEmpty {
        answerFields.append("Listen for: " + listen)
      }
      if let source = field(AnkiExport.Field.source.rawValue), !source.isEmpty {
        answerFields.append("Source: " + source)
      }
      let (answer, answerMedia) = Self.passage(answerFields)
      (self.prompt, self.answer, media) = (prompt, answer, promptMedia + answerMedia)
      return
    }
    if notetype.isCloze {
      // Card n asks for the deletions numbered n + 1.
      let textField = notetype.templates.first.flatMap { Self.fieldNames(in: $0.front).first }
      let textIndex = textField.flatMap(notetype.fields.firstIndex(of:)) ?? 0
      guard textIndex < note.fields.count else { return nil }
      let text = note.fields[textIndex]
      let cloze = Cloze(text, number: ordinal + 1)
      guard !cloze.answers.isEmpty else { return nil }
      id = ordinal == 0 ? base : "\(base)-c\(ordinal + 1)"
      let extra = note.fields.enumerated().filter { $0.offset != textIndex }.map(\.element)
      let (prompt, promptMedia) = Self.prompt([cloze.question], code: nil)
      let (answer, answerMedia) = Self.passage(
        [cloze.answers.joined(separator: "; "), cloze.revealed] + extra)
      (self.prompt, self.answer, media) = (prompt, answer, promptMedia + answerMedia)
      return
    }
    guard ordinal < max(1, notetype.templates.count) else { return nil }
    id = ordinal == 0 ? base : "\(base)-\(ordinal + 1)"
    var front: [String] = []
    var back: [String] = []
    if ordinal < notetype.templates.count {
      let template = notetype.templates[ordinal]
      front = Self.fieldNames(in: template.front).filter(notetype.fields.contains)
      back = Self.fieldNames(in: template.back).filter {
        notetype.fields.contains($0) && !front.contains($0)
      }
    }
    if front.isEmpty {
      front = Array(notetype.fields.prefix(1))
      back = Array(notetype.fields.dropFirst())
    }
    let (prompt, promptMedia) = Self.prompt(front.compactMap(field), code: nil)
    let (answer, answerMedia) = Self.passage(back.compactMap(field))
    (self.prompt, self.answer, media) = (prompt, answer, promptMedia + answerMedia)
  }

  /// The id of a note's first card: `anki-` and the GUID when it is a valid id, else `anki.` and
  /// the GUID's bytes in hex (the two forms cannot meet).
  static func baseID(guid: String) -> String {
    if CardID.isValid(guid), guid.utf8.count <= 100 { return "anki-" + guid }
    let hex = guid.utf8.prefix(50).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    return "anki." + hex
  }

  /// The field names a template shows, in order: `{{Field}}` and `{{filter:Field}}`, not the
  /// conditionals nor the special fields.
  static func fieldNames(in template: String) -> [String] {
    var names: [String] = []
    var rest = template[...]
    while let open = rest.firstRange(of: "{{"),
      let close = rest[open.upperBound...].firstRange(of: "}}")
    {
      // Spaces and tabs, not line breaks, as `CharacterSet.whitespaces` trims.
      let isSpace = { (character: Character) in character.isWhitespace && !character.isNewline }
      let padded = rest[open.upperBound..<close.lowerBound]
      let start = padded.firstIndex { !isSpace($0) } ?? padded.endIndex
      let inner = padded[
        start..<(padded.lastIndex { !isSpace($0) }.map(padded.index(after:)) ?? start)]
      rest = rest[close.upperBound...]
      guard let first = inner.first, !"#^/!".contains(first) else { continue }
      let name = String(inner.split(separator: ":").last ?? "")
      let special = ["FrontSide", "Tags", "Deck", "Subdeck", "Card", "Type", "CardFlag"]
      if !special.contains(name), !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// A question from HTML fields: the prose, and their code blocks as its code.
  static func prompt(_ fields: [String], code: String?) -> (Prompt, [String]) {
    var texts: [String] = []
    var codes: [String] = []
    let (blocks, media) = Self.blocks(fields)
    for block in blocks {
      switch block {
      case .text(let line): texts.append(line)
      case .code(let code): codes.append(Self.code(code))
      }
    }
    if let code, !code.isEmpty {
      codes.insert(Self.code(HTMLText.plain(code)), at: 0)
    }
    return (
      Prompt(
        texts.joined(separator: "\n\n"),
        code: codes.isEmpty ? nil : CodeBlock(codes.joined(separator: "\n\n"), language: nil)),
      media
    )
  }

  /// `code` with a space before each line a deck would read as a card's heading (`## Trick ·
  /// …`), which ends a card wherever it stands, in a code block too.
  static func code(_ code: String) -> String {
    guard code.contains("## ") else { return code }
    let lines: [Substring] = code.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.map { line in
      guard line.hasPrefix("## ") else { return String(line) }
      let isBlank = { (character: Character) in character == " " || character == "\t" }
      let kind = line.dropFirst(3).prefix { $0 != "·" && $0 != "|" }
        .drop(while: isBlank).reversed().drop(while: isBlank).reversed()
      return CardKind(name: String(kind)) == nil ? String(line) : " " + line
    }.joined(separator: "\n")
  }

  /// An answer from HTML fields.
  static func passage(_ fields: [String]) -> (Passage, [String]) {
    let (blocks, media) = Self.blocks(fields)
    let passage = blocks.map { block -> Passage.Block in
      switch block {
      case .text(let line): .text(line)
      case .code(let code): .code(CodeBlock(Self.code(code), language: nil))
      }
    }
    return (Passage(passage), media)
  }

  /// The blocks of HTML `fields` in order, and the media they name.
  private static func blocks(_ fields: [String]) -> ([HTMLText.Block], [String]) {
    let texts = fields.map(HTMLText.init)
    return (texts.flatMap(\.blocks), texts.flatMap(\.media))
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
