import CardDeck
import Testing

@testable import AnswerJudging

@Suite("Judging attempts: an argument the question asks for")
struct AskedArgumentsTests {
  static let stepper = """
    @State private var minutes = 15

    Stepper("Break: \\(minutes) min", value: $minutes, in: 5...60, step: 5)
    """
  static let stepperQuestion =
    "Add a stepper for `@State var minutes: Int` that stays between 5 and 60, moves in steps of 5."

  static func asked(_ code: String, _ question: String) -> Set<String> {
    let words = QuestionWords(question, codeNames: AnswerJudge.codeNames(in: question))
    let parsed = ParsedCode(code, hints: JudgingHints(), vocabulary: .standard)
    return Set(
      words.askedArguments(in: parsed.nodes).values
        .map(\.label))
  }

  @Test("reads an argument as asked for by its label's word, a number, a member or a named value")
  func askedFor() {
    // `value:` passes `$minutes`, which the question writes as code.
    #expect(Self.asked(Self.stepper, Self.stepperQuestion) == ["value:", "in:", "step:"])
    #expect(
      Self.asked(
        "Rectangle().rotationEffect(.degrees(angle), anchor: .bottom)",
        "Rotate the hand by `angle` degrees around its bottom point.") == ["anchor:"])
    #expect(
      Self.asked(
        #"ProgressView("Downloading", value: downloadedBytes, total: totalBytes)"#,
        "Show a progress bar for `downloadedBytes` out of `totalBytes`.")
        == ["value:", "total:"])
  }

  @Test("does not read a label as asked for by a word of the example's names or a type passed")
  func notAskedFor() {
    // `total` is a word of `totalBytes`, the example's name, not of the question's prose.
    #expect(
      !Self.asked(
        #"ProgressView("Downloading", value: downloadedBytes, total: 100)"#,
        "Show a progress bar for `totalBytes`."
      ).contains("total:"))
    // `.isDirectory` is more than "the Documents directory" says.
    #expect(
      Self.asked(
        #"let url = URL.documentsDirectory.appending(path: "Exports", directoryHint: .isDirectory)"#,
        "Keep the URL of a folder in the Documents directory.") == [])
    #expect(
      Self.asked(
        "let stream = AsyncStream.makeStream(of: Int.self)",
        "Make a stream of `Int` values.") == [])
    // Numbers of the code the question gives are that code's, not asked for.
    #expect(
      Self.asked(
        "Rectangle().frame(width: 4, height: 80)",
        "Draw `Rectangle().frame(width: 4, height: 80)` as the clock's hand.") == [])
  }

  @Test("does not take an argument the question asks for, left out, as a slip")
  func leftOut() {
    let verdict = judge(
      #"Stepper("Break: \(minutes) min", value: $minutes, in: 5...60)"#, Self.stepper,
      question: Self.stepperQuestion)
    // A defaulted argument left out is otherwise a slip: 4.
    #expect(verdict.grade == 3)
    #expect(verdict.reason == "Missing `step:`, which the question asks for.")
    let unasked = judge(
      #"Stepper("Break: \(minutes) min", value: $minutes, in: 5...60)"#, Self.stepper,
      question: "Add a stepper for `@State var minutes: Int` up to 60.")
    #expect(unasked.missedAsked == nil && unasked.grade ?? 0 > 3)
  }

  @Test("leaves the grade where the attempt uses the named value another way or drops the call")
  func usedOtherwise() {
    let card = #"ProgressView("Downloading", value: downloadedBytes, total: totalBytes)"#
    let question = "Show a progress bar for `downloadedBytes` out of `totalBytes`."
    let divided = judge(
      #"ProgressView("Downloading", value: downloadedBytes / totalBytes)"#, card,
      question: question)
    #expect(divided.missedAsked == nil)
    #expect(!divided.reason.contains("which the question asks for"))
    let left = judge(
      #"ProgressView("Downloading", value: downloadedBytes)"#, card, question: question)
    #expect(left.missedAsked == "total:")
    // The whole call left out is weighed as such, not as its argument.
    let banner = """
      if showsBanner {
          Text("Saved").transition(.move(edge: .bottom))
      }
      .animation(.easeInOut, value: showsBanner)
      """
    let unanimated = judge(
      #"if showsBanner { Text("Saved").transition(.move(edge: .bottom)) }"#, banner,
      question: "Slide the banner in from the bottom whenever `showsBanner` becomes true.")
    #expect(unanimated.missedAsked == nil)
    // Nor is an argument the attempt passes to another call.
    let outline = judge(
      #"List { OutlineGroup(tree, children: \.children) { Text($0.name) } }"#,
      #"List(tree, children: \.children) { Text($0.name) }"#,
      question: "Show `tree` as an outline whose rows open to show their children.")
    #expect(outline.missedAsked == nil)
  }

  @Test("leaves the card's point to its author where the card names what is essential")
  func authorsEssentials() {
    let verdict = AnswerJudge(
      code: Self.stepper, hints: JudgingHints(essential: ["Stepper"]),
      question: Self.stepperQuestion
    ).judge(#"Stepper("Break: \(minutes) min", value: $minutes, in: 5...60)"#)
    #expect(verdict.missedAsked == nil)
    #expect(verdict.grade == 4)
  }

  @Test("does not take a member of the SDK's the question names, written nowhere, as a slip")
  func askedMember() {
    let code = """
      Image(systemName: "cloud.sun.rain.fill")
          .symbolRenderingMode(.hierarchical)
          .foregroundStyle(.orange)
      """
    let question = "Show the `cloud.sun.rain.fill` symbol in hierarchical rendering, tinted orange."
    let verdict = judge(
      "Image(systemName: \"cloud.sun.rain.fill\")\n    .symbolRenderingMode(.hierarchical)", code,
      question: question)
    #expect(verdict.grade == 3)
    #expect(verdict.reason == "Missing `.orange`, which the question asks for.")
    // Written another way, with the member's name.
    #expect(
      judge(
        "Image(systemName: \"cloud.sun.rain.fill\").symbolRenderingMode(.hierarchical).foregroundStyle(Color.orange)",
        code, question: question
      ).grade == 5)
  }

  @Test("does not ask for the author's own cases or a member in a condition")
  func unaskedMembers() {
    let words = QuestionWords(
      "Move focus to the email field; stack them when the width is regular.")
    let focus = ParsedCode(
      "TextField(\"Email\", text: $email).focused($focus, equals: .email)", hints: JudgingHints(),
      vocabulary: .standard, collectsNames: true)
    #expect(words.askedValues(in: focus.nodes) == [])
    let layout = ParsedCode(
      "let layout = sizeClass == .regular ? AnyLayout(HStackLayout()) : AnyLayout(VStackLayout())",
      hints: JudgingHints(), vocabulary: .standard, collectsNames: true)
    #expect(words.askedValues(in: layout.nodes) == [])
  }

  @Test("holds a text the question gives, left out beside the card's other texts, as missed")
  func askedTexts() throws {
    let question =
      "Make a results view say \"Searching…\" while the user searches, and \"All books\" otherwise."
    let card = """
      @Environment(\\.isSearching) private var isSearching
      var body: some View {
          Text(isSearching ? "Searching…" : "All books")
      }
      """
    let halved = judge(
      """
      @Environment(\\.isSearching) private var isSearching
      var body: some View {
          if isSearching { Text("Searching…") }
      }
      """, card, question: question)
    #expect(halved.grade == 3)
    #expect(halved.reason == "Missing `\"All books\"`, which the question asks for.")
    // Another text in its place, or none written at all (the key line alone), is not missed.
    #expect(
      judge(
        card.replacingOccurrences(of: "All books", with: "Every book"), card, question: question
      )
      .grade ?? 0 >= 4)
    #expect(
      judge("@Environment(\\.isSearching) var searching", card, question: question).grade ?? 0
        >= 4)
  }
}

