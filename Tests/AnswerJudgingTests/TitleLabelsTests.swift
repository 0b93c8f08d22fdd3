import CardDeck
import Testing

@testable import AnswerJudging

@Suite("Judging attempts: a title given as a string or as a view")
struct TitleLabelsTests {
  static let card = """
    NavigationStack {
        List(books) { book in
            NavigationLink(book.title, value: book)
        }
        .navigationDestination(for: Book.self) { book in
            BookDetail(book: book)
        }
    }
    """

  @Test("takes a label closure holding a view of the attempt's own for the title it stands for")
  func ownLabelView() {
    // A trial's right answer, its own row view as the link's label, got 3: "No argument".
    let row = AnswerJudge(code: Self.card).judge(
      "NavigationStack {\n    List(books) { book in\n        NavigationLink(value: book) {\n            BookRow(book: book)\n        }\n    }\n    .navigationDestination(for: Book.self) { book in\n        BookDetail(book: book)\n    }\n}"
    )
    #expect(row.grade == 5, "\(row.reason)")
    // Content is no label: a picker without the card's title leaves the title out.
    let picker = AnswerJudge(
      code: "Picker(title, selection: $flavor) {\n    ForEach(flavors, id: \\.self) { Text($0) }\n}"
    ).judge("Picker(selection: $flavor) {\n    ForEach(flavors, id: \\.self) { Text($0) }\n}")
    #expect(picker.grade ?? 5 < 5, "\(picker.reason)")
  }

  @Test("takes a label closure holding only Text(title) for the title overload the SDK declares")
  func labelClosure() {
    // A user's trial: the documented `init(value:label:)` got 3, "No condition".
    let attempt = """
      NavigationStack {
          List(library) { item in
              NavigationLink(value: item) {
                  Text(item.title)
              }
          }
          .navigationDestination(for: Book.self) { b in
              BookDetailView(book: b)
          }
      }
      """
    let verdict = AnswerJudge(code: Self.card).judge(attempt)
    #expect(verdict.grade == 5, "\(verdict.reason)")
    // Two closures of the card's that both call their parameter `book` are two names, each
    // renamed on its own.
    #expect(!verdict.findings.contains { $0.message.contains("renamed in one place") })
  }

  @Test("reads the title overload into the label closure's place, and nothing else")
  func normalized() {
    func first(_ code: String) -> CodeNode {
      var parser = CodeParser(source: code)
      return CodeNode.normalizingTitleLabels(parser.parse())[0]
    }
    let rewritten = first("NavigationLink(value: item) { Text(item.title) }")
    #expect(rewritten.arguments.map(\.label) == [nil, "value"])
    #expect(rewritten.arguments[0].value.map(\.name) == ["item", "title"])
    // A label with more than a `Text`, a styled `Text`, or a call with no title overload is
    // left as written.
    for code in [
      "NavigationLink(value: item) { Label(item.title, systemImage: \"book\") }",
      "NavigationLink(value: item) { Text(item.title); Image(systemName: \"star\") }",
      "NavigationLink(value: item) { Text(item.title).bold() }",
      "ShelfRow(book: item) { Text(item.title) }",
    ] {
      #expect(first(code).arguments.last?.isTrailing == true, "\(code)")
    }
  }
}
