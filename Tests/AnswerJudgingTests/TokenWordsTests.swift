import CardDeck
import Testing

@testable import AnswerJudging

/// Code with no API is compared word by word; the reason names the first place it differs.
@Suite("Judging attempts: code without API, and where it differs")
struct TokenWordsTests {
  static let keys = """
    enum CodingKeys: String, CodingKey {
        case id
        case displayName = "display_name"
    }
    """

  func words(_ code: String) -> TokenWords {
    TokenWords(ParsedCode(code, hints: JudgingHints(), vocabulary: .standard))
  }

  @Test("names a word replaced, left out or added, as the attempt and the card write them")
  func differences() {
    let card = words(Self.keys)
    #expect(
      card.firstDifference(from: words(Self.keys.replacing("display_name", with: "display_nmae")))
        == "`\"display_nmae\"` where the card has `\"display_name\"`.")
    #expect(
      card.firstDifference(from: words(Self.keys.replacing("String, ", with: "")))
        == "Missing `String`.")
    #expect(
      card.firstDifference(from: words("indirect " + Self.keys))
        == "`indirect` is not in the card's code.")
    // Who may see the declaration is the author's choice, where the card says nothing of it.
    let access = TokenWords(
      ParsedCode("private " + Self.keys, hints: JudgingHints(), vocabulary: .standard),
      skippingAccess: true)
    #expect(card.firstDifference(from: access) == nil)
    #expect(card.firstDifference(from: card) == nil)
  }

  @Test("one of two names both codes declare, written for the other in a use, is no renaming")
  func otherDeclaredName() throws {
    let card = """
      struct Country: Identifiable {
          let code: String
          let name: String
          var id: String { code }
      }
      """
    let other = judge(card.replacing("{ code }", with: "{ name }"), card)
    #expect(other.grade == 2)
    #expect(other.reason == "`name` where the card has `code`.")
    // Declared in another order, or renamed throughout, it is the card's code.
    let reordered = card.replacing(
      "let code: String\n    let name: String", with: "let name: String\n    let code: String")
    #expect(reordered != card)
    #expect(judge(reordered, card).grade == 5)
    #expect(judge(card.replacing("code", with: "isoCode"), card).grade == 5)
    // Operands of a product may be turned round.
    let area = """
      struct Rect {
          var width: Double
          var height: Double
          var area: Double { width * height }
      }
      """
    #expect(judge(area.replacing("width * height", with: "height * width"), area).grade == 5)
  }

  @Test("cuts two long strings to where they differ")
  func longStrings() {
    let card = words("logger.error(\"Sign-in failed for the account you gave; try again\")")
    let other = words("logger.error(\"Sign-in failed for the account you gave; try later\")")
    #expect(
      card.firstDifference(from: other)
        == "`…gave; try later\"` where the card has `…gave; try again\"`.")
    // In an interpolation, the code that differs.
    let privately = words("logger.error(\"Sign-in failed for \\(email, privacy: .private)\")")
    let hidden = words("logger.error(\"Sign-in failed for \\(email, privacy: .hidden)\")")
    #expect(privately.firstDifference(from: hidden) == "`hidden` where the card has `private`.")
  }

  @Test("gives the difference as the reason where the judge compares words")
  func reason() {
    let judgement = judge(Self.keys.replacing("case id\n", with: ""), Self.keys)
    #expect(judgement.reason == "Missing `id`.")
  }

  @Test("takes the card's code with more of the attempt's own between its words for the card's")
  func codeWithMore() {
    let card = """
      extension Version: Comparable {
          static func < (lhs: Version, rhs: Version) -> Bool {
              lhs.major < rhs.major
          }
      }
      """
    let more = card.replacing(
      "        lhs.major", with: "        print(\"comparing\")\n        return lhs.major")
    let judgement = judge(more, card)
    #expect(judgement.grade == 5, "\(judgement.reason)")
    #expect(judgement.reason == "The card's code, with more of your own.")
    // Twice the card's words is another answer that holds it, not the card's with a little more.
    let long = card.replacing(
      "        lhs.major < rhs.major",
      with:
        "        if lhs.major == rhs.major { print(lhs, rhs, lhs.minor, rhs.minor) }\n        return lhs.major < rhs.major && lhs.minor != rhs.minor"
    )
    #expect(judge(long, card).grade != 5)
  }

  @Test("takes a declaration of the attempt's own with its first value as more of its own")
  func ownDeclaration() throws {
    let card = "struct Song: Identifiable {\n    let id = UUID()\n    var title: String\n}"
    let more = card.replacing(
      "    var title: String", with: "    var title: String\n    var artist: String = \"\"")
    #expect(judge(more, card).grade == 5)
    // An assignment of its own, outside a declaration, may change what the card computes.
    let card2 = "var total = 0\nfor price in prices {\n    total += price\n}"
    let changed = judge(
      "var total = 0\nfor price in prices {\n    total += price\n    total = 0\n}", card2)
    #expect(try #require(changed.grade) < 5)
  }

  @Test("compares no imports: the file's setting, which an attempt may leave out or add")
  func imports() {
    #expect(judge("Text(\"Hi\").bold()", "import SwiftUI\nText(\"Hi\").bold()").grade == 5)
    #expect(judge("import SwiftUI\nText(\"Hi\").bold()", "Text(\"Hi\").bold()").grade == 5)
  }

  @Test("takes a method of the attempt's own, whole, as more of its own")
  func ownMethod() throws {
    let card =
      "class Player {\n    var volume = 0.5 {\n        didSet { print(volume - oldValue) }\n    }\n}"
    let more = card.replacing(
      "    }\n}", with: "    }\n\n    func mute() {\n        volume = 0\n    }\n}")
    #expect(judge(more, card).reason == "The card's code, with more of your own.")
    // The same assignment outside a method of its own changes what the card computes.
    let changed = card.replacing(
      "print(volume - oldValue)", with: "print(volume - oldValue); volume = 0")
    #expect(try #require(judge(changed, card).grade) < 5)
  }

  @Test("takes a member the code declares, renamed where it is declared and used, as renamed")
  func ownMember() {
    let card =
      "struct Song: Identifiable {\n    let id = UUID()\n    var title: String\n}\nList(songs) { Text($0.title) }"
    let renamed = card.replacing("title", with: "heading")
    #expect(judge(renamed, card).grade == 5)
    // An SDK member after a dot stays the SDK's.
    #expect(judge("let n = names.count", "let n = names.first").grade != 5)
  }

  @Test("takes a model protocol's requirement renamed for no renaming: the conformance fails")
  func requirementRenamed() {
    let card =
      "struct Country: Identifiable {\n    let code: String\n    let name: String\n    var id: String { code }\n}"
    let verdict = judge(card.replacing("var id", with: "var identifier"), card)
    #expect(verdict.grade == 2)
    #expect(verdict.reason == "Missing `id`, the name its protocol gives it.")
    let point =
      "struct Point: CustomStringConvertible {\n    var x = 0.0\n    var description: String { \"\\(x)\" }\n}"
    #expect(judge(point.replacing("description", with: "text"), point).grade == 2)
    // The author's own names beside it are still the author's.
    #expect(judge(card.replacing("code", with: "isoCode"), card).grade == 5)
    #expect(judge(card.replacing("name", with: "title"), card).grade == 5)
  }

  @Test("takes a conformance and its members written in an extension of the type as the type's")
  func conformanceInExtension() {
    let card =
      "struct Country: Identifiable {\n    let code: String\n    var id: String { code }\n}"
    let split =
      "struct Country {\n    let code: String\n}\n\nextension Country: Identifiable {\n    var id: String { code }\n}"
    #expect(judge(split, card).grade == 5)
    // And the other way round, with a conformance the type already declares one of.
    let hashable =
      "struct Tag: Hashable {\n    let name: String\n}\nextension Tag: Identifiable {\n    var id: String { name }\n}"
    let inline =
      "struct Tag: Hashable, Identifiable {\n    let name: String\n    var id: String { name }\n}"
    #expect(judge(inline, hashable).grade == 5)
    #expect(AnswerJudge.mergingExtensions(of: AnswerJudge(code: hashable).read(hashable)) != nil)
    // The requirement renamed in the extension is still no renaming.
    #expect(judge(split.replacing("var id", with: "var key"), card).grade == 2)
    // An extension with a condition is another declaration: not merged.
    let conditional =
      "struct Box<T> {\n    let value: T\n}\nextension Box: Equatable where T: Equatable {}"
    #expect(
      AnswerJudge.mergingExtensions(of: AnswerJudge(code: conditional).read(conditional)) == nil)
  }

  @Test("merges no extension that could not be written into the type or does not compile")
  func extensionsNotMerged() throws {
    let card =
      "struct Country: Identifiable {\n    let code: String\n    let name: String\n    var id: String { code }\n}"
    // A stored property in an extension does not compile; an access modifier on an extension
    // that declares a conformance neither.
    let stored =
      "struct Country {\n    let code: String\n}\nextension Country: Identifiable {\n    let name: String\n    var id: String { code }\n}"
    #expect(try #require(judge(stored, card).grade) < 4)
    let modified =
      "struct Country {\n    let code: String\n    let name: String\n}\nprivate extension Country: Identifiable {\n    var id: String { code }\n}"
    #expect(try #require(judge(modified, card).grade) < 5)
    // A value built between the type and its extension is no attribute of the extension.
    let between =
      "struct Country {\n    let code: String\n    let name: String\n}\nlet france = Country(code: \"FR\", name: \"France\")\nextension Country: Identifiable {\n    var id: String { code }\n}"
    #expect(
      judge(between, card + "\nlet france = Country(code: \"FR\", name: \"France\")").grade == 5)
    // A generic type's constraints are no conformance clause; extensions in another order.
    let generic =
      "struct Stack<Element: Equatable> {\n    var items: [Element] = []\n}\nextension Stack: CustomStringConvertible {\n    var description: String { \"\\(items)\" }\n}"
    #expect(judge(generic.replacing("description", with: "summary"), generic).grade == 2)
    let money =
      "struct Money {\n    var cents: Int\n}\nextension Money: Equatable {}\nextension Money: CustomStringConvertible {\n    var description: String { \"\\(cents)\" }\n}"
    let turned =
      "struct Money {\n    var cents: Int\n}\nextension Money: CustomStringConvertible {\n    var description: String { \"\\(cents)\" }\n}\nextension Money: Equatable {}"
    #expect(judge(turned, money).grade == 5)
  }

  @Test("takes a name a type that does not conform declares as its own, beside a requirement")
  func requirementScopedToConformingTypes() {
    let card =
      "struct Playlist: Identifiable {\n    let id: Int\n    var entries: [Entry]\n}\nstruct Entry {\n    let id: Int\n    var position: Int\n}"
    #expect(
      judge(card.replacing("var entries: [Entry]", with: "var tracks: [Entry]"), card).grade == 5)
  }

  @Test("reads the names in a string's interpolations: renamed with the code, or another value")
  func interpolatedNames() throws {
    let card =
      "func greet(_ name: String?) {\n    guard let name else { return }\n    print(\"Hello, \\(name)!\")\n}"
    #expect(judge(card.replacing("name", with: "userName"), card).grade == 5)
    #expect(try #require(judge(card.replacing("\\(name)", with: "\\(title)"), card).grade) < 4)
    #expect(
      TokenWords.interpolated("\"a \\(x + f(y)) b\"")?.map { String($0.0) } == [
        "\"a \\(", "x + f(y)", ") b\"",
      ])
    #expect(TokenWords.interpolated("\"plain\"") == nil)
  }
}
