import CardDeck

/// Judges typed attempts at one syntax card the way a Swift reviewer reads a flash-card answer:
/// placeholders are free, API is what counts, and the point of the card weighs most.
///
/// The expected code is parsed once; each attempt is parsed and aligned with it node by node
/// (see ``CodeParser``, ``CodeClassifier``). Grades: equivalent 5; right API with a slip 4;
/// right idea, an API detail missing 3; another API, label, member or key path 2 or less;
/// nothing in common 0–1.
public struct AnswerJudge: Sendable {
  /// The card's code, then its `also:` answers.
  let answers: [ParsedCode]
  /// Each answer with its local constants used once written in their place, where it has any:
  /// compared with an attempt that writes the values inline (``CodeNode/inliningConstants``).
  let inlinedAnswers: [ParsedCode?]
  /// What the SDK says of an attempt at each of the answers, in the same order.
  let checks: [SDKCheck]
  /// The values each answer writes that the question asks for
  /// (``QuestionWords/askedValues(in:)``).
  let askedValues: [[String]]
  /// The names each answer uses, not declares, that the question gives as code
  /// (``QuestionWords/askedNames(in:)``).
  let askedNames: [[String]]
  /// The numbers each answer writes that the question's prose gives
  /// (``QuestionWords/askedNumbers(in:)``).
  let askedNumbers: [[String]]
  /// The string literals each answer writes that the question gives
  /// (``QuestionWords/askedStrings(in:)``), and how many string literals it writes.
  let askedStrings: [[String]]
  let cardStrings: [Int]
  let vocabulary: APIVocabulary
  /// What the card and its question say beside the code, for reading an answer again with
  /// other constants in place.
  let hints: JudgingHints
  let fixedNumbers: Set<String>
  let asksForCancel: Bool
  let questionNames: Set<String>
  let question: QuestionWords
  /// The names of the card's a misspelling of the attempt's may be of.
  let spellings: Spellings
  /// What the card's plain constants hold (``ParsedCode/plainConstantHeads``): an attempt's
  /// constants are read in place but where the card binds the same value.
  let cardHeads: Set<String>
  /// What the card calls a commutative method on (``CodeNode/commutedOperands(in:given:)``): an
  /// attempt's operands are read in the card's order.
  let cardReceivers: Set<String>

  /// Prepares to judge attempts at `code`, the card's expected code; `question` is the card's
  /// prompt, whose numbers (`a fixed 320 points`) the code's literals must keep, and which says
  /// whether a Cancel button is asked for.
  public init(
    code: String, hints: JudgingHints = JudgingHints(), question: String = "",
    vocabulary: APIVocabulary = .standard
  ) {
    self.vocabulary = vocabulary
    self.hints = hints
    let fixedNumbers = Self.numbers(in: question)
    let asksForCancel = question.lowercased().contains("cancel")
    let questionNames = Self.codeNames(in: question)
    self.fixedNumbers = fixedNumbers
    self.asksForCancel = asksForCancel
    self.questionNames = questionNames
    // A name the prose calls a view is one only where the card uses it as one (`card.offset(…)`,
    // not a UIKit `tableView.reloadData()`).
    let types = QuestionWords.declaredTypes(in: question).filter { name, type in
      type != "View" || Self.usesAsView(name, in: code)
    }
    let question = QuestionWords(question, codeNames: questionNames, types: types)
    self.question = question
    let answers = ([code] + hints.alternatives).map { source in
      ParsedCode(
        source, hints: hints, vocabulary: vocabulary, collectsNames: true,
        fixedNumbers: fixedNumbers, asksForCancel: asksForCancel, questionNames: questionNames,
        question: question)
    }
    self.answers = answers
    self.inlinedAnswers = answers.map { answer in
      guard !answer.constantHeads.isEmpty else { return nil }
      let inlined = Self.parsed(
        answer.source, hints: hints, vocabulary: vocabulary, fixedNumbers: fixedNumbers,
        asksForCancel: asksForCancel, questionNames: questionNames, question: question,
        inliningConstantsBut: [])
      return inlined.inlinedConstants.isEmpty ? nil : inlined
    }
    self.checks = answers.map { SDKCheck(card: $0.checkedCode, question: question) }
    self.askedValues = answers.map { question.askedValues(in: $0.nodes) }
    self.askedNames = answers.map { question.askedNames(in: $0) }
    self.askedNumbers = answers.map { question.askedNumbers(in: $0) }
    self.askedStrings = answers.map { question.askedStrings(in: $0.nodes) }
    self.cardStrings = answers.map { QuestionWords.stringLiterals(in: $0.nodes).count }
    self.spellings = Spellings(answers, vocabulary: vocabulary)
    self.cardHeads = answers.reduce(into: []) { $0.formUnion($1.plainConstantHeads) }
    self.cardReceivers = answers.reduce(into: []) {
      $0.formUnion(CodeNode.commutedOperands(in: $1.nodes))
    }
  }

