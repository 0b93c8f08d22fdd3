import AnswerJudging
import CardDeck

extension Bench {
  /// Thirty lines of card code of the kind the shipped decks hold: a view with state, a list,
  /// a toolbar, a sheet with detents, an alert.
  static let judgedCode = """
    struct ShelfView: View {
        @Environment(\\.horizontalSizeClass) private var widthClass
        @State private var selectedBook: Book?
        @State private var isConfirmingDelete = false

        var body: some View {
            NavigationStack {
                List(books, selection: $selectedBook) { book in
                    NavigationLink(book.title, value: book)
                }
                .navigationDestination(for: Book.self) { book in
                    BookDetail(book: book)
                }
                .toolbar {
                    ToolbarItem(placement: .primaryAction) {
                        Button("Add", systemImage: "plus") { addBook() }
                    }
                }
                .sheet(item: $selectedBook) { book in
                    BookEditor(book: book)
                        .presentationDetents([.medium, .large])
                }
                .alert("Delete?", isPresented: $isConfirmingDelete) {
                    Button("Delete", role: .destructive) { deleteBook() }
                    Button("Cancel", role: .cancel) { }
                }
            }
        }
    }
    """

  /// Times the comparison of an attempt with a syntax card's code, against a floor measured in
  /// the same run: lexing the same two texts, which any comparison must do.
  func judging() {
    let code = Self.judgedCode
    let renamed =
      code.replacingOccurrences(of: "selectedBook", with: "picked")
      .replacingOccurrences(of: ".sheet(", with: ".popover(")
      .replacingOccurrences(of: ".medium", with: ".fraction(0.5)")
    let attempts: [(String, String)] = [
      ("the card's code, typed on one line", code.split(separator: "\n").joined(separator: " ")),
      ("renamed, one modifier and one detent wrong (30 lines)", renamed),
      (
        "a 300-line paste: the wrong attempt ten times",
        Array(repeating: renamed, count: 10)
          .joined(separator: "\n")
      ),
    ]
    var table = Table(
      title:
        "Judging one attempt at a 30-line syntax card (in process, AnswerJudge; median of 200)",
      header: ["attempt", "grade", "judge()", "floor: lexing both", "× floor"])
    var thirtyLines = Double.nan
    var growth: [Double] = []
    for (name, attempt) in attempts {
      let judge = AnswerJudge(code: code)
      var grade: Int?
      let judged = Self.medianMilliseconds(runs: 200) { grade = judge.judge(attempt).grade }
      let floor = Self.medianMilliseconds(runs: 200) {
        _ = SwiftLexer.tokens(in: code).count + SwiftLexer.tokens(in: attempt).count
      }
      table.add([
        name, grade.map(String.init) ?? "–", Format.ms(judged), Format.ms(floor),
        Format.fixed(judged / floor, 1) + "×",
      ])
      if name.hasPrefix("renamed") { thirtyLines = judged }
      growth.append(judged / floor)
    }
    let preparing = Self.medianMilliseconds(runs: 200) { _ = AnswerJudge(code: code) }
    table.add(["(preparing the card: parsing its code once)", "", Format.ms(preparing), "", ""])
    // Once a process, at the first card judged: reading the SDK index, against splitting its
    // listing into lines by bytes, which any reader of it must do.
    let loading = Self.medianMilliseconds(runs: 9) { _ = SDKIndex(listing: SDKIndex.listing) }
    let lines = Self.medianMilliseconds(runs: 9) {
      _ = SDKIndex.listing.utf8.split(separator: UInt8(ascii: "\n")).count
    }
    table.add([
      "(loading the SDK index, once a process)", "", Format.ms(loading), Format.ms(lines),
      Format.fixed(loading / lines, 1) + "×",
    ])
    tables.append(table)
    verdicts.append(
      ("judging a 30-line attempt ≤ 1 ms", Format.ms(thirtyLines), thirtyLines <= 1))
    if let first = growth.dropFirst().first, let last = growth.last {
      verdicts.append(
        (
          "judging a 300-line paste within 3× the lexing floor's growth",
          Format.fixed(last / first, 2) + "× of the 30-line ratio", last <= 3 * first
        ))
    }
  }

  /// The median wall time of `body`, in milliseconds.
  private static func medianMilliseconds(runs: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      let start = monotonicNanoseconds()
      body()
      times.append(Double(monotonicNanoseconds() - start) / 1e6)
    }
    return Sample(times).median
  }
}
