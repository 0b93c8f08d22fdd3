import Testing

@testable import QuizApp

@Suite("Aligned tables")
struct AlignedTableTests {
  @Test("ends no line with spaces, keeps a last cell's own letters, and pads the columns before it")
  func trailingSpaces() {
    var table = AlignedTable(columns: [.init(title: "Id"), .init(title: "Topic")])
    table.rows = [["crème-brûlée", "Desserts"], ["a", "é"], ["long-identifier", ""]]
    let lines = table.lines(style: Style(usesColor: false), width: nil)
    #expect(
      lines == [
        "Id               Topic", "crème-brûlée     Desserts", "a                é",
        "long-identifier",
      ])
  }
}