  /// Prepares to judge attempts at `card`.
  public init(card: SyntaxCard, vocabulary: APIVocabulary = .standard) {
    self.init(
      code: card.code.text, hints: card.hints, question: card.prompt.text,
      vocabulary: vocabulary)
  }

  /// An answer of the card, read with its local constants in place but those whose values
  /// start with a name in `kept` (``CodeNode/inliningConstants(_:keeping:)``).
  private func parsed(_ source: String, inliningConstantsBut kept: Set<String>) -> ParsedCode {
    Self.parsed(
      source, hints: hints, vocabulary: vocabulary, fixedNumbers: fixedNumbers,
      asksForCancel: asksForCancel, questionNames: questionNames, question: question,
      inliningConstantsBut: kept)
  }

  private static func parsed(
    _ source: String, hints: JudgingHints, vocabulary: APIVocabulary, fixedNumbers: Set<String>,
    asksForCancel: Bool, questionNames: Set<String>, question: QuestionWords,
    inliningConstantsBut kept: Set<String>
  ) -> ParsedCode {
    ParsedCode(
      source, hints: hints, vocabulary: vocabulary, collectsNames: true,
      fixedNumbers: fixedNumbers, asksForCancel: asksForCancel, questionNames: questionNames,
      question: question, inliningConstantsBut: kept)
  }

  /// Numbers a question may write as words, as Swift writes them.
  static let numberWords: [String: String] = [
    "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
    "nine": "9", "ten": "10", "twelve": "12", "fifteen": "15", "twenty": "20", "thirty": "30",
    "sixty": "60", "hundred": "100",
  ]

  /// The numbers written in prose, as Swift writes them: `320`, `0.25`, and whole numbers in
  /// words (`five`), but for "one", which says "a" more often than 1. (A fraction in words is
  /// loose: reviewers take `0.3` for "a quarter of the height".)
  static func numbers(in text: String) -> Set<String> {
    var numbers: Set<String> = []
    var current = ""
    var word = ""
    for character in text + " " {
      if character.isASCII && (character.isNumber || (character == "." && !current.isEmpty)) {
        current.append(character)
      } else {
        while current.last == "." { current.removeLast() }
        if !current.isEmpty { numbers.insert(current) }
        current = ""
      }
      if character.isLetter {
        word.append(character)
      } else {
        if let number = numberWords[word.lowercased()] { numbers.insert(number) }
        word = ""
      }
    }
    return numbers
  }

  /// The names the question writes as code, in backticks: `startDate` in "sorted by
  /// `startDate`".
  static func codeNames(in text: String) -> Set<String> {
    var names: Set<String> = []
    for (position, span) in text.split(separator: "`", omittingEmptySubsequences: false)
      .enumerated() where position % 2 == 1
    {
      names.formUnion(codeNames(inCode: span))
    }
    return names
  }

