import AnkiPackage
import Basics
import CardDeck
import FoundationEssentials
import Glibc
import ReviewStorage

extension ImportCommand {
  /// A deck file of the output folder that an earlier import of an Anki deck wrote as one of
  /// its parts, and that this import does not write: the deck now has fewer parts. Left there,
  /// its cards would have the ids of the deck's cards in the files written now.
  struct StalePart {
    /// Its path.
    var path: String
    /// The title of the deck it is a part of.
    var title: String
    /// The name of that deck's first file (without `.md`).
    var deck: String
    /// Which part it was.
    var number: Int
    /// How many parts the deck has now.
    var parts: Int
  }

  /// What an import writes and removes in the output folder.
  struct Plan {
    /// The deck files to write, those that are not already as the import would write them.
    var files: [PlannedFile]
    /// The parts of earlier imports to remove.
    var stale: [StalePart]
    /// The files named as parts of the package's decks, beyond those they have now, that are
    /// not as an import wrote them, with their decks' titles: kept.
    var kept: [(path: String, title: String)]
  }

  /// The deck `deck` as a file: what keeps it from reading back as its cards, when something
  /// does; whether the file would be `existing`, byte for byte; and, for the part `number` of
  /// the deck `name`, the note it holds below its title (``AnkiImport/partNote(_:of:checksum:)``).
  /// The text is made and checked a part at a time (``CheckedDeckText``), never held whole.
  static func check(
    _ deck: Deck, against existing: [UInt8]?, part: (number: Int, name: String)?
  ) -> (problem: String?, isSame: Bool, note: String?) {
    let heading = NativeDeckWriter().heading(of: deck).utf8.count
    // The note `existing` holds where the text made has none: its line after the title.
    var note = heading..<heading
    if part != nil, let existing, existing.count > heading, existing[heading] == newline {
      let end = existing[(heading + 1)...].firstIndex(of: newline) ?? existing.count - 1
      note = heading..<end + 1
    }
    var hash = FNV1a64()
    var same = existing != nil
    var offset = 0
    let problem = CheckedDeckText.parts(of: deck) { piece in
      if part != nil {
        // From its storage: through the view, each byte costs a third more.
        if piece.withContiguousStorageIfAvailable({ hash.add($0) }) == nil { hash.add(piece) }
      }
      if same, let existing {
        same = matches(piece, at: offset, in: existing, skipping: note)
      }
      offset += piece.count
    }
    let made = part.map { AnkiImport.partNote($0.number, of: $0.name, checksum: hash.value) }
    if let existing, same {
      same =
        offset + note.count == existing.count
        && existing[note].elementsEqual((made ?? "").utf8)
    }
    return (problem, same, made)
  }

  private static let newline = UInt8(ascii: "\n")

  /// Whether `piece`, at `offset` of a deck's text, is what `existing` holds there, its bytes
  /// in `gap` (a note the text does not hold) skipped.
  private static func matches(
    _ piece: Substring.UTF8View, at offset: Int, in existing: [UInt8], skipping gap: Range<Int>
  ) -> Bool {
    var piece = piece[...]
    var offset = offset
    while !piece.isEmpty {
      let isBefore = offset < gap.lowerBound
      let start = isBefore ? offset : offset + gap.count
      let count = isBefore ? min(piece.count, gap.lowerBound - offset) : piece.count
      guard start + count <= existing.count,
        existing[start..<start + count].elementsEqual(piece.prefix(count))
      else { return false }
      piece = piece.dropFirst(count)
      offset += count
    }
    return true
  }

