/// A cloze note's text for one card: `{{c1::answer::hint}}` deletions.
struct Cloze {
  /// The text with this card's deletions as `[...]` (or `[hint]`), the others shown.
  var question = ""
  /// The text with every deletion shown.
  var revealed = ""
  /// This card's deletions' answers.
  var answers: [String] = []

  /// The card for deletions numbered `number` in `text` (HTML, left as it is).
  init(_ text: String, number: Int) {
    var rest = text[...]
    while let open = rest.firstRange(of: "{{c") {
      let head = rest[..<open.lowerBound]
      question += head
      revealed += head
      let afterC = rest[open.upperBound...]
      let digits = afterC.prefix { $0.isNumber }
      guard let current = Int(digits), afterC.dropFirst(digits.count).hasPrefix("::") else {
        question += "{{c"
        revealed += "{{c"
        rest = afterC
        continue
      }
      guard let close = afterC.firstRange(of: "}}") else {
        // No "}}" after this deletion, so none after any later one: the rest is text, and is
        // not searched again for each "{{c" it holds.
        rest = rest[open.lowerBound...]
        break
      }
      let body = afterC[
        afterC.index(afterC.startIndex, offsetBy: digits.count + 2)..<close.lowerBound]
      let parts = body.components(separatedBy: "::")
      let answer = parts[0]
      revealed += answer
      if current == number {
        answers.append(answer)
        question += "[" + (parts.count > 1 ? parts[1] : "...") + "]"
      } else {
        question += answer
      }
      rest = afterC[close.upperBound...]
    }
    question += rest
    revealed += rest
  }
}
