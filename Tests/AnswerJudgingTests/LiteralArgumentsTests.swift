import CardDeck
import Testing

@testable import AnswerJudging

@Suite("Judging attempts: a literal where the parameter's type is none a literal makes")
struct LiteralArgumentsTests {
  @Test("takes a string where every declaration asks for a `Text` as a near miss, the API recalled")
  func stringForText() throws {
    let card = """
      .confirmationDialog(Text("Download queued"), item: $pending) { download in
          Button("Remove", role: .destructive) { queue.remove(download) }
      }
      """
    let string = judge(
      card.replacing("Text(\"Download queued\")", with: "\"Download queued\""), card)
    #expect(string.grade == 3, "\(string.reason)")
    #expect(string.reason == "`Text` is asked for, not a string: `\"Download queued\"`.")
    // Where an overload takes a string (`isPresented:`), or the type is one a literal makes
    // (`KeyEquivalent`), a string is the value.
    let presented =
      ".confirmationDialog(\"Delete?\", isPresented: $asking) { Button(\"Delete\") { } }"
    #expect(
      judge(presented, presented.replacing("\"Delete?\"", with: "Text(\"Delete?\")")).grade == 5)
    let shortcut = "Button(\"Save\") { save() }\n    .keyboardShortcut(\"s\", modifiers: .command)"
    #expect(judge(shortcut, shortcut).grade == 5)
  }

  @Test("takes a number where every declaration asks for a type no number literal makes")
  func numberForAngle() throws {
    let card = "Image(systemName: \"arrow.up\").rotationEffect(.degrees(45))"
    let number = judge("Image(systemName: \"arrow.up\").rotationEffect(45)", card)
    #expect(try #require(number.grade) <= 2)
    #expect(number.reason == "`Angle` is asked for, not a number: `45`.")
    // A type a literal makes (`CGFloat`, `Double`) takes the number.
    let frame = "Text(\"Hi\").padding(12).frame(width: 200).opacity(0.8)"
    #expect(
      judge(frame.replacing("200", with: "180").replacing("0.8", with: "1"), frame).grade == 5)
  }
}
