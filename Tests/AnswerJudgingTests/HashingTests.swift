import CardDeck
import Testing

@testable import AnswerJudging

@Suite("Judging attempts: a `hash(into:)` that agrees with `==`")
struct HashingTests {
  static let card = """
    extension Contact: Hashable {
        static func == (lhs: Contact, rhs: Contact) -> Bool {
            lhs.id == rhs.id
        }
        func hash(into hasher: inout Hasher) {
            hasher.combine(id)
        }
    }
    """

  @Test("hashing a property `==` does not compare breaks Hashable, and the reason says so")
  func extraProperty() {
    let attempt = Self.card.replacingOccurrences(
      of: "hasher.combine(id)", with: "hasher.combine(id)\n        hasher.combine(name)")
    let judgement = judge(attempt, Self.card)
    #expect(judgement.grade! <= 2)
    #expect(judgement.reason.contains("`hash(into:)` combines `name`, which `==` does not compare"))
  }

  @Test(
    "hashing fewer properties than `==` compares, or the same through `self` or `hash(into:)`, is right"
  )
  func agreeing() {
    let check = SDKCheck(card: Self.card)
    let both = """
      static func == (a: Contact, b: Contact) -> Bool { a.id == b.id && a.name == b.name }
      func hash(into hasher: inout Hasher) { hasher.combine(self.id) }
      """
    #expect(check.problems(in: both).isEmpty)
    let forwarded = """
      static func == (lhs: Contact, rhs: Contact) -> Bool { lhs.id == rhs.id }
      func hash(into hasher: inout Hasher) { id.hash(into: &hasher) }
      """
    #expect(check.problems(in: forwarded).isEmpty)
    let through = forwarded.replacingOccurrences(of: "id.hash", with: "name.hash")
    #expect(check.problems(in: through).count == 1)
  }
}