@Suite("Judging attempts: a view the question asks for by name")
struct NamedViewTests {
  static let card = AnswerJudge(
    code: """
      Label {
          Text(user.name)
      } icon: {
          Circle()
              .fill(.blue)
              .frame(width: 24, height: 24)
      }
      """,
    question: "Build a Label whose title is `Text(user.name)` and whose icon is a blue circle.")

  @Test("reads the capitalised names the prose puts after an article as views asked for")
  func namedTypes() {
    let question = QuestionWords(
      "Build a Label whose title is `Text(name)`. Label colours are free; show the Gauge too.")
    #expect(question.namedTypes == ["Label"])
    // "the Form" is one already there; "a VStack" is asked for.
    #expect(
      QuestionWords("Inside the Form, add a Toggle to a VStack.").namedTypes == [
        "Toggle", "VStack",
      ])
  }

  @Test("another view in place of the one the question names is at most 2, and says so")
  func replaced() {
    let judgement = Self.card.judge(
      "HStack {\n    Circle()\n        .fill(.blue)\n        .frame(width: 24, height: 24)\n    Text(user.name)\n}"
    )
    #expect(judgement.grade == 2)
    #expect(judgement.reason == "`HStack` where the question asks for a `Label`.")
  }

  @Test("the named view written, or a fragment of the card's, is judged as before")
  func keptOrFragment() {
    #expect(
      Self.card.judge(
        "Label {\n  Text(user.name)\n} icon: {\n  Circle().fill(.blue).frame(width: 24, height: 24)\n}"
      ).grade == 5)
    let list = AnswerJudge(
      code: "List {\n    ForEach(books) { book in\n        Text(book.title)\n    }\n}",
      question: "Show `books` in a List, one row per book's title.")
    let fragment = list.judge("ForEach(books) { book in\n    Text(book.title)\n}")
    #expect(fragment.reason == "Missing `List`.")
    let stack = AnswerJudge(
      code: "VStack {\n    Text(title)\n    Text(subtitle)\n}",
      question: "Stack `title` over `subtitle` in a VStack.")
    #expect(
      stack.judge("LazyVStack {\n    Text(title)\n    Text(subtitle)\n}").reason
        != "`LazyVStack` where the question asks for a `VStack`.")
    let toggle = AnswerJudge(
      code: "Toggle(\"Wi-Fi\", isOn: $isOn)\n    .toggleStyle(.switch)",
      question: "Show a Toggle for `isOn` drawn as a switch.")
    #expect(toggle.judge(".toggleStyle(.switch)").grade! >= 4)
  }
}

