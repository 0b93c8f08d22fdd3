import CardDeck
import Foundation
import Testing

@testable import AnswerJudging

@Suite("Judging attempts: the graded corpus")
struct AnswerJudgeCorpusTests {
  @Test("the corpus covers every class of attempt, over at least 30 cards")
  func coverage() {
    let corpus = JudgeCorpus.shipped
    #expect(corpus.entries.count >= 120)
    #expect(Set(corpus.entries.map(\.card)).count >= 30)
    let classes = Set(corpus.entries.map(\.kind))
    for kind in [
      "renaming", "literal", "dollar-zero", "explicit-label", "equivalent-spelling",
      "essential-only", "wrong-modifier", "wrong-member", "wrong-keypath", "wrong-label",
      "deprecated", "missing-argument", "typo", "unrelated",
    ] {
      #expect(classes.contains(kind), "no attempt of class \(kind)")
    }
    for entry in corpus.entries {
      #expect(JudgeCorpus.cards[entry.card] != nil, "line \(entry.line): no card \(entry.card)")
    }
  }

  @Test("suggests a grade in the range an expert gives", arguments: JudgeCorpus.shipped.entries)
  func grade(_ entry: JudgeCorpus.Entry) throws {
    let card = try #require(JudgeCorpus.cards[entry.card])
    let judgement = AnswerJudge(card: card).judge(entry.attempt)
    let grade = try #require(judgement.grade, "no grade for a non-empty attempt")
    let message: Comment =
      "got \(grade) (\(judgement.reason)); expected \(entry.grades): \(entry.note)"
    if let known = entry.known {
      // A miss the corpus documents: when it starts to pass, the entry must lose its mark.
      withKnownIssue(Comment(rawValue: known)) {
        #expect(entry.grades.contains(grade), message)
      }
    } else {
      #expect(entry.grades.contains(grade), message)
    }
    if let reason = entry.reason {
      #expect(judgement.reason == reason, "line \(entry.line): \(entry.note)")
    }
  }

  @Test("names the deciding difference, as a reviewer checked, for at least 100 attempts")
  func reasonsChecked() {
    #expect(JudgeCorpus.shipped.entries.count { $0.reason != nil } >= 100)
  }

  @Test("misses no more than one attempt in eight of the corpus, known misses included")
  func knownMissesStayFew() {
    let corpus = JudgeCorpus.shipped
    #expect(corpus.entries.filter { $0.known != nil }.count * 8 <= corpus.entries.count)
  }

  @Test("agrees with a second reviewer on at least three held-out attempts in four")
  func heldOut() throws {
    let corpus = JudgeCorpus.heldOut
    try #require(corpus.entries.count >= 100)
    var agreed = 0
    for entry in corpus.entries {
      let card = try #require(JudgeCorpus.cards[entry.card], "no card \(entry.card)")
      if let grade = AnswerJudge(card: card).judge(entry.attempt).grade,
        entry.grades.contains(grade)
      {
        agreed += 1
      }
    }
    #expect(
      agreed * 4 >= corpus.entries.count * 3, "agreed on \(agreed) of \(corpus.entries.count)")
  }
}

@Suite("Judging attempts: the blind corpora, about APIs the decks do not teach")
struct BlindCorpusTests {
  /// How the judge fares on a blind corpus: in range, wrong code suggested 4 or 5, right code
  /// suggested 2 or less.
  struct Score {
    var inRange = 0
    var wrongPassed = 0
    var rightFailed = 0
    var total = 0
    /// In the range from the lowest to the highest grade the two reviewers give, where a set
    /// has a second reviewer's grades.
    var inReviewersRange = 0
    var byClass: [String: (inRange: Int, total: Int)] = [:]
    /// Attempts suggested above and below their range, class by class.
    var offByClass: [String: (above: Int, below: Int)] = [:]
    /// How many attempts of a class with a range got each suggestion ("wrong-api 0-1 → 3").
    var suggestions: [String: Int] = [:]
  }

  /// A blind set with the figures it was last measured at: a floor, so that a change to the
  /// judge cannot lose ground unseen (docs/judging.md, "The blind corpus").
  struct Set: CustomTestStringConvertible, Sendable {
    var name: String
    var corpus: JudgeCorpus
    var measured: (inRange: Int, wrongPassed: Int, rightFailed: Int)
    /// The issue asks a fair set for 24 cards; the development set written beside the fifth
    /// has 18.
    var cardsAtLeast = 24
    var testDescription: String { name }
  }

