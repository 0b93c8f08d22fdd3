import Testing

@testable import AnswerJudging

/// A container given its data, and the same container holding a `ForEach` over it.
@Suite("Judging attempts: a container given its data or holding a ForEach")
struct DataContainersTests {
  static let chart = """
    Chart(sales) { sale in
        BarMark(x: .value("Month", sale.month), y: .value("Units", sale.units))
    }
    """

  @Test("reads a ForEach that is all a container holds as the data the card gives it")
  func forEachAsData() {
    let attempt = """
      Chart {
          ForEach(sales) { s in
              BarMark(x: .value("Month", s.month), y: .value("Units", s.units))
          }
      }
      """
    let judgement = judge(attempt, Self.chart)
    #expect(judgement.grade == 5, "\(judgement.reason)")
  }

  @Test("reads a container given its data as holding the card's ForEach, with the ForEach's `id:`")
  func dataAsForEach() throws {
    let card = """
      List(selection: $chosen) {
          ForEach(tags, id: \\.self) { tag in
              Text(tag)
          }
      }
      """
    let given = "List(tags, id: \\.self, selection: $picked) { name in\n    Text(name)\n}"
    let judgement = judge(given, card)
    #expect(judgement.grade == 5, "\(judgement.reason)")
    let otherKey = judge(given.replacingOccurrences(of: "\\.self", with: "\\.count"), card)
    #expect(try #require(otherKey.grade) <= 2)
    #expect(otherKey.reason == "`\\.count` where the card has `\\.self`.")
  }

  @Test("keeps the container's own arguments beside the data the ForEach gives it")
  func containerArguments() throws {
    let card = """
      List(planets, id: \\.self, selection: $chosen) { planet in
          Text(planet)
      }
      .navigationTitle("Planets")
      """
    let attempt = """
      List(selection: $picked) {
          ForEach(planets, id: \\.self) { name in Text(name) }
      }
      .navigationTitle("Planets")
      """
    let judgement = judge(attempt, card)
    #expect(judgement.grade == 5, "\(judgement.reason)")
    // Edit actions go with the data, on the container or on its `ForEach`.
    let editable = "List($items, editActions: .delete) { $item in Text(item.name) }"
    #expect(
      judge("List { ForEach($items, editActions: .delete) { $item in Text(item.name) } }", editable)
        .grade == 5)
    // Not a `ForEach` given the container's label: it has no `children:`.
    let tree = "List(files, children: \\.children) { item in Text(item.name) }"
    let forEach = "List { ForEach(files, children: \\.children) { item in Text(item.name) } }"
    #expect(try #require(judge(forEach, tree).grade) <= 2)
  }

  @Test("moves a modifier of the ForEach onto the rows it makes, as SwiftUI applies it")
  func modifierOnRows() {
    let card = """
      Chart(sales) { sale in
          BarMark(x: .value("Month", sale.month), y: .value("Units", sale.units))
              .foregroundStyle(.teal)
      }
      """
    let attempt = """
      Chart {
          ForEach(sales) { s in
              BarMark(x: .value("Month", s.month), y: .value("Units", s.units))
          }
          .foregroundStyle(.teal)
      }
      """
    let judgement = judge(attempt, card)
    #expect(judgement.grade == 5, "\(judgement.reason)")
  }

  @Test("still compares the rows the ForEach builds with the card's")
  func rowsCompared() throws {
    let attempt = """
      Chart {
          ForEach(sales) { s in
              PointMark(x: .value("Month", s.month), y: .value("Units", s.units))
          }
      }
      """
    let judgement = judge(attempt, Self.chart)
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.reason == "`PointMark` where the card has `BarMark`.")
  }

  @Test("keeps a ForEach with a modifier of its own, which the container's data form has not")
  func forEachWithModifier() throws {
    let card = """
      List {
          ForEach(items) { item in Text(item.name).listRowSeparator(.hidden) }
              .onDelete { items.remove(atOffsets: $0) }
      }
      """
    let attempt = "List(items) { item in Text(item.name).listRowSeparator(.hidden) }"
    let judgement = judge(attempt, card)
    #expect(try #require(judgement.grade) < 5)
    #expect(judgement.reason.contains("onDelete"), "\(judgement.reason)")
  }

  @Test("reads a deprecated container's children as its replacement's columns, one error")
  func deprecatedColumns() throws {
    let card = """
      NavigationSplitView {
          List(genres, id: \\.self, selection: $genre) { Text($0) }
      } content: {
          BookList(genre: genre, selection: $book)
      } detail: {
          Text(book ?? "Pick a book")
      }
      """
    let columns = """
      NavigationView {
          List(genres, id: \\.self, selection: $genre) { Text($0) }
          BookList(genre: genre, selection: $book)
          Text(book ?? "Pick a book")
      }
      """
    let judgement = judge(columns, card)
    #expect(judgement.grade == 2, "\(judgement.reason)")
    #expect(judgement.findings.count == 1)
    #expect(judgement.reason.hasPrefix("`NavigationView` is deprecated"))
    // A column is a view with its modifiers (an adversarial review: `.navigationTitle` on the
    // sidebar was counted as a column).
    let titled = judge(
      columns.replacing(
        "{ Text($0) }\n", with: "{ Text($0) }\n    .navigationTitle(\"Genres\")\n"), card)
    #expect(titled.grade == 2, "\(titled.reason)")
    // Two children for three columns are no columns: the detail is missing too.
    let two = judge(columns.replacing("    Text(book ?? \"Pick a book\")\n", with: ""), card)
    #expect(try #require(two.grade) <= 1)
  }
}
