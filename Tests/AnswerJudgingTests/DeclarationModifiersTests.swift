import CardDeck
import Testing

@testable import AnswerJudging

/// Modifiers a declaration needs where it stands: `mutating` on a value type's method that
/// changes it, `static` on an operator a type declares, no `mutating` in a class or an actor;
/// and the card's `actor` kept an actor.
@Suite("Judging attempts: a declaration's keywords and modifiers where it stands")
struct DeclarationModifiersTests {
  static let countdown = """
    struct Countdown: Sequence, IteratorProtocol {
        var count: Int
        mutating func next() -> Int? {
            if count == 0 { return nil }
            defer { count -= 1 }
            return count
        }
    }
    """

  @Test("a struct's method the card marks mutating, written without it, is a near miss: 3")
  func missingMutating() {
    let judgement = judge(
      Self.countdown.replacing("mutating func", with: "func"), Self.countdown)
    #expect(judgement.grade == 3)
    #expect(
      judgement.reason == "`next` is not marked `mutating`, as the card's is: it changes the value."
    )
    #expect(judge(Self.countdown, Self.countdown).grade == 5)
  }

  @Test("the same method in a class needs no mutating")
  func classNeedsNone() {
    let attempt = Self.countdown.replacing("struct", with: "final class")
      .replacing("mutating func", with: "func")
    #expect(judge(attempt, Self.countdown).findings.allSatisfy { !$0.message.contains("mutating") })
  }

  static let counter = """
    actor Counter {
        private(set) var value = 0
        func increment() -> Int {
            value += 1
            return value
        }
    }
    """

  @Test("mutating in an actor or a class is a near miss, whatever the card")
  func mutatingInActor() {
    let card = Self.counter
    let judgement = judge(card.replacing("func increment", with: "mutating func increment"), card)
    #expect(judgement.grade == 3)
    #expect(
      judgement.reason == "`mutating` is for a struct's or an enum's methods, not an actor's.")
    let inClass = card.replacing("actor", with: "final class")
      .replacing("func increment", with: "mutating func increment")
    #expect(
      SDKCheck.Code(inClass).misdeclaredFunctions(card: [:]) == [
        "`mutating` is for a struct's or an enum's methods, not a class's"
      ])
  }

  @Test("an operator a type declares without the card's static is a near miss, named as the reason")
  func missingStatic() {
    let card = """
      extension Version: Comparable {
          static func < (lhs: Version, rhs: Version) -> Bool {
              lhs.major < rhs.major || (lhs.major == rhs.major && lhs.minor < rhs.minor)
          }
      }
      """
    let judgement = judge(card.replacing("static func", with: "func"), card)
    #expect(judgement.grade == 3)
    #expect(judgement.reason == "`<` is not marked `static`, as the card's is.")
    // At the top level an operator takes no `static`.
    let global = "func < (lhs: Version, rhs: Version) -> Bool {\n    lhs.major < rhs.major\n}"
    #expect(SDKCheck.Code(global).misdeclaredFunctions(card: ["<": ["static"]]).isEmpty)
  }

  @Test("another kind of type where the card declares an actor is an error, named so")
  func actorKept() {
    let card = Self.counter
    let judgement = judge(card.replacing("actor Counter", with: "final class Counter"), card)
    #expect(judgement.grade == 2)
    #expect(judgement.reason == "`class Counter` where the card declares `actor Counter`.")
    #expect(SDKCheck.Code(card).declaredTypeKinds() == ["Counter": "actor"])
    #expect(
      SDKCheck.Code("final class A {\n    class func make() {}\n}").declaredTypeKinds() == [
        "A": "class"
      ])
  }

  @Test("reads the type keyword whose braces hold a declaration, not a class func's")
  func enclosingTypes() throws {
    let code = SDKCheck.Code(
      "final class A {\n    class func make() {}\n    func b() { let c = 1 }\n}\nfunc top() {}")
    let names = code.functions().map { code.text($0.name) }
    #expect(names == ["make", "b", "top"])
    let types = code.functions().map { code.enclosingType(of: $0.name - 1) }
    #expect(types == ["class", "class", nil])
  }

  @Test("tells a property wrapper written bare where each of its initialisers takes an argument")
  func bareWrappers() throws {
    let code = "@Environment(Library.self) private var library\nText(library.name)"
    let bare = judge("@Environment private var library: Library\nText(library.name)", code)
    #expect(try #require(bare.grade) <= 2)
    #expect(
      bare.reason
        == "`@Environment` is written without the argument each of its initialisers takes.")
    let made = """
      @Query var books: [Book]
      @Binding var isOn: Bool
      @State var picked: Int?
      @Bindable var model: Model
      @FocusState var focused: Bool
      @StateObject var store: Store
      @Namespace var space
      @Tag static var fast: Self
      """
    #expect(SDKCheck.bareWrappers(in: SDKCheck.Code(made), index: .shipped).isEmpty)
    #expect(
      SDKCheck.bareWrappers(in: SDKCheck.Code("@AppStorage var size: Double"), index: .shipped)
        == ["AppStorage"])
  }

  static let user = """
    struct User: Decodable {
        let id: Int
        let displayName: String

        enum CodingKeys: String, CodingKey {
            case id
            case displayName = "display_name"
        }
    }
    """

  @Test("who may see or subclass a declaration is the author's choice, in code compared by tokens")
  func accessModifiers() {
    // A development set's right answer got 3: "`private` is not in the card's code".
    for attempt in [
      Self.user.replacing("    enum CodingKeys", with: "    private enum CodingKeys"),
      Self.user.replacing("struct User", with: "public struct User")
        .replacing("let id", with: "public let id"),
      Self.user.replacing("let displayName", with: "fileprivate let displayName"),
    ] {
      let judgement = judge(attempt, Self.user)
      #expect(judgement.grade == 5, "\(judgement.reason)")
    }
    // Not where the card says who may see it or subclass it (an adversarial review).
    let final = "final class Cache {\n    var items: [String] = []\n}"
    #expect(judge("class Cache {\n    var items: [String] = []\n}", final).grade ?? 5 < 5)
    let card = "private(set) var count = 0"
    #expect(judge("private var count = 0", card).grade ?? 5 < 5)
    // Read only before a declaration: a call of a function so named is the attempt's code.
    let words = TokenWords(
      ParsedCode("internal(x)\nlet y = 1", hints: JudgingHints(), vocabulary: .standard),
      skippingAccess: true)
    #expect(words.words.prefix(4) == ["internal", "(", "x", ")"])
    let modifier = TokenWords(
      ParsedCode("private(set) var x = 1", hints: JudgingHints(), vocabulary: .standard),
      skippingAccess: true)
    #expect(modifier.words == ["var", "x", "=", "1"])
  }
}

