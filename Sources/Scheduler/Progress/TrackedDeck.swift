/// A deck as progress reports name it: its name, its title and where it is read from.
public struct TrackedDeck: Hashable, Sendable {
  /// The deck's name, as cards refer to it (``TrackedCard/deck``).
  public var name: String
  /// Its title.
  public var title: String
  /// Where it is read from, for people: a path, or a note that it is built in.
  public var location: String

  /// A deck with this name, title and location.
  public init(name: String, title: String, location: String) {
    self.name = name
    self.title = title
    self.location = location
  }
}
