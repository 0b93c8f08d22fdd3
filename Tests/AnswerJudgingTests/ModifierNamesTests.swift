import Testing

@testable import AnswerJudging

@Suite("Judging attempts: a modifier named as a part or a variant of the card's")
struct ModifierNamesTests {
  static let carousel = """
    ScrollView(.horizontal) {
        LazyHStack(spacing: 0) {
            ForEach(photos) { photo in
                PhotoCard(photo: photo)
                    .containerRelativeFrame(.horizontal)
            }
        }
    }
    .scrollTargetBehavior(.paging)
    """

  @Test("reads a modifier named by a part of the card's name as another API in its place")
  func generalForSpecific() {
    // A blind set's attempt: "Missing `.containerRelativeFrame`", 3, as if left out.
    let attempt = Self.carousel.replacingOccurrences(
      of: ".containerRelativeFrame(.horizontal)", with: ".frame(maxWidth: .infinity)")
    let judgement = judge(attempt, Self.carousel)
    #expect(judgement.grade == 2, "\(judgement.reason)")
    #expect(judgement.reason == "`.frame` where the card has `.containerRelativeFrame`.")
    // Left out, it is missing, as before.
    let without = Self.carousel.replacingOccurrences(
      of: "\n                .containerRelativeFrame(.horizontal)", with: "")
    #expect(judge(without, Self.carousel).reason == "Missing `.containerRelativeFrame`.")
  }

  @Test("reads an SDK modifier named as a variant of the card's as a near miss, 3, said so")
  func variant() {
    let card = "Circle()\n    .offset(offset)\n    .gesture(drag)"
    let judgement = judge(
      card.replacingOccurrences(of: ".gesture", with: ".simultaneousGesture"), card)
    #expect(judgement.grade == 3, "\(judgement.reason)")
    #expect(judgement.reason == "`.simultaneousGesture`, a variant of the card's `.gesture`.")
    let hover = "Text(title)\n    .onHover { isHovered = $0 }"
    let continuous = judge(
      "Text(title)\n    .onContinuousHover { phase in isHovered = phase != .ended }", hover)
    #expect(continuous.grade == 3, "\(continuous.reason)")
    // Another modifier that shares a word is another API: `on` is a word of `.onHover`.
    let effect = judge("Text(title)\n    .hoverEffect(.highlight)", hover)
    #expect((effect.grade ?? 5) <= 2, "\(effect.reason)")
    // A variant nothing declares is made up.
    let madeUp = judge(
      card.replacingOccurrences(of: ".gesture", with: ".gestureSimultaneous"), card)
    #expect(madeUp.grade != 3, "\(madeUp.reason)")
  }

  @Test("splits a name into its words, numbers and acronyms apart, short words kept")
  func nameWords() {
    #expect(Matching.nameWords("rotation3DEffect") == ["rotation", "3", "d", "effect"])
    #expect(Matching.nameWords("onContinuousHover") == ["on", "continuous", "hover"])
    #expect(Matching.nameWords("URLSession") == ["url", "session"])
    #expect(Matching.nameWords("onOpenURL") == ["on", "open", "url"])
  }
}
