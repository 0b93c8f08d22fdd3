import CardDeck
import Testing

@testable import AnswerJudging

/// What a reviewer knows beyond the names in the code: related API, the place a modifier or an
/// environment value belongs, the values a call is given, and what an essential mark is for.
@Suite("Judging attempts: what a reviewer knows beyond names")
struct ReviewerRulesTests {
  private func judge(_ attempt: String, _ code: String, hints: JudgingHints = JudgingHints())
    -> Judgement
  {
    AnswerJudge(code: code, hints: hints).judge(attempt)
  }

  static let onDelete = """
    ForEach(tasks) { task in
        Text(task.name)
    }
    .onDelete { offsets in tasks.remove(atOffsets: offsets) }
    """

  @Test("takes an API that does the card's job another way for the right idea, its API missing")
  func relatedAPI() throws {
    let swipe = judge(
      "Text(task.name).swipeActions { Button(\"Delete\", role: .destructive) { delete(task) } }",
      Self.onDelete)
    #expect((2...3).contains(try #require(swipe.grade)))
    #expect(swipe.findings.first?.severity == .missing)
    #expect(
      swipe.reason == "`.swipeActions` instead of the card's `.onDelete`, close but not the same.")
    let bar = judge(
      "List(items) { Text($0.name) }.safeAreaBar(edge: .bottom) { Button(\"Pay\") { pay() } }",
      "List(items) { Text($0.name) }\n    .safeAreaInset(edge: .bottom) { Button(\"Pay\") { pay() } }"
    )
    #expect(bar.grade == 3)
  }

  @Test("reads related API from the vocabulary's listing, one way only")
  func relatedListing() {
    let vocabulary = APIVocabulary(listing: "# related\nonDelete ~ swipeActions  contextMenu\n")
    #expect(vocabulary.related["onDelete"] == ["swipeActions", "contextMenu"])
    #expect(vocabulary.related["swipeActions"] == nil)
    #expect(APIVocabulary.standard.related["safeAreaInset"]?.contains("safeAreaBar") == true)
  }

  @Test("still takes an API the vocabulary does not relate to the card's for an error")
  func unrelatedAPI() throws {
    let judgement = judge(
      "ForEach(tasks) { Text($0.name) }.onMove { tasks.move(fromOffsets: $0, toOffset: $1) }",
      Self.onDelete)
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.findings.first?.severity == .error)
  }

  @Test("does not let one wrong call stand for the card's two right ones")
  func repeatedWrongCall() throws {
    let code = """
      print(dishes.filter { $0.localizedStandardContains("creme") })
      print(dishes.filter { $0.localizedStandardContains("PATE") })
      """
    let hints = JudgingHints(essential: ["localizedStandardContains"], context: ["filter"])
    #expect(
      try #require(judge("dishes.filter { $0.contains(\"creme\") }", code, hints: hints).grade) <= 1
    )
    #expect(
      judge("names.filter { $0.localizedStandardContains(q) }", code, hints: hints).grade == 5)
  }

  static let condition =
    "NewPlaylistForm(name: $name)\n    .interactiveDismissDisabled(name.isEmpty)"

  @Test(
    "takes a condition left out, or a constant in its place, for an API detail missing",
    arguments: [
      "NewPlaylistForm(name: $name).interactiveDismissDisabled()",
      "NewPlaylistForm(name: $name).interactiveDismissDisabled(true)",
    ])
  func missingCondition(attempt: String) {
    let judgement = judge(attempt, Self.condition)
    #expect(judgement.grade == 3)
    #expect(judgement.reason == "No condition: the card passes `name.isEmpty`.")
  }

  @Test("calls a value left out that is no truth a missing argument, not a condition")
  func missingArgument() {
    // A trial read "No condition: the card passes `course`." as wrong: a string is no condition.
    let judgement = judge(
      "ForEach(courses, id: \\.self) { s in Text(s).searchCompletion }",
      "ForEach(courses, id: \\.self) { course in Text(course).searchCompletion(course) }")
    #expect(judgement.reason == "No argument: the card passes `course`.")
    #expect(Matching.readsAsTruth(["isSaving"]))
    #expect(Matching.readsAsTruth(["name", ".", "isEmpty"]))
    #expect(Matching.readsAsTruth(["count", ">", "0"]))
    #expect(!Matching.readsAsTruth(["course"]))
    #expect(!Matching.readsAsTruth(["island"]))
  }

  @Test("takes the card's condition negated for an error, and renamed for the same")
  func negatedCondition() {
    let negated = judge(".interactiveDismissDisabled(!name.isEmpty)", Self.condition)
    #expect(negated.grade == 2)
    #expect(negated.reason == "`!name.isEmpty` is the opposite of the card's `name.isEmpty`.")
    #expect(judge("Form { }.interactiveDismissDisabled(title.isEmpty)", Self.condition).grade == 5)
  }

  @Test("takes a method on a value without the card's argument for another method")
  func overloadByArgument() throws {
    let code = "Button(\"Home\") { path.removeLast(path.count) }"
    let judgement = judge("Button(\"Home\") { path.removeLast() }", code)
    #expect(judgement.grade == 2)
    #expect(judgement.findings.first?.severity == .error)
    #expect(judge("Button(\"Top\") { path.removeLast(path.count) }", code).grade == 5)
  }

  @Test("takes `= .init()` for the empty value the card assigns")
  func emptyInitializer() {
    #expect(judge("Button(\"Home\") { path = .init() }", "path = []").grade == 5)
    #expect(judge("path = .init(route)", "path = []").grade != 5)
  }

  static let routes = """
    enum Route: Hashable {
        case shelf(String), settings
    }
    List { NavigationLink("Settings", value: Route.settings) }
        .navigationDestination(for: Route.self) { route in
            switch route {
            case .shelf(let name): ShelfView(name: name)
            case .settings: SettingsView()
            }
        }
    """

  @Test("caps at 2 an essential part the attempt drops from what it writes, or never uses")
  func essentialInWrittenFrame() throws {
    let hints = JudgingHints(essential: ["Hashable"], context: ["NavigationLink"])
    let noConformance = Self.routes.replacingOccurrences(of: ": Hashable", with: "")
    #expect(try #require(judge(noConformance, Self.routes, hints: hints).grade) <= 2)
    let perType =
      ".navigationDestination(for: String.self) { ShelfView(name: $0) }.navigationDestination(for: Int.self) { _ in SettingsView() }"
    #expect(try #require(judge(perType, Self.routes, hints: hints).grade) <= 2)
  }

  @Test(
    "takes API the vocabulary relates to a missing essential part, written anywhere, for the right idea another way"
  )
  func relatedToTheMissingPoint() throws {
    let code =
      ".toolbar { ToolbarItem { Button(\"Share\") { share() } }; ToolbarOverflowMenu { Button(\"Archive\") { archive() } } }"
    let hints = JudgingHints(essential: ["ToolbarOverflowMenu"])
    for attempt in [
      ".toolbar { ToolbarItem(placement: .secondaryAction) { Button(\"Archive\") { archive() } } }",
      // Beside the card's own item, not in its place; and as a group.
      ".toolbar { ToolbarItem { Button(\"Share\") { share() } }; ToolbarItem(placement: .secondaryAction) { Button(\"Archive\") { archive() } } }",
      ".toolbar { ToolbarItemGroup(placement: .secondaryAction) { Button(\"Archive\") { archive() } } }",
    ] {
      let judgement = judge(attempt, code, hints: hints)
      #expect(judgement.grade == 2, "\(attempt)")
      #expect(
        judgement.reason
          == "`.secondaryAction` instead of the card's `ToolbarOverflowMenu`, close but not the same."
      )
      #expect(!judgement.findings.contains { $0.message == "missing `ToolbarOverflowMenu`" })
    }
    // A placement the vocabulary does not relate to the point says nothing about it.
    for placement in ["principal", "topBarTrailing", "keyboard"] {
      let other = judge(
        ".toolbar { ToolbarItem(placement: .\(placement)) { Button(\"Archive\") { archive() } } }",
        code, hints: hints)
      #expect(try #require(other.grade) <= 1, "\(placement)")
    }
  }

  @Test(
    "compares a view passed as the argument with the card's content closure, and takes its if left out for a slip"
  )
  func viewForContentClosure() throws {
    let code =
      ".overlay {\n    if !query.isEmpty && results.isEmpty {\n        ContentUnavailableView.search(text: query)\n    }\n}"
    let passed = judge(".overlay(ContentUnavailableView.search(text: q))", code)
    #expect(passed.grade == 4, "\(passed.reason)")
    #expect(
      passed.reason == "No `if !query.isEmpty && results.isEmpty`: the attempt shows it always.")
    #expect(judge(".overlay { ContentUnavailableView.search(text: q) }", code).grade == 4)
    // Another view passed is compared as another view, not as a closure left out.
    let other = judge(".overlay(Text(\"No results\"))", code)
    #expect(try #require(other.grade) <= 2)
    #expect(!other.findings.contains { $0.message.hasPrefix("no closure") })
  }

  @Test("takes another key path where the card's essential one is for 1: the value is the answer")
  func wrongEssentialKeyPath() throws {
    let code =
      "@Environment(\\.dismissSearch) private var dismissSearch\nButton(\"Done\") { dismissSearch() }"
    let hints = JudgingHints(essential: ["\\.dismissSearch"])
    let other = judge(
      "@Environment(\\.dismiss) private var dismiss; Button(\"Done\") { dismiss() }", code,
      hints: hints)
    #expect(other.grade == 1, "\(other.reason)")
    // Without the mark, one wrong key path with the rest right stays 2.
    #expect(
      judge("@Environment(\\.dismiss) private var dismiss; Button(\"Done\") { dismiss() }", code)
        .grade == 2)
    #expect(
      judge(
        "@Environment(\\.dismissSearch) var end; Button(\"Done\") { end() }", code, hints: hints
      )
      .grade == 5)
  }

  @Test("takes the card's API written in its deprecated form beside its current name for 2")
  func olderFormOfTheCardsAPI() throws {
    let code =
      ".alert(\"Delete?\", isPresented: $asks) {\n    Button(\"Delete\", role: .destructive) { delete() }\n    Button(\"Cancel\", role: .cancel) { }\n}"
    let old = judge(
      ".alert(isPresented: $asks) { Alert(title: Text(\"Delete?\"), primaryButton: .destructive(Text(\"Delete\")) { delete() }, secondaryButton: .cancel()) }",
      code)
    #expect(old.grade == 2, "\(old.reason)")
    // Another deprecated API in the card's place, without the card's name, stays lower.
    let dialog =
      ".confirmationDialog(\"Options\", isPresented: $shows) {\n    Button(\"Delete\", role: .destructive) { delete() }\n}"
    let sheet = judge(
      ".actionSheet(isPresented: $shows) { ActionSheet(title: Text(\"Options\"), buttons: [.destructive(Text(\"Delete\")) { delete() }]) }",
      dialog)
    #expect(try #require(sheet.grade) <= 1, "\(sheet.reason)")
  }

  @Test("pairs two plain constants of other names only when what they hold is alike")
  func constantsByValue() throws {
    let code =
      "let dishes = [\"Crème Brûlée\", \"Pâté\"]\nprint(dishes.filter { $0.localizedStandardContains(\"creme\") })"
    let hints = JudgingHints(essential: ["localizedStandardContains"])
    let matches = judge(
      "let matches = names.filter { name in name.localizedStandardContains(query) }", code,
      hints: hints)
    #expect(matches.grade == 5, "\(matches.reason)")
    let list = judge(
      "let names = [\"Pâté\"]; print(names.filter { $0.localizedStandardContains(\"pate\") })",
      code,
      hints: hints)
    #expect(list.grade == 5, "\(list.reason)")
  }

  @Test("takes a sheet that cannot be swiped away for a full-screen cover done another way")
  func sheetForCover() throws {
    let code = ".fullScreenCover(isPresented: $shows) {\n    WelcomeView()\n}"
    let sheet = judge(
      ".sheet(isPresented: $shows) { WelcomeView().interactiveDismissDisabled() }", code)
    #expect(sheet.grade == 2, "\(sheet.reason)")
    #expect(
      sheet.reason
        == "`.interactiveDismissDisabled` instead of the card's `.fullScreenCover`, close but not the same."
    )
  }

  @Test("takes labels and values kept around none of the card's API for nothing in common")
  func keptWithoutAPI() throws {
    let split =
      "NavigationSplitView {\n    List(genres, id: \\.self, selection: $genre) { Text($0) }\n} content: {\n    List(books, id: \\.self, selection: $book) { Text($0) }\n} detail: {\n    Text(book ?? \"Pick a book\")\n}"
    let stacked = judge("HStack { GenreList(); BookList(); BookView() }", split)
    #expect(try #require(stacked.grade) <= 1, "\(stacked.reason)")
    let tabs =
      "TabView {\n    Tab(\"Browse\", systemImage: \"books.vertical\") {\n        NavigationSplitView { ShelfList() } detail: { Text(\"Pick a book\") }\n    }\n}"
    let rows = judge("ScrollView { LazyVStack { ForEach(orders) { Text($0.title) } } }", tabs)
    #expect(rows.grade == 0, "\(rows.reason)")
    // The split view written, its lists left out, is still the right frame.
    let frame = judge(
      "NavigationSplitView { GenreList() } content: { BookList() } detail: { BookView() }", split)
    #expect(try #require(frame.grade) >= 2, "\(frame.reason)")
  }

  @Test(
    "grades by weight an essential part left out with its declaration, when the attempt uses it")
  func essentialDeclarationTakenAsRead() {
    let hints = JudgingHints(essential: ["Hashable"], context: ["NavigationLink"])
    let destination =
      ".navigationDestination(for: Route.self) { route in switch route { case .shelf(let name): ShelfView(name: name); case .settings: SettingsView() } }"
    #expect(judge(destination, Self.routes, hints: hints).grade == 3)
  }

  @Test("takes an environment action called by its own name for its key path, undeclared")
  func environmentCall() throws {
    let code =
      "@Environment(\\.dismissSearch) private var dismissSearch\nButton(\"Done\") { dismissSearch() }"
    let hints = JudgingHints(essential: ["\\.dismissSearch"])
    let judgement = judge("Button(\"Done\") { dismissSearch() }", code, hints: hints)
    #expect(judgement.grade == 3)
    // Named by its key path (a trial read "Missing `@Environment`" as saying nothing).
    #expect(judgement.reason == "Missing `@Environment(\\.dismissSearch)`.")
    #expect(try #require(judge("Button(\"Done\") { endSearch() }", code, hints: hints).grade) <= 1)
  }

  @Test("takes a row modifier written on the List for a misplaced part")
  func rowModifierOnList() throws {
    let code = """
      ForEach(notes) { note in
          Text(note.title)
              .swipeActions(edge: .leading) { Button("Pin") { pin(note) } }
      }
      """
    let judgement = judge(
      "List { ForEach(notes) { Text($0.title) } }.swipeActions(edge: .leading) { Button(\"Pin\") { } }",
      code)
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.reason == "`.swipeActions` goes on each row, not on the `List`.")
    #expect(judgement.marks.values.contains(.misplaced))
    #expect(
      judge(
        "List(notes) { n in Text(n.title).swipeActions(edge: .leading) { Button(\"Pin\") { } } }",
        code
      ).grade == 5)
  }

  @Test(
    "sees the card's rows inside a container the attempt wraps them in, not a leaf for it",
    arguments: [
      "List { ForEach(notes) { n in Text(n.title).swipeActions { Button(\"Pin\") { } } } }",
      "VStack { ForEach(notes) { n in Text(n.title).swipeActions { Button(\"Pin\") { } } } }",
      "List(notes) { n in Text(n.title).swipeActions { Button(\"Pin\") { } } }",
    ])
  func wrappedRows(attempt: String) {
    let code =
      "ForEach(notes) { note in\n    Text(note.title)\n        .swipeActions { Button(\"Pin\") { pin(note) } }\n}"
    #expect(judge(attempt, code).grade == 5)
  }

  @Test(
    "takes an environment value read in the view that presents or searches for a misplaced part",
    arguments: [
      (
        "@Environment(\\.dismiss) private var dismiss\n.sheet(isPresented: $shows) { Button(\"Done\") { dismiss() } }",
        "struct Sheet: View {\n    @Environment(\\.dismiss) private var dismiss\n    var body: some View { Button(\"Done\") { dismiss() } }\n}"
      ),
      (
        "struct Outer: View {\n    @Environment(\\.isSearching) private var isSearching\n    @State private var text = \"\"\n    var body: some View { Text(isSearching ? \"a\" : \"b\").searchable(text: $text) }\n}",
        "struct Results: View {\n    @Environment(\\.isSearching) private var isSearching\n    var body: some View { Text(isSearching ? \"a\" : \"b\") }\n}"
      ),
    ])
  func environmentReadInOuterView(attempt: String, code: String) throws {
    let judgement = judge(attempt, code)
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.reason.hasSuffix("read it in the view inside."))
  }

  @Test("counts a binding to the card's own variable as using the card's name")
  func bindingSharesName() {
    let code =
      "struct Results: View {\n    @Environment(\\.isSearching) private var isSearching\n    var body: some View { Text(isSearching ? \"a\" : \"b\") }\n}"
    #expect(judge(".searchable(text: $query, isPresented: $isSearching)", code).grade == 1)
    #expect(judge(".searchable(text: $query, isPresented: $active)", code).grade == 0)
  }

  @Test("reads a binding passed for a value the question names as a slip, not the same code")
  func bindingForQuestionsValue() {
    let code = #"ProgressView("Downloading", value: downloadedBytes, total: totalBytes)"#
    let judgement = AnswerJudgingTests.judge(
      #"ProgressView("Downloading", value: $downloadedBytes, total: totalBytes)"#, code,
      question: "Show a progress bar for `downloadedBytes: Double` out of `totalBytes: Double`.")
    #expect(judgement.grade == 4)
    #expect(
      judgement.reason
        == "`$downloadedBytes` is a binding; the card passes the value, `downloadedBytes`.")
  }

  @Test("reads a constant where the card uses the value its closure is given, dropped, as wrong")
  func droppedClosureValue() {
    let code = "CardView()\n    .onHover { hovering in\n        isHovered = hovering\n    }"
    let dropped = judge("CardView()\n    .onHover { _ in\n        isHovered = true\n    }", code)
    #expect(dropped.grade == 2)
    #expect(
      dropped.reason == "`true` where the card uses `hovering`, the value the closure is given.")
    // Renamed, the value is followed as the card follows it.
    #expect(judge("CardView().onHover { inside in isHovered = inside }", code).grade == 5)
    // Kept, a constant elsewhere is the author's business (an aligner's pairing, not a drop).
    #expect(
      judge("CardView().onHover { hovering in isHovered = hovering; count = 1 }", code).grade ?? 0
        >= 4)
  }

  @Test(
    "takes one wrong label on the card's own call for one real error, where it is all that counts")
  func wrongLabelAlone() throws {
    let code = """
      NavigationStack {
          List(books) { Text($0.title) }
              .searchable(text: $query, isPresented: $isSearching)
              .toolbar { Button("Find") { isSearching = true } }
      }
      """
    let hints = JudgingHints(
      essential: ["isPresented:"], context: ["NavigationStack", "searchable", "toolbar"])
    let attempt = code.replacing("isPresented:", with: "isPresenting:")
    let judgement = AnswerJudge(code: code, hints: hints).judge(attempt)
    #expect(judgement.grade == 2, "\(judgement.reason)")
    #expect(judgement.reason == "`isPresenting:` where the card has `isPresented:`.")
    // Another key path where it is the whole answer stays 1 (a reviewer's range).
    let dismiss =
      "@Environment(\\.dismissSearch) private var dismissSearch\nButton(\"Done\") { dismissSearch() }"
    let wrongPath = AnswerJudge(
      code: dismiss, hints: JudgingHints(essential: ["dismissSearch"])
    ).judge(dismiss.replacing("(\\.dismissSearch)", with: "(\\.dismiss)"))
    #expect(wrongPath.grade == 1, "\(wrongPath.reason)")
  }

  @Test("reads another attribute on the card's declaration as another API, whatever its arguments")
  func otherAttribute() {
    let code =
      "@AppStorage(\"fontSize\") private var fontSize = 17.0\nSlider(value: $fontSize, in: 12...30)"
    let judgement = judge(
      "@State private var fontSize = UserDefaults.standard.double(forKey: \"fontSize\")\nSlider(value: $fontSize, in: 12...30)",
      code)
    #expect(judgement.grade == 2)
    #expect(judgement.reason == "`@State` where the card has `@AppStorage`.")
  }
}

