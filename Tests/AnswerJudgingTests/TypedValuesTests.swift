import CardDeck
import Testing

@testable import AnswerJudging

@Suite("Judging attempts: values typed by what binds them, names the question gives")
struct TypedValuesTests {
  static let decoder = """
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let user = try decoder.decode(User.self, from: data)
    """

  @Test(
    "reads a member of a value built from an SDK type as API, and one the type lacks as an error")
  func membersOfBuiltValues() throws {
    #expect(
      judge(
        """
        let d = JSONDecoder()
        d.keyDecodingStrategy = .convertFromSnakeCase
        let user = try d.decode(User.self, from: data)
        """, Self.decoder
      ).grade == 5)
    let wrong = judge(
      """
      let decoder = JSONDecoder()
      decoder.keyStrategy = .convertFromSnakeCase
      let user = try decoder.decode(User.self, from: data)
      """, Self.decoder)
    #expect(try #require(wrong.grade) <= 2)
    #expect(wrong.reason.hasPrefix("`JSONDecoder` has no `keyStrategy`"), "\(wrong.reason)")
    // Left out, the strategy is the card's point missing, not an example of the author's.
    let partial = judge(
      """
      let decoder = JSONDecoder()
      let user = try decoder.decode(User.self, from: data)
      """, Self.decoder)
    #expect(try #require(partial.grade) <= 3)
  }

  @Test("types the attempt's names as the question gives them: another method there is an error")
  func questionTypesAttempt() throws {
    let question = "`inputs` is a `[String]`. Make `numbers`, the ones that parse as integers."
    let code = "let numbers = inputs.compactMap { Int($0) }"
    let other = judge("let numbers = inputs.map { Int($0) }", code, question: question)
    #expect(other.grade == 2)
    #expect(other.reason == "`.map` where the card has `.compactMap`.")
    #expect(
      judge("let numbers = inputs.compactMap(Int.init)", code, question: question).grade ?? 0 >= 4)
  }

  @Test("reads a modifier only views have, on a name the code does not bind, as the view's API")
  func viewOnlyModifiers() throws {
    let code = """
      photo
          .scaleEffect(scale)
          .gesture(MagnifyGesture().onChanged { value in scale = value.magnification })
      """
    let partial = judge(
      "photo.gesture(MagnifyGesture().onChanged { value in scale = value.magnification })", code)
    #expect(partial.grade == 3)
    #expect(partial.reason == "Missing `.scaleEffect`.")
    #expect(CodeClassifier.isViewOnly("scaleEffect"))
    // `offset` is a file handle's, a chart's and a transition's too.
    #expect(!CodeClassifier.isViewOnly("offset"))
  }

  @Test("takes a property called as a method for a near miss, but not a callable value's call")
  func propertyCalled() {
    let card = "GeometryReader { proxy in\n    Text(\"\\(proxy.size.width)\")\n}"
    let called = judge(card.replacing("proxy.size.width", with: "proxy.size().width"), card)
    #expect(called.grade == 3)
    #expect(called.reason == "`size` of `GeometryProxy` is a property, not a method: no `()`.")
    // `dismiss` is a `DismissAction`, which has `callAsFunction`.
    let dismiss = "@Environment(\\.dismiss) private var dismiss\nButton(\"Close\") { dismiss() }"
    #expect(judge(dismiss, dismiss).grade == 5)
    #expect(SDKCheck.isCallable("DismissAction", index: .shipped))
    #expect(!SDKCheck.isCallable("CGSize", index: .shipped))
  }

  @Test("takes a key path the question names as asked for, written through a descriptor too")
  func questionNames() throws {
    let code = "let ranked = people.sorted(using: KeyPathComparator(\\.age))"
    let question = "Sort `people` by `age` with a key-path comparator."
    let other = judge(
      "let ranked = people.sorted(using: KeyPathComparator(\\.name))", code, question: question)
    #expect(try #require(other.grade) <= 2)
    #expect(other.reason == "`\\.name` where the card has `\\.age`.")
    // A property the question does not name is the author's example.
    #expect(judge("let ranked = people.sorted(using: KeyPathComparator(\\.name))", code).grade == 5)
    #expect(
      judge(
        "@Query(sort: [SortDescriptor(\\Trip.start)]) var trips: [Trip]",
        "@Query(sort: \\.start) var trips: [Trip]", question: "Fetch trips sorted by `start`."
      ).grade == 5)
  }

  @Test("reads a constant called on once as its value, a link of the card's chain")
  func constantReceiver() {
    let code = "let elapsed = await ContinuousClock().measure { await work() }"
    #expect(
      judge(
        "let clock = ContinuousClock()\nlet elapsed = await clock.measure { await work() }", code
      ).grade == 5)
    let unmarked = judge(
      "let clock = ContinuousClock()\nlet elapsed = clock.measure { await work() }", code)
    #expect(unmarked.grade == 2)
    #expect(unmarked.reason == "`measure` is `async`: the card writes `await` before it.")
  }

  @Test("checks labels on every SDK call, unlabelled arguments and implicit members included")
  func labels() throws {
    let comparator = judge(
      "let ranked = people.sorted(using: KeyPathComparator(\\.age, ascending: false))",
      "let ranked = people.sorted(using: KeyPathComparator(\\.age, order: .reverse))")
    #expect(try #require(comparator.grade) <= 2)
    // The label the card writes instead says it most plainly.
    #expect(comparator.reason == "`ascending:` where the card has `order:`.")
    let unlabelled = judge(
      "let ranked = people.sorted(using: KeyPathComparator(\\.age, descending: true))",
      "let ranked = people.sorted(using: KeyPathComparator(\\.age))")
    #expect(try #require(unlabelled.grade) <= 2)
    #expect(
      unlabelled.reason.hasPrefix("`KeyPathComparator` has no initialiser `(_:descending:)`"),
      "\(unlabelled.reason)")
    let implicit = judge(
      "try await Task.sleep(for: .milliseconds(ms: 500))",
      "try await Task.sleep(for: .milliseconds(500))")
    // A label no declaration takes on the argument the call needs does not compile, even on an
    // example value: 2 (where the call is whole without it, a slip: `UnknownLabelLiteralTests`).
    #expect(implicit.grade == 2)
    #expect(implicit.reason.hasPrefix("No API has `.milliseconds(ms:)`"), "\(implicit.reason)")
  }

  @Test("checks the cases of a switch over an SDK type")
  func switchCases() throws {
    let code = """
      let result = Result { try load() }
      switch result {
      case .success(let value): show(value)
      case .failure(let error): report(error)
      }
      """
    let wrong = judge(
      """
      let result = Result { try load() }
      switch result {
      case .ok(let value): show(value)
      case .failure(let error): report(error)
      }
      """, code)
    #expect(try #require(wrong.grade) <= 2)
    #expect(wrong.reason.hasPrefix("`Result` has no case `.ok`"), "\(wrong.reason)")
  }

  @Test("takes another attribute on the card's declaration for an error, even one that only stores")
  func attributeInPlace() throws {
    let judgement = judge(
      "@State private var focused = false\nTextField(\"Name\", text: $name).focused($focused)",
      "@FocusState private var focused: Bool\nTextField(\"Name\", text: $name).focused($focused)")
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.reason == "`@State` where the card has `@FocusState`.")
  }

  @Test("takes an environment declaration that supports the point as read when its name is used")
  func environmentTakenAsRead() throws {
    let insert = """
      @Environment(\\.modelContext) private var modelContext
      func add() { modelContext.insert(Note(text: draft)) }
      """
    #expect(judge("func add() { modelContext.insert(Note(text: draft)) }", insert).grade == 5)
    // Reading the environment is the whole point here: the call alone is not it.
    let dismiss = """
      @Environment(\\.dismiss) private var dismiss
      Button("Done") { dismiss() }
      """
    #expect(try #require(judge("Button(\"Done\") { dismiss() }", dismiss).grade) < 5)
  }

  @Test(
    "takes a state property the attempt uses as read, its value or type too, unless any of it counts"
  )
  func stateTakenAsRead() throws {
    let picker = """
      @State private var dueDate = Date.now
      DatePicker("Due", selection: $dueDate, in: Date.now..., displayedComponents: .date)
      """
    let attempt =
      "DatePicker(\"Due\", selection: $dueDate, in: Date.now..., displayedComponents: .date)"
    let judgement = judge(attempt, picker)
    #expect(judgement.grade == 5, "\(judgement.reason)")
    // Declared by the attempt with another value, the two declarations are compared.
    #expect(
      try #require(judge("@State private var dueDate = 0\n" + attempt, picker).grade) < 5)
    // Without a value, its type is what the attempt's use of it makes it.
    let photos = """
      @State private var pickedItem: PhotosPickerItem?
      PhotosPicker(selection: $pickedItem, matching: .images) { Label("Photo", systemImage: "photo") }
      """
    let picked = judge(
      "PhotosPicker(\"Photo\", selection: $pickedItem, matching: .images)", photos)
    #expect(picked.grade == 5, "\(picked.reason)")
    #expect(
      try #require(judge("PhotosPicker(\"Photo\", selection: $pickedItem)", photos).grade) < 5)
    // Not where the name is only a label (`isOn: .constant(true)`), nor around a type the
    // attempt declares without it (an adversarial review's cases).
    let binding = "@Binding var isOn: Bool\nToggle(\"Wi-Fi\", isOn: $isOn)"
    #expect(
      try #require(judge("Toggle(\"Wi-Fi\", isOn: .constant(true))", binding).grade) < 5)
    let asked = judge(
      "PhotosPicker(\"Photo\", selection: $pickedItem, matching: .images)", photos,
      question: "Declare an optional state property `pickedItem` and bind a photos picker to it.")
    #expect(try #require(asked.grade) < 5, "\(asked.reason)")
    let row = "struct Row: View {\n    var body: some View { Toggle(\"Wi-Fi\", isOn: $isOn) }\n}"
    #expect(try #require(judge(row, binding).grade) < 5)
    // A wrapper that is the point is not taken as read: storing in user defaults is it.
    let stored = """
      @AppStorage("volume") private var volume = 0.5
      Slider(value: $volume)
      """
    #expect(try #require(judge("Slider(value: $volume)", stored).grade) <= 3)
    // Nor a value that counts (an adversarial review): the path the stack is driven by, and
    // the visibility the question asks for, which an assignment elsewhere must still meet.
    let path = """
      @State private var path = NavigationPath()
      NavigationStack(path: $path) { BookList() }
      """
    #expect(try #require(judge("NavigationStack(path: $path) { BookList() }", path).grade) <= 3)
    let visibility = """
      @State private var visibility: NavigationSplitViewVisibility = .detailOnly
      NavigationSplitView(columnVisibility: $visibility) { Sidebar() } detail: { Detail() }
      """
    let hidden = judge(
      "NavigationSplitView(columnVisibility: $visibility) { Sidebar() } detail: { Detail() }"
        + ".onAppear { visibility = .sidebarHidden }", visibility)
    #expect(try #require(hidden.grade) <= 2, "\(hidden.reason)")
  }

  @Test("says a card's variable renamed two ways only where the attempt declares both names")
  func renamedTwoWays() throws {
    let card = """
      @State private var draft = ""
      TextField("Title", text: $draft)
          .onSubmit { save(draft) }
      """
    let twoWays = judge(
      """
      @State private var title = ""
      @State private var name = ""
      TextField("Title", text: $title)
          .onSubmit { save(name) }
      """, card)
    // Named by the value or by its binding, whichever pair is compared first.
    #expect(
      [
        "`draft` is renamed in one place and not another.",
        "`$draft` is renamed in one place and not another.",
      ].contains(twoWays.reason),
      "\(twoWays.reason)")
    // A name the card binds in two scopes is two variables, each renamed its own way.
    let twoScopes = """
      func parseAge(_ text: String) throws(AgeError) -> Int {
          guard let age = Int(text) else { throw .notANumber }
          return age
      }
      do {
          let age = try parseAge(field)
          print(age)
      } catch {
          print(error)
      }
      """
    let renamedEach = judge(
      twoScopes.replacing("guard let age", with: "guard let value")
        .replacing("return age", with: "return value")
        .replacing("let age = try", with: "let years = try").replacing(
          "print(age)", with: "print(years)"),
      twoScopes)
    #expect(renamedEach.grade == 5, "\(renamedEach.reason)")
    // Names crossed between the two scopes are still two names for one variable.
    let buttons = """
      Button("Save") {
          let draft = makeDraft()
          store.save(draft)
      }
      Button("Discard") {
          let draft = makeDraft()
          store.discard(draft)
      }
      """
    let crossed = judge(
      buttons.replacing(
        "let draft = makeDraft()\n    store.save(draft)",
        with: "let toSave = makeDraft()\n    store.save(toDiscard)"
      )
      .replacing(
        "let draft = makeDraft()\n    store.discard(draft)",
        with: "let toDiscard = makeDraft()\n    store.discard(toSave)"),
      buttons)
    #expect((crossed.grade ?? 5) < 5, "\(crossed.reason)")
    // Values the attempt takes as given are not two names for one: a trial's right answer got
    // 4 for the card's `dishes`, its own extra code reading `searchText` beside `names`.
    let filter = """
      let dishes = ["Café au lait", "Crêpes"]
      print(dishes.filter { $0.localizedStandardContains("cafe") })
      print(dishes.filter { $0.localizedStandardContains("CREPE") })
      """
    let given = AnswerJudge(
      code: filter,
      hints: JudgingHints(essential: ["localizedStandardContains"], context: ["filter"])
    ).judge(
      "searchText.isEmpty ? names : names.filter { $0.localizedStandardContains(searchText) }")
    #expect(!given.findings.contains { $0.message.contains("renamed in one place") })
    // Nor is the one in the ternary's condition listed as the card's name: `searchText` is no
    // renaming of `dishes` (`names`, in the branch where the card has it, is).
    #expect(
      !given.renamings.contains { $0.expected == "dishes" && $0.attempt == "searchText" },
      "\(given.renamings)")
    #expect(given.grade == 5, "\(given.reason)")
  }

  @Test("compares code without API with the author's names renamed one for one")
  func codeWithoutAPI() throws {
    let code = """
      async let first = loadFirst(id: key)
      async let second = loadSecond(id: key)
      let pair = try await Pair(first: first, second: second)
      """
    let renamed = judge(
      """
      async let a = loadFirst(id: id)
      async let b = loadSecond(id: id)
      let pair = try await Pair(first: a, second: b)
      """, code)
    #expect(renamed.grade == 5)
    #expect(renamed.reason == "Same as the card's code, with names of your own.")
    // Renaming one name two ways is not a renaming.
    #expect(
      try #require(
        judge(
          """
          async let a = loadFirst(id: id)
          async let b = loadSecond(id: id)
          let pair = try await Pair(first: b, second: b)
          """, code
        ).grade) < 5)
    let serial = judge(
      """
      let first = try await loadFirst(id: key)
      let second = try await loadSecond(id: key)
      let pair = Pair(first: first, second: second)
      """, code)
    #expect(serial.grade == 2)
    #expect(serial.reason == "The card writes `async` where yours does not.")
  }

  @Test("takes an SDK type left out of code without API for an error, a misspelt one for a typo")
  func typesInCodeWithoutAPI() {
    let code = """
      enum CodingKeys: String, CodingKey {
          case title = "name"
          case pageCount = "pages"
      }
      """
    #expect(
      judge(
        "enum CodingKeys: String, CodingKey {\n    case title = \"name\", pageCount = \"pages\"\n}",
        code
      ).grade == 5)
    let other = judge(
      "enum CodingKeys: String, Codable {\n    case title = \"name\"\n    case pageCount = \"pages\"\n}",
      code)
    #expect(other.grade == 2)
    #expect(other.reason == "Missing `CodingKey`.")
    let typo = judge(
      "enum CodingKeys: String, CodinKey {\n    case title = \"name\"\n    case pageCount = \"pages\"\n}",
      code)
    // The point recalled with a typo that does not compile: 3, as the scale says.
    #expect(typo.grade == 3)
    #expect(typo.reason == "`CodinKey` looks like a typo for `CodingKey`.")
  }

  @Test("ends on thousands of nested closures, typing nothing where no API hands a value in")
  func nestedClosures() {
    let deep =
      String(repeating: "f { ", count: 3000) + "$0.x" + String(repeating: " }", count: 3000)
    let typed = SDKCheck.Code(deep).typedNames(index: .shipped)
    #expect(typed.isEmpty)
  }

  @Test(
    "types a value the question declares, and reads its members as API: another label is an error")
  func questionDeclaredTypes() throws {
    let code = "let ranked = players.sorted(using: KeyPathComparator(\\.score, order: .reverse))"
    let question =
      "Sort `players: [Player]` by `score: Int`, highest first, with a `KeyPathComparator`."
    let other = judge(
      "let ranked = players.sorted(by: KeyPathComparator(\\.score, order: .reverse))", code,
      question: question)
    #expect(try #require(other.grade) <= 2)
    #expect(other.reason == "`by:` where the card has `using:`.")
    #expect(
      judge(
        "let top = players.sorted(using: KeyPathComparator(\\.score, order: .reverse))", code,
        question: question
      ).grade == 5)
    // Untyped, the value's method is the example's, and its label a detail.
    #expect(
      judge(
        "let ranked = players.sorted(by: KeyPathComparator(\\.score, order: .reverse))", code
      ).grade == 4)
  }

  @Test("finds a member the declared array does not have")
  func arrayMembers() throws {
    let code = """
      List {
          ForEach(stops) { stop in Text(stop.name) }
              .onMove { from, to in stops.move(fromOffsets: from, toOffset: to) }
      }
      """
    let question = "Let the user reorder `@State var stops: [Stop]` in a `List`."
    let wrong = judge(
      """
      List {
          ForEach(stops) { stop in Text(stop.name) }
              .onMove { from, to in stops.moveItems(from: from, to: to) }
      }
      """, code, question: question)
    #expect(try #require(wrong.grade) <= 2)
    #expect(
      wrong.findings.contains {
        $0.message.hasPrefix("`Array` has no `moveItems(from:to:)`")
      }, "\(wrong.findings)")
  }

  @Test("reads `[T]` as an `Array` and `[K: V]` as a `Dictionary` where a declaration says so")
  func bracketedTypes() {
    let code = SDKCheck.Code(
      """
      var stops: [Stop] = []
      let counts: [String: Int] = [:]
      let pairs: [(Int, Int)] = []
      """)
    let types = code.typedNames(index: .shipped)
    #expect(types["stops"] == "Array")
    #expect(types["counts"] == "Dictionary")
    #expect(types["pairs"] == "Array")
    #expect(
      QuestionWords.declaredTypes(in: "Given `scores: [String: Int]` and `n: Int`.") == [
        "scores": "Dictionary", "n": "Int",
      ])
    // In prose too, a type set beside the name, but not one further off.
    #expect(
      QuestionWords.declaredTypes(
        in:
          "`runs` is a `[Run]`; encode `data` (a `Data`) as `text`, an `Int`, and `n` in an `Int`.")
        == ["runs": "Array", "data": "Data", "text": "Int"])
  }

  @Test("takes a value the question gives, misspelt where the attempt uses it, for a typo")
  func misspeltGivenValue() {
    let code = #"ProgressView("Downloading", value: downloadedBytes, total: totalBytes)"#
    let question = "Show a progress bar for `downloadedBytes: Double` out of `totalBytes: Double`."
    let typo = judge(
      code.replacing("downloadedBytes", with: "downloadBytes"), code, question: question)
    #expect(typo.grade == 3)
    #expect(
      typo.reason
        == "`downloadBytes` looks like a typo for `downloadedBytes`, which the question names.")
    #expect(judge(code, code, question: question).grade == 5)
    // Declared by the attempt, it is the attempt's own value.
    let own = judge(
      "let downloadBytes = 10.0\n" + code.replacing("downloadedBytes", with: "downloadBytes"), code,
      question: question)
    #expect(!own.reason.contains("typo"), "\(own.reason)")
    // Nor is a binding to it misspelt.
    let toggle = judge(
      "Toggle(\"Notifications\", isOn: $notificationEnabled)",
      "Toggle(\"Notifications\", isOn: $notificationsEnabled)",
      question: "Bind a toggle to `notificationsEnabled`.")
    #expect(toggle.grade == 3, "\(toggle.reason)")
    // A type is no value: `Cart` is not `cart` misspelt.
    let cart = "Text(cart.total, format: .currency(code: \"USD\"))"
    let typed = judge(
      "@EnvironmentObject var basket: Cart\nText(basket.total, format: .currency(code: \"USD\"))",
      cart, question: "Show the `cart` total (a `Decimal`) as US dollars.")
    #expect(!typed.reason.contains("typo"), "\(typed.reason)")
  }

  @Test("takes a name the question calls a view for one: its modifiers are the view's API")
  func namedView() throws {
    #expect(
      QuestionWords.declaredTypes(in: "`card` is a view and `photo` (a view) too; `view` is not")
        == ["card": "View", "photo": "View"])
    #expect(
      QuestionWords.declaredTypes(
        in: "Given a view `card`, and `photo` is some existing SwiftUI view, and `tile` is a box")
        == ["card": "View", "photo": "View"])
    // Not a view controller, a view model, a view's part, or a view whose type follows.
    for prose in [
      "`vc` is a view controller.", "`auth` (a viewmodel) signs in.", "`row` is a view's frame.",
      "`stack` is a view (a `UIStackView`).",
    ] {
      #expect(QuestionWords.declaredTypes(in: prose)["vc"] == nil)
      #expect(!QuestionWords.declaredTypes(in: prose).values.contains("View"), "\(prose)")
    }
    // Nor one the card does not use as a view: a table view's own methods are not View's.
    #expect(!AnswerJudge.usesAsView("tableView", in: "tableView.reloadData()"))
    #expect(AnswerJudge.usesAsView("card", in: "card\n    .offset(drag)"))
    let question =
      "`card` is a view and `@GestureState private var dragOffset = CGSize.zero` is declared. Make `card` follow the finger while it is dragged."
    let code = """
      card
          .offset(dragOffset)
          .gesture(DragGesture().updating($dragOffset) { value, state, _ in state = value.translation })
      """
    // Left out, the view does not move: a part of the answer missing.
    let unmoved = judge(
      "card.gesture(DragGesture().updating($dragOffset) { value, state, _ in state = value.translation })",
      code, question: question)
    #expect(unmoved.grade == 3, "\(unmoved.reason)")
    #expect(unmoved.reason == "Missing `.offset`.")
    // The same offset passed in parts, by the overload that takes them.
    let parts = judge(
      code.replacing(
        ".offset(dragOffset)", with: ".offset(x: dragOffset.width, y: dragOffset.height)"),
      code, question: question)
    #expect(parts.grade == 5, "\(parts.reason)")
    // Parts swapped or negated are another offset.
    for other in [
      ".offset(x: dragOffset.height, y: dragOffset.width)",
      ".offset(x: -dragOffset.width, y: -dragOffset.height)", ".offset(x: dragOffset.width)",
    ] {
      let verdict = judge(
        code.replacing(".offset(dragOffset)", with: other), code, question: question)
      #expect((verdict.grade ?? 5) < 5, "\(other): \(verdict.reason)")
    }
  }
}

