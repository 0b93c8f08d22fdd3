import CardDeck
import Foundation
import Testing

@testable import AnswerJudging

@Suite("Judging attempts the way a reviewer would")
struct AnswerJudgeTests {
  static let sheetItem = """
    @State private var selectedRecipe: Recipe?

    .sheet(item: $selectedRecipe) { recipe in
        RecipeDetail(recipe: recipe)
    }
    """

  static let detents = """
    Text("Sort options")
        .presentationDetents([.medium, .large])
    """

  static let placements = """
    .toolbar {
        ToolbarItem(placement: .topBarTrailing) {
            Button("Edit") { isEditing.toggle() }
        }
        ToolbarItem(placement: .primaryAction) {
            Button("Add", systemImage: "plus") { addRecipe() }
        }
    }
    """

  private func grade(_ attempt: String, for code: String, hints: JudgingHints = JudgingHints())
    -> Int?
  {
    AnswerJudge(code: code, hints: hints).judge(attempt).grade
  }

  @Test(
    "gives 5 to the same API in other words",
    arguments: [
      ".sheet(item: $chosen) { r in DetailView(recipe: r) }",
      ".sheet(item: $chosen) { DetailView(recipe: $0) }",
      ".sheet(item: $chosen, content: { r in DetailView(recipe: r) })",
      "@State var chosen: Recipe? .sheet(item: $chosen) { r in Text(r.title) }",
      ".sheet(item: self.$selectedRecipe) {\n  recipe in RecipeDetail(recipe: recipe,)\n}",
      "Button(\"Open\") { } .sheet(item: $pick) { r in Form { Text(r.name) } }",
    ])
  func equivalent(attempt: String) {
    #expect(grade(attempt, for: Self.sheetItem) == 5)
  }