  static let sets = [
    Set(
      name: "judge-blind.txt", corpus: JudgeCorpus.blind,
      // 125 before the ninth session of 2026-12-06: `.sucess` for `.success` is a typo now,
      // 3, where this set's reviewer gives misspellings 1-2 and the scale 3.
      measured: (inRange: 123, wrongPassed: 1, rightFailed: 8)),
    Set(
      name: "judge-blind2.txt", corpus: JudgeCorpus.blind2,
      // 90, 2, 11 before the eighth session of 2026-12-06.
      // 96 before the thirteenth session, of 2026-12-07: a tap gesture attached by hand, read
      // as `onTapGesture`, is 1 rather than 2 where the card has `simultaneousGesture`.
      // 95 before the fifteenth session: `for await` over the card's `for try await` group is
      // a missing `try`, 2, where its writer gave 3.
      measured: (inRange: 94, wrongPassed: 2, rightFailed: 7)),
    Set(
      name: "judge-blind3.txt", corpus: JudgeCorpus.blind3,
      // A development set since the second session of 2026-12-05: its totals found a
      // regression (118, 17, 13 before it).
      // In the third session, right code at 0-2 went 14 → 16 → 15 (`Logger` became API, and
      // `.log(level: .info, …)` for `.info(…)` reads as another method) and wrong code at 4-5
      // 14 → 19 → 14: a conformance that is the point (`ButtonStyle`) made what its members
      // hold count, right code and wrong alike, where the card had been compared token by token.
      // 141, 12, 14 before the fourth session of 2026-12-05; 143, 12, 14 before 2026-12-06's;
      // 147, 8, 14 before 2026-12-06's fourth; 149, 6, 14 before its fifth. 154, 4, 13 before
      // an interpolation's labels were compared: a log line without the card's `privacy:`
      // arguments, which its reviewer gives 4 (the defaults agree), is missing them.
      measured: (inRange: 156, wrongPassed: 3, rightFailed: 14)),
    Set(
      name: "judge-blind4.txt", corpus: JudgeCorpus.blind4,
      // 116 before a call's needed arguments were checked (a missing argument its reviewer
      // grades 3 is an error now, as in the other sets); 115 before the round of 2026-12-05's
      // compile checks (docs/judging.md).
      // 113, 7, 17 before the third session of 2026-12-05 (161 in the two reviewers' range,
      // 168 after); 116, 6, 17 before its evening session (173 in the range after); 121, 6,
      // 17 before 2026-12-06's (174 after); 122, 6, 16 before its third session (175 after);
      // 123, 6, 14 before its fourth (176 after); 124, 6, 14 before its fifth and its sixth
      // (176 after); 125, 6, 14 before its seventh.
      // 126, 6, 13 before the eighth session of 2026-12-06.
      // 130 before the thirteenth session, of 2026-12-07: a call of another type's
      // initialiser with the labels of one the card makes (`Text("x")`) is checked now.
      measured: (inRange: 133, wrongPassed: 3, rightFailed: 12)),
    Set(
      name: "judge-blind5.txt", corpus: JudgeCorpus.blind5,
      // 148, 25, 15 when it was written, before the second session of 2026-12-05; 151, 23, 13
      // before the third (163 in the two reviewers' range, 171 after); 161, 22, 10 before the
      // evening session (173 in the range after); 164, 21, 9 before the fourth (175 after);
      // 166, 21, 9 before 2026-12-06's (176 after).
      // 168, 20, 9 before 2026-12-06's fourth session; 169, 19, 9 before its fifth.
      // 175, 19, 9 before the eighth session of 2026-12-06. 182, 18, 8 before 2026-12-07's
      // fourteenth, whose weighing of a model's attribute-configured property moved two in and
      // failed one right answer.
      // 185 before the fifteenth session: an import is no longer compared, nor a text of a
      // declaration the question gives asked for.
      measured: (inRange: 185, wrongPassed: 14, rightFailed: 9)),
    Set(
      name: "judge-blind6.txt", corpus: JudgeCorpus.blind6,
      // 88, 7, 11 when it was written; 112, 3, 6 before the fourth session of 2026-12-05.
      // 114, 3, 4 before the eighth session of 2026-12-06.
      measured: (inRange: 120, wrongPassed: 2, rightFailed: 4), cardsAtLeast: 18),
    Set(
      name: "judge-blind7.txt", corpus: JudgeCorpus.blind7,
      // 183, 9, 11 when it was written (195 in the two reviewers' range, 199 after); 187, 8, 8
      // before the evening session of 2026-12-05 (198 in the range after). This floor
      // caught that session's slips four times: from its totals, not its attempts. 186, 7, 9
      // before 2026-12-06's session (199 in the range after); 189, 6, 9 before its fourth.
      // 191, 6, 8 before the eighth session of 2026-12-06.
      measured: (inRange: 200, wrongPassed: 3, rightFailed: 8)),
    Set(
      name: "judge-blind8.txt", corpus: JudgeCorpus.blind8,
      // 75, 9, 8 when it was written, in the middle of the third session of 2026-12-05.
      // 92, 5, 6 before 2026-12-06's fourth session.
      // 93, 4, 4 before the eighth session of 2026-12-06.
      measured: (inRange: 95, wrongPassed: 3, rightFailed: 3), cardsAtLeast: 18),
    Set(
      name: "judge-blind9.txt", corpus: JudgeCorpus.blind9,
      // 62, 8, 14 when it was written, late in the same session; 73, 6, 12 before the fourth.
      // 86, 4, 7 before the eighth session of 2026-12-06.
      measured: (inRange: 91, wrongPassed: 2, rightFailed: 5), cardsAtLeast: 18),
    Set(
      name: "judge-blind10.txt", corpus: JudgeCorpus.blind10,
      // 82, 15, 14 when it was written, on `5069276` (86 in the two reviewers' range; 87
      // after the evening session).
      // 83, 15, 14 before the fourth session of 2026-12-06; 84, 15, 14 before its seventh.
      // 85, 15, 14 before the eighth session of 2026-12-06.
      measured: (inRange: 95, wrongPassed: 9, rightFailed: 12)),
    Set(
      name: "judge-blind11.txt", corpus: JudgeCorpus.blind11,
      // 66, 15, 15 when it was written (70 in the two reviewers' range), measured once; the
      // same before 2026-12-06's fourth session, which took one from its range (an SDK member
      // the question names, asked for); 65, 14, 15 before its seventh.
      // 65, 14, 14 before the eighth session of 2026-12-06. 69, 13, 14 before 2026-12-07's
      // fourteenth, whose chains typed from a typed name (`encoder.container(keyedBy:)`) moved
      // one out of its range. 68, 12, 14 before another property read on a line otherwise
      // the card's was graded 2 (its attempts not read: one right attempt went to 2).
      measured: (inRange: 67, wrongPassed: 12, rightFailed: 15)),
    Set(
      name: "judge-blind12.txt", corpus: JudgeCorpus.blind12,
      // 90, 9, 12 when it was written, measured once on `db399ac`, before the fourth session
      // of 2026-12-05 changed the judge (97 in the two reviewers' range); once after, at the
      // end of that session (98), and at the end of 2026-12-06's (98 again); 91, 9, 11 before
      // its seventh.
      measured: (inRange: 96, wrongPassed: 6, rightFailed: 10)),
    Set(
      name: "judge-blind13.txt", corpus: JudgeCorpus.blind13,
      // 80, 12, 4 when it was written, measured once on `d4da600`, before 2026-12-06's session
      // changed the judge (83 in the two reviewers' range); once after, at its end: the same,
      // class by class. 83, 12, 4 before 2026-12-06's seventh session, which took one from
      // its range (an SDK modifier named as a variant of the card's, `.simultaneousGesture`
      // for `.gesture`, is 3, and one here is wrong) and gave one back (a ternary's branches
      // told apart by their literals).
      // 83, 12, 4 before the eighth session of 2026-12-06.
      measured: (inRange: 89, wrongPassed: 9, rightFailed: 5)),
    Set(
      name: "judge-blind14.txt", corpus: JudgeCorpus.blind14,
      // 97, 7, 21 when it was written, measured once on `ad21fdd`, the judge before the
      // fourth session of 2026-12-06 (102 in the two reviewers' range); once on its last judge
      // (103); 99, 6, 18 before the seventh. 103, 6, 15 before 2026-12-07's fourteenth, whose
      // chains typed from a typed name failed a right answer.
      measured: (inRange: 102, wrongPassed: 6, rightFailed: 16)),
    Set(
      name: "judge-blind15.txt", corpus: JudgeCorpus.blind15,
      // 100, 6, 17 when it was written, measured once on `9a1fa20`, the judge before the fifth
      // session of 2026-12-06 (102 in the two reviewers' range); 101, 6, 17 before the seventh
      // (103, 5, 17 while a function's result type was a detail; taken out after an
      // adversarial review: `-> String` for `-> Bool` was a slip).
      measured: (inRange: 104, wrongPassed: 3, rightFailed: 14)),
    Set(
      name: "judge-blind16.txt", corpus: JudgeCorpus.blind16,
      // 93, 13, 22 when it was written, measured once on `66d14eb`, the judge before the sixth
      // session of 2026-12-06 (95 in the two reviewers' range); once on its last judge: the
      // same, class by class; 93, 13, 22 before the seventh.
      // 94, 13, 22 before the eighth session of 2026-12-06.
      measured: (inRange: 100, wrongPassed: 10, rightFailed: 21)),
    Set(
      name: "judge-blind17.txt", corpus: JudgeCorpus.blind17,
      // 91, 9, 18 when it was written, measured once on `daa558b`, the judge before the seventh
      // session of 2026-12-06 (100 in the two reviewers' range). Its floor, run with the
      // others, showed one fewer in range with the session's first change (variants, above).
      // 90, 9, 18 before the eighth session of 2026-12-06. 96, 8, 16 before 2026-12-07's
      // fourteenth, whose text the question gives, left out, at 3 moved one out of its range.
      measured: (inRange: 96, wrongPassed: 8, rightFailed: 16)),
    Set(
      name: "judge-blind18.txt", corpus: JudgeCorpus.blind18,
      // 95, 10, 8 when it was written, measured once on `eee2bcf`, the judge before the eighth
      // session of 2026-12-06 (103 in the two reviewers' range).
      measured: (inRange: 97, wrongPassed: 7, rightFailed: 6)),
    Set(
      name: "judge-blind19.txt", corpus: JudgeCorpus.blind19,
      // 102, 9, 10 when it was written, measured once on `bfda91e`, the judge before the
      // ninth session of 2026-12-06 (114 in the two reviewers' range); 103, 9, 10 on its
      // last judge (115).
      measured: (inRange: 107, wrongPassed: 6, rightFailed: 11)),
    Set(
      name: "judge-blind20.txt", corpus: JudgeCorpus.blind20,
      // 96, 8, 14 when it was written, measured once on `76f918e`, the judge before the tenth
      // session, of 2026-12-07 (102 in the two reviewers' range); 97, 8, 14 on its last (103);
      // 97, 8, 13 on the eleventh session's last.
      measured: (inRange: 103, wrongPassed: 6, rightFailed: 12)),
    Set(
      name: "judge-blind21.txt", corpus: JudgeCorpus.blind21,
      // 95, 12, 12 when it was written, measured once on `a1a1669`, the judge before the
      // eleventh session, of 2026-12-07 (101 in the two reviewers' range); the same on its
      // last, every class unchanged; 96, 12, 11 on the twelfth's last (102).
      measured: (inRange: 102, wrongPassed: 9, rightFailed: 11)),
    Set(
      name: "judge-blind22.txt", corpus: JudgeCorpus.blind22,
      // 98, 8, 12 when it was written, measured once on `ae5de94`, the judge before the
      // twelfth session, of 2026-12-07 (103 in the two reviewers' range); 102, 8, 9 on its
      // last (107).
      measured: (inRange: 105, wrongPassed: 6, rightFailed: 9)),
    Set(
      name: "judge-blind23.txt", corpus: JudgeCorpus.blind23,
      // 98, 14, 12 when it was written, measured once on `5e86c71`, the judge before the
      // thirteenth session, of 2026-12-07 (101 in the two reviewers' range); 101, 14, 10 once
      // a wrapper's nested type (`@FocusState.Binding`) projects, the first change (104).
      measured: (inRange: 106, wrongPassed: 10, rightFailed: 10)),
    Set(
      name: "judge-blind24.txt", corpus: JudgeCorpus.blind24,
      // A development set from the start: 101, 8, 11 on `16e4244`, when it was written.
      measured: (inRange: 119, wrongPassed: 3, rightFailed: 7)),
    Set(
      name: "judge-blind25.txt", corpus: JudgeCorpus.blind25,
      // 103, 8, 8 when it was written, measured once on `5856eb4`, the judge before the
      // fourteenth session, of 2026-12-07 (109 in the two reviewers' range); 104, 8, 7 on its
      // last judge (110).
      measured: (inRange: 105, wrongPassed: 6, rightFailed: 7)),
    Set(
      name: "judge-blind26.txt", corpus: JudgeCorpus.blind26,
      // A development set from the start: 88, 9, 11 on `5856eb4`, when it was written; 92, 9, 9
      // once a result type before a body was no call to mark with `try` (its card's own code had
      // got 2); 93, 8, 9 once a model's attribute-configured property weighed; 94, 8, 9 once
      // `perform: feed.start` read as `{ feed.start() }`; 95, 8, 8 once `List(tags, id: \\.self)`
      // read as holding the card's `ForEach`.
      measured: (inRange: 99, wrongPassed: 3, rightFailed: 8)),
    Set(
      name: "judge-blind27.txt", corpus: JudgeCorpus.blind27,
      // Measured once on `177240c`, when it was written; fair: 99, 5, 10.
      measured: (inRange: 100, wrongPassed: 4, rightFailed: 10)),
    Set(
      name: "judge-blind28.txt", corpus: JudgeCorpus.blind28,
      // A development set from the start: 97, 8, 10 on `8885280`, once its second attempt no
      // longer crashed the judge (a constant's value read into the card's argument).
      measured: (inRange: 104, wrongPassed: 2, rightFailed: 9)),
    Set(
      name: "judge-blind29.txt", corpus: JudgeCorpus.blind29,
      // Measured once on `d9dcf5f`, when it was written; fair: 126, 10, 19.
      measured: (inRange: 126, wrongPassed: 10, rightFailed: 19)),
  ]

