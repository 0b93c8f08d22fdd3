import CardDeck
import Testing

@testable import AnswerJudging

@Suite("The attempt's own scaffolding")
struct AttemptScaffoldingTests {
  static let card = """
    @State private var searchText = ""

    var body: some View {
        NavigationStack {
            List(visibleRecipes) { recipe in Text(recipe.name) }
                .navigationTitle("Recipes")
                .searchable(text: $searchText, prompt: "Dish or ingredient")
        }
    }
    """

  @Test("reads a view type wrapped around the card's code as the code it holds")
  func viewWrapper() {
    let attempt = """
      struct RecipeList: View {
          @State private var searchText = ""
          var body: some View {
              NavigationStack {
                  List(visibleRecipes) { recipe in Text(recipe.name) }
                      .searchable(text: $searchText, prompt: "Search recipes")
              }
          }
      }
      """
    let judgement = AnswerJudge(code: Self.card).judge(attempt)
    #expect(judgement.grade == 5, "\(judgement.reason)")
    // The field on each row, not on the list: another place, another meaning.
    let misplaced = AnswerJudge(code: Self.card).judge(
      """
      struct RecipeList: View {
          @State private var searchText = ""
          var body: some View {
              NavigationStack {
                  List(visibleRecipes) { recipe in
                      Text(recipe.name).searchable(text: $searchText)
                  }
              }
          }
      }
      """)
    #expect((misplaced.grade ?? 5) <= 2)
  }
}

@Suite("The card's frame inside the attempt's wrappers")
struct AttemptWrappersTests {
  static let overlay = """
    .overlay {
        if !searchText.isEmpty && visibleRecipes.isEmpty {
            ContentUnavailableView.search(text: searchText)
        }
    }
    """

  @Test("meets a card's modifier frame written on a view inside the attempt's own stack")
  func frameInsideWrapper() throws {
    let nested = """
      NavigationStack {
          List(filtered) { recipe in Text(recipe.name) }
              .overlay {
                  if !query.isEmpty && filtered.isEmpty {
                      ContentUnavailableView.search(text: query)
                  }
              }
      }
      """
    let judgement = judge(nested, Self.overlay)
    #expect(judgement.grade == 5, "\(judgement.reason)")
    // Without the test around it, the view shows before anything is typed: still said.
    let always = judge(
      nested.replacing("if !query.isEmpty && filtered.isEmpty {", with: "do {"), Self.overlay)
    #expect(try #require(always.grade) < 5)
    // A deeper frame of the same name holding something else is not the card's (an adversarial
    // review: a button's `.overlay` kept the card's closed, and the right answer got 2).
    let beside = """
      ZStack {
          List(filtered) { recipe in Text(recipe.name) }
              .overlay(alignment: .bottomTrailing) { AddButton() }
          if !query.isEmpty && filtered.isEmpty {
              ContentUnavailableView.search(text: query)
          }
      }
      """
    #expect(try #require(judge(beside, Self.overlay).grade) >= 4)
  }
}

@Suite("A computed property around the card's expression")
struct ComputedPropertyTests {
  @Test("compares what a computed property computes with the card's expression")
  func computed() {
    let card = """
      let dishes = ["Crème Brûlée", "Pâté", "Gazpacho"]
      print(dishes.filter { $0.localizedStandardContains("creme") })
      """
    let judge = AnswerJudge(
      code: card, hints: JudgingHints(essential: ["localizedStandardContains"]))
    let right = judge.judge(
      """
      var filtered: [Person] {
          people.filter { $0.name.localizedStandardContains(query) }
      }
      """)
    #expect(right.grade == 5, "\(right.reason)")
    let wrong = judge.judge(
      "var filtered: [Person] { people.filter { $0.name.contains(query) } }")
    #expect((wrong.grade ?? 5) <= 2, "\(wrong.reason)")
  }
}

@Suite("Methods of the SDK's value types")
struct ValueMethodTests {
  @Test("takes a String method on the author's values for API, not for the author's own name")
  func stringMethod() {
    let card =
      "let sorted = herbs.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }"
    let judge = AnswerJudge(code: card)
    let other = judge.judge("let names = herbs.sorted { $0.lowercased() < $1.lowercased() }")
    #expect((other.grade ?? 5) < 5, "\(other.reason)")
    let same = judge.judge(
      "let byName = plants.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }")
    #expect(same.grade == 5, "\(same.reason)")
    #expect(CodeClassifier.isValueMethod("trimmingCharacters", isDeclared: { _ in false }))
    #expect(!CodeClassifier.isValueMethod("refreshFeed", isDeclared: { _ in false }))
    #expect(!CodeClassifier.isValueMethod("filter", isDeclared: { $0 == "filter" }))
  }

