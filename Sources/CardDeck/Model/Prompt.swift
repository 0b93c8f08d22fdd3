/// The question side of a card: prose, and the code the question is about.
public struct Prompt: Hashable, Sendable {
  /// The question in prose; paragraphs are separated by blank lines.
  public var text: String
  /// The code the question asks about, if any.
  public var code: CodeBlock?

  /// Creates a prompt.
  public init(_ text: String, code: CodeBlock? = nil) {
    self.text = text
    self.code = code
  }
}
