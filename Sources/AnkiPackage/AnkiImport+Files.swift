import Basics
import CardDeck

extension AnkiImport {
  /// The deck files an Anki deck became: one, or several parts when its cards make more text
  /// than a deck file may hold.
  public struct DeckFiles: Sendable, Equatable {
    /// The Anki deck's title, which every part has.
    public var title: String
    /// The names of its decks (its files without `.md`), in order: the deck's own name, then
    /// its parts' names (``partName(_:_:)``).
    public var names: [String]
    /// Its cards, in all its parts.
    public var cards: Int
    /// The size of its text, in bytes, were it one file.
    public var size: Int

    /// Whether the deck is written as several files.
    public var isSplit: Bool { names.count > 1 }
  }

  /// A card whose text alone is more than a deck file may hold.
  public struct OversizedCard: Sendable, Equatable {
    /// The GUID of its note, on one line.
    public var note: String
    /// Which card of the note it is, from 1.
    public var card: Int
    /// Its quiz id.
    public var id: String
    /// The size of a deck file holding it alone, in bytes (with room for a part's note).
    public var size: Int
  }

  /// The most text a deck file of an import holds: `limit` less a sixteenth (15 MiB of the
  /// loader's 16 MiB), so that a deck edited by hand after the import still loads. A card larger
  /// than that is a part on its own; one larger than `limit` is refused.
  public static func partBudget(limit: Int) -> Int {
    limit - limit / 16
  }

  /// The name of part `number` (2 or more) of the deck `name`: `swift.part-2`. A `.` is never
  /// in a name ``fileName(_:)`` makes, so no Anki deck's name can be a part's.
  public static func partName(_ name: String, _ number: Int) -> String {
    "\(name).part-\(number)"
  }

  /// The room a part keeps for its note (``partNote(_:of:checksum:)``), which is longer only
  /// for a name longer than ``fileName(_:)`` makes any.
  static let partNoteRoom = 256

  /// The paragraph that part `number` (2 or more) of the deck `name` holds below its title, a
  /// blank line before it: what the file is, and the ``FNV1a64`` checksum of its other bytes
  /// (its title's line and its cards), by which a later import knows the file as one that an
  /// import wrote and no one changed since (``isUnchangedPart(_:file:name:title:)``). The
  /// parser takes it for a description, as any text before the first card.
  public static func partNote(_ number: Int, of name: String, checksum: UInt64) -> String {
    let hex = String(checksum, radix: 16)
    return "\nPart \(number) of \(name).md, as quiz import wrote it "
      + "(checksum \(String(repeating: "0", count: 16 - hex.count))\(hex)).\n"
  }

  /// Whether `bytes`, what the file `file` holds, are a part of the deck `name` of the Anki deck
  /// `title` as an import wrote it, unchanged since: the file is named as a part
  /// (``partNumber(of:in:)``), starts with the title's line and that part's note, and its other
  /// bytes have the note's checksum.
  public static func isUnchangedPart(
    _ bytes: [UInt8], file: String, name: String, title: String
  ) -> Bool {
    guard let number = partNumber(of: file, in: name) else { return false }
    let heading = Array(
      NativeDeckWriter().heading(of: Deck(name: name, title: title, path: file, format: .native))
        .utf8)
    // The note up to its checksum, and the 16 digits, `).` and the line's end after it.
    let before = Array(partNote(number, of: name, checksum: 0).utf8.dropLast(19))
    let noteEnd = heading.count + before.count + 19
    guard bytes.count >= noteEnd, bytes.starts(with: heading),
      bytes[heading.count...].starts(with: before),
      let checksum = UInt64(
        String(decoding: bytes[noteEnd - 19..<noteEnd - 3], as: UTF8.self), radix: 16)
    else { return false }
    var hash = FNV1a64()
    hash.add(heading)
    hash.add(bytes[noteEnd...])
    return Array(partNote(number, of: name, checksum: checksum).utf8)
      .elementsEqual(bytes[heading.count..<noteEnd]) && hash.value == checksum
  }