@Suite("Judging attempts: the reason for a member a type does not have")
struct MissingMemberReasonTests {
  @Test("names the card's member nearest to the attempt's: a call for a call")
  func nearestMember() throws {
    let code = """
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.dateFormat = "yyyy-MM-dd HH:mm"
      let text = formatter.string(from: date)
      """
    let wrong = judge(
      """
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.dateFormat = "yyyy-MM-dd HH:mm"
      let text = formatter.stringFrom(date)
      """, code)
    #expect(try #require(wrong.grade) <= 2)
    #expect(
      wrong.reason == "`DateFormatter` has no `stringFrom(_:)`; the card uses `string(from:)`.")
  }

  @Test("types a name by the end of the chain that makes its value, or not at all")
  func chainsToTheirEnd() {
    let listing = SDKCheck.Code(
      "let urls = try FileManager.default.contentsOfDirectory(atPath: folder)\nlet n = urls.first")
    #expect(listing.typedNames(index: .shipped)["urls"] == "Array")
    // A method of a value built in place (`JSONDecoder().decode`) that the index gives no type.
    let decoded = SDKCheck.Code(
      "let numbers = try JSONDecoder().decode([Int].self, from: data)\nlet n = numbers.first")
    #expect(decoded.typedNames(index: .shipped)["numbers"] == nil)
  }

  @Test("types a function's parameters by their annotations, and checks what is called on them")
  func functionParameters() {
    let code = """
      func updateUIView(_ uiView: UIActivityIndicatorView, context: Context) {
          if isAnimating { uiView.startAnimating() } else { uiView.stopAnimating() }
      }
      """
    #expect(SDKCheck.Code(code).typedNames(index: .shipped)["uiView"] == "UIActivityIndicatorView")
    let wrong = judge(code.replacing("uiView.startAnimating()", with: "uiView.start()"), code)
    #expect(wrong.grade! <= 2)
    #expect(wrong.reason.hasPrefix("`UIActivityIndicatorView` has no `start()`"))
  }

  @Test("grades a misspelt member of a typed value 3, in a part the card leaves free too")
  func misspeltMembers() {
    let code = "GeometryReader { proxy in\n    Rectangle().frame(width: proxy.size.width / 2)\n}"
    let judgement = judge(code.replacing("size.width", with: "size.widht"), code)
    #expect(judgement.grade == 3)
    #expect(
      judgement.reason == "`widht` looks like a typo for `width`: `CGSize` has no `widht`.")
  }

  @Test("takes a member a letter short for a typo, and one a word short for another member")
  func shortMembers() throws {
    let code = "let totals = scores.mapValues { $0.reduce(0, +) }"
    let question = "`scores` is a `[String: [Int]]`: total each name's scores."
    let letter = judge("let totals = scores.mapValue { $0.reduce(0, +) }", code, question: question)
    #expect(letter.grade == 3)
    #expect(letter.reason == "`.mapValue` looks like a typo for `.mapValues`.")
    #expect(SDKCheck.isWordShort("scroll", of: "scrollTo"))
    #expect(SDKCheck.isWordShort("map", of: "mapValues"))
    #expect(!SDKCheck.isWordShort("mapValue", of: "mapValues"))
  }

  @Test("reads a member through an optional's `?` or `!`, not through a ternary's `?`")
  func optionalChains() {
    let code =
      "@State private var item: PhotosPickerItem?\nlet data = try? await item?.loadTransferable(type: Data.self)"
    let check = SDKCheck(card: code)
    for written in [
      "item?.loadTransferable(of: Data.self)", "item!.loadTransferable(of: Data.self)",
    ] {
      #expect(
        check.problems(
          in: "@State private var item: PhotosPickerItem?\nlet data = try? await " + written)
          == [
            "`PhotosPickerItem` has no `loadTransferable(of:)`; the card uses `loadTransferable(type:)`"
          ])
    }
    #expect(
      SDKCheck(card: "").problems(
        in: "@State private var on: Bool = false\nlet c: Color = on ? .red : .blue"
      ).isEmpty)
  }
}
