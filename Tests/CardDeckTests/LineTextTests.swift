import Foundation
import Testing

@testable import CardDeck

/// A line read by its bytes, its scalars or its Characters (``LineText``) must answer what its
/// Characters answer, on lines made to trip each reading up.
@Suite("A line's Characters, read by bytes, scalars or Characters")
struct LineTextTests {
  /// ASCII, the needles' pieces, and what changes Characters or equivalence next to them:
  /// combining and prepended marks, a joiner, the Kelvin sign ("K"), a Greek varia ("`"), the
  /// ano teleia ("·"), Latin-1 letters and numbers, a flag.
  private static let pieces = [
    "a", "K", "k", "q", " ", "\t", "-", ":", "·", " · ", "\u{387}", " \u{387} ", "\u{301}",
    "\u{600}", "\u{200D}", "\u{212A}", "\u{1FEF}", "`", "é", "É", "e\u{301}", "ß", "ª", "²", "—",
    "🇫🇷", "Lesson ", " of ", "Syntax · ", "and", "\r", "\r\n",
  ]

  private static func lines(count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(state: seed)
    return (0..<count).map { _ in
      (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
        .joined()
    }
  }

  /// `check` of the line read in each form that fits it: its Characters, and its scalars and
  /// its bytes when they are its Characters.
  private static func eachForm(of text: String, _ check: some FormCheck) {
    var text = text
    check(Substring(text))
    text.withUTF8 { bytes in
      if let line = SimpleLine(bytes) { check(line) }
      if let line = ASCIILine(bytes) { check(line) }
    }
  }

  @Test(
    "a line starts with, ends with, equals and holds a needle where its Characters do",
    arguments: ["Lesson ", " · ", "·", "K", "`", " of ", "Syntax · ", "q"] as [StaticString])
  func needlesMatchCharacters(needle: StaticString) {
    struct Check: FormCheck {
      let needle: StaticString
      let text: String

      func callAsFunction(_ form: some LineText) {
        let line = Substring(text)
        let characters = needle.description
        #expect(form.begins(with: needle) == line.hasPrefix(characters), "\(text.debugDescription)")
        #expect(form.ends(with: needle) == line.hasSuffix(characters), "\(text.debugDescription)")
        #expect(form.equals(needle) == (line == characters), "\(text.debugDescription)")
        #expect(
          form.holds(needle) == (line.firstRange(of: characters) != nil),
          "\(text.debugDescription)")
        #expect(
          form.pieces(separatedBy: needle).map(\.string)
            == line.components(separatedBy: characters), "\(text.debugDescription)")
      }
    }
    for text in Self.lines(count: 2000, seed: 31) {
      Self.eachForm(of: text, Check(needle: needle, text: text))
    }
  }

  @Test("a line is trimmed of spaces and tabs where its Characters are")
  func trimmingMatchesCharacters() {
    struct Check: FormCheck {
      let text: String

      func callAsFunction(_ form: some LineText) {
        let expected = String(Substring(text).trimmingWhitespaceByCharacter())
        #expect(form.trimmed().string == expected, "\(text.debugDescription)")
      }
    }
    for text in Self.lines(count: 3000, seed: 32) {
      Self.eachForm(of: text, Check(text: text))
    }
  }

  @Test("each unit of a line is a letter, a number, a capital or a digit as its Character is")
  func unitsMatchCharacters() {
    struct Check: FormCheck {
      let text: String

      func callAsFunction(_ form: some LineText) {
        let characters = Array(text)
        #expect(form.count == characters.count, "\(text.debugDescription)")
        for (unit, character) in zip(form, characters) {
          #expect(unit.isLetter == character.isLetter, "\(text.debugDescription)")
          #expect(unit.isNumber == character.isNumber, "\(text.debugDescription)")
          #expect(unit.isUppercase == character.isUppercase, "\(text.debugDescription)")
          #expect(unit.isDigit == (character.isASCII && character.isNumber))
        }
      }
    }
    for text in Self.lines(count: 2000, seed: 33) {
      Self.eachForm(of: text, Check(text: text))
    }
  }

  @Test("a line's form is ASCII, simple or other by its bytes")
  func formsAreTold() {
    func form(_ text: String) -> LineForm {
      var text = text
      return text.withUTF8(LineForm.init)
    }
    #expect(form("let x = 1") == .ascii)
    #expect(form("Syntax · Sheets") == .simple)
    #expect(form("a\rb") == .other)
    #expect(form("e\u{301}") == .other)
    #expect(form("—") == .other)
    #expect(form("") == .ascii)
  }
}

/// A check of a line in one of its forms.
private protocol FormCheck {
  func callAsFunction(_ form: some LineText)
}