@Suite("Judging attempts: what the reason and the names accepted say once")
struct SaidOnceTests {
  @Test("lists no name accepted that a mark beside it says is wrong")
  func noWrongNameAccepted() throws {
    let card = """
      @Environment(\\.isSearching) private var isSearching

      var body: some View {
          Text(isSearching ? "Searching…" : "All books")
      }
      """
    let attempt = card.replacing("isSearching", with: "isPresented")
    let judgement = judge(attempt, card)
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.reason == "`\\.isPresented` where the card has `\\.isSearching`.")
    #expect(judgement.renamings.isEmpty, "\(judgement.renamings)")
    // A name of the author's, with the key path right, is listed.
    let renamed = judge(
      card.replacing("private var isSearching", with: "private var active")
        .replacing("Text(isSearching", with: "Text(active"), card)
    #expect(renamed.renamings.map(\.attempt) == ["active"])
  }

  @Test("names a deprecated API's replacement once where the card has it")
  func replacementOnce() {
    let card = ".toolbar { ToolbarItem(placement: .topBarTrailing) { EditButton() } }"
    let judgement = judge(card.replacing(".topBarTrailing", with: ".navigationBarTrailing"), card)
    #expect(
      judgement.reason
        == "`.navigationBarTrailing` is deprecated; the card has its replacement, `.topBarTrailing`."
    )
  }

  @Test("says the reason of the answer whose checked verdict is best, naming that answer's call")
  func checkedBest() throws {
    let code = """
      ContentUnavailableView(
          "No Book Selected", systemImage: "book.closed",
          description: Text("Choose a book."))
      """
    var hints = JudgingHints()
    hints.alternatives = [
      "ContentUnavailableView { Label(\"No Book Selected\", systemImage: \"book.closed\") } description: { Text(\"Choose a book.\") }"
    ]
    let judgement = AnswerJudge(code: code, hints: hints).judge(
      code.replacing("systemImage:", with: "systemName:"))
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.reason == "`systemName:` where the card has `systemImage:`.")
    #expect(
      judgement.findings.contains {
        $0.message.hasSuffix("the card uses `ContentUnavailableView(_:systemImage:description:)`")
      }, "\(judgement.findings)")
  }
}
