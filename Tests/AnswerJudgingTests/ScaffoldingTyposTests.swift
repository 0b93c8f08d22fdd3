import Testing

@testable import AnswerJudging

@Suite("Judging attempts: the card's API names misspelt where the comparison reads past them")
struct ScaffoldingTyposTests {
  static let stack = """
    @State private var showsDetails = false
    NavigationStack {
        List(books) { book in Text(book.title) }
            .navigationTitle("Books")
            .sheet(isPresented: $showsDetails) { DetailView() }
    }
    """

  @Test("grades a misspelt attribute, modifier, container or label 3, naming the typo")
  func misspeltScaffolding() {
    let right = Self.stack
    #expect(judge(right, Self.stack).grade == 5)
    let cases = [("@State", "@Satte"), (".navigationTitle", ".navigaitonTitle")]
    for (name, typo) in cases {
      let judgement = judge(right.replacingOccurrences(of: name, with: typo), Self.stack)
      #expect(judgement.grade == 3, "\(typo): \(judgement.reason)")
      #expect(
        judgement.reason == "`\(typo)` looks like a typo for `\(name)`.", "\(judgement.reason)")
    }
    let row = """
      ScrollView(.horizontal) {
          HStack { ForEach(photos) { photo in PhotoThumb(photo: photo) } }
      }
      .scrollIndicators(.hidden)
      """
    let stack = judge(row.replacingOccurrences(of: "HStack", with: "HStakc"), row)
    #expect(stack.grade == 3, "\(stack.reason)")
    #expect(stack.reason == "`HStakc` looks like a typo for `HStack`.")
    // Said among the findings and marked on the card's code, as the comparison's typos are.
    #expect(stack.marks.values.contains(.typo("HStakc")))
    #expect(stack.findings.contains { $0.message == "`HStakc` looks like a typo for `HStack`" })
    let label = """
      Button("Delete", systemImage: "trash") { delete() }
          .confirmationDialog("Delete?", isPresented: $asks) { Button("Delete") { delete() } }
      """
    let typed = label.replacingOccurrences(of: "systemImage:", with: "systmeImage:")
    #expect(judge(typed, label).reason == "`systmeImage:` looks like a typo for `systemImage:`.")
  }

  @Test("grades a misspelt keyword of the card's 3, but not a name the card or question uses")
  func misspeltKeyword() {
    let code = """
      func firstWhole(_ value: Double) -> Int? {
          guard let whole = Int(exactly: value) else { return nil }
          return whole
      }
      """
    for (keyword, typo) in [("guard", "gaurd"), ("return whole", "reutrn whole")] {
      let judgement = judge(code.replacingOccurrences(of: keyword, with: typo), code)
      #expect(judgement.grade == 3, "\(typo): \(judgement.reason)")
    }
    #expect(
      judge(code.replacingOccurrences(of: "guard", with: "gaurd"), code).reason
        == "`gaurd` looks like a typo for `guard`.")
    // `shelf`, a name the question gives, is no misspelt `self`.
    let shelf = "Button(\"Add\") { self.books.append(shelf) }"
    #expect(
      judge(shelf, shelf, question: "Append `shelf` to `books`.").grade == 5,
      "\(judge(shelf, shelf, question: "Append `shelf` to `books`.").reason)")
  }

  @Test("takes the attempt's own names, other capitals and other words for no typo")
  func ownNames() {
    // The card's own names and modules are no typos of its API, nor is a word where no
    // keyword stands (an adversarial review's cases).
    let stats = "@State private var stats = Stats()\nText(\"\\(stats.count)\")"
    #expect(judge(stats, stats, question: "Keep `Stats` in a state property.").grade == 5)
    let chart =
      "import Charts\nChart(sales) { BarMark(x: .value(\"Day\", $0.day), y: .value(\"Units\", $0.units)) }"
    #expect(judge(chart, chart).grade == 5, "\(judge(chart, chart).reason)")
    // A plural read from is the app's own namespace.
    let image = "Image(systemName: \"star\")"
    #expect(judge("Image(Images.logo)", image).reason != "`Images` looks like a typo for `Image`.")
    let returns = "func total() -> Double {\n    return average(portfolio.returns)\n}"
    #expect(
      judge(returns, "func total() -> Double {\n    return average(portfolio.gains)\n}").reason
        != "`returns` looks like a typo for `return`.")
    // A type the attempt declares is its own, however near an SDK name.
    let own = "struct NavigaitonStack: View { var body: some View { Text(\"x\") } }\n" + Self.stack
    #expect(judge(own, Self.stack).grade == 5, "\(judge(own, Self.stack).reason)")
    let stream = """
      let stream = AsyncStream<Int> { continuation in
          continuation.yield(1)
          continuation.finish()
      }
      """
    // Another word beside the card's (`onFinish` for `finish`) is the attempt's own callback.
    let callback = stream.replacingOccurrences(
      of: "continuation.finish()", with: "continuation.finish()\n    onFinish()")
    #expect(judge(callback, stream).grade == 5, "\(judge(callback, stream).reason)")
  }

  @Test("takes what replaces the card's deprecated API for the card's")
  func replacementOfDeprecated() throws {
    let code = "Color.blue\n    .edgesIgnoringSafeArea(.all)"
    let modern = judge("Color.blue\n    .ignoresSafeArea()", code)
    #expect(try #require(modern.grade) >= 3, "\(modern.reason)")
    #expect(modern.reason == "Missing `.all`.")
  }

  @Test("calls a slip of the fingers a letter off, or two for a long name, the first kept")
  func slipOfTheFingers() {
    #expect(AnswerJudge.isSlipOfTheFingers("Satte", for: "State"))
    #expect(AnswerJudge.isSlipOfTheFingers("NavigaitonStack", for: "NavigationStack"))
    #expect(AnswerJudge.isSlipOfTheFingers("systmeImage", for: "systemImage"))
    #expect(AnswerJudge.isSlipOfTheFingers("Vstack", for: "VStack"))
    #expect(!AnswerJudge.isSlipOfTheFingers("Library", for: "library"))
    #expect(!AnswerJudge.isSlipOfTheFingers("onFinish", for: "finish"))
    #expect(!AnswerJudge.isSlipOfTheFingers("Tsate", for: "State"))
    // A letter changed in a short name is another name: the app's own.
    #expect(!AnswerJudge.isSlipOfTheFingers("Stats", for: "State"))
    #expect(!AnswerJudge.isSlipOfTheFingers("tree", for: "true"))
    #expect(AnswerJudge.isSlipOfTheFingers("NavigationStsck", for: "NavigationStack"))
    // Two letters off in a short name is another name.
    #expect(!AnswerJudge.isSlipOfTheFingers("Stoke", for: "State"))
    // Another ending is another word.
    #expect(!AnswerJudge.isSlipOfTheFingers("selected", for: "selection"))
  }
}