  /// The names in `code`, a span of code.
  static func codeNames(inCode code: Substring) -> Set<String> {
    var names: Set<String> = []
    var word = ""
    for character in code + " " {
      if character.isLetter || character.isNumber || character == "_" {
        word.append(character)
      } else {
        if let first = word.first, first.isLetter || first == "_" { names.insert(word) }
        word = ""
      }
    }
    return names
  }

  /// The verdict on `attempt`.
  public func judge(_ attempt: String) -> Judgement {
    let typed = read(
      answers.contains { $0.source.contains("callAsFunction") }
        ? attempt : Self.callingDirectly(attempt))
    let judgement = judge(typed)
    // The card's names misspelt where the comparison reads past them (`NavigaitonStack`, a
    // container whose contents then seem misplaced) are read as the card writes them: the
    // typo costs what a typo costs, 3, and no more than the comparison says it does.
    let typos = misspeltCardNames(in: typed)
    guard let typo = typos.first, let grade = judgement.grade else { return judgement }
    var corrected = judge(read(Self.correcting(typos, in: typed)))
    guard let fixed = corrected.grade, grade > 3 || min(fixed, 3) > grade else { return judgement }
    if fixed >= 3 {
      corrected.grade = 3
      corrected.reason = Judgement.sentence(typo.message)
    }
    // Each said and marked on the card's code, as the comparison says and marks its own.
    guard let answer = answers.first(where: { $0.source == corrected.code }) else {
      return corrected
    }
    for typo in typos {
      guard
        let token = answer.tokens.indices.first(where: { token in
          corrected.marks[token] == nil && Self.word(answer, answer.tokens[token]) == typo.name
        })
      else { continue }
      corrected.marks[token] = .typo(typo.typo)
      let place = corrected.findings.firstIndex { $0.severity < .slip } ?? corrected.findings.count
      corrected.findings.insert(
        .init(severity: .slip, message: typo.message, token: token), at: place)
    }
    return corrected
  }

  /// `source`, an attempt, parsed: its constants read in place but where the card binds the
  /// same value, its names typed as the question types them (`inputs` a `[String]`).
  func read(_ source: String) -> ParsedCode {
    ParsedCode(
      source, hints: JudgingHints(), vocabulary: vocabulary,
      question: QuestionWords("", codeNames: [], types: question.types),
      operandsLike: cardReceivers, inliningConstantsBut: cardHeads)
  }

  /// `attempt` with each `value.callAsFunction(…)` written `value(…)`, the same call (SE-0253):
  /// `openWindow.callAsFunction(id:)` is the card's `openWindow(id:)`.
  static func callingDirectly(_ attempt: String) -> String {
    var written = ""
    var rest = attempt[...]
    while let call = rest.firstRange(of: ".callAsFunction(") {
      let before = rest[..<call.lowerBound]
      // On a value: a name, a call's or subscript's result, an optional's.
      let onValue = before.last.map { $0.isLetter || $0.isNumber || "_)]?".contains($0) } ?? false
      written += before + (onValue ? "(" : rest[call])
      rest = rest[call.upperBound...]
    }
    return written + rest
  }

