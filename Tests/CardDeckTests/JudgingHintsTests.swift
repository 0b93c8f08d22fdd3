import Testing

@testable import CardDeck

@Suite("Judging hints in decks")
struct JudgingHintsTests {
  static let deck = """
    # Search

    ## Syntax · Search · searchable
    essential: .searchable, @State
    context: NavigationStack, prompt:
    optional: List
    also: List(items) { Text($0) }.searchable(text: $query)
    also: .searchable(text: $query, placement: .automatic)

    Put a search field over a list.

    ---

    ```swift
    @State private var query = ""

    NavigationStack {
        List(items) { Text($0) }
            .searchable(text: $query, prompt: "Find")
    }
    ```

    The binding holds what is typed.
    """

  @Test("reads essential:, context:, optional: and every also: line below a syntax card's heading")
  func settings() throws {
    let (deck, diagnostics) = parseDeck(Self.deck, name: "search")
    #expect(diagnostics.isEmpty)
    guard case .syntax(let card) = try #require(deck.cards.first).content else {
      Issue.record("not a syntax card")
      return
    }
    #expect(card.hints.essential == ["searchable", "State"])
    #expect(card.hints.context == ["NavigationStack", "prompt:"])
    #expect(card.hints.optional == ["List"])
    #expect(
      card.hints.alternatives == [
        "List(items) { Text($0) }.searchable(text: $query)",
        ".searchable(text: $query, placement: .automatic)",
      ])
    #expect(card.code.text.hasPrefix("@State private var query"))
  }

  @Test("writes the hints back, so that reading the deck again gives the same card")
  func roundTrip() throws {
    let deck = parseDeck(Self.deck, name: "search").deck
    let reread = parseDeck(NativeDeckWriter().write(deck), name: "search")
    #expect(reread.diagnostics.isEmpty)
    #expect(reread.deck.cards.map(\.withoutLocation) == deck.cards.map(\.withoutLocation))
  }

  @Test(
    "warns, with the line, about a name the code does not have and about hints off syntax cards")
  func warnings() {
    let text = """
      # D

      ## Syntax · A · a
      essential: sheetDetents, item:
      optional: medium

      Q

      ---

      ```swift
      .sheet(item: $x) { Text($0.name) }
      ```

      ## Trick · A · b
      context: sheet

      Q?

      ---

      A.
      """
    let diagnostics = parseDeck(text, name: "d").diagnostics.map(\.description)
    #expect(
      diagnostics == [
        "d.md:4: warning: 'essential:' names 'sheetDetents', which is not in the card's code",
        "d.md:5: warning: 'optional:' names 'medium', which is not in the card's code",
        "d.md:16: warning: 'context:' only applies to syntax cards, whose attempts are compared with code",
      ])
  }

  @Test("warns of a context: name missing from the code when the card names nothing essential")
  func contextOnlyWarning() {
    let text = """
      # D

      ## Syntax · A · a
      context: sheet, presentationDetents

      Q

      ---

      ```swift
      .sheet(item: $x) { Text($0.name) }
      ```
      """
    let diagnostics = parseDeck(text, name: "d").diagnostics.map(\.description)
    #expect(
      diagnostics == [
        "d.md:4: warning: 'context:' names 'presentationDetents', which is not in the card's code"
      ])
  }

  @Test(
    "takes names with or without their dot, at, backslash or brackets",
    arguments: [
      (".sheet", "sheet"), ("@State", "State"), ("\\.dismiss", "dismiss"), ("dismiss()", "dismiss"),
      ("item:", "item:"),
    ])
  func normalized(written: String, name: String) {
    #expect(JudgingHints.normalized(written) == name)
  }
}
