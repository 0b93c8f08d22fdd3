import Foundation

@testable import AnswerJudging

/// The text of a fixture file beside this file.
func fixture(_ name: String) throws -> String {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "Fixtures/\(name)")
  return try String(contentsOf: url, encoding: .utf8)
}

/// The judge's verdict on `attempt` at a card whose code is `code`, asked `question`.
func judge(_ attempt: String, _ code: String, question: String = "") -> Judgement {
  AnswerJudge(code: code, question: question).judge(attempt)
}
