import CardDeck

extension AnswerJudge {
  /// `judgement` with what the SDK says of the attempt: code that calls a member a value does
  /// not have, leaves out an `await` or `try` the card writes, or calls deprecated API where
  /// the card has its replacement is another API at best (2), and that is the reason given.
  func checked(_ judgement: Judgement, attempt: ParsedCode) -> Judgement {
    guard let answer = answers.firstIndex(where: { $0.source == judgement.code }) else {
      return judgement
    }
    var problems = checks[answer].problems(in: SDKCheck.Code(attempt))
    // A deprecation the comparison has noted already, with its own weight, is not said twice.
    if judgement.findings.contains(where: { $0.message.contains(" is deprecated") }) {
      problems.removeAll { $0.contains(" is deprecated") }
    }
    guard let first = problems.first else { return judgement }
    var judgement = judgement
    judgement.findings.insert(
      contentsOf: problems.map { .init(severity: .error, message: $0, token: 0) }, at: 0)
    if let grade = judgement.grade, grade >= 2 {
      judgement.grade = 2
      judgement.reason = first.capitalizedFirst + "."
    }
    return judgement
  }
}
