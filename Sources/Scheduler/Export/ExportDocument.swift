import Foundation

/// The whole JSON export.
public struct ExportDocument: Sendable, Encodable {
  /// The version of the export's format; a reader refuses a newer one.
  public static let currentVersion = 1

  /// When the export was made.
  public var exportedAt: Date
  /// A row per card.
  public var cards: [ExportRow]
  /// The journal's events.
  public var reviews: [ExportedEvent]

  /// The export made at `exportedAt` of these rows and events.
  public init(exportedAt: Date, cards: [ExportRow], reviews: [ExportedEvent]) {
    self.exportedAt = exportedAt
    self.cards = cards
    self.reviews = reviews
  }

  enum CodingKeys: String, CodingKey { case version, exportedAt, cards, reviews }

  /// `{"version":1,"exportedAt":…,"cards":[…],"reviews":[…]}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.currentVersion, forKey: .version)
    try container.encode(Timestamp.format(exportedAt), forKey: .exportedAt)
    try container.encode(cards, forKey: .cards)
    try container.encode(reviews, forKey: .reviews)
  }

  /// The document as pretty-printed JSON with sorted keys, and a final newline.
  public func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Every value here is a string, a number or a Boolean: encoding cannot fail.
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
