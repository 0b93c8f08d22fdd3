/// "How would you write …": a prompt, the expected code, and why it is written that way.
public struct SyntaxCard: Hashable, Sendable {
  /// What to write.
  public var prompt: Prompt
  /// The expected code, which a typed attempt is compared with.
  public var code: CodeBlock
  /// Why the code is written that way; may be empty.
  public var explanation: Passage
  /// Where the fact comes from, if the deck says.
  public var source: String?
  /// What the author says about judging attempts: the point of the card, and context.
  public var hints: JudgingHints

  /// Creates a syntax card.
  public init(
    prompt: Prompt, code: CodeBlock, explanation: Passage, source: String? = nil,
    hints: JudgingHints = JudgingHints()
  ) {
    self.prompt = prompt
    self.code = code
    self.explanation = explanation
    self.source = source
    self.hints = hints
  }
}
