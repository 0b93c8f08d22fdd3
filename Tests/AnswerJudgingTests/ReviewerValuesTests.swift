import CardDeck
import Testing

@testable import AnswerJudging

/// What a reviewer knows about values and places: a value with which a call does nothing, a
/// member no API has, and a part that does the card's job from another place.
@Suite("Judging attempts: values that do nothing, members that do not exist")
struct ReviewerValuesTests {
  private func judge(
    _ attempt: String, _ code: String, hints: JudgingHints = JudgingHints(), question: String = ""
  ) -> Judgement {
    AnswerJudge(code: code, hints: hints, question: question).judge(attempt)
  }

  static let detents = "Text(\"Sort options\")\n    .presentationDetents([.medium, .large])"

  @Test("takes detents after the .sheet for an error, on a card without the sheet too")
  func detentsOnPresenter() throws {
    let judgement = judge(
      ".sheet(isPresented: $shows) { SortOptions() }.presentationDetents([.medium, .large])",
      Self.detents)
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.findings.first?.severity == .error)
    #expect(
      judgement.reason
        == "`.presentationDetents` belongs inside the `.sheet` content, not on the view that presents it."
    )
  }

  @Test(
    "takes a value with which the call does nothing of what the card's does for an error",
    arguments: [
      // The detents a sheet has without the modifier.
      ("Text(\"Sort options\").presentationDetents([.large])", detents),
      // Left out, `of:` is `.text`, which the search field's submission is not.
      (
        ".onSubmit { Task { await find(q) } }",
        ".searchable(text: $q)\n.onSubmit(of: .search) { Task { await find(q) } }"
      ),
      // `false` turns the modifier off.
      ("Form().interactiveDismissDisabled(false)", "Form()\n    .interactiveDismissDisabled()"),
      (
        "Form(name: $name).interactiveDismissDisabled(false)",
        "Form(name: $name)\n    .interactiveDismissDisabled(name.isEmpty)"
      ),
    ])
  func ineffectiveValue(attempt: String, code: String) throws {
    let judgement = judge(attempt, code, hints: JudgingHints(context: ["searchable"]))
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.findings.first?.severity == .error)
    #expect(judgement.reason.hasSuffix("does."))
  }

  @Test("still takes the other values, and the default the card leaves out, for what they are")
  func effectiveValues() {
    #expect(judge("SortView().presentationDetents([.large, .medium])", Self.detents).grade == 5)
    // One of two detents, neither the sheet's own: a detail missing.
    #expect(judge("SortView().presentationDetents([.medium])", Self.detents).grade == 3)
    #expect(
      judge("Form().interactiveDismissDisabled(true)", "Form()\n    .interactiveDismissDisabled()")
        .grade == 5)
    // The card's own `.onSubmit` takes the default: so may the attempt's.
    #expect(
      judge(".onSubmit { save() }", "TextField(\"Name\", text: $name)\n    .onSubmit { save() }")
        .grade == 5)
    // A constant for the card's condition is an API detail missing, not nothing.
    #expect(
      judge(
        "Form(name: $name).interactiveDismissDisabled(true)",
        "Form(name: $name)\n    .interactiveDismissDisabled(name.isEmpty)"
      ).grade == 3)
  }

  @Test("reads ineffective values from the vocabulary's listing")
  func ineffectiveListing() {
    let vocabulary = APIVocabulary(
      listing: "# ineffective\nonSubmit of: .text default\npresentationDetents _: [ .large ]\n")
    #expect(
      vocabulary.ineffective["onSubmit"] == [.init(label: "of", value: ".text", isDefault: true)])
    #expect(
      vocabulary.ineffective["presentationDetents"]
        == [.init(label: nil, value: "[.large]", isDefault: false)])
  }

  static let popover =
    "Button(\"Credits\") { shows = true }\n    .popover(isPresented: $shows, arrowEdge: .top) { Credits() }"

  @Test("takes a member no API has for an error where the card leaves the value to the author")
  func unknownMember() throws {
    let hints = JudgingHints(context: ["top"])
    let up = judge(
      "Button(\"Credits\") { shows = true }.popover(isPresented: $shows, arrowEdge: .up) { Credits() }",
      Self.popover, hints: hints)
    #expect(try #require(up.grade) <= 2)
    #expect(up.reason == "`.up` is no member the API has; the card has `.top`.")
    let bottom = judge(
      "Button(\"Credits\") { shows = true }.popover(isPresented: $shows, arrowEdge: .bottom) { Credits() }",
      Self.popover, hints: hints)
    #expect(bottom.grade == 5)
    let typo = judge(
      "Button(\"Credits\") { shows = true }.popover(isPresented: $shows, arrowEdge: .tpo) { Credits() }",
      Self.popover, hints: hints)
    #expect(typo.grade == 3)
  }

  @Test("takes a member no API has in decoration for a slip, and the attempt's own case for a name")
  func unknownMemberElsewhere() {
    let code = "Text(\"Hi\")\n    .font(.title)\n    .sheet(isPresented: $on) { Text(\"a\") }"
    #expect(
      judge("Text(\"Hi\").font(.huge).sheet(isPresented: $on) { Text(\"a\") }", code).grade == 4)
    let own =
      "enum Size { case huge }\nText(\"Hi\").font(.huge).sheet(isPresented: $on) { Text(\"a\") }"
    #expect(judge(own, code).grade == 5)
  }

  static let noResults = """
    .overlay {
        if !searchText.isEmpty && visibleRecipes.isEmpty {
            ContentUnavailableView.search(text: searchText)
        }
    }
    """

  @Test(
    "takes the static ContentUnavailableView.search for the card's search(text:), the query it reads being implied",
    arguments: [
      ".overlay { if !searchText.isEmpty, visibleRecipes.isEmpty { ContentUnavailableView.search } }",
      ".overlay { if !query.isEmpty && results.isEmpty { ContentUnavailableView.search } }",
    ])
  func impliedArgument(attempt: String) throws {
    let judgement = judge(attempt, Self.noResults)
    #expect(judgement.grade == 5, "\(judgement.reason)")
  }

  @Test(
    "still takes another label, another member or an empty argument list for an error",
    arguments: [
      "ContentUnavailableView.search(query: searchText)",
      "ContentUnavailableView.searching(text: searchText)",
      "ContentUnavailableView.searching",
      "ContentUnavailableView.search()",
    ])
  func impliedArgumentStaysWrong(_ call: String) throws {
    let attempt = ".overlay { if !searchText.isEmpty && visibleRecipes.isEmpty { \(call) } }"
    let judgement = judge(attempt, Self.noResults)
    #expect(try #require(judgement.grade) <= 3, "\(judgement.reason)")
  }

  @Test("implies an argument only for the member the vocabulary lists it for")
  func impliedArgumentOnlyForItsOwner() throws {
    // Another type's `search(text:)`, API too, reads nothing by itself.
    let vocabulary = APIVocabulary(listing: APIVocabulary.listing + "\n# types\nResultsView\n")
    let code =
      ".overlay {\n    if !q.isEmpty && r.isEmpty {\n        ResultsView.search(text: q)\n    }\n}"
    let judgement = AnswerJudge(code: code, vocabulary: vocabulary).judge(
      ".overlay { if !q.isEmpty && r.isEmpty { ResultsView.search } }")
    #expect(try #require(judgement.grade) <= 3, "\(judgement.reason)")
    let listing = APIVocabulary(listing: "# implied\nContentUnavailableView.search text:\nbad\n")
    #expect(listing.implied["search"]?.map(\.owner) == ["ContentUnavailableView"])
    #expect(listing.implied["search"]?.map(\.label) == ["text"])
  }

  @Test(
    "takes a test of the card's if left out for a detail missing, however the rest is spelled",
    arguments: [
      ".overlay { if visibleRecipes.isEmpty { ContentUnavailableView.search } }",
      ".overlay { if visibleRecipes.isEmpty { ContentUnavailableView.search(text: searchText) } }",
    ])
  func guardLeftOut(attempt: String) throws {
    let judgement = judge(attempt, Self.noResults)
    #expect(judgement.grade == 4, "\(judgement.reason)")
    #expect(judgement.reason.contains("leaves out a test"))
  }

  @Test(
    "takes a deprecated overload, told by a label or its closure's parameters, for an error",
    arguments: [
      (
        ".onChange(of: query) { newValue in search(newValue) }",
        ".onChange(of: query) { oldValue, newValue in\n    search(newValue)\n}", "onChange"
      ),
      (
        ".onChange(of: query, perform: { q in search(q) })",
        ".onChange(of: query) { oldValue, newValue in\n    search(newValue)\n}", "onChange"
      ),
      (
        "NavigationLink(\"Open\", destination: Detail(), isActive: $showsDetail)",
        ".navigationDestination(isPresented: $showsDetail) {\n    Detail()\n}", "NavigationLink"
      ),
      (
        "TextField(\"Name\", text: $name, onCommit: { save() })",
        "TextField(\"Name\", text: $name)\n    .onSubmit { save() }", "TextField"
      ),
    ])
  func deprecatedOverload(attempt: String, code: String, name: String) throws {
    let judgement = judge(attempt, code)
    #expect(try #require(judgement.grade) <= 2, "\(judgement.reason)")
    #expect(
      judgement.findings.contains {
        $0.severity == .error && $0.message.contains(name) && $0.message.contains("deprecated")
      })
  }

  @Test("still takes the current overloads, and the card's own deprecated one, for what they are")
  func currentOverloads() {
    let onChange = ".onChange(of: query) { oldValue, newValue in\n    search(newValue)\n}"
    #expect(judge(".onChange(of: q) { old, new in search(new) }", onChange).grade == 5)
    #expect(judge(".onChange(of: q) { search(q) }", onChange).grade ?? 0 >= 3)
    let old = ".onChange(of: query) { newValue in\n    search(newValue)\n}"
    #expect(judge(".onChange(of: q) { value in search(value) }", old).grade == 5)
  }

  @Test(
    "takes deprecated decoration for a slip on a right answer, an error where the point is missing")
  func deprecatedDecoration() throws {
    let code = "@Environment(\\.isSearching) private var isSearching"
    let right = judge(
      "@Environment(\\.isSearching) var searching; Text(\"x\").foregroundColor(.secondary)", code)
    #expect(right.grade == 4, "\(right.reason)")
    let alert =
      ".alert(\"Delete?\", isPresented: $asks) {\n    Button(\"Delete\", role: .destructive) { delete() }\n}"
    let colour = judge(
      ".alert(\"Delete?\", isPresented: $asks) { Button(\"Delete\") { delete() }.foregroundColor(.red) }",
      alert)
    #expect(try #require(colour.grade) <= 2, "\(colour.reason)")
  }

  @Test(
    "takes a deprecated modifier the card has nothing for as a slip on a right answer, not in the card's place"
  )
  func deprecatedExtra() throws {
    let cover =
      ".fullScreenCover(isPresented: $shows) {\n    VStack { Text(\"Welcome\"); Button(\"Start\") { shows = false } }\n}"
    let extra = judge(
      ".fullScreenCover(isPresented: $open) { VStack { Text(\"Hi\"); Button(\"Go\") { open = false } }.edgesIgnoringSafeArea(.all) }",
      cover)
    #expect(extra.grade == 4, "\(extra.reason)")
    #expect(extra.reason == "`.edgesIgnoringSafeArea` is deprecated: use `ignoresSafeArea`.")
    // So are a deprecated overload, a container and a key path the card has nothing for.
    for added in [
      ".fullScreenCover(isPresented: $open) { VStack { Text(\"Hi\"); Button(\"Go\") { open = false } }.onChange(of: open) { value in print(value) } }",
      "NavigationView { Text(\"Home\") }.fullScreenCover(isPresented: $open) { VStack { Text(\"Hi\"); Button(\"Go\") { open = false } } }",
      "@Environment(\\.presentationMode) var mode; .fullScreenCover(isPresented: $open) { VStack { Text(\"Hi\"); Button(\"Go\") { open = false } } }",
    ] {
      let judgement = judge(added, cover)
      #expect(judgement.grade == 4, "\(added): \(judgement.reason)")
    }
    // Where the card has the replacement, the deprecated name stands in its place: an error.
    let ignores = "Color.blue\n    .ignoresSafeArea()"
    let inPlace = judge("Color.blue.edgesIgnoringSafeArea(.all)", ignores)
    #expect(try #require(inPlace.grade) <= 2, "\(inPlace.reason)")
  }

  @Test("takes a presentation given both a flag and an item for an error: no overload takes both")
  func flagAndItem() throws {
    let code = ".sheet(item: $editing) { book in\n    BookEditor(book: book)\n}"
    let both = judge(".sheet(isPresented: $shows, item: $editing) { BookEditor(book: $0) }", code)
    #expect(try #require(both.grade) <= 2)
    #expect(both.reason == "`.sheet` takes `isPresented:` or `item:`, not both.")
    #expect(judge(".sheet(item: $chosen) { BookEditor(book: $0) }", code).grade == 5)
  }

  @Test("takes a member none of the types having the card's member has for an error")
  func memberOfNoType() throws {
    let code =
      "@Environment(\\.horizontalSizeClass) private var widthClass\n\nlet layout = widthClass == .regular\n    ? AnyLayout(HStackLayout())\n    : AnyLayout(VStackLayout())"
    let hints = JudgingHints(essential: ["AnyLayout"])
    let wide = judge(
      "let layout = widthClass == .wide ? AnyLayout(HStackLayout()) : AnyLayout(VStackLayout())",
      code, hints: hints)
    #expect(try #require(wide.grade) <= 2, "\(wide.reason)")
    // `.compact` is a size class too: the other branch, not a member of no type.
    let compact = judge(
      "let layout = widthClass == .compact ? AnyLayout(VStackLayout()) : AnyLayout(HStackLayout())",
      code, hints: hints)
    #expect(compact.findings.allSatisfy { !$0.message.contains("no member") })
    let vocabulary = APIVocabulary(
      listing: "# member types\nEdge: top bottom\nVerticalAlignment: top center\n")
    #expect(vocabulary.lacksMember("up", alongside: "top"))
    #expect(!vocabulary.lacksMember("center", alongside: "top"))
    #expect(!vocabulary.lacksMember("up", alongside: "medium"))
  }

  static let dismissAction =
    "@Environment(\\.dismiss) private var dismiss\nButton(\"Done\") { dismiss() }"

  @Test(
    "takes an assignment to a property read from the environment for an error: it has no setter",
    arguments: [
      "@Environment(\\.isPresented) private var isPresented; Button(\"Done\") { isPresented = false }",
      "@Environment(\\.dismiss) var dismiss; Button(\"Done\") { self.dismiss = nil }",
    ])
  func assignmentToEnvironment(attempt: String) throws {
    let judgement = judge(attempt, Self.dismissAction)
    // Wrong in one way with the rest right, as a wrong name is: 2 at most.
    #expect(try #require(judgement.grade) <= 2)
    #expect(
      judgement.findings.contains {
        $0.severity == .error && $0.message.contains("cannot be set")
      })
  }

  @Test(
    "does not take a declaration, a comparison or another value's property for an assignment",
    arguments: [
      "@Environment(\\.dismiss) private var dismiss; Button(\"Done\") { dismiss() }",
      "@Environment(\\.dismiss) var close; Button(\"Done\") { if close == nil { } ; close() }",
      "@Environment(\\.dismiss) var dismiss; Button(\"Done\") { model.dismiss = true; dismiss() }",
    ])
  func notAnAssignmentToEnvironment(attempt: String) {
    let judgement = judge(attempt, Self.dismissAction)
    #expect(!judgement.findings.contains { $0.message.contains("cannot be set") })
  }

  @Test("takes a call's one unlabelled flag turned the other way for an error")
  func unlabeledFlag() throws {
    let code = "GradientOverlay()\n    .allowsHitTesting(false)"
    let flipped = judge("GradientOverlay()\n    .allowsHitTesting(true)", code)
    #expect(try #require(flipped.grade) <= 2)
    #expect(
      flipped.reason == "`allowsHitTesting(true)` where the card has `allowsHitTesting(false)`.")
    #expect(judge("GradientOverlay().allowsHitTesting(false)", code).grade == 5)
    // A value's factory holds the example's value.
    #expect(
      judge(
        "Toggle(\"Wi-Fi\", isOn: .constant(false))", "Toggle(\"Wi-Fi\", isOn: .constant(true))"
      ).grade == 5)
  }

  @Test(
    "counts the view a style is applied to when its arguments pass a number the question states")
  func statedNumberInStyledView() throws {
    let code = """
      Gauge(value: temperature, in: 0...40) {
          Text("Temp")
      }
      .gaugeStyle(.accessoryCircular)
      """
    let question =
      "Show `temperature` on a circular accessory gauge from 0 to 40, labelled \"Temp\"."
    let attempt =
      "Gauge(value: temperature) {\n    Text(\"Temp\")\n}\n.gaugeStyle(.accessoryCircular)"
    let judgement = judge(attempt, code, question: question)
    #expect(judgement.grade == 3)
    #expect(judgement.reason == "Missing `in:`, which the question asks for.")
    // Without numbers in the question the gauge is the frame the style sits in.
    #expect(judge(attempt, code, question: "Show `temperature` on a circular gauge.").grade == 5)
  }

  @Test("tells a member of a bound value passed where the card passes the value, either way round")
  func boundValueOrMember() throws {
    let code = "List(notes) { note in\n    Text(note.title)\n        .draggable(note)\n}"
    let member = judge(
      "List(notes) { note in\n    Text(note.title)\n        .draggable(note.title)\n}", code)
    #expect(try #require(member.grade) <= 2)
    #expect(member.reason == "`note.title` where the card passes `note`.")
    let picker =
      "ForEach(Flavor.allCases) { flavor in\n    Text(flavor.name).tag(flavor.rawValue)\n}"
    #expect(
      judge("ForEach(Flavor.allCases) { flavor in\n    Text(flavor.name).tag(flavor)\n}", picker)
        .reason
        == "`flavor` where the card passes `flavor.rawValue`.")
    // The bound value renamed is the same value.
    #expect(
      judge("List(notes) { n in\n    Text(n.title)\n        .draggable(n)\n}", code).grade == 5)
  }

  @Test("leaves a value of the author's own with a member of the card's name alone")
  func boundValueOwnModel() {
    let code =
      "@State var query = \"\"\nTextField(\"Search\", text: $query)\n    .onChange(of: query) { search() }"
    let attempt =
      "@State var model = Model()\nTextField(\"Search\", text: $model.query)\n    .onChange(of: model.query) { search() }"
    #expect(!judge(attempt, code).reason.contains("where the card passes"))
  }

  @Test("counts a styled view asked for only by a number among its own arguments")
  func statedNumberNested() throws {
    let code =
      "List {\n    ForEach(items.prefix(10), id: \\.self) { Text($0) }\n        .onDelete { items.remove(atOffsets: $0) }\n}"
    let attempt = "List {\n    ForEach(items.prefix(10), id: \\.self) { Text($0) }\n}"
    let judgement = judge(
      attempt, code, question: "Show the first 10 items and let the user remove them.")
    #expect(try #require(judgement.grade) <= 3)
  }

  static let pinned = """
    LazyVStack(pinnedViews: .sectionHeaders) {
        ForEach(groups) { group in
            Section {
                ForEach(group.items, id: \\.self) { Text($0) }
            } header: {
                Text(group.name)
            }
        }
    }
    """

  @Test("takes another value where the card's detail has one for the right idea, wrong: 2")
  func wrongDetail() {
    // A development set's wrong key path got 4, a slip; its reviewers, and most blind sets'
    // for another value in a detail, give 2.
    let judgement = judge(Self.pinned.replacing("id: \\.self", with: "id: \\.count"), Self.pinned)
    #expect(judgement.grade == 2, "\(judgement.reason)")
    #expect(judgement.reason == "`\\.count` where the card has `\\.self`.")
    // A metatype's `.Type` for its `.self` is the language's slip: 3.
    let card =
      "NavigationStack {\n    List(books) { book in NavigationLink(book.title, value: book) }\n        .navigationDestination(for: Book.self) { BookDetail(book: $0) }\n}"
    let metatype = judge(card.replacing("Book.self", with: "Book.Type"), card)
    #expect(metatype.grade == 3, "\(metatype.reason)")
  }

  @Test("names a member the SDK type lacks as the reason, where the comparison names it as another")
  func missingMemberReason() {
    let card = "Image(systemName: \"cloud.sun\")\n    .symbolRenderingMode(.hierarchical)"
    let judgement = judge(card.replacing(".hierarchical", with: ".layered"), card)
    #expect(judgement.grade == 2)
    #expect(judgement.reason == "`SymbolRenderingMode` has no `.layered`.")
  }
}
