/// An Anki note type: its fields and card templates.
public struct AnkiNotetype: Equatable, Sendable {
  /// A card template: which card a note makes, and how its sides show.
  public struct Template: Equatable, Sendable {
    /// The template's name.
    public var name: String
    /// The question side's template.
    public var front: String
    /// The answer side's template.
    public var back: String

    /// A template with these parts.
    public init(name: String, front: String, back: String) {
      self.name = name
      self.front = front
      self.back = back
    }
  }

  /// The note type's id.
  public var id: Int64
  /// Its name.
  public var name: String
  /// Whether it is a cloze note type (one card per cloze number, not per template).
  public var isCloze: Bool
  /// The field names, in order.
  public var fields: [String]
  /// The templates, in order.
  public var templates: [Template]
  /// The style sheet of its cards.
  public var css: String
  /// The field that Anki's browser sorts and searches duplicates by.
  public var sortField: Int

  /// A note type with these parts.
  public init(
    id: Int64, name: String, isCloze: Bool = false, fields: [String], templates: [Template],
    css: String = "", sortField: Int = 0
  ) {
    self.id = id
    self.name = name
    self.isCloze = isCloze
    self.fields = fields
    self.templates = templates
    self.css = css
    self.sortField = sortField
  }
}
