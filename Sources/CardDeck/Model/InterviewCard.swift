/// A longer interview problem, with a model answer and what interviewers listen for.
public struct InterviewCard: Hashable, Sendable {
  /// The problem's name, when the source gives one.
  public var title: String?
  /// The problem as the interviewer states it.
  public var problem: Prompt
  /// Where the problem comes from, if the deck says.
  public var source: String?
  /// A model answer: code and its explanation.
  public var modelAnswer: Passage
  /// What a good answer is judged by.
  public var listenFor: String

  /// Creates an interview card.
  public init(
    title: String? = nil, problem: Prompt, source: String? = nil, modelAnswer: Passage,
    listenFor: String
  ) {
    self.title = title
    self.problem = problem
    self.source = source
    self.modelAnswer = modelAnswer
    self.listenFor = listenFor
  }
}
