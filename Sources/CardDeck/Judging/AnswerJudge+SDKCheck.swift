extension AnswerJudge {
  /// `judgement` with what the SDK says of the attempt: code that calls a member a value does
  /// not have, or leaves out an `await` or `try` the card writes, does not compile, so it is
  /// another API at best (2), and that is the reason given.
  func checked(_ judgement: Judgement, attempt: ParsedCode) -> Judgement {
    guard let answer = answers.firstIndex(where: { $0.source == judgement.code }) else {
      return judgement
    }
    let problems = checks[answer].problems(in: SDKCheck.Code(attempt))
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