  @Test("reads a `body` written around the card's code beside its `@State` as the code it holds")
  func bodyBesideState() {
    let card = """
      @State private var openBook: Book?

      NavigationStack {
          BookList(onPick: { openBook = $0 })
              .navigationDestination(item: $openBook) { book in BookDetail(book: book) }
      }
      """
    let attempt = """
      @State private var openBook: Book?
      var body: some View {
          NavigationStack {
              ShelfView(onOpen: { openBook = $0 })
                  .navigationDestination(item: $openBook) { book in BookDetail(book: book) }
          }
      }
      """
    #expect(judge(attempt, card).grade == 5, "\(judge(attempt, card).reason)")
    // Only the label differs then: nothing misplaced, no closure missing.
    let label = judge(attempt.replacing("item:", with: "unwrapping:"), card)
    #expect(label.grade == 2, "\(label.findings)")
    #expect(!label.findings.contains { $0.message.contains("not where the card has it") })
  }

  @Test(
    "takes another label of a call the card calls context for the author's choice, if it compiles")
  func contextCallLabels() {
    let card =
      ".sheet(isPresented: $showsNotes) {\n    LinerNotes(song: song)\n        .presentationSizing(.page)\n}"
    let judge = AnswerJudge(
      code: card,
      hints: JudgingHints(essential: ["presentationSizing", "page"], context: ["sheet"]))
    let item = judge.judge(
      ".sheet(item: $notesSong) { song in\n    LinerNotesView(song: song)\n        .presentationSizing(.page)\n}"
    )
    #expect(item.grade == 5, "\(item.reason)")
    // A label no overload takes still does not compile.
    let madeUp = judge.judge(
      ".sheet(isShowing: $notes) {\n    LinerNotesView(song: song)\n        .presentationSizing(.page)\n}"
    )
    #expect((madeUp.grade ?? 5) <= 2, "\(madeUp.reason)")
  }

  @Test("reads a `body` wrapped around the card's chain as the chain, without the card's `@State`")
  func bodyWithoutState() {
    let card = """
      @State private var isDimmed = false

      Image(systemName: "heart.fill")
          .opacity(isDimmed ? 0.3 : 1)
          .animation(.easeInOut(duration: 1).repeatForever(autoreverses: true), value: isDimmed)
      """
    for attempt in [
      """
      var body: some View {
          Image(systemName: "heart.fill")
              .opacity(isDimmed ? 0.3 : 1)
              .animation(.easeInOut(duration: 1).repeatForever(autoreverses: true), value: isDimmed)
      }
      """,
      """
      var body: some View {
          let pulse = Animation.easeInOut(duration: 1).repeatForever(autoreverses: true)
          Image(systemName: "heart.fill")
              .opacity(isDimmed ? 0.3 : 1)
              .animation(pulse, value: isDimmed)
      }
      """,
    ] {
      #expect(judge(attempt, card).grade == 5, "\(attempt)")
    }
    // The computed `body` is no stand-in for the stored property: what it holds is compared.
    let wrong = judge(
      """
      var body: some View {
          Image(systemName: "heart.fill")
              .opacity(isDimmed ? 0.3 : 1)
              .animation(.easeInOut(duration: 1), value: isDimmed)
      }
      """, card)
    #expect(wrong.grade.map { $0 <= 3 } == true, "\(wrong.reason)")
  }