  /// spelt exactly as ``partName(_:_:)`` spells it; nil when it is not named as one.
  public static func partNumber(of file: String, in name: String) -> Int? {
    let prefix = name + ".part-"
    guard file.hasPrefix(prefix), file.hasSuffix(".md") else { return nil }
    let digits = file.dropFirst(prefix.count).dropLast(3)
    guard let first = digits.first, first != "0", digits.count <= 9,
      digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits), number >= 2
    else { return nil }
    return number
  }

  /// The cards of a deck, whose texts have `sizes` bytes, in parts of at most `budget` bytes
  /// with the deck's heading of `heading` bytes: as many cards as fit, in order, then the next
  /// part. A card that does not fit even alone is a part of its own.
  static func partition(_ sizes: [Int], heading: Int, budget: Int) -> [Range<Int>] {
    var parts: [Range<Int>] = []
    var start = sizes.startIndex
    var total = heading
    for (index, size) in zip(sizes.indices, sizes) {
      if index > start, total + size > budget {
        parts.append(start..<index)
        start = index
        total = heading
      }
      total += size
    }
    parts.append(start..<sizes.endIndex)
    return parts
  }

  /// The decks of `cardsByDeck` (by Anki deck id; `sizes` gives each card's text's size), titled
  /// by `titles`, each Anki deck in parts of at most `budget` bytes, named by
  /// ``fileNames(_:parts:existing:)``, sorted by name, each deck's parts together; each card
  /// given its deck and file. Beside them, the files each Anki deck became.
  static func decks(
    _ cardsByDeck: [Int64: [Card]], sizes: [Int64: [Int]], titles: [Int64: String],
    existingFiles: [String], budget: Int
  ) -> (decks: [Deck], files: [DeckFiles]) {
    let writer = NativeDeckWriter()
    var parts: [Int64: (heading: Int, ranges: [Range<Int>])] = [:]
    for (id, title) in titles where cardsByDeck[id] != nil {
      let heading = writer.heading(
        of: Deck(name: "", title: title, path: "", format: .native)
      ).utf8.count
      parts[id] = (
        heading,
        partition(sizes[id] ?? [], heading: heading + partNoteRoom, budget: budget)
      )
    }
    let names = fileNames(
      titles.filter { parts[$0.key] != nil }.mapValues(fileName),
      parts: parts.mapValues(\.ranges.count), existing: existingFiles)
    var decks: [Deck] = []
    var files: [DeckFiles] = []
    for (id, base) in names.sorted(by: { $0.value < $1.value }) {
      guard let cards = cardsByDeck[id], let title = titles[id], let split = parts[id] else {
        continue
      }
      var made = DeckFiles(
        title: title, names: [], cards: cards.count,
        size: split.heading + (sizes[id] ?? []).reduce(0, +))
      for (number, range) in zip(1..., split.ranges) {
        let name = number == 1 ? base : partName(base, number)
        var part = Array(cards[range])
        for index in part.indices {
          part[index].deck = name
          part[index].location = SourceLocation(path: name + ".md", line: 1)
        }
        decks.append(
          Deck(name: name, title: title, path: name + ".md", format: .native, cards: part))
        made.names.append(name)
      }
      files.append(made)
    }
    return (decks, files)
  }

  /// A file name (without `.md`) for each deck of `names` (by Anki deck id; names as
  /// ``fileName(_:)`` makes them) that no other deck's and no file of `existing` can be mistaken
  /// for, on a file system that ignores case too, nor can the names of its parts (`parts` says
  /// how many a deck has, 1 when it does not say): a name only one deck has is kept, the others
  /// are numbered (`a-2`, `a-3`), the lowest deck id first, so that the same package gives the
  /// same names every time. A file of `existing` spelt exactly as a name is that deck's own
  /// file, an earlier import of it.
  static func fileNames(
    _ names: [Int64: String], parts: [Int64: Int] = [:], existing: [String]
  ) -> [Int64: String] {
    let stems = existing.filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }
    let exact = Set(stems)
    let folded = Set(stems.map { $0.lowercased() })
    var assigned: Set<String> = []
    /// `name` and the names of its parts, were it the name of the deck `id`.
    func group(_ name: String, of id: Int64) -> [String] {
      [name] + (1..<max(1, parts[id] ?? 1)).map { partName(name, $0 + 1) }
    }
    func isFree(_ name: String, of id: Int64) -> Bool {
      group(name, of: id).allSatisfy { name in
        !assigned.contains(name.lowercased())
          && (exact.contains(name) || !folded.contains(name.lowercased()))
      }
    }
    let ordered = names.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
    var wanted: [String: Int] = [:]
    for (_, name) in ordered { wanted[name.lowercased(), default: 0] += 1 }
    var result: [Int64: String] = [:]
    for (id, name) in ordered where wanted[name.lowercased()] == 1 && isFree(name, of: id) {
      result[id] = name
    }
    for (id, name) in result { assigned.formUnion(group(name, of: id).map { $0.lowercased() }) }
    for (id, name) in ordered where result[id] == nil {
      var candidate = name
      var number = 2
      while !isFree(candidate, of: id) {
        candidate = "\(name)-\(number)"
        number += 1
      }
      result[id] = candidate
      assigned.formUnion(group(candidate, of: id).map { $0.lowercased() })
    }
    return result
  }
}
