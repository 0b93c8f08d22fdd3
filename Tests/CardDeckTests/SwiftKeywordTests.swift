import Testing

@testable import CardDeck

@Suite("Swift's keywords, each written once")
struct SwiftKeywordTests {
  @Test("the words that start a lesson page's line of code, or declare a type, are reserved words")
  func rolesAreReservedWords() {
    #expect(SwiftKeyword.words(.startsCodeLine).isSubset(of: SwiftKeyword.reserved))
    #expect(SwiftKeyword.typeDeclarations.isSubset(of: SwiftKeyword.reserved))
    // The contextual modifiers are names everywhere else.
    #expect(
      SwiftKeyword.modifiers.subtracting(SwiftKeyword.reserved) == [
        "indirect", "required", "convenience",
      ])
  }

  @Test("a word is found by its bytes exactly when it is a reserved word, or starts a line of code")
  func bytesFindTheWords() {
    let words = SwiftKeyword.reserved.union([
      "Struct", "structs", "le", "", "é", "self\u{301}", "K",
    ])
    for word in words {
      for variant in [String(word), word + "s", String(word.dropLast()), word.uppercased()] {
        Array(variant.utf8).withUnsafeBufferPointer { bytes in
          #expect(
            SwiftKeyword.isReserved(bytes)
              == SwiftKeyword.reserved.contains(Substring(variant)), "\(variant)")
          #expect(
            SwiftKeyword.startsCodeLine(bytes)
              == SwiftKeyword.words(.startsCodeLine).contains(Substring(variant)), "\(variant)")
        }
      }
    }
  }
}