  /// The files of the output folder (of `existing`, its entries) named as parts of the decks
  /// of `files` beyond those they have now: those an earlier import wrote and no one changed
  /// since (``AnkiImport/isUnchangedPart(_:file:name:title:)``), to remove, and the others, to
  /// keep. If the cards of a file kept have the ids of the package's cards, ``checkIDsAreNew``
  /// refuses the package, naming it.
  func staleParts(
    of files: [AnkiImport.DeckFiles], existing: [String]
  ) -> (stale: [StalePart], kept: [(path: String, title: String)]) {
    var stale: [StalePart] = []
    var kept: [(path: String, title: String)] = []
    for deck in files {
      guard let name = deck.names.first else { continue }
      for entry in existing.sorted() {
        guard let number = AnkiImport.partNumber(of: entry, in: name), number > deck.names.count
        else { continue }
        let path = output.joiningPath(entry)
        var status = stat()
        // A link, even to a part, is not a file an import wrote.
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
          let bytes = try? DeckLoader.existingFile(at: path),
          AnkiImport.isUnchangedPart(bytes, file: entry, name: name, title: deck.title)
        else {
          kept.append((path, deck.title))
          continue
        }
        stale.append(
          StalePart(
            path: path, title: deck.title, deck: name, number: number, parts: deck.names.count))
      }
    }
    return (stale, kept)
  }

  /// Removes the parts of `plan` that earlier imports wrote, and says so; false, with the
  /// reason printed, when one cannot be removed.
  func removeStaleParts(of plan: Plan, shown: String, console: Console) -> Bool {
    for part in plan.stale {
      guard unlink(part.path) == 0 || errno == ENOENT else {
        console.printError("\(part.path): cannot be removed: \(String(cString: strerror(errno)))")
        return false
      }
      console.print(
        "\(part.path): removed: part \(part.number) of an earlier import of "
          + "\(ControlCharacters.visible(part.title)), which \(shown) now puts in "
          + "\(ReportText.count(part.parts, "file"))")
    }
    return true
  }

  /// Says what the import of `converted` did beside writing its files: which Anki decks it
  /// split into parts (those it wrote or removed a part of), and why; which files named as
  /// their parts it kept; or that every deck was up to date.
  func report(
    _ plan: Plan, of converted: AnkiImport, limit: Int, shown: String, console: Console
  ) {
    let touched = Set(plan.files.map(\.deck.name) + plan.stale.map(\.deck))
    for deck in converted.files where deck.isSplit && deck.names.contains(where: touched.contains) {
      console.print(
        "\(shown): the deck \(ControlCharacters.visible(deck.title)) "
          + "(\(ReportText.count(deck.cards, "card")), \(ReportText.size(deck.size)) of text) is "
          + "split into \(deck.names.count) files of at most "
          + "\(ReportText.size(AnkiImport.partBudget(limit: limit))), as quiz reads deck files of "
          + "up to \(ReportText.size(limit)): " + Self.listed(deck.names))
    }
    for (path, title) in plan.kept {
      console.warning(
        "\(path): named as a part of the deck \(ControlCharacters.visible(title)), but not as "
          + "quiz import wrote it (changed since?); kept as it is")
    }
    if plan.files.isEmpty && plan.stale.isEmpty {
      let cards = converted.decks.reduce(0) { $0 + $1.cards.count }
      console.print("\(shown): the decks of its \(ReportText.count(cards, "card")) are up to date")
    }
  }

  /// The files of the decks `names`: all of them, or the first and the last of more than three.
  private static func listed(_ names: [String]) -> String {
    let files = names.map { ControlCharacters.visible($0) + ".md" }
    guard files.count > 3, let first = files.first, let last = files.last else {
      return ReportText.list(files)
    }
    return "\(first) to \(last)"
  }

  /// What to add when a card of the package has the id of a card in the file `path`, when that
  /// file is named as a part of one of the decks of `files`: why it was not removed.
  static func keptPartReason(for path: String, in files: [AnkiImport.DeckFiles]) -> String {
    let entry = String(path.split(separator: "/").last ?? "")
    for deck in files {
      guard let name = deck.names.first, AnkiImport.partNumber(of: entry, in: name) != nil
      else { continue }
      return " (named as a part of the deck \(ControlCharacters.visible(deck.title)), but not as "
        + "quiz import wrote it, so it is not removed: move it away to import the package)"
    }
    return ""
  }
}
