import ReviewStorage

/// Why an Anki package could not be read or written; ``description`` says it for people.
public enum AnkiPackageError: Error, Equatable, CustomStringConvertible {
  /// The file is not a zip archive (or a damaged or truncated one).
  case notAZip(String)
  /// The archive holds no collection file.
  case noCollection
  /// The package's `meta` says it is in a format newer than this code reads.
  case newerFormat(Int)
  /// The collection's schema version is not one this code reads.
  case unknownSchema(Int)
  /// A part of the package would be larger, decompressed, than the limit.
  case tooLarge(entry: String, limit: Int)
  /// The media list names a file outside the media folder.
  case unsafeMediaName(String)
  /// A part of the package could not be decoded.
  case malformed(String)
  /// SQLite failed.
  case database(String)
  /// The package could not be written.
  case cannotWrite(String)
  /// A card's text alone is more than a deck file may hold, `limit` bytes; `more` other cards'
  /// are too.
  case cardTooLarge(AnkiImport.OversizedCard, limit: Int, more: Int)

  /// The problem, in a sentence for people (without the file's name, which the caller adds).
  public var description: String {
    switch self {
    case .notAZip(let reason): "not an Anki package (a zip archive): \(reason)"
    case .noCollection:
      "no collection inside (collection.anki21b, collection.anki21 or collection.anki2)"
    case .newerFormat(let version):
      "made by a newer Anki (package format \(version)); this quiz reads formats 1 to "
        + "\(AnkiPackageReader.newestFormat)"
    case .unknownSchema(let version):
      "the collection has schema version \(version); this quiz reads "
        + "\(AnkiPackageReader.schemaVersions.lowerBound) to "
        + "\(AnkiPackageReader.schemaVersions.upperBound)"
    case .tooLarge(let entry, let limit):
      "\(entry) would be larger than \(limit / 1_048_576) MiB decompressed; refused (a zip bomb?)"
    case .unsafeMediaName(let name):
      "the media list names '\(ForeignText.line(name))', which is not a plain file name; refused"
    case .malformed(let reason): "damaged: \(reason)"
    case .database(let reason): "the collection cannot be read: \(reason)"
    case .cannotWrite(let reason): "cannot be written: \(reason)"
    case .cardTooLarge(let card, let limit, let more):
      "note \(card.note)'s card \(card.card) (\(card.id)) is too large for a deck file: alone, "
        + "it makes one of \(ReportText.size(card.size)) (\(card.size) bytes), and quiz reads "
        + "deck files of up to \(ReportText.size(limit)) (\(limit) bytes)"
        + (more > 0 ? "; \(ReportText.count(more, "other card")) too" : "")
        + ". Shorten \(more > 0 ? "them" : "it") in Anki to import the package"
    }
  }
}