@Suite("Judging attempts: a name the question gives, which the card uses")
struct AskedNamesTests {
  static let card = AnswerJudge(
    code: """
      @Environment(\\.openURL) private var openURL

      Button("Open Help") {
          openURL(helpURL) { accepted in
              if !accepted { showsError = true }
          }
      }
      """,
    question:
      "In a Button \"Open Help\", open `helpURL` (a `URL`) with the open-URL action, and set `showsError` (a `Bool` state) to true when it could not be opened."
  )

  @Test("reads the names the question writes as code that the card uses but does not declare")
  func askedNames() {
    let parsed = ParsedCode(
      "@State private var count = 0\nvar body: some View {\n  Stepper(\"\\(count)\", value: $count)\n    .onChange(of: count) { saved = count }\n}",
      hints: JudgingHints(), vocabulary: .standard)
    let text =
      "Step `count` (an `Int`) in `body`, keep it in `saved`, with `let limit = 10` and `private`."
    let question = QuestionWords(text, codeNames: AnswerJudge.codeNames(in: text))
    #expect(question.askedNames(in: parsed) == ["saved"])
    // A member the question writes (`.center`) is a value, asked for as one.
    let centred = ParsedCode(
      "VStack(alignment: .center) { Text(name) }", hints: JudgingHints(), vocabulary: .standard)
    let text2 = "Centre `name` with `.center`."
    #expect(
      QuestionWords(text2, codeNames: AnswerJudge.codeNames(in: text2)).askedNames(in: centred)
        == ["name"])
  }

  @Test("an attempt that never writes one, nor a name of its own in its place, misses it: 3")
  func leftOut() {
    let judgement = Self.card.judge(
      "@Environment(\\.openURL) private var openURL\n\nButton(\"Open Help\") {\n    openURL(helpURL)\n}"
    )
    #expect(judgement.grade == 3)
    #expect(judgement.reason == "Missing `showsError`, which the question asks for.")
  }

  @Test("the names and texts of a declaration the question gives are its setting, not asked")
  func givenDeclaration() {
    let logger = AnswerJudge(
      code:
        "import OSLog\n\nlet logger = Logger(subsystem: \"com.example.app\", category: \"network\")\nlogger.info(\"Took \\(seconds, format: .fixed(precision: 2)) s\")",
      question:
        "With `let logger = Logger(subsystem: \"com.example.app\", category: \"network\")`, log \"Took N s\" at info level, `seconds` with two decimals."
    )
    let judgement = logger.judge(
      "logger.info(\"Took \\(seconds, format: .fixed(precision: 2)) s\")")
    #expect(judgement.grade == 5, "\(judgement.reason)")
  }

  @Test("a name of the attempt's own may stand for it, as a renaming")
  func standIn() {
    let renamed = Self.card.judge(
      "@Environment(\\.openURL) var open\n\nButton(\"Open Help\") {\n    open(helpURL) { ok in\n        if !ok { failed = true }\n    }\n}"
    )
    #expect(renamed.reason != "Missing `showsError`, which the question asks for.")
    #expect(
      Self.card.judge(
        "@Environment(\\.openURL) var openURL\nButton(\"Open Help\") {\n    openURL(helpURL) { accepted in\n        if !accepted { showsError = true }\n    }\n}"
      ).grade == 5)
  }
}