  @Test(
    "gives 2 or less to another modifier, label, member or key path",
    arguments: [
      (".popover(item: $chosen) { r in DetailView(recipe: r) }", sheetItem),
      (".fullScreenCover(item: $chosen) { r in DetailView(recipe: r) }", sheetItem),
      (".sheet(isPresented: $showing) { DetailView() }", sheetItem),
      (".sheetDetents([.medium, .large])", detents),
      (".presentationDetents([.half, .large])", detents),
      (
        "@Environment(\\.verticalSizeClass) var size",
        "@Environment(\\.horizontalSizeClass) var size"
      ),
      (
        ".toolbar { ToolbarItem(placement: .topBarTrailing) { Button(\"Edit\") {} }; ToolbarItem(placement: .bottomBar) { Button(\"Add\") {} } }",
        placements
      ),
    ])
  func wrong(attempt: String, code: String) throws {
    let judgement = AnswerJudge(code: code).judge(attempt)
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.findings.first?.severity == .error)
  }

  @Test("says in one line what is wrong, naming both")
  func reason() {
    let judgement = AnswerJudge(code: Self.sheetItem).judge(
      ".popover(item: $x) { r in DetailView(recipe: r) }")
    #expect(judgement.reason == "`.popover` where the card has `.sheet`.")
    let member = AnswerJudge(code: Self.placements).judge(
      ".toolbar { ToolbarItem(placement: .topBarTrailing) { EditButton() }; ToolbarItem(placement: .bottomBar) { Button(\"Add\") {} } }"
    )
    #expect(member.reason == "`.bottomBar` where the card has `.primaryAction`.")
  }

  @Test("gives 3 when an API detail is missing, and names it")
  func missingDetail() {
    let judgement = AnswerJudge(code: Self.detents).judge(".presentationDetents([.medium])")
    #expect(judgement.grade == 3)
    #expect(judgement.reason == "Missing `.large`.")
  }

  @Test("gives 3 for a misspelt API name, which does not compile, and 4 for a binding without $")
  func slips() {
    #expect(grade(".presentationDetent([.medium, .large])", for: Self.detents) == 3)
    #expect(grade(".shet(item: $chosen) { r in Text(r.name) }", for: Self.sheetItem) == 3)
    #expect(
      grade(
        ".sheet(isPresented: showsSettings) { Text(\"S\") }",
        for: ".sheet(isPresented: $showsSettings) { Text(\"Settings\") }")
        == 4)
  }

  @Test("calls a deprecated API wrong even where the card's part is scaffolding")
  func deprecated() throws {
    let code =
      "NavigationStack {\n    List(books) { Text($0.title) }\n        .navigationDestination(for: Book.self) { BookDetail(book: $0) }\n}"
    let judgement = AnswerJudge(code: code).judge(
      "NavigationView { List(books) { Text($0.title) }.navigationDestination(for: Book.self) { BookDetail(book: $0) } }"
    )
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.reason.contains("`NavigationView` is deprecated"))
  }

  @Test("accepts the essential part alone: the modifier without the view it is on")
  func essentialPart() {
    #expect(grade(".presentationDetents([.medium, .large])", for: Self.detents) == 5)
    #expect(grade("SortView().presentationDetents([.large, .medium])", for: Self.detents) == 5)
  }

  @Test("sees through an API container the attempt left out, counting its name as missing")
  func missingContainer() {
    let code =
      ".searchSuggestions {\n    ForEach(courses, id: \\.self) { course in\n        Text(course).searchCompletion(course)\n    }\n}"
    let judgement = AnswerJudge(code: code).judge("Text(c).searchCompletion(c)")
    #expect(judgement.grade == 3)
    #expect(judgement.reason == "Missing `.searchSuggestions`.")
  }

  @Test("keeps the order of the candidates of ViewThatFits, any view standing for one")
  func orderedCandidates() {
    let code =
      "ViewThatFits {\n    Label(\"Long title\", systemImage: \"box\")\n    Label(\"Short\", systemImage: \"box\")\n    Image(systemName: \"box\")\n}"
    #expect(
      grade(
        "ViewThatFits { Text(\"a long one\"); Text(\"a\"); Image(systemName: \"x\") }", for: code)
        == 5)
    let reversed = AnswerJudge(code: code).judge(
      "ViewThatFits { Image(systemName: \"box\"); Label(\"Short\", systemImage: \"box\"); Label(\"Long title\", systemImage: \"box\") }"
    )
    #expect(reversed.grade == 3)
    #expect(reversed.reason.hasPrefix("The order of the candidates matters"))
    // Marked, those out of the card's place: a trial saw the middle one marked, which had
    // not moved, and the two that had, not.
    let tokens = SwiftLexer.significantTokens(in: code)
    let views = tokens.indices.filter { ["Label", "Image"].contains(code[tokens[$0].range]) }
    #expect(views.map { reversed.marks[$0] } == [.misplaced, nil, .misplaced])
    let shorter = AnswerJudge(code: code).judge(
      "ViewThatFits { Text(\"a long one\"); Image(systemName: \"x\") }")
    #expect(shorter.grade == 3)
    #expect(
      grade(
        "if wide { Label(\"Long title\", systemImage: \"box\") } else { Image(systemName: \"box\") }",
        for: code) ?? 5 <= 2)
  }

  @Test("marks the candidate of ViewThatFits an attempt leaves out, as its reason names it")
  func missingCandidateMarked() throws {
    let code =
      "ViewThatFits {\n    Label(\"Long title\", systemImage: \"box\")\n    Image(systemName: \"box\")\n}"
    let judgement = AnswerJudge(code: code).judge(
      "ViewThatFits {\n    Label(\"Long title\", systemImage: \"box\")\n}")
    #expect(judgement.reason == "Missing `Image`.")
    let image = try #require(
      SwiftLexer.significantTokens(in: code).firstIndex { code[$0.range] == "Image" })
    #expect(judgement.marks[image] == .missing)
  }

  @Test("marks a content modifier put on the view that presents the sheet")
  func presentedContent() throws {
    let code =
      ".sheet(isPresented: $shows) {\n    NowPlaying()\n        .presentationDetents([.medium, .large])\n}"
    let judgement = AnswerJudge(code: code).judge(
      ".sheet(isPresented: $shows) { NowPlaying() }.presentationDetents([.medium, .large])")
    // Where it does nothing, it is as wrong as another modifier.
    #expect(judgement.grade == 2)
    #expect(
      judgement.reason
        == "`.presentationDetents` belongs inside the `.sheet` content, not on the view that presents it."
    )
    #expect(judgement.marks.values.contains(.misplaced))
  }

  @Test("gives 0 to prose and to unrelated code, 1 to prose naming the API, nothing to nothing")
  func nothingInCommon() {
    #expect(grade("I don't remember this one", for: Self.sheetItem) == 0)
    #expect(grade("I think you use a sheet with the item", for: Self.sheetItem) == 1)
    #expect(grade("let doubled = [1, 2, 3].map { $0 * 2 }", for: Self.detents) == 0)
    #expect(grade("   \n  ", for: Self.detents) == nil)
  }

  @Test("lists the names it accepted in place of the card's")
  func renamings() {
    let judgement = AnswerJudge(code: Self.sheetItem).judge(
      "@State var chosen: Recipe? .sheet(item: $chosen) { r in Text(r.title) }")
    #expect(
      judgement.renamings
        == [
          .init(expected: "selectedRecipe", attempt: "chosen"),
          .init(expected: "$selectedRecipe", attempt: "$chosen"),
          .init(expected: "recipe", attempt: "r"),
        ].filter { judgement.renamings.contains($0) })
    #expect(judgement.renamings.contains(.init(expected: "recipe", attempt: "r")))
    #expect(!judgement.renamings.contains { $0.expected == "RecipeDetail" })
    // An example view of the card's, another of the attempt's own in its place, is listed too
    // (a trial read "Same API as the card" as its view names unseen).
    let view = AnswerJudge(code: Self.sheetItem).judge(
      "@State var chosen: Recipe? .sheet(item: $chosen) { r in RecipeScreen(recipe: r) }")
    #expect(view.renamings.contains(.init(expected: "RecipeDetail", attempt: "RecipeScreen")))
    #expect(view.reason == "Same API as the card, with names of your own.")
    // A name the card calls is not renamed by one the attempt assigns (a trial read "query for
    // dismissSearch" among its names accepted).
    let card =
      "@Environment(\\.dismissSearch) private var dismissSearch\nvar body: some View {\n    Button(\"Done\") { dismissSearch() }\n}"
    let assigned = AnswerJudge(code: card).judge(
      "var body: some View {\n    Button(\"Done\") { query = \"\" }\n}")
    #expect(
      !assigned.renamings.contains { $0.expected == "dismissSearch" }, "\(assigned.renamings)")
    let called = AnswerJudge(code: card).judge(
      "@Environment(\\.dismissSearch) var endSearch\nvar body: some View {\n    Button(\"Done\") { endSearch() }\n}"
    )
    #expect(called.renamings.contains(.init(expected: "dismissSearch", attempt: "endSearch")))
  }

  @Test("marks the expected code's wrong and missing tokens, by significant-token index")
  func marks() throws {
    let judgement = AnswerJudge(code: Self.detents).judge(".sheetDetents([.medium])")
    let tokens = SwiftLexer.significantTokens(in: Self.detents)
    let marked = judgement.marks.map { (String(Self.detents[tokens[$0.key].range]), $0.value) }
    #expect(marked.contains { $0.0 == "presentationDetents" && $0.1 == .wrong("sheetDetents") })
    #expect(marked.contains { $0.0 == "large" && $0.1 == .missing })
    #expect(!marked.contains { $0.0 == "Text" || $0.0 == "medium" })
  }

  @Test("takes the author's word: context costs nothing, essential parts cap the grade at 2")
  func hints() {
    let code =
      "NavigationStack {\n    List(recipes) { Text($0.name) }\n        .searchable(text: $query, prompt: \"Dish\")\n}"
    #expect(grade(".searchable(text: $query)", for: code) == 5)
    let alert =
      ".alert(\"Remove?\", isPresented: $asking, presenting: song) { s in Button(\"Remove\") { remove(s) } }"
    let essential = JudgingHints(essential: ["presenting:"])
    #expect(
      grade(".alert(\"Remove?\", isPresented: $asking) { Button(\"Remove\") { } }", for: alert) == 3
    )
    #expect(
      grade(
        ".alert(\"Remove?\", isPresented: $asking) { Button(\"Remove\") { } }", for: alert,
        hints: essential)
        == 2)
    let dialog =
      ".confirmationDialog(\"Done?\", isPresented: $asking, titleVisibility: .visible) { Button(\"OK\") { } }"
    let context = JudgingHints(context: ["titleVisibility:"])
    #expect(
      grade(
        ".confirmationDialog(\"Done?\", isPresented: $asking) { Button(\"OK\") { } }", for: dialog)
        == 3)
    #expect(
      grade(
        ".confirmationDialog(\"Done?\", isPresented: $asking) { Button(\"OK\") { } }", for: dialog,
        hints: context)
        == 5)
  }

  @Test("accepts an also: answer as right as the card's, and compares with the closest")
  func alternatives() {
    let code = "Button(\"Back\") {\n    path.removeAll()\n}"
    let hints = JudgingHints(alternatives: ["path = []", "path.removeLast(path.count)"])
    #expect(grade("path = []", for: code) ?? 0 < 5)
    #expect(grade("path = []", for: code, hints: hints) == 5)
    #expect(
      AnswerJudge(code: code, hints: hints).judge("path = []").reason
        == "Same as an answer the card also accepts: `path = []`.")
    // A long one is named, not quoted in full: the answer screen shows it.
    let long = "Button(\"Back to the library\") { path.removeLast(path.count) }"
    let longHints = JudgingHints(alternatives: [long])
    #expect(
      AnswerJudge(code: code, hints: longHints).judge(long).reason
        == "Same as an answer the card also accepts (under \"Also right\").")
    #expect(grade("Button(\"Home\") { path = [] }", for: code, hints: hints) == 5)
    #expect(grade("path.removeLast(path.count)", for: code, hints: hints) == 5)
    let judgement = AnswerJudge(code: code, hints: hints).judge("path.removeLast()")
    #expect(judgement.code == "path.removeLast(path.count)")
    // `removeLast()` pops one screen: another method than `removeLast(_:)`, not a detail.
    #expect(judgement.grade == 2)
  }

  @Test("counts a part written twice on the card once, and one ForEach for many items")
  func repeats() {
    let code =
      "let names = [\"Ana\", \"Bo\"]\nprint(names.filter { $0.localizedStandardContains(\"a\") })\nprint(names.filter { $0.localizedStandardContains(\"B\") })"
    #expect(grade("names.filter { $0.localizedStandardContains(q) }", for: code) == 5)
    let scopes =
      ".searchScopes($shelf) {\n    Text(\"All\").tag(Shelf.all)\n    Text(\"Unread\").tag(Shelf.unread)\n}"
    #expect(
      grade(".searchScopes($f) { ForEach(F.allCases) { Text($0.name).tag($0) } }", for: scopes) == 5
    )
    #expect(grade(".searchScopes($f) { Text(\"All\").tag(F.all) }", for: scopes) == 3)
  }

  @Test(
    "ends on attempts built to break it: huge numbers, deep nesting, long runs",
    arguments: [
      "{ $9223372036854775807 }",
      "{ Text($300000000) }",
      String(repeating: "\"\\(", count: 20_000),
      "f(" + String(repeating: "@", count: 20_000),
      "var x: " + String(repeating: "[", count: 20_000),
      "var x: A" + String(repeating: " -> A", count: 5_000),
      "x as " + String(repeating: "(", count: 20_000),
      String(repeating: "f(", count: 60) + String(repeating: ")", count: 60),
      String(repeating: "Text(", count: 60) + String(repeating: ")", count: 60),
      String(repeating: "#", count: 5_000),
      String(repeating: "#", count: 5_000) + "\"" + String(repeating: "\\ ", count: 5_000),
      // Brackets that do not pair up, closing a closure before its `in` (found by the fuzzer).
      "{ x ) in y }",
    ])
  func hostileAttempts(attempt: String) throws {
    let judgement = AnswerJudge(code: Self.sheetItem).judge(attempt)
    #expect(try #require(judgement.grade) <= 2)
  }

  @Test("does not give 5 to a paste of much more code than the card asks for")
  func paste() {
    let everything = (0..<12).map { index in
      "Button(\"\(index)\") { }.searchable(text: $q\(index)).navigationDestination(for: Int.self) { Text(\"\\($0)\") }"
    }.joined(separator: "\n")
    let judgement = AnswerJudge(code: Self.detents).judge(
      "Text(\"x\").presentationDetents([.medium, .large])\n" + everything)
    #expect(judgement.grade == 4)
    #expect(judgement.reason == "The attempt has much more code than the card asks for.")
    #expect(grade("x { path = [] } y z w v u t s r q p o n m l", for: "path = []") ?? 0 < 5)
  }

  @Test("judges the same attempt the same way every time")
  func deterministic() {
    let judge = AnswerJudge(code: Self.placements)
    let attempt = ".toolbar { ToolbarItem(placement: .bottomBar) { Button(\"Add\") {} } }"
    #expect(judge.judge(attempt) == judge.judge(attempt))
  }

  @Test("gives 1 when another modifier takes the place of the card's whole point")
  func wholePointReplaced() {
    let submit = ".searchable(text: $q)\n.onSubmit(of: .search) { Task { await find(q) } }"
    let judge = AnswerJudge(code: submit, hints: JudgingHints(context: ["searchable"]))
    #expect(judge.judge(".onChange(of: q) { Task { await find(q) } }").grade == 1)
    #expect(judge.judge(".onSubmit(of: .text) { Task { await find(q) } }").grade == 2)
  }

  @Test(
    "takes a Cancel button left out of a dialog, which supplies one, as nothing, and of an alert whose question asks for none as a detail"
  )
  func cancelButtons() {
    let buttons = """
      Button("Archive") { archive() }
      Button("Delete", role: .destructive) { delete() }
      Button("Cancel", role: .cancel) { }
      """
    let withoutCancel =
      "{ Button(\"Archive\") { archive() }; Button(\"Delete\", role: .destructive) { delete() } }"
    let dialog = ".confirmationDialog(\"Done?\", isPresented: $asking) {\n\(buttons)\n}"
    let alert = ".alert(\"Done?\", isPresented: $asking) {\n\(buttons)\n}"
    // A trial: "Missing `role:`" for a right answer whose card calls the button a choice.
    #expect(
      grade(".confirmationDialog(\"Sure?\", isPresented: $asking) " + withoutCancel, for: dialog)
        == 5)
    // Asked for by the question, or doing more than dismiss, it counts again (an adversarial
    // review).
    let askedDialog = AnswerJudge(code: dialog, question: "Ask with Archive, Delete and Cancel.")
    #expect(
      askedDialog.judge(".confirmationDialog(\"Sure?\", isPresented: $asking) " + withoutCancel)
        .grade == 4)
    let resetting = dialog.replacingOccurrences(
      of: "role: .cancel) { }", with: "role: .cancel) { pending = nil }")
    #expect(
      grade(".confirmationDialog(\"Sure?\", isPresented: $asking) " + withoutCancel, for: resetting)
        ?? 5 < 5)
    // Written, its role is compared.
    let withoutRole = withoutCancel.replacingOccurrences(
      of: " }", with: "; Button(\"Cancel\", role: .destructive) { } }", options: .backwards,
      range: withoutCancel.index(withoutCancel.endIndex, offsetBy: -3)..<withoutCancel.endIndex)
    #expect(
      grade(".confirmationDialog(\"Sure?\", isPresented: $asking) " + withoutRole, for: dialog)
        ?? 5 < 5)
    // An alert gets no Cancel from the system: when the question asks for one, it counts.
    let asked = AnswerJudge(code: alert, question: "Ask with Archive, Delete and Cancel buttons.")
    #expect(asked.judge(".alert(\"Sure?\", isPresented: $asking) " + withoutCancel).grade == 3)
    let notAsked = AnswerJudge(code: alert, question: "Ask before archiving or deleting.")
    #expect(notAsked.judge(".alert(\"Sure?\", isPresented: $asking) " + withoutCancel).grade == 4)
  }

  @Test(
    "reads a label with a word left out or added as another label, not a typo",
    arguments: [
      (".sheet(presented: $on) { Text(\"a\") }", 2),
      (".sheet(isPresentedNow: $on) { Text(\"a\") }", 2),
      (".sheet(isPresentd: $on) { Text(\"a\") }", 3),
      (".sheet(ispresented: $on) { Text(\"a\") }", 3),
    ])
  func labelWords(attempt: String, expected: Int) {
    #expect(
      grade(attempt, for: ".sheet(isPresented: $showsSettings) { Text(\"Settings\") }") == expected)
  }

  @Test(
    "reads another word in a label's place as another label, a word misspelt as a typo",
    arguments: [
      ("systemName", "systemImage", false), ("systemImgae", "systemImage", true),
      ("isPresentd", "isPresented", true), ("sytemImage", "systemImage", true),
      ("minDuration", "minimumDuration", false),
      // Another ending: a label something takes is another parameter, one nothing takes is
      // misspelt.
      ("verticle", "vertical", true), ("selected", "selection", false),
    ])
  func labelWordReplaced(typed: String, label: String, isTypo: Bool) {
    #expect(Matching.isLabelMisspelling(typed, of: label) == isTypo)
  }

  @Test(
    "reads another ending of a name's stem as another word, and one edit past the stem as a typo",
    arguments: [
      ("selected", "selection", false), ("isPresenting", "isPresented", false),
      ("selectoin", "selection", true), ("selecton", "selection", true),
      ("isPresentd", "isPresented", true), ("navigationDestinaton", "navigationDestination", true),
      ("presentationDetent", "presentationDetents", true), ("sheets", "sheet", true),
      ("adaptative", "adaptive", true),
      ("navigationTitleDisplayMode", "navigationBarTitleDisplayMode", true),
    ])
  func stemEndings(typed: String, name: String, isTypo: Bool) {
    #expect(Matching.isMisspelling(typed, of: name) == isTypo)
  }

  @Test("gives an argument label with another ending of its stem the grade of a wrong label")
  func labelStem() {
    let code = "List(planets, id: \\.self, selection: $chosen) { Text($0) }"
    let wrong = grade("List(planets, id: \\.self, selected: $chosen) { Text($0) }", for: code)
    #expect(wrong.map { $0 <= 2 } == true, "got \(String(describing: wrong))")
    #expect(grade("List(planets, id: \\.self, selectoin: $chosen) { Text($0) }", for: code) == 3)
  }

  @Test("counts calling an environment action the code reads as using it")
  func environmentAction() {
    let code =
      "@Environment(\\.dismissSearch) private var dismissSearch\nButton(\"Done\") { dismissSearch() }"
    #expect(
      grade("@Environment(\\.dismissSearch) var end; Button(\"Stop\") { end() }", for: code) == 5)
    #expect(grade("@Environment(\\.dismissSearch) private var dismissSearch", for: code) == 4)
  }

  @Test("gives 2 to the frame the card's point sits in, written out without the point")
  func frameWithoutPoint() {
    let code =
      ".toolbar {\n    ToolbarItem(placement: .topBarTrailing) {\n        Button(\"Edit\") { isEditing.toggle() }\n    }\n}"
    #expect(
      grade(".toolbar { ToolbarItem { Button(\"Edit\") { isEditing.toggle() } } }", for: code) == 2)
    #expect(grade("Button(\"Edit\") { isEditing.toggle() }", for: code) ?? 0 <= 1)
    // Containers around the point are not the frame it sits in.
    let search =
      "NavigationStack {\n    List(recipes) { Text($0.name) }\n        .searchable(text: $query)\n}"
    #expect(grade("NavigationStack { List(recipes) { Text($0.name) } }", for: search) ?? 0 <= 1)
  }

  @Test("takes a bare member in place of another in a list for another value, not a missing one")
  func bareMemberInList() {
    let code = "SleepTimerPicker()\n    .presentationDetents([.fraction(0.25), .height(320)])"
    let judgement = AnswerJudge(code: code).judge(
      ".presentationDetents([.fraction(0.25), .medium])")
    #expect(judgement.grade == 2)
    #expect(judgement.reason == "`.medium` where the card has `.height`.")
  }

  @Test("holds an attempt to the numbers the question states, not to the author's other numbers")
  func questionNumbers() {
    let code = "SleepTimerPicker()\n    .presentationDetents([.fraction(0.25), .height(320)])"
    let judge = AnswerJudge(
      code: code, question: "Offer a sheet at a quarter of the height and at a fixed 320 points.")
    #expect(judge.judge(".presentationDetents([.fraction(0.3), .height(320.0)])").grade == 5)
    let judgement = judge.judge(".presentationDetents([.fraction(0.25), .height(300)])")
    #expect(judgement.grade == 4)
    #expect(judgement.reason == "`300` where the question asks for `320`.")
    #expect(
      AnswerJudge(code: code).judge(".presentationDetents([.fraction(0.25), .height(300)])").grade
        == 5)
    #expect(AnswerJudge.numbers(in: "At 1.5 points, then 320. Or 12") == ["1.5", "320", "12"])
  }

  @Test("takes another number of named closure parameters for another overload")
  func closureArity() {
    let code =
      ".onChange(of: volume, initial: true) { oldValue, newValue in\n    print(oldValue, newValue)\n}"
    #expect(
      grade(".onChange(of: volume, initial: true) { old, new in print(old, new) }", for: code) == 5)
    let judgement = AnswerJudge(code: code).judge(
      ".onChange(of: volume, initial: true) { value in print(value) }")
    #expect(judgement.grade == 2)
    #expect(judgement.reason == "The closure takes 2 parameters (`oldValue, newValue in`), not 1.")
  }

  @Test("gives 2 to a modifier put on another view than the card's")
  func misplacedModifier() {
    let code =
      "List(messages) { message in\n    Text(message.subject)\n}\n.refreshable {\n    await inbox.reload()\n}"
    let judgement = AnswerJudge(code: code).judge(
      "List(messages) { Text($0.subject).refreshable { await inbox.reload() } }")
    #expect(judgement.grade == 2)
    #expect(judgement.reason == "`.refreshable` is not where the card has it.")
  }

  @Test("gives 3 to arguments in another order than Swift takes them, as to a misspelt label")
  func argumentOrder() {
    let code = ".sheet(isPresented: $shows, onDismiss: { save() }) {\n    Lyrics()\n}"
    #expect(grade(".sheet(isPresented: $on, onDismiss: { store() }) { Words() }", for: code) == 5)
    let judgement = AnswerJudge(code: code).judge(
      ".sheet(isPresented: $shows) { Lyrics() } onDismiss: { save() }")
    #expect(judgement.grade == 3)
    #expect(
      judgement.reason
        == "`onDismiss:` goes before the trailing closure, as Swift takes arguments in order.")
  }

  @Test("reads through a variable the attempt declares for a value the card writes in place")
  func variableIndirection() {
    let code =
      "LazyVGrid(columns: [GridItem(.adaptive(minimum: 100))]) {\n    ForEach(photos) { Thumbnail(photo: $0) }\n}"
    let attempt =
      "let cols = [GridItem(.adaptive(minimum: 100))]; LazyVGrid(columns: cols) { ForEach(photos) { Thumbnail(photo: $0) } }"
    #expect(grade(attempt, for: code) == 5)
    let wrong = attempt.replacingOccurrences(of: ".adaptive", with: ".flexible")
    #expect(grade(wrong, for: code) ?? 5 <= 2)
  }

  @Test("takes another label on a method of the example's own value for a slip")
  func exampleValueLabels() {
    let code =
      "ForEach(tasks) { Text($0.name) }\n    .onDelete { offsets in tasks.remove(atOffsets: offsets) }"
    let judgement = AnswerJudge(code: code).judge(
      "ForEach(tasks) { Text($0.name) }.onDelete { offsets in tasks.remove(at: offsets) }")
    #expect(judgement.grade == 4)
    #expect(judgement.reason == "`at:` where the card has `atOffsets:`.")
    #expect(
      grade(
        "ForEach(tasks) { Text($0.name) }.onMove { tasks.move(fromOffsets: $0, toOffset: $1) }",
        for: code) ?? 5 <= 2)
  }

  @Test("gives 5 to every shipped syntax card's own code, and to it on one line")
  func ownCode() throws {
    for (id, card) in JudgeCorpus.cards {
      let judge = AnswerJudge(card: card)
      #expect(judge.judge(card.code.text).grade == 5, "\(id)")
      // A comment would take the rest of one line with it.
      let oneLine = card.code.text.split(separator: "\n")
        .map { line in line.range(of: "// ").map { line[..<$0.lowerBound] } ?? line }
        .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        .joined(separator: " ")
      #expect(judge.judge(oneLine).grade == 5, "\(id) on one line")
    }
  }
}