  static func score(_ corpus: JudgeCorpus) throws -> Score {
    var score = Score()
    for entry in corpus.entries {
      let card = try #require(JudgeCorpus.cards[entry.card], "no card \(entry.card)")
      let grade = AnswerJudge(card: card).judge(entry.attempt).grade ?? -1
      let hit = entry.grades.contains(grade)
      score.total += 1
      score.inRange += hit ? 1 : 0
      score.inReviewersRange += entry.reviewersGrades.contains(grade) ? 1 : 0
      if entry.grades.upperBound <= 2 && grade >= 4 { score.wrongPassed += 1 }
      if entry.grades.lowerBound >= 4 && grade <= 2 { score.rightFailed += 1 }
      score.byClass[entry.kind, default: (0, 0)].inRange += hit ? 1 : 0
      score.byClass[entry.kind, default: (0, 0)].total += 1
      score.suggestions[
        "\(entry.kind) \(entry.grades.lowerBound)-\(entry.grades.upperBound) → \(grade)",
        default: 0] += 1
      if grade > entry.grades.upperBound {
        score.offByClass[entry.kind, default: (0, 0)].above += 1
      }
      if grade < entry.grades.lowerBound {
        score.offByClass[entry.kind, default: (0, 0)].below += 1
      }
    }
    return score
  }

