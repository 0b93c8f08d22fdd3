/// A question, usually about some code, written to catch a misunderstanding.
public struct TrickCard: Hashable, Sendable {
  /// The question and the code it is about.
  public var question: Prompt
  /// The answer; mostly prose.
  public var answer: Passage
  /// Where the fact comes from, if the deck says.
  public var source: String?

  /// Creates a trick card.
  public init(question: Prompt, answer: Passage, source: String? = nil) {
    self.question = question
    self.answer = answer
    self.source = source
  }
}
