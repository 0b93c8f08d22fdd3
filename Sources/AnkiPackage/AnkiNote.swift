/// An Anki note: a note type's fields filled in.
public struct AnkiNote: Equatable, Sendable {
  /// The note's id (milliseconds since 1970 when it was made, by Anki's habit).
  public var id: Int64
  /// The globally unique id by which Anki recognises the note on a later import.
  public var guid: String
  /// The note type's id.
  public var notetype: Int64
  /// The fields' contents (HTML), in the note type's order.
  public var fields: [String]
  /// The tags.
  public var tags: [String]

  /// A note with these parts.
  public init(id: Int64, guid: String, notetype: Int64, fields: [String], tags: [String] = []) {
    self.id = id
    self.guid = guid
    self.notetype = notetype
    self.fields = fields
    self.tags = tags
  }
}