  @Test(
    "each holds at least 100 attempts at 24 cards (18 for a development set), half of them several lines long",
    arguments: sets)
  func size(_ set: Set) {
    let entries = set.corpus.entries
    #expect(entries.count >= 100)
    #expect(Swift.Set(entries.map(\.card)).count >= set.cardsAtLeast)
    #expect(entries.filter { $0.attempt.contains("\n") }.count * 2 >= entries.count)
    for entry in entries {
      #expect(JudgeCorpus.cards[entry.card] != nil, "line \(entry.line): no card \(entry.card)")
    }
  }

  /// Set `QUIZ_JUDGE_REPORT` to a folder to have the figures, class by class, written there.
  @Test("does no worse on each than when it was last measured", arguments: sets)
  func floor(_ set: Set) throws {
    let score = try Self.score(set.corpus)
    if let folder = ProcessInfo.processInfo.environment["QUIZ_JUDGE_REPORT"] {
      var lines = [
        "in range: \(score.inRange) of \(score.total)",
        "wrong code suggested 4-5: \(score.wrongPassed)",
        "right code suggested 0-2: \(score.rightFailed)",
        "in the two reviewers' range: \(score.inReviewersRange) of \(score.total)",
      ]
      for (kind, figures) in score.byClass.sorted(by: { $0.key < $1.key }) {
        let off = score.offByClass[kind, default: (0, 0)]
        lines.append(
          "  \(kind): \(figures.inRange) of \(figures.total) (above \(off.above), below \(off.below))"
        )
      }
      for (key, count) in score.suggestions.sorted(by: { $0.key < $1.key }) {
        lines.append("    \(key): \(count)")
      }
      try lines.joined(separator: "\n").write(
        toFile: folder + "/" + set.name, atomically: true, encoding: .utf8)
    }
    #expect(score.inRange >= set.measured.inRange, "in range: \(score.inRange)")
    #expect(score.wrongPassed <= set.measured.wrongPassed, "wrong passed: \(score.wrongPassed)")
    #expect(score.rightFailed <= set.measured.rightFailed, "right failed: \(score.rightFailed)")
  }
}
