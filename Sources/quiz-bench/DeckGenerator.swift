import Foundation

/// Writes synthetic decks: native decks (`.md`, docs/deck-format.md) and lesson pages (`.txt`).
///
/// The same seed gives the same bytes. The mix of kinds follows the shipped decks: mostly syntax
/// cards and trick questions, a quarter edge cases, an interview problem now and then.
struct DeckGenerator {
  /// Cards per native deck file, about the size of a shipped deck.
  static let cardsPerNativeDeck = 40
  /// A lesson page holds this many flash cards, edge-case questions and one interview problem.
  static let flashCardsPerPage = 18
  static let edgeQuestionsPerPage = 21
  static var cardsPerPage: Int { flashCardsPerPage + edgeQuestionsPerPage + 1 }

  /// One generated file.
  struct File {
    var name: String
    var text: String
  }

  /// Native decks holding `count` cards in all. One card in five has no explicit id, so that its
  /// id is derived from its question.
  static func nativeDecks(cards count: Int, seed: UInt64 = 1) -> [File] {
    var text = CardText(seed: seed)
    var files: [File] = []
    var number = 0
    var deckIndex = 0
    while number < count {
      deckIndex += 1
      let inDeck = min(cardsPerNativeDeck, count - number)
      var lines = ["# Generated deck \(deckIndex)", "lesson: \(deckIndex)", ""]
      lines.append(text.paragraph(1...2))
      lines.append("")
      for _ in 0..<inDeck {
        number += 1
        lines += nativeCard(number, &text)
      }
      files.append(
        File(
          name: "deck-\(String(format: "%05d", deckIndex)).md",
          text: lines.joined(separator: "\n") + "\n"))
    }
    return files
  }

  private static func nativeCard(_ number: Int, _ text: inout CardText) -> [String] {
    let roll = text.int(0...99)
    let topic = text.topic()
    let id = text.chance(0.8) ? " · card-\(number)" : ""
    var lines: [String]
    switch roll {
    case 0..<45:
      lines = ["## Syntax · \(topic)\(id)", text.instruction(number), "", "---", "", "```swift"]
      lines += text.code(number, lines: 3...8)
      lines += ["```", "", text.paragraph(1...2)]
      if text.chance(0.5) { lines += ["", "Source: \(text.source())"] }
    case 45..<70:
      lines = ["## Trick · \(topic)\(id)", text.question(number), "", "```swift"]
      lines += text.code(number, lines: 2...6)
      lines += ["```", "", "---", "", text.paragraph(2...3)]
    case 70..<95:
      lines = [
        "## Edge · \(topic)\(id)", "section: \(topic), part \(number % 7 + 1)", "",
        text.question(number), "", "```swift",
      ]
      lines += text.code(number, lines: 5...12)
      lines += ["```", "", "---", "", text.paragraph(1...2), "", "```console"]
      lines += (0..<text.int(1...3)).map { "line \($0 + 1) of view \(number) appeared" }
      lines += ["```", ""]
      if text.chance(0.4) {
        lines += ["| iOS | result |", "| --- | --- |", "| 26 | ignored |", "| 27 | shown |", ""]
      }
      lines += ["Source: \(text.source())"]
    default:
      lines = [
        "## Interview · \(topic)\(id)", "section: Part \(number % 9 + 1)", "",
        "Problem \(number): " + text.paragraph(2...3), "",
        "Source: a common iOS interview question",
        "", "---", "", "```swift",
      ]
      lines += text.code(number, lines: 6...12)
      lines += ["```", "", text.paragraph(2...3), "", "Listen for: \(text.listenFor())"]
    }
    return lines + [""]
  }

  /// Lesson pages holding `count` cards in all (a multiple of ``cardsPerPage``), laid out as the
  /// course's pages are: header, tutorial, flash cards, edge cases, interview problem.
  static func lessonPages(cards count: Int, seed: UInt64 = 2) -> [File] {
    precondition(count % cardsPerPage == 0, "lesson pages hold \(cardsPerPage) cards each")
    var text = CardText(seed: seed)
    return (1...(count / cardsPerPage)).map { lesson in
      File(
        name: "lesson-\(String(format: "%05d", lesson)).txt",
        text: lessonPage(lesson, of: count / cardsPerPage, &text))
    }
  }