  /// The verdict on an attempt, parsed.
  private func judge(_ typed: ParsedCode) -> Judgement {
    guard !typed.tokens.isEmpty else {
      return Judgement(
        grade: nil, reason: "Nothing typed: grade it yourself.", findings: [],
        code: answers[0].source, marks: [:], renamings: [])
    }
    var best: Judgement?
    for (index, written) in answers.enumerated() {
      var answer = written
      // Read with its constants in place, but those whose values the attempt binds too.
      if let inlined = inlinedAnswers[index] {
        // So are those the attempt uses by name and does not declare (`.onReceive(timer)`):
        // the card's constant, taken as given, is compared as the card writes it.
        let named = inlined.inlinedConstants.filter { name, _ in
          typed.ownNames.contains(Substring(name)) && !typed.declared.contains(name)
            && typed.inlinedConstants[name] == nil
        }
        let bound = typed.plainConstantHeads.intersection(cardHeads).union(named.values)
        answer =
          bound.isDisjoint(with: inlined.inlinedConstants.values)
          ? inlined : parsed(written.source, inliningConstantsBut: bound)
      }
      var judgement: Judgement
      if answer.hasWeight {
        var matching = Matching(expected: answer, attempt: typed, vocabulary: vocabulary)
        judgement = matching.run()
      } else {
        // Code with no API in it (`path = []`) can only be compared token by token.
        // With the extensions of a type each declares written into the type.
        let typedWords = asExtension(typed, like: answer) ?? typed
        judgement = Self.compareTokens(
          Self.mergingExtensions(of: answer).map {
            parsed($0, inliningConstantsBut: answer.declared.union(answer.inlinedConstants.keys))
          } ?? answer,
          Self.mergingExtensions(of: typedWords).map(read) ?? typedWords)
      }
      // Each answer's verdict with what the SDK says of the attempt: the best is the best
      // checked (an answer the comparison liked more, its call then found not to compile,
      // had put its own call in the reason: "the card uses `ContentUnavailableView()`").
      judgement = checked(judgement, attempt: typed)
      if index > 0, judgement.grade == 5, judgement.findings.isEmpty {
        // A long one is named, not quoted: the answer screen shows it under "Also right".
        judgement.reason =
          answer.source.count <= 40 && !answer.source.contains("\n")
          ? "Same as an answer the card also accepts: `\(answer.source)`."
          : "Same as an answer the card also accepts (under \"Also right\")."
      }
      if best == nil || judgement.grade ?? 0 > best!.grade ?? 0 { best = judgement }
    }
    var judgement = best!
    // An argument or a value the question asks for, left out, misses what was asked: not a
    // slip.
    if let grade = judgement.grade, grade > 3,
      let answer = answers.firstIndex(where: { $0.source == judgement.code }),
      let asked = judgement.missedAsked
        ?? QuestionWords.firstMissing(askedValues[answer], in: typed.nodes)
        ?? QuestionWords.firstUnwritten(askedNames[answer], in: typed, card: answers[answer])
        ?? QuestionWords.firstUnwritten(
          numbers: askedNumbers[answer], in: typed, card: answers[answer])
        ?? QuestionWords.firstLeftOut(
          askedStrings[answer], in: typed.nodes, cardStrings: cardStrings[answer])
    {
      judgement.grade = 3
      if !judgement.reason.contains("the question asks for") {
        judgement.reason = "Missing `\(asked)`, which the question asks for."
      }
    }
    // The view the question asks for by name, built with another (an `HStack` for "Build a
    // Label…"): the question's API done another way.
    if let grade = judgement.grade, grade > 2,
      let answer = answers.first(where: { $0.source == judgement.code }),
      let (named, other) = QuestionWords.replacedView(
        question.namedTypes, card: answer.nodes, attempt: typed)
    {
      judgement.grade = 2
      judgement.reason = "`\(other)` where the question asks for a `\(named)`."
    }
    // Another property read or operator where the card has one, on a line otherwise the
    // card's, which the comparison took for the card's code.
    if let grade = judgement.grade, grade > 3,
      let answer = answers.first(where: { $0.source == judgement.code }),
      let part = Self.otherPart(in: typed, for: answer)
    {
      let isTypo = !part.isOperator && Matching.isMisspelling(part.typed, of: part.card)
      judgement.grade = isTypo ? 3 : 2
      judgement.reason =
        part.isOperator
        ? "`\(part.typed)` where the card has `\(part.card)`."
        : isTypo
          ? "`.\(part.typed)` looks like a typo for `.\(part.card)`."
          : "`.\(part.typed)` where the card reads `.\(part.card)`."
    }
    // A string its line ends before it is closed does not compile.
    if let grade = judgement.grade, grade > 3, let string = Self.unclosedString(in: typed) {
      judgement.grade = 3
      let shown = string.count > 24 ? string.prefix(24) + "…" : string
      judgement.reason = "`\(shown)` is not closed on its line."
    }
    // A name the question gives, misspelt where the attempt uses it: it does not compile.
    if let grade = judgement.grade, grade > 3,
      let answer = answers.first(where: { $0.source == judgement.code }),
      let (typo, name) = misspeltGivenName(in: typed, for: answer)
    {
      judgement.grade = 3
      judgement.reason = "`\(typo)` looks like a typo for `\(name)`, which the question names."
    }
    // A finding said of each place it holds (two `.tabItem`s, each deprecated) is said once.
    var said: Set<String> = []
    judgement.findings.removeAll { !said.insert($0.message).inserted }
    // Nor is a deprecation said by the comparison and the SDK check in their own words
    // (`\.presentationMode` is deprecated (use …); the card has …, and `presentationMode` is
    // deprecated: use …).
    var deprecated: Set<String> = []
    judgement.findings.removeAll { finding in
      guard let name = finding.deprecated else { return false }
      return !deprecated.insert(name).inserted
    }
    // Nor is the replacement a deprecation names said missing again.
    for case let replacement? in judgement.findings.map(\.replacement) {
      judgement.findings.removeAll {
        $0.message == "missing `\(replacement)`" || $0.message == "missing `.\(replacement)`"
      }
    }
    return judgement
  }

