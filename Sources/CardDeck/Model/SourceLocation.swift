/// A place in a deck file: its path and a 1-based line number.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The file's path, as the user named it.
  public var path: String
  /// The 1-based line number.
  public var line: Int

  /// Creates a location.
  public init(path: String, line: Int) {
    self.path = path
    self.line = line
  }

  /// `path:line`, the form editors and terminals turn into links.
  public var description: String { "\(path):\(line)" }

  /// Orders locations by path, then line.
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.path, lhs.line) < (rhs.path, rhs.line)
  }
}
