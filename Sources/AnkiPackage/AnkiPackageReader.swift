import CardDeck
import FoundationEssentials
import ReviewStorage
import Scheduler

/// Reads an Anki package (`.apkg`): the current format (`collection.anki21b`, zstd, with a
/// `meta` file) and the legacy ones (`collection.anki21`, `collection.anki2`).
///
/// Everything is read in memory and nothing is written: a package that fails any check is
/// refused as a whole.
public struct AnkiPackageReader: Sendable {
  /// The newest package format read (`meta`'s version: 1 and 2 legacy, 3 current).
  public static let newestFormat = 3
  /// The collection schema versions read: 11 (legacy, note types as JSON) to 18.
  public static let schemaVersions = 11...18

  /// The largest any part of a package may be decompressed.
  public var sizeLimit: Int
  /// The largest collection ``importing(path:shown:now:today:existingFiles:deckFileLimit:scratchFolder:)``
  /// holds in memory; a larger one is copied to a scratch file, when it is given a folder.
  public var memoryLimit: Int

  /// The name (``AtomicFile/temporaryPrefix(for:)``) of the scratch files an import copies a
  /// large collection to, for ``AtomicFile/sweep(_:name:)`` to find those a killed one left.
  public static let scratchName = "anki-import"

  /// A reader refusing parts larger than `sizeLimit` bytes decompressed (default 512 MiB), and
  /// holding collections of up to `memoryLimit` bytes in memory (default 64 MiB).
  public init(sizeLimit: Int = 512 << 20, memoryLimit: Int = 64 << 20) {
    self.sizeLimit = sizeLimit
    self.memoryLimit = memoryLimit
  }

  /// The collection in the package at `path`.
  public func read(path: String) throws(AnkiPackageError) -> AnkiCollection {
    let (reader, media) = try open(path: path)
    var collection = try reader.read()
    collection.media = media
    return collection
  }

  /// The package at `path` converted by ``AnkiImport`` (`shown` names it in warnings), its
  /// notes read and converted one at a time: their text is never held whole beside the
  /// collection's database, only what the cards made of it. A collection larger than
  /// ``memoryLimit`` is read from a scratch copy in the folder `scratchFolder` gives (nil keeps
  /// it in memory), not held in memory beside the cards. A deck whose text is larger than
  /// `deckFileLimit` bytes (less a margin) is split into parts; a card whose text alone is
  /// larger refuses the package. Without `keepingHistory`, the review log's answers are not
  /// kept as ``AnkiImport/history``: an import without progress does not write them.
  public func importing(
    path: String, shown: String, now: Date, today: Day, existingFiles: [String],
    deckFileLimit: Int = DeckLoader.largestFile, keepingHistory: Bool = true,
    scratchFolder: @escaping () -> String? = { nil }
  ) throws(AnkiPackageError) -> AnkiImport {
    let (reader, media) = try open(path: path, scratchFolder: scratchFolder)
    var collection = try reader.read(whole: false)
    collection.media = media
    let log = try AnkiReviewLog(reader.database)
    let imported = try AnkiImport(
      collection, notes: { (visit) throws(AnkiPackageError) in try reader.forEachNote(visit) },
      reviewIDs: { (visit) throws(AnkiPackageError) in try log.forEachID(visit) },
      reviews: { (card) throws(AnkiPackageError) in try log.lines(ofCard: card) },
      path: shown, now: now, today: today, existingFiles: existingFiles,
      deckFileLimit: deckFileLimit, keepingHistory: keepingHistory)
    if let first = imported.oversized.first {
      throw .cardTooLarge(first, limit: deckFileLimit, more: imported.oversized.count - 1)
    }
    return imported
  }

  /// The package at `path`'s collection, opened (from a copy in the folder `scratchFolder`
  /// gives, if it is larger than ``memoryLimit``), and its media files' names.
  private func open(
    path: String, scratchFolder: @escaping () -> String? = { nil }
  ) throws(AnkiPackageError) -> (reader: AnkiCollectionReader, media: [String]) {
    let archive = try ZipArchive(path: path)
    var format: Int?
    if archive.contains("meta") {
      let fields = try ProtobufReader.fields(
        of: try archive.read("meta", limit: 1 << 20), what: "meta")
      var version = 0
      for case (1, .varint(let value)) in fields { version = Int(clamping: value) }
      guard version >= 1 else { throw .malformed("meta names no package format") }
      guard version <= Self.newestFormat else { throw .newerFormat(version) }
      format = version
    }
    let name: String
    switch format {
    case 3: name = "collection.anki21b"
    case 2: name = "collection.anki21"
    case 1: name = "collection.anki2"
    default:
      name =
        ["collection.anki21b", "collection.anki21", "collection.anki2"].first(
          where: archive.contains) ?? "collection.anki2"
    }
    guard archive.contains(name) else { throw .noCollection }
    let isCompressed = name.hasSuffix("b")
    let media = try mediaNames(in: archive, compressed: isCompressed)
    return (
      AnkiCollectionReader(
        database: try database(
          name, in: archive, compressed: isCompressed, scratchFolder: scratchFolder)),
      media
    )
  }

  /// The collection `name` of `archive`, opened.
  private func database(
    _ name: String, in archive: ZipArchive, compressed: Bool,
    scratchFolder: @escaping () -> String?
  ) throws(AnkiPackageError) -> SQLiteDatabase {
    // Read (or decompressed) straight into the memory SQLite then reads it from, or into a
    // scratch file: the collection is held once, not two or three times, or not at all.
    let packed = compressed ? try archive.read(name, limit: sizeLimit) : nil
    let declared = packed.map { Zstd.declaredSize(of: $0) } ?? archive.declaredSize(of: name)
    let copy = try CollectionCopy(
      reserving: min(declared ?? 0, sizeLimit), memoryLimit: memoryLimit,
      scratchFolder: scratchFolder)
    let append = { (bytes: UnsafeRawBufferPointer) throws(AnkiPackageError) in
      try copy.append(bytes)
    }
    if let packed {
      try Zstd.decompress(packed, limit: sizeLimit, entry: name, into: append)
    } else {
      try archive.read(name, limit: sizeLimit, into: append)
    }
    return try copy.database()
  }

  /// The media files' names, each checked to be a plain file name.
  private func mediaNames(
    in archive: ZipArchive, compressed: Bool
  ) throws(AnkiPackageError) -> [String] {
    guard archive.contains("media") else { return [] }
    let data = try archive.read("media", limit: 64 << 20)
    var names: [String] = []
    if compressed {
      let list = try Zstd.decompress(data, limit: 64 << 20, entry: "media")
      for case (1, .bytes(let entry)) in try ProtobufReader.fields(of: list, what: "media") {
        for case (1, .bytes(let name)) in try ProtobufReader.fields(of: entry, what: "media") {
          names.append(String(decoding: name, as: UTF8.self))
        }
      }
    } else {
      guard
        let map = try? JSONDecoder().decode([String: String].self, from: data)
      else { throw .malformed("the media list is not a JSON object of names") }
      names = map.sorted { (Int($0.key) ?? 0) < (Int($1.key) ?? 0) }.map(\.value)
    }
    for name in names {
      let isPlain =
        !name.isEmpty && name != "." && name != ".." && !name.contains("/")
        && !name.contains("\\") && !name.unicodeScalars.contains { $0.value < 0x20 }
      guard isPlain else { throw .unsafeMediaName(name) }
    }
    return names
  }
}
