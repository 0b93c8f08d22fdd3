import Basics
import Testing

@Suite("Spelling")
struct SpellingTests {
  /// The edit distance by its recursive definition, for short words.
  private static func model(_ a: Substring, _ b: Substring) -> Int {
    guard let x = a.first else { return b.count }
    guard let y = b.first else { return a.count }
    if x == y { return model(a.dropFirst(), b.dropFirst()) }
    return 1
      + min(
        model(a.dropFirst(), b), model(a, b.dropFirst()), model(a.dropFirst(), b.dropFirst()))
  }

  @Test("The distance is the fewest insertions, deletions and replacements, as defined")
  func distance() {
    var random = SystemRandomNumberGenerator()
    let letters = Array("abcé")
    for _ in 0..<300 {
      let a = String(
        (0..<Int.random(in: 0...5, using: &random)).map { _ in
          letters.randomElement(using: &random)!
        })
      let b = String(
        (0..<Int.random(in: 0...5, using: &random)).map { _ in
          letters.randomElement(using: &random)!
        })
      #expect(Spelling.distance(a, b) == Self.model(a[...], b[...]), "\(a) \(b)")
    }
  }

  @Test("Suggestions are the closest names, ignoring case, or those the typed text begins")
  func suggestions() {
    let names = ["topic", "topics", "deck", "decks", "stats"]
    #expect(Spelling.suggestions(for: "Topci", among: names) == ["topic", "topics"])
    #expect(Spelling.suggestions(for: "Topik", among: names) == ["topic"])
    #expect(Spelling.suggestions(for: "dek", among: names) == ["deck"])
    #expect(Spelling.suggestions(for: "st", among: names) == ["stats"])
    #expect(Spelling.suggestions(for: "", among: names).isEmpty)
    #expect(Spelling.suggestions(for: "zzzzzz", among: names).isEmpty)
  }
}
