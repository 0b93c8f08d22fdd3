import CardDeck
import Testing

@testable import AnswerJudging

@Suite("Judging hints, as the judge weighs them")
struct JudgingHintsJudgedTests {
  @Test(
    "costs nothing for an optional: part left out, and counts it wrong when another name stands there"
  )
  func optionalPart() {
    let code = """
      NavigationSplitView(columnVisibility: $columns) {
          ShelfList()
      } detail: {
          ReaderView().toolbar { Button("Focus") { columns = .detailOnly } }
      }
      """
    let judge = AnswerJudge(code: code, hints: JudgingHints(optional: ["detailOnly"]))
    let frame = "NavigationSplitView(columnVisibility: $c) { A() } detail: { B()"
    #expect(judge.judge(frame + " }").grade == 5)
    #expect(judge.judge(frame + ".toolbar { Button(\"Focus\") { c = .detailOnly } } }").grade == 5)
    let wrong = judge.judge(frame + ".toolbar { Button(\"Focus\") { c = .doubleColumn } } }")
    #expect(wrong.grade == 2)
    #expect(wrong.reason == "`.doubleColumn` where the card has `.detailOnly`.")
    #expect(
      judge.judge(frame + ".toolbar { Button(\"Focus\") { c = .detailsOnly } } }").grade == 3)
    let unmarked = AnswerJudge(code: code)
    #expect(unmarked.judge(frame + " }").grade ?? 5 < 5)
  }
}
