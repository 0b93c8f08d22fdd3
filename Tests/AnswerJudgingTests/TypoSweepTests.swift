import Testing

@testable import AnswerJudging

@Suite("Judging attempts: every SDK name of the shipped cards misspelt in turn")
struct TypoSweepTests {
  /// `code` with the name at `offset` given two letters swapped in the middle.
  static func swapped(_ name: String, at offset: Int, in code: String) -> String? {
    var letters = Array(name)
    let middle = letters.count / 2
    guard letters[middle - 1] != letters[middle] else { return nil }
    letters.swapAt(middle - 1, middle)
    var characters = Array(code)
    characters.replaceSubrange(offset..<(offset + name.count), with: letters)
    return String(characters)
  }

  /// The SDK names of five letters or more in `code`, each once: a type, or a name after `.`,
  /// before `:` or before `(` that the index declares; not in a string, which the judge reads
  /// as a whole.
  static func sdkNames(in code: String) -> [(name: String, offset: Int)] {
    let index = SDKIndex.shipped
    let characters = Array(code)
    var names: [(name: String, offset: Int)] = []
    var start = 0
    var inString = false
    while start < characters.count {
      if characters[start] == "\"" { inString.toggle() }
      guard !inString, characters[start].isLetter, start == 0 || !characters[start - 1].isLetter
      else {
        start += 1
        continue
      }
      var end = start
      while end < characters.count, characters[end].isLetter || characters[end].isNumber {
        end += 1
      }
      let name = String(characters[start..<end])
      let before = start > 0 ? characters[start - 1] : " "
      let after = end < characters.count ? characters[end] : " "
      if name.count >= 5, !names.contains(where: { $0.name == name }),
        before == "." || after == ":" || after == "(" || name.first!.isUppercase,
        index.describes(name) || index.declaresMember(named: name) || index.declaresLabel(name)
      {
        names.append((name, start))
      }
      start = end
    }
    return names
  }

  @Test("grades none of the shipped decks' SDK names misspelt 4 or 5")
  func sweep() throws {
    var passed: [String] = []
    var total = 0
    for (id, card) in JudgeCorpus.cards.sorted(by: { $0.key < $1.key })
    where !id.hasPrefix("b") && !id.hasPrefix("c") {
      let judge = AnswerJudge(card: card)
      let code = card.code.text
      for (name, offset) in Self.sdkNames(in: code) {
        // A name the author declares is theirs to spell.
        guard !judge.answers[0].declared.contains(name),
          let attempt = Self.swapped(name, at: offset, in: code)
        else { continue }
        total += 1
        let grade = try #require(judge.judge(attempt).grade)
        if grade >= 4 { passed.append("\(id): \(name)") }
      }
    }
    #expect(total > 300)
    #expect(passed.isEmpty, "\(passed)")
  }
}