@Suite("Judging attempts: a model whose point is an attribute on one of its properties")
struct ConfiguredModelTests {
  static let card = """
    @Model
    final class Recipe {
        @Attribute(.spotlight) var title: String
        init(title: String) { self.title = title }
    }
    """
  static let question = "Make a SwiftData `Recipe`'s title appear in Spotlight searches."

  @Test("weighs the attribute the card configures a property with, where nothing else weighs")
  func configuredAttribute() throws {
    #expect(
      judge(
        "@Model\nclass Recipe {\n    @Attribute(.spotlight)\n    var title: String\n    init(title: String) { self.title = title }\n}",
        Self.card, question: Self.question
      ).grade == 5)
    let bare = judge(
      "@Model\nfinal class Recipe {\n    var title: String\n    init(title: String) { self.title = title }\n}",
      Self.card, question: Self.question)
    #expect(try #require(bare.grade) <= 3)
    #expect(bare.reason == "Missing `@Attribute`.")
    let other = judge(
      Self.card.replacingOccurrences(of: ".spotlight", with: ".unique"), Self.card,
      question: Self.question)
    #expect(try #require(other.grade) <= 2)
    #expect(other.reason == "`.unique` where the card has `.spotlight`.")
  }

  @Test("leaves an attribute the question does not ask about the example model's")
  func unaskedAttribute() {
    let card = """
      @Model
      final class Note {
          @Attribute(.unique) var id: UUID
          var text: String
          init(text: String) { id = UUID(); self.text = text }
      }
      """
    let attempt = """
      @Model
      final class Note {
          var text: String
          init(text: String) { self.text = text }
      }
      """
    let question = "Declare a SwiftData model `Note` that keeps its text."
    #expect(judge(attempt, card, question: question).grade == 5)
    #expect(
      judge(attempt, card, question: "Declare a SwiftData model `Note` whose `id` is unique.")
        .grade ?? 5 <= 3)
  }
}
