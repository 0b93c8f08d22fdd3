/// One token of Swift source, with the line it starts on.
public struct SwiftToken: Hashable, Sendable {
  /// What a token is.
  public enum Kind: Hashable, Sendable {
    /// A name: `sheet`, `Text`, `` `default` ``.
    case identifier
    /// A reserved word: `var`, `in`, `self`, `true`.
    case keyword
    /// `$name` or `$0`: a binding or an anonymous closure parameter.
    case dollar
    /// `@State`, `@Environment`.
    case attribute
    /// `#Preview`, `#if`.
    case pound
    /// A string literal, quotes included, interpolations and all.
    case string
    /// A number literal.
    case number
    /// An operator: `==`, `??`, `->`, `...`, `!` before an operand.
    case `operator`
    /// One of `( ) [ ] { } , : ; . \ ?` or a postfix `!`.
    case punctuation
    /// A `//` or `/* */` comment.
    case comment
    /// Spaces, tabs and line breaks.
    case whitespace
  }

  /// What the token is.
  public var kind: Kind
  /// Where it is in the source.
  public var range: Range<String.Index>
  /// The 1-based line it starts on.
  public var line: Int
  /// Whether white space or a comment comes right before it.
  public var followsSpace: Bool

  /// Creates a token.
  public init(kind: Kind, range: Range<String.Index>, line: Int, followsSpace: Bool) {
    self.kind = kind
    self.range = range
    self.line = line
    self.followsSpace = followsSpace
  }

  /// Whether the token carries meaning: not white space, not a comment.
  public var isSignificant: Bool { kind != .whitespace && kind != .comment }
}
