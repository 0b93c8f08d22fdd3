import CardDeck

/// A deck's native text made and read back a part at a time, so that neither the text nor the
/// cards read back from it are ever held whole: however large the deck, it is written and
/// checked in the memory of a few of its cards.
public enum CheckedDeckText {
  /// The most text, roughly, that a part holds (a card larger than that is a part on its own).
  static let partSize = 1 << 20
  /// The most cards a part holds.
  static let partCards = 512

  /// Hands `consume` the text that `NativeDeckWriter().write(deck)` makes, in parts, in order;
  /// before a part is handed on, it is read back (with the deck's title, as a deck of its own)
  /// and its cards compared with the cards meant, as ``AnkiImport/difference(between:and:)``
  /// compares them. Nil when every part was handed on; else what is wrong with the first part
  /// that does not read back as meant, which is not handed on, nor any after it.
  ///
  /// A part ends where a card ends, at the end of a line, with no code block open (or it would
  /// not read back): the parser starts every card afresh at its heading, so the whole text reads
  /// back as its parts do (a property test and the anki-package fuzzer check it).
  public static func parts(
    of deck: Deck, _ consume: (Substring.UTF8View) -> Void
  ) -> String? {
    parts(of: deck, cards: partCards, size: partSize, consume)
  }

  /// ``parts(of:_:)`` with parts of at most `cards` cards and about `size` bytes.
  static func parts(
    of deck: Deck, cards: Int, size: Int, _ consume: (Substring.UTF8View) -> Void
  ) -> String? {
    let writer = NativeDeckWriter()
    // The title's lines, which every part starts with and only the first hands on.
    var empty = deck
    empty.cards = []
    let heading = writer.write(empty)
    let headingLines = heading.utf8.count { $0 == newline }
    // The lines handed on so far: a problem is told at its line of the whole text.
    var linesBefore = 0
    var start = deck.cards.startIndex
    repeat {
      let end = partEnd(deck.cards, from: start, cards: cards, size: size)
      var part = deck
      part.cards = Array(deck.cards[start..<end])
      let text = writer.write(part)
      let (parsed, diagnostics) = NativeDeckParser(deckName: deck.name).parse(
        SourceText(text, path: deck.path))
      if var error = diagnostics.first(where: { $0.severity == .error }) {
        if start > deck.cards.startIndex, error.location.line > headingLines {
          error.location.line += linesBefore - headingLines
        }
        return error.description
      }
      if let problem = AnkiImport.difference(between: part, and: parsed.cards) { return problem }
      let piece =
        start == deck.cards.startIndex ? text.utf8[...] : text.utf8.dropFirst(heading.utf8.count)
      linesBefore += piece.count { $0 == newline }
      consume(piece)
      start = end
    } while start < deck.cards.endIndex
    return nil
  }

  private static let newline = UInt8(ascii: "\n")

  /// Where the part of `deck` that starts at `start` ends: after `cards` cards, or once its
  /// cards' text reaches about `size` bytes, and after one card at least.
  private static func partEnd(_ deck: [Card], from start: Int, cards: Int, size: Int) -> Int {
    var end = start
    var total = 0
    while end < deck.endIndex, end - start < cards, end == start || total < size {
      total += approximateSize(of: deck[end])
      end += 1
    }
    return end
  }

  /// About how many bytes `card`'s text takes in a deck file.
  private static func approximateSize(of card: Card) -> Int {
    var size = 64 + card.id.utf8.count + card.topic.utf8.count + card.prompt.text.utf8.count
    size += card.prompt.code?.text.utf8.count ?? 0
    for block in card.answer.blocks {
      switch block {
      case .text(let text), .console(let text): size += text.utf8.count
      case .code(let code): size += code.text.utf8.count
      case .table(let rows): size += rows.joined().reduce(0) { $0 + $1.utf8.count }
      }
    }
    return size
  }
}