  @Test("takes a type named in an annotation for the same type named in the value")
  func typesInOtherPlaces() {
    let group = """
      var results: [Data] = []
      for try await data in group { results.append(data) }
      """
    #expect(
      judge(
        """
        var results = [Data]()
        for try await data in group { results.append(data) }
        """, group
      ).grade == 5)
    let counts = """
      let counts = words.reduce(into: [String: Int]()) { counts, word in
          counts[word, default: 0] += 1
      }
      """
    let annotated = judge(
      """
      let counts: [String: Int] = words.reduce(into: [:]) { counts, word in
          counts[word, default: 0] += 1
      }
      """, counts)
    #expect(annotated.grade == 5)
    #expect(annotated.reason == "Same API as the card.")
  }

  @Test(
    "pairs the card's environment property with the attempt's of the same key path, and its body with the attempt's body",
    arguments: [
      (
        "@Environment(\\.dismissSearch) var endSearch",
        "@Environment(\\.isSearching) var isSearching"
      ),
      (
        "@Environment(\\.isSearching) var isSearching",
        "@Environment(\\.dismissSearch) var endSearch"
      ),
    ])
  func environmentBesideAnother(first: String, second: String) {
    let card = """
      @Environment(\\.dismissSearch) private var dismissSearch

      var body: some View {
          Button("Done") { dismissSearch() }
      }
      """
    // A user's trial: the right answer, a property more and the button inside an `if`, was
    // "Missing `dismissSearch`" (the card's `body` paired with `var isSearching`).
    let verdict = AnswerJudge(code: card).judge(
      """
      \(first)
      \(second)
      var body: some View {
          if isSearching {
              Button("Cancel search") { endSearch() }
          }
      }
      """)
    #expect(verdict.grade == 5, "\(verdict.reason)")
    #expect(verdict.reason == "Same API as the card, with names of your own.")
  }

  @Test(
    "takes a call of the attempt's own name misspelt for a typo, and the card's own function for none"
  )
  func misspeltOwnName() {
    let card = """
      @Environment(\\.dismissSearch) private var dismissSearch

      var body: some View {
          Button("Done") { dismissSearch() }
      }
      """
    // Tried in tmux: `endSerch()` beside `var endSearch` was "Same API as the card".
    let typo = AnswerJudge(code: card).judge(
      """
      @Environment(\\.isSearching) var isSearching
      @Environment(\\.dismissSearch) var endSearch
      var body: some View {
          if isSearching {
              Button("Cancel search") { endSerch() }
          }
      }
      """)
    #expect(typo.grade == 3, "\(typo.reason)")
    #expect(
      typo.reason == "`endSerch` looks like a typo for `endSearch`, which your code declares.")
    // A function the card calls is no typo of a parameter the attempt names alike.
    let test = AnswerJudge(
      code:
        "@Test(arguments: [\"\", \"12\"])\nfunc rejects(pin: String) {\n  #expect(!isValidPin(pin))\n}"
    )
    let right = test.judge(
      "@Test(arguments: [\"\", \"12\"])\nfunc rejects(invalidPin: String) {\n  #expect(!isValidPin(invalidPin))\n}"
    )
    #expect(right.grade == 5, "\(right.reason)")
  }

  @Test(
    "takes a name the card reads, its letters slipped, for a typo, and another name for a renaming")
  func misspeltRead() {
    let card = """
      List(results) { book in Text(book.title) }
          .task(id: query) {
              results = await loader.results(for: query)
          }
      """
    let typo = AnswerJudge(code: card).judge(
      card.replacingOccurrences(of: "results(for: query)", with: "results(for: qurey)"))
    #expect(typo.grade == 3, "\(typo.reason)")
    #expect(typo.reason == "`qurey` looks like a typo for `query`.")
    // One spelling throughout, the card's nowhere, is a name of the author's (a trial's
    // `showWelcome` for `showsWelcome` was "a typo", 3, beside its real slip).
    let cover = "Button(\"Start\") { showsWelcome = false }\n    .disabled(!showsWelcome)"
    let renamed = AnswerJudge(code: cover).judge(
      cover.replacingOccurrences(of: "showsWelcome", with: "showWelcome"))
    #expect(renamed.grade == 5, "\(renamed.reason)")
    let once = AnswerJudge(code: cover).judge(
      cover.replacingOccurrences(of: "{ showsWelcome", with: "{ showWelcome"))
    #expect(once.grade == 3 && once.reason.contains("looks like a typo"), "\(once.reason)")
    // A name the attempt binds as a parameter or a loop's, one letter off the card's, is its
    // own (an adversarial review: `colour` for `color`, `grey`, `prize`, an outer label `with`).
    let swatch = AnswerJudge(
      code:
        "func swatch(for color: Color) -> some View { Circle().fill(color).frame(width: 24, height: 24) }"
    )
    #expect(
      swatch.judge(
        "func swatch(for colour: Color) -> some View { Circle().fill(colour).frame(width: 24, height: 24) }"
      ).grade == 5)
    let total = AnswerJudge(code: "var total = 0.0\nfor price in prices { total += price }")
    #expect(total.judge("var total = 0.0\nfor prize in prices { total += prize }").grade == 5)
    let shade = SDKCheck(
      card: "struct Swatch { let gray: Double\n  var body: some View { Color(white: gray) } }")
    #expect(
      shade.problems(
        in: "struct Swatch { let shade: Double\n  init(grey: Double) { shade = grey } }"
      )
      .allSatisfy { !$0.contains("typo") })
    let bar = AnswerJudge(code: "Rectangle().frame(width: width, height: 4)")
    #expect(
      bar.judge(
        "func bar(with length: CGFloat) -> some View { Rectangle().frame(width: length, height: 4) }"
      )
      .reason.contains("typo") == false)
    // A pasted file of thousands of names, each a letter off a binding, is looked at within a
    // budget, not each name against each (an adversarial review: 38 s in a debug build).
    let pasted = (0..<2000).map { "let v\($0) = w\($0)" }.joined(separator: "\n")
    let typos = SDKCheck(card: "let total = 1").problems(in: pasted).filter {
      $0.contains("typo")
    }
    #expect(!typos.isEmpty && typos.count < 2000)
    // A plural, or a name a few letters off, is as likely the author's own.
    for other in ["querys", "search"] {
      let renamed = AnswerJudge(code: card).judge(
        card.replacingOccurrences(of: "query", with: other))
      #expect(renamed.grade == 5, "\(other): \(renamed.reason)")
    }
  }
}