@Suite("Judging attempts: a number the question gives, which the card writes")
struct AskedNumbersTests {
  static let card = AnswerJudge(
    code: """
      enum Weekday: Int {
          case monday = 1, tuesday, wednesday, thursday, friday
      }

      let wednesdayNumber = Weekday.wednesday.rawValue
      """,
    question:
      "Declare `enum Weekday: Int` with the cases monday through friday, giving only `monday` a raw value of 1, then store wednesday's raw value in `wednesdayNumber`."
  )

  @Test("an attempt that writes no number where the card writes the question's misses it: 3")
  func leftOut() {
    let judgement = Self.card.judge(
      "enum Weekday: Int {\n    case monday, tuesday, wednesday, thursday, friday\n}\nlet wednesdayNumber = Weekday.wednesday.rawValue"
    )
    #expect(judgement.grade == 3)
    #expect(judgement.reason == "Missing `1`, which the question asks for.")
  }

  @Test("a number the card passes as its parameter's default, left out, is not missing")
  func defaultValue() {
    let stepper = AnswerJudge(
      code: "Stepper(\"Cups\", value: $cups, in: 0...10, step: 1)",
      question: "Let `cups` be stepped from 0 to 10 in steps of 1.")
    #expect(stepper.judge("Stepper(\"Cups\", value: $cups, in: 0...10)").grade! >= 4)
  }

  @Test("reads number literals as Swift does")
  func literals() {
    #expect(QuestionWords.number("1_500") == 1500)
    #expect(QuestionWords.number("0x1F") == 31)
    #expect(QuestionWords.number("0b101") == 5)
    #expect(QuestionWords.number("2.5e3") == 2500)
  }

  @Test("a number of the attempt's own may stand for it (`1500` for `25 * 60`)")
  func standIn() {
    let timer = AnswerJudge(
      code: "let end = start.addingTimeInterval(25 * 60)",
      question: "Set `end` to 25 minutes after `start`.")
    // Another number is another finding's (``fixedNumbers``), not a missing one.
    #expect(
      timer.judge("let end = start.addingTimeInterval(1500)").reason
        == "`1500` where the question asks for `25`.")
    #expect(timer.judge("let end = start.addingTimeInterval(25 * 60)").grade == 5)
    let countdown = AnswerJudge(
      code:
        "let start = Date.now\nlet end = start.addingTimeInterval(25 * 60)\n\nText(.currentDate, format: .timer(countingDownIn: start..<end))",
      question: "`start` is now and `end` 25 minutes later: count down between them in a Text.")
    #expect(
      countdown.judge(
        "let start = Date.now\nText(.currentDate, format: .timer(countingDownIn: start..<start.addingTimeInterval(1500)))"
      ).grade == 4)
  }
}
