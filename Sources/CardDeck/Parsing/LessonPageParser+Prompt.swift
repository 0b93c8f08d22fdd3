/// Reading a question's lines into its prompt: its prose, then its code.
extension LessonPageParser {
  /// A question's prose, then its code: the prose runs up to the first paragraph of code.
  static func prompt(_ lines: ArraySlice<SourceLine>) -> Prompt {
    var prose = ""
    var hasParagraph = false
    // The paragraph being read is `lines[paragraphStart..<index]`: its lines follow each other.
    var paragraphStart = lines.startIndex
    var index = lines.startIndex
    func addParagraph(_ paragraph: ArraySlice<SourceLine>) {
      let text = LessonPageText.joined(paragraph.lazy.map(\.trimmedBytes), separator: 0x20)
      if hasParagraph {
        prose += "\n\n"
        prose += text
      } else {
        prose = text
        hasParagraph = true
      }
    }
    while index < lines.endIndex {
      let line = lines[index]
      if line.isBlank {
        if paragraphStart < index { addParagraph(lines[paragraphStart..<index]) }
        paragraphStart = index + 1
      } else if paragraphStart == index && LessonPageText.looksLikeCodeRatherThanProse(line) {
        break
      }
      index += 1
    }
    if paragraphStart < index { addParagraph(lines[paragraphStart..<index]) }
    let code = codeText(lines[index...])
    return Prompt(prose, code: code.isEmpty ? nil : CodeBlock(code))
  }

  /// The text of a question's code: its lines but captions, without the blank lines at either
  /// end (`trimmedText` of the lines that are no caption), each line checked once.
  private static func codeText(_ lines: ArraySlice<SourceLine>) -> String {
    var first: Int?
    var last = lines.startIndex
    var lastCaption: Int?
    var captionInside = false
    for index in lines.indices {
      let line = lines[index]
      if LessonPageText.isCaption(line) {
        lastCaption = index
      } else if !line.isBlank {
        if let first, let lastCaption, lastCaption > first { captionInside = true }
        if first == nil { first = index }
        last = index
      }
    }
    guard let first else { return "" }
    // Without a caption between them, the lines from the first to the last are the text.
    if captionInside {
      return LessonPageText.trimmedText(lines.filter { !LessonPageText.isCaption($0) })
    }
    return LessonPageText.joined(lines[first...last].lazy.map(\.bytes), separator: 0x0A)
  }
}
