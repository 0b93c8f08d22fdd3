import CardDeck
import Testing

@testable import AnswerJudging

@Suite("Judging attempts: a gesture, a stroke or a path written another way")
struct GestureSpellingsTests {
  @Test("reads a tap or long press attached with `gesture` and `onEnded` as its modifier")
  func byHand() {
    let tap = "Text(\"Play\").onTapGesture(count: 2) { play() }"
    #expect(
      judge("Text(\"Play\").gesture(TapGesture(count: 2).onEnded { play() })", tap).grade == 5)
    #expect(
      judge(tap, "Text(\"Play\").gesture(TapGesture(count: 2).onEnded { play() })").grade == 5)
    let press = "Image(\"cover\").onLongPressGesture(minimumDuration: 1) { pin() }"
    #expect(
      judge(
        "Image(\"cover\").gesture(LongPressGesture(minimumDuration: 1).onEnded { _ in pin() })",
        press
      ).grade == 5)
    // Another gesture is not the modifier's.
    #expect(
      judge("Text(\"Play\").gesture(DragGesture().onEnded { _ in play() })", tap).grade! <= 2)
  }

  @Test("reads a style protocol a type conforms to as the protocol, not a style's value")
  func styleProtocol() {
    let code = """
      struct DoubleTap: PrimitiveButtonStyle {
          func makeBody(configuration: Configuration) -> some View {
              configuration.label.onTapGesture(count: 2) { configuration.trigger() }
          }
      }
      """
    let parsed = ParsedCode(code, hints: .init(), vocabulary: .standard)
    #expect(parsed.nodes[0].clause.map(\.name) == ["PrimitiveButtonStyle"])
    // Its parameter's own name is the author's.
    let renamed = code.replacing(
      "configuration: Configuration", with: "configuration config: Configuration"
    )
    .replacing("configuration.", with: "config.")
    #expect(judge(renamed, code).grade == 5)
  }

  @Test("reads a stroke style with a line width alone as the width, and nothing more")
  func strokeStyle() {
    let card = "Circle().stroke(.blue, lineWidth: 3)"
    #expect(judge("Circle().stroke(.blue, style: StrokeStyle(lineWidth: 3))", card).grade == 5)
    #expect(
      judge("Circle().stroke(.blue, style: StrokeStyle(lineWidth: 3, dash: [4]))", card).grade! < 5)
  }

  @Test("reads a path built in its initialiser's closure as the path built line by line")
  func pathBuilder() {
    let card = """
      var line = Path()
      line.move(to: .zero)
      line.addLine(to: CGPoint(x: 10, y: 10))
      context.stroke(line, with: .color(.blue), lineWidth: 3)
      """
    let built = """
      let diagonal = Path { path in
          path.move(to: .zero)
          path.addLine(to: CGPoint(x: 10, y: 10))
      }
      context.stroke(diagonal, with: .color(.blue), lineWidth: 3)
      """
    #expect(judge(built, card).grade == 5)
    #expect(judge(card, built).grade == 5)
  }
}