  /// Whether `code` calls a member of `View` on `name` (`card.offset(drag)`).
  static func usesAsView(_ name: String, in code: String) -> Bool {
    let code = SDKCheck.Code(code)
    return code.tokens.indices.dropLast(2).contains { index in
      code.text(index) == name && code.isByte(index + 1, ".")
        && SDKIndex.shipped.hasMember(named: String(code.text(index + 2)), of: "View")
    }
  }

  /// The reason for code with nothing but placeholders that differs from the card's.
  static let unlikeTokens = "Not the card's code, token for token."

  /// The grade of code that has nothing but placeholders: 5 when the tokens are the same (the
  /// author's names may be renamed, consistently), else by the share of tokens in common; 2 at
  /// most without a name the SDK declares, or an effect the card writes (`async let`, `try`).
  private static func compareTokens(_ expected: ParsedCode, _ typed: ParsedCode) -> Judgement {
    // A declaration the question gives, left out, is taken as read.
    let given = expected.nodes.filter { node in
      CodeClassifier.isGiven(node, by: expected.question)
        && node.parameters.allSatisfy { !typed.declared.contains($0) }
    }
    let wanted = TokenWords(expected, skipping: given.map(\.tokens))
    // Who may see a declaration is the author's choice where the card says nothing of it.
    let written = TokenWords(
      typed, skippingAccess: !wanted.words.contains(where: TokenWords.accessWords.contains))
    let common = Set(wanted.words).intersection(written.words).count
    let share =
      Double(2 * common)
      / Double(max(1, Set(wanted.words).count + Set(written.words).count))
    let renamed =
      wanted.isRenaming(of: written)
      || (!wanted.isContained(in: written) && wanted.isContained(in: written, renaming: true))
    // The card's words in order with more of the attempt's between them that change nothing
    // it computes (a `print`, a constant of its own, `return`): the card's code.
    let added = !renamed && !wanted.isContained(in: written) && wanted.isCodeWithMore(of: written)
    var grade =
      wanted.isContained(in: written) || renamed || added
      ? 5
      : share >= 0.7
        ? 3
        : share >= 0.4
          ? 2
          : share > 0 ? 1 : 0
    var reason =
      grade < 5
      ? wanted.firstDifference(from: written) ?? Self.unlikeTokens
      : added
        ? "The card's code, with more of your own."
        : wanted.words == written.words || !renamed
          ? "Same as the card's code." : "Same as the card's code, with names of your own."
    if grade > 2, let missing = wanted.missing(from: written) {
      grade = 2
      reason = missing
    } else if grade > 2, let (card, theirs) = wanted.swappedValue(in: written) {
      grade = 2
      reason = "`\(theirs)` where the card has `\(card)`."
    }
    return Judgement(
      grade: grade, reason: reason, findings: [], code: expected.source, marks: [:],
      renamings: [])
  }
}
