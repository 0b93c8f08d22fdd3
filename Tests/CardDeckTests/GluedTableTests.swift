import Testing

@testable import CardDeck

@Suite("Tables whose cells a lesson page glued together")
struct GluedTableTests {
  let words = GluedTable.standaloneWords(of: [
    "An iPhone held upright is compact wide and regular tall.",
    "Held sideways it is compact both ways; an iPad is regular in both.",
    // The page holds the glued rows themselves.
    "iPhone 17, sidewayscompactcompact",
  ])

  @Test("cuts each row's cells off its end and keeps the rest as the row's label")
  func splitsRows() throws {
    let rows = [
      ["HorizontalVertical"], ["iPhone 17, uprightcompactregular"],
      ["iPhone 17, sidewayscompactcompact"], ["iPad Air 11-inch, uprightregularregular"],
    ]
    let split = try #require(GluedTable.split(rows) { words })
    #expect(
      split == [
        ["", "Horizontal", "Vertical"], ["iPhone 17, upright", "compact", "regular"],
        ["iPhone 17, sideways", "compact", "compact"],
        ["iPad Air 11-inch, upright", "regular", "regular"],
      ])
  }

  @Test("takes the rest of a row as its first cell when a header word names every column")
  func splitsRowsWithoutLabels() throws {
    let words = GluedTable.standaloneWords(of: ["It printed once, then twice."])
    let rows = [["RunPrinted"], ["firstonce"], ["secondtwice"]]
    let split = try #require(GluedTable.split(rows) { words })
    #expect(split == [["Run", "Printed"], ["first", "once"], ["second", "twice"]])
  }

  @Test(
    "leaves alone a table that is not glued",
    arguments: [
      [["Modifier"], ["sheet"], ["popover"]],
      [["HorizontalVertical"], ["iPhone 17, upright"]],
      [["HorizontalVertical"], ["compact"]],
      [["Horizontal Vertical"], ["iPhone compactregular"]],
      [["HorizontalVertical", "x"], ["iPhone compactregular", "y"]],
    ])
  func leavesOthersAlone(rows: [[String]]) {
    #expect(GluedTable.split(rows) { words } == nil)
  }

  @Test("a glued header is split by bytes as a Character at a time splits it", arguments: 0..<400)
  func headerCellsAgreeWithCharacters(seed: Int) {
    var generator = SplitMix64(state: UInt64(seed))
    func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    let pieces = [
      "Horizontal", "Vertical", "run", "Printed", "A", "z", "é", "É", " ", "1", "\u{301}", "Ω", "-",
      "\r", "K", "\u{212A}",
    ]
    let header = (0..<next(5)).map { _ in pieces[next(pieces.count)] }.joined()
    // The rule a Character at a time: letters only, a capital first, a cell from each capital.
    var model: [String] = []
    if !header.isEmpty, header.allSatisfy(\.isLetter), header.first?.isUppercase == true {
      for character in header {
        if character.isUppercase || model.isEmpty {
          model.append(String(character))
        } else {
          model[model.count - 1].append(character)
        }
      }
    }
    #expect(GluedTable.headerCells(header) == model, "\(header.debugDescription)")
  }
}
