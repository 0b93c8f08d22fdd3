/// An edge case: what some code really does, and where that comes from.
public struct EdgeCaseCard: Hashable, Sendable {
  /// A short name for the case, when the source gives one.
  public var title: String?
  /// The question and the code it asks about.
  public var question: Prompt
  /// What happens: prose, code, console output and tables.
  public var answer: Passage
  /// Where the answer comes from.
  public var source: String

  /// Creates an edge-case card.
  public init(title: String? = nil, question: Prompt, answer: Passage, source: String) {
    self.title = title
    self.question = question
    self.answer = answer
    self.source = source
  }
}