  private static func lessonPage(_ lesson: Int, of lessons: Int, _ text: inout CardText) -> String {
    var topics: [String] = []
    while topics.count < 3 {
      let topic = text.topic()
      if !topics.contains(topic) { topics.append(topic) }
    }
    let firstSection = "\(topics[0]) and \(topics[1])"
    var lines = [
      "← All lessonsLesson \(lesson) of \(lessons) · Part \(lesson % 9 + 1): Interfaces",
      "Lesson \(lesson)", "", "Building screen set \(lesson)", "",
      "\(firstSection) · \(topics[2])", "",
      "You will buildA small app with a list of places and a sheet for each one.", "",
      "TimeAbout 30 minutes", "", "Step 1", "", "Make the model", "",
      "Write this in Place.swift",
    ]
    lines += text.code(lesson, lines: 3...6)
    lines += [text.paragraph(), "", "What you built", "", "Flash cards", ""]
    lines.append(
      "\(flashCardsPerPage) cards for this lesson, each labelled with its topic. Some ask how you would write something; the others are trick questions."
    )
    lines.append("")
    let base = lesson * 1000
    for index in 0..<flashCardsPerPage {
      let number = base + index
      let topic = text.chance(0.5) ? topics[2] : topics[text.int(0...1)]
      if text.chance(0.55) {
        lines.append("Syntax · \(topic)\(text.instruction(number))")
        lines += text.code(number, lines: 3...8)
        lines += ["Screenshot of this code running", "Screenshot · iPhone 17, iOS 27.0", ""]
        lines += [text.paragraph(1...2), ""]
      } else {
        lines.append("Trick question · \(topic)\(text.question(number))")
        lines += text.code(number, lines: 2...6)
        lines += ["Screenshot of this code running", "Screenshot · iPhone 17, iOS 27.0", ""]
        lines += [text.paragraph(2...3), ""]
      }
    }
    lines += ["Edge cases and tricky questions", ""]
    lines += [
      "\(edgeQuestionsPerPage) questions of the kind an interviewer asks to see whether you know the corners.",
      "",
    ]
    let firstCount = edgeQuestionsPerPage / 2
    for index in 0..<edgeQuestionsPerPage {
      let inFirst = index < firstCount
      if index == 0 || index == firstCount {
        lines += [inFirst ? firstSection : topics[2], ""]
      }
      let position = inFirst ? index + 1 : index - firstCount + 1
      let total = inFirst ? firstCount : edgeQuestionsPerPage - firstCount
      let number = base + 100 + index
      lines += [
        "Lesson \(lesson) · question \(position) of \(total) · a corner of screen \(number)", "",
        text.question(number), "",
      ]
      lines += text.code(number, lines: 5...12)
      lines += ["Show the answer", text.paragraph(1...2), "", "Console"]
      lines += (0..<text.int(1...3)).map { "line \($0 + 1) of view \(number) appeared" }
      lines.append("")
      if text.chance(0.4) { lines += ["iOSResult", "26ignored", "27shown", ""] }
      lines += [text.paragraph(1...2), "", "Where this comes from: \(text.source())", ""]
    }
    lines += ["Further reading", "", "Write the code", "Interview problem · Part 2", ""]
    lines += ["A screen set that saves itself \(lesson)", ""]
    lines += ["“\(text.paragraph(2...3))”", ""]
    lines += ["Where this comes from: a list of common interview questions", "", "Show the answer"]
    lines += text.code(base + 999, lines: 6...12)
    lines += ["", text.paragraph(2...3), ""]
    lines += ["What interviewers listen for: \(text.listenFor())", ""]
    return lines.joined(separator: "\n")
  }

  /// Writes `files` into `folder`, which is created.
  static func write(_ files: [File], to folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for file in files {
      try Data(file.text.utf8).write(to: folder.appending(path: file.name))
    }
  }
}
