// libFuzzer target: AnswerJudge on arbitrary code and attempts. Built by Fuzz/run.sh, not by
// SwiftPM.

/// libFuzzer's entry point: the input is the card's code, a NUL byte, then the attempt (without
/// a NUL, the input is both), which is the question too; judges it and checks the invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnswerJudge(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let split = bytes.firstIndex(of: 0)
  let code = String(decoding: bytes[..<(split ?? size)], as: UTF8.self)
  let attempt = split.map { String(decoding: bytes[($0 + 1)...], as: UTF8.self) } ?? code
  // The attempt doubles as the question, so that its numbers are held against the code's.
  let judge = AnswerJudge(
    code: code, hints: JudgingHints(alternatives: split == nil ? [] : [code]), question: attempt)
  let judgement = judge.judge(attempt)
  let typed = SwiftLexer.significantTokens(in: attempt)
  fuzzRequire(
    (judgement.grade == nil) == typed.isEmpty,
    "grade \(String(describing: judgement.grade)) for \(typed.count) tokens")
  if let grade = judgement.grade { fuzzRequire((0...5).contains(grade), "grade \(grade)") }
  fuzzRequire(!judgement.reason.isEmpty, "no reason")
  let marked = SwiftLexer.significantTokens(in: judgement.code).count
  fuzzRequire(judgement.marks.keys.allSatisfy { (0..<marked).contains($0) }, "a mark past the code")
  fuzzRequire(
    zip(judgement.findings, judgement.findings.dropFirst()).allSatisfy {
      $0.severity >= $1.severity
    },
    "findings out of order")
  fuzzRequire(judge.judge(attempt) == judgement, "a second judgement differs")
  return 0
}
