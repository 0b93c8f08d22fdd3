import CardDeck
import Testing

@testable import AnswerJudging

/// A value built by its type's initialiser, a static member that makes it, or an overload that
/// takes the initialiser's arguments: the index says which spell the same value.
@Suite("Judging attempts: a value built by its initialiser or a static member")
struct FactorySpellingsTests {
  @Test("reads a type's initialiser as the static method that makes one from the same arguments")
  func staticFactories() throws {
    let card =
      "TimelineView(.periodic(from: .now, by: 1)) { context in\n    Text(context.date, style: .time)\n}"
    let built =
      "TimelineView(PeriodicTimelineSchedule(from: .now, by: 1)) { context in\n    Text(context.date, style: .time)\n}"
    #expect(judge(built, card).grade == 5)
    #expect(judge(card, built).grade == 5)
    #expect(
      SDKIndex.shipped.staticFactoryName(of: "PeriodicTimelineSchedule", labels: ["from", "by"])
        == "periodic")
    #expect(
      SDKIndex.shipped.staticFactoryName(of: "PeriodicTimelineSchedule", labels: ["from"]) == nil)
  }

  @Test(
    "reads a static member that makes one of several types as that type's initialiser, defaults left out"
  )
  func madeTypes() throws {
    let index = SDKIndex.shipped
    // `Shape`'s `rect` makes a `Rectangle`, `rect(cornerRadius:style:)` a `RoundedRectangle`.
    #expect(
      index.ambiguousFactoryType(named: "rect", labels: ["cornerRadius"]) == "RoundedRectangle")
    #expect(index.staticFactoryName(of: "RoundedRectangle", labels: ["cornerRadius"]) == nil)
    // `Transition`'s `move(edge:)` makes a `MoveTransition` alone: the member is the spelling.
    #expect(index.staticFactoryName(of: "MoveTransition", labels: ["edge"]) == "move")
    #expect(index.ambiguousFactoryType(named: "move", labels: ["edge"]) == nil)
    let card =
      "HStack { Text(title); Spacer() }\n    .contentShape(.rect(cornerRadius: 16))\n    .onTapGesture { open() }"
    let built = card.replacing(
      ".rect(cornerRadius: 16)", with: "RoundedRectangle(cornerRadius: 16)")
    #expect(judge(built, card).grade == 5)
    #expect(judge(card, built).grade == 5)
    // A plain rectangle is not the rounded one.
    let plain = judge(card.replacing(".rect(cornerRadius: 16)", with: "Rectangle()"), card)
    #expect(try #require(plain.grade) < 5)
    // A modifier alone, the implicit member its only spelling of a type (an adversarial
    // review: the pass did not run without a capitalised name in the code).
    #expect(
      judge(
        ".contentShape(.rect(cornerRadius: 16))",
        ".contentShape(RoundedRectangle(cornerRadius: 16))"
      )
      .grade == 5)
    let transition = "Text(message)\n    .transition(.move(edge: .leading))"
    #expect(
      judge(transition.replacing(".move(edge:", with: "MoveTransition(edge:"), transition).grade
        == 5)
  }

  @Test(
    "reads a value built for an overload that takes its initialiser's arguments as those arguments")
  func forwardedInitialisers() throws {
    let card =
      "Button(\"Save As…\") { saveAs() }\n    .keyboardShortcut(\"s\", modifiers: [.command, .shift])"
    #expect(
      judge(
        card.replacing(
          "(\"s\", modifiers: [.command, .shift])",
          with: "(KeyboardShortcut(\"s\", modifiers: [.command, .shift]))"), card
      )
      .grade == 5)
    let other = judge(
      card.replacing(
        "(\"s\", modifiers: [.command, .shift])",
        with: "(KeyboardShortcut(\"s\", modifiers: [.option]))"), card)
    #expect(try #require(other.grade) < 5)
  }

  @Test("reads `Angle(degrees:)` as `.degrees(_:)` and `Rectangle()` as `.rect`")
  func factories() throws {
    let hand = "Rectangle()\n    .rotationEffect(.degrees(angle), anchor: .bottom)"
    #expect(
      judge("Rectangle()\n    .rotationEffect(Angle(degrees: angle), anchor: .bottom)", hand)
        .grade == 5)
    let radians = judge(
      "Rectangle()\n    .rotationEffect(Angle(radians: angle), anchor: .bottom)", hand)
    #expect(try #require(radians.grade) <= 2)
    let row =
      "HStack { Text(title); Spacer() }\n    .contentShape(Rectangle())\n    .onTapGesture { open() }"
    #expect(
      judge(
        "HStack { Text(title); Spacer() }\n    .contentShape(.rect)\n    .onTapGesture { open() }",
        row
      ).grade == 5)
    // The reason names what the card writes, not the spelling it was read as.
    let rounded = judge(
      "HStack { Text(title); Spacer() }\n    .contentShape(RoundedRectangle(cornerRadius: 8))\n    .onTapGesture { open() }",
      row)
    #expect(rounded.reason == "Missing `Rectangle`.")
  }

  @Test(
    "keeps a view built by another initialiser the same view, and a value without labels as written"
  )
  func factoriesInPlace() {
    let card =
      "LinearGradient(gradient: Gradient(colors: [.blue, .purple]), startPoint: .top, endPoint: .bottom)\n    .ignoresSafeArea()"
    let attempt =
      "LinearGradient(colors: [.blue, .purple], startPoint: .top, endPoint: .bottom)\n    .ignoresSafeArea()"
    #expect(judge(attempt, card).reason != "Missing `LinearGradient`.")
  }
}
