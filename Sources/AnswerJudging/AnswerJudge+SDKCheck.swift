import CardDeck

extension AnswerJudge {
  /// `judgement` with what the SDK says of the attempt: code that calls a member a value does
  /// not have, leaves out an `await` or `try` the card writes, or calls deprecated API where
  /// the card has its replacement is another API at best (2); a label no declaration takes on
  /// an example value (`placeholder: "Dish"` for `prompt:`) does not compile either, but the
  /// attempt knows the API, as with a misspelt name (3).
  func checked(_ judgement: Judgement, attempt: ParsedCode) -> Judgement {
    guard let answer = answers.firstIndex(where: { $0.source == judgement.code }) else {
      return judgement
    }
    var problems = checks[answer].problems(
      in: attempt.checkedCode, typedNames: attempt.typedNames)
    // A deprecation the comparison has noted already, with its own weight, is not said twice.
    if judgement.findings.contains(where: { $0.deprecated != nil }) {
      problems.removeAll { $0.deprecated != nil }
    }
    // Errors first, then details, each kept in its order.
    problems =
      problems.filter { !$0.isDetail && !$0.isNearMiss } + problems.filter(\.isNearMiss)
      + problems.filter(\.isDetail)
    guard let first = problems.first else { return judgement }
    var judgement = judgement
    // The findings stay ordered by severity, the SDK's before the comparison's of each.
    let findings =
      problems.map {
        Judgement.Finding(
          severity: $0.isDetail ? .missing : $0.isNearMiss ? .slip : .error, message: $0.message,
          token: 0, deprecated: $0.deprecated, replacement: $0.replacement)
      } + judgement.findings
    judgement.findings = findings.enumerated().sorted {
      ($0.element.severity, $1.offset) > ($1.element.severity, $0.offset)
    }.map(\.element)
    let cap = problems.allSatisfy { $0.isDetail || $0.isNearMiss } ? 3 : 2
    guard let grade = judgement.grade, grade >= 2 else { return judgement }
    // Where the comparison names another member of the card's, what the SDK says of that
    // member says why (`spawn(priority:operation:)` is deprecated; `JSONDecoder` has no
    // `keyStrategy`).
    if let name = Self.otherName(in: judgement.reason),
      let why = problems.first(where: {
        $0.message.contains("`" + name)
          || $0.message.contains(" has no ") && $0.message.contains("`." + name + "`")
      })
    {
      judgement.reason = Judgement.sentence(why.message)
    }
    // What the SDK says of a call whose label the attempt left off names the card's call
    // (`sleep(_:)` is deprecated: the card uses `sleep(for:)`).
    if judgement.reason.hasPrefix("No label where the card has"),
      let why = problems.first(where: { !$0.isDetail })
    {
      judgement.reason = Judgement.sentence(why.message)
    }
    // What the SDK says names a difference; the token count does not.
    if !answers[answer].hasWeight {
      judgement.reason = Judgement.sentence(first.message)
    }
    guard grade > cap else { return judgement }
    judgement.grade = cap
    // The comparison's own words for another label of the card's call say the same more
    // plainly (`range:` where the card has `in:`).
    if !(grade < 4 && Self.isOtherLabel(judgement.reason)) {
      judgement.reason = Judgement.sentence(first.message)
    }
    return judgement
  }

  /// Whether a reason says the attempt writes another label: "`range:` where the card has
  /// `in:`."
  static func isOtherLabel(_ reason: String) -> Bool {
    reason.hasPrefix("`") && reason.contains(":` where the card has `")
      && reason.hasSuffix(":`.")
  }

  /// The attempt's name in a reason that says it writes another member or call than the
  /// card's: `spawn` in "`.spawn` where the card has `.addTask`."
  static func otherName(in reason: String) -> String? {
    guard reason.hasPrefix("`."), let end = reason.firstRange(of: "` where the card has `."),
      reason.hasSuffix("`.")
    else { return nil }
    return String(reason[reason.index(reason.startIndex, offsetBy: 2)..<end.lowerBound])
  }
}
