import CardDeck
import Testing

@testable import AnswerJudging

@Suite("Code that does not compile, as the SDK and Swift's rules say")
struct CompileChecksTests {
  @Test("a `$` name of a property declared without a wrapper projects nothing")
  func unwrappedProjection() {
    let code = SDKCheck.Code(
      "private var position: MapCameraPosition = .automatic\nMap(position: $position)")
    #expect(code.unwrappedProjections() == ["position"])
    let judge = AnswerJudge(
      code: "@State private var position: MapCameraPosition = .automatic\nMap(position: $position)",
      question: "Show a map the user can pan.")
    let judgement = judge.judge(
      "private var position: MapCameraPosition = .automatic\nMap(position: $position)")
    #expect(judgement.grade! <= 2)
    #expect(judgement.reason.contains("`$position` projects nothing"))
  }

  @Test(
    "a `$` name of a wrapped property, of a property declared elsewhere, or of a closure's binding is right",
    arguments: [
      "@State private var items = [1]\nList($items) { $item in Text(\"\\(item)\") }",
      "@AppStorage(\"size\") private var size = 17.0\nSlider(value: $size)",
      "if let genre { List(books, selection: $genre) { Text($0) } }",
      "ForEach($rows) { $row in Toggle(row.name, isOn: $row.isOn) }",
      "let total = 3\nText(\"\\(total)\").onChange(of: $0) { }",
      "@FocusState.Binding var isFocused: Bool\nTextField(\"Search\", text: $text).focused($isFocused)",
    ])
  func wrappedProjection(code: String) {
    #expect(SDKCheck.Code(code).unwrappedProjections().isEmpty)
  }

  @Test("a property wrapper written bare on a property with a value still needs its key")
  func bareWrapper() {
    let judge = AnswerJudge(
      code: "@SceneStorage(\"draft\") private var draft = \"\"\nTextEditor(text: $draft)",
      question: "Keep a note's draft when the scene is restored.")
    let bare = judge.judge("@SceneStorage private var draft = \"\"\nTextEditor(text: $draft)")
    #expect(bare.grade! <= 2)
    #expect(bare.reason.contains("`@SceneStorage` leaves out an unlabelled argument"))
    let annotated = judge.judge(
      "@SceneStorage(\"draft\") private var draft: String = \"\"\nTextEditor(text: $draft)")
    #expect(annotated.grade == 5)
    // `State` has `init(wrappedValue:)`: nothing else is needed.
    #expect(SDKCheck.Code("@State private var on = false").bareWrappers().count == 1)
    #expect(
      SDKCheck(card: "").problems(in: "@State private var on = false\nToggle(\"On\", isOn: $on)")
        .isEmpty)
  }

  @Test("a method called with a trailing closure alone still needs the arguments it takes")
  func trailingClosureAlone() {
    let judge = AnswerJudge(
      code:
        "Image(systemName: \"heart.fill\")\n  .phaseAnimator([1.0, 1.3]) { content, scale in\n    content.scaleEffect(scale)\n  }",
      question: "Pulse the heart between its size and 1.3 times it, forever.")
    let bare = judge.judge(
      "Image(systemName: \"heart.fill\")\n  .phaseAnimator { content, scale in\n    content.scaleEffect(scale)\n  }"
    )
    #expect(bare.grade == 2, "\(bare.reason)")
    #expect(
      bare.reason
        == "`.phaseAnimator { … }` leaves out an unlabelled argument that every declaration of it needs; the card writes `phaseAnimator(_:) { … }`."
    )
    // One whose arguments all have defaults needs none (`task(priority:_:)`), the closure
    // taken by its place where two parameters have no label (`accessibilityAction(_:_:)`);
    // nor is one checked that no declaration gives a closure (the index lacks it), that the
    // code declares itself, or that opens a property observer.
    for code in [
      "Text(\"Hi\")\n  .task { await load() }",
      "Button(\"Play\") { play() }\n  .accessibilityAction { play() }",
      "List(items) { Text($0) }\n  .navigationTitle { Text(\"Items\") }",
      "extension View {\n  func badge(_ content: () -> some View) -> some View { self }\n}\nImage(systemName: \"bell\").badge { Text(\"3\") }",
      "struct Settings {\n  var curve = Animation.easeInOut {\n    didSet { print(\"changed\") }\n  }\n}",
    ] {
      #expect(SDKCheck(card: "").problems(in: code).isEmpty, "\(code)")
    }
  }

  /// A card whose closure is handed an `AsyncStream.Continuation`.
  let ticker = AnswerJudge(
    code:
      "let ticks = AsyncStream<Int> { continuation in\n  ticker.onTick = { continuation.yield($0) }\n}",
    question: "Wrap a callback ticker in an asynchronous stream of Int.")

  @Test("a closure given to a generic type's initialiser knows what the type hands it")
  func genericInitialiserClosure() {
    let wrong = ticker.judge(
      "let ticks = AsyncStream<Int> { continuation in\n  ticker.onTick = { continuation.send($0) }\n}"
    )
    #expect(wrong.grade! <= 2)
    #expect(wrong.reason.contains("`AsyncStream.Continuation` has no `send(_:)`"))
  }

  @Test(
    "a misspelt member of a handed-in value is a typo; a shorter name or other labels is another member"
  )
  func memberTypo() {
    let typo = ticker.judge(
      "let ticks = AsyncStream<Int> { continuation in\n  ticker.onTick = { continuation.yeild($0) }\n}"
    )
    #expect(typo.grade == 3)
    #expect(typo.reason.contains("typo"))
    let scroll = AnswerJudge(
      code:
        "ScrollViewReader { proxy in\n  Button(\"End\") { proxy.scrollTo(lastID, anchor: .bottom) }\n}",
      question: "Scroll to the last row when a button is tapped.")
    let other = scroll.judge(
      "ScrollViewReader { proxy in\n  Button(\"End\") { proxy.scroll(to: lastID, anchor: .bottom) }\n}"
    )
    #expect(other.grade! <= 2)
    #expect(other.reason.contains("`ScrollViewProxy` has no `scroll(to:anchor:)`"))
  }
}

@Suite("Marked calls on values the code does not type")
struct MarkedCallsOnValuesTests {
  @Test(
    "holds the card's `try` and `await` for a method on the example's value, whatever other types declare"
  )
  func untypedValues() throws {
    // The index knows a `reload()` of UIKit's, neither async nor throwing: not `feed`'s.
    let code = """
      List(feed.posts) { post in PostRow(post: post) }
          .refreshable { try? await feed.reload() }
      """
    let noTry = judge(
      "List(feed.posts) { post in PostRow(post: post) }\n    .refreshable { await feed.reload() }",
      code)
    #expect(try #require(noTry.grade) <= 2)
    #expect(noTry.reason == "`reload` can throw: the card writes `try` before it.")
    let noAwait = judge(
      "List(feed.posts) { post in PostRow(post: post) }\n    .refreshable { try? feed.reload() }",
      code)
    #expect(try #require(noAwait.grade) <= 2)
    #expect(
      judge(
        "List(feed.posts) { PostRow(post: $0) }\n    .refreshable { try? await feed.reload() }",
        code
      ).grade == 5)
  }

  @Test("holds the card's `try` before a macro, whose declaration cannot say it throws")
  func macros() throws {
    let code = """
      @Test func firstBookIsDune() throws {
          let book = try #require(library.books.first)
          #expect(book.title == "Dune")
      }
      """
    let noTry = judge(
      """
      @Test func firstBookIsDune() throws {
          let book = #require(library.books.first)
          #expect(book.title == "Dune")
      }
      """, code)
    #expect(try #require(noTry.grade) <= 2)
    #expect(noTry.reason == "`#require` can throw: the card writes `try` before it.")
  }

  @Test("reads a case pattern as no call, though the card awaits a call of the case's name")
  func casePatterns() throws {
    let code = """
      try await socket.send(.string("hello"))
      let reply = try await socket.receive()
      if case .string(let text) = reply {
          print(text)
      }
      """
    #expect(judge(code, code).grade == 5)
    for pattern in [
      "if case let .string(text) = reply {\n    print(text)\n}",
      "switch reply {\ncase .string(\"bye\"), .string(\"\"): break\ncase let .string(text): print(text)\ndefault: break\n}",
    ] {
      let card = code.replacingOccurrences(
        of: "if case .string(let text) = reply {\n    print(text)\n}", with: pattern)
      #expect(judge(card, card).grade == 5, "\(pattern)")
    }
    let unawaited = judge(
      code.replacingOccurrences(of: "try await socket.send", with: "try socket.send"), code)
    #expect(try #require(unawaited.grade) <= 2)
    #expect(unawaited.reason.hasPrefix("`send` is `async`"), "\(unawaited.reason)")
  }

  @Test("reads a declared type before a body (`-> ModelContainer {`) as no call to mark")
  func declaredTypes() throws {
    let code = """
      struct Store {
          static func make() throws -> ModelContainer {
              let container = try ModelContainer(for: Trip.self)
              return container
          }
          var shared: ModelContainer {
              try! ModelContainer(for: Trip.self)
          }
      }
      """
    #expect(judge(code, code).grade == 5)
    let untried = judge(code.replacingOccurrences(of: "= try Model", with: "= Model"), code)
    #expect(try #require(untried.grade) <= 2)
    #expect(untried.reason == "`ModelContainer` can throw: the card writes `try` before it.")
  }
}

@Suite("Requirements of the protocols a type conforms to")
struct RequirementsTests {
  static let spinner = """
    struct Spinner: UIViewRepresentable {
        var isAnimating: Bool
        func makeUIView(context: Context) -> UIActivityIndicatorView {
            UIActivityIndicatorView(style: .large)
        }
        func updateUIView(_ uiView: UIActivityIndicatorView, context: Context) {
            if isAnimating { uiView.startAnimating() } else { uiView.stopAnimating() }
        }
    }
    """

  @Test(
    "takes a requirement written with other labels for another method: the type does not conform")
  func otherLabels() throws {
    let wrong = judge(
      Self.spinner.replacingOccurrences(of: "(_ uiView:", with: "(uiView:"), Self.spinner)
    #expect(try #require(wrong.grade) <= 2)
    #expect(
      wrong.reason
        == "`UIViewRepresentable` requires `updateUIView(_:context:)`, not `updateUIView(uiView:context:)`."
    )
    // Another parameter name behind the same label is the same requirement.
    #expect(
      judge(
        Self.spinner.replacingOccurrences(of: "uiView", with: "spinner"), Self.spinner
      ).grade == 5)
    // A label that is a keyword (`in`, `for`) is read as a label.
    let shape = """
      struct Triangle: Shape {
          func path(in rect: CGRect) -> Path { Path() }
      }
      """
    let other = judge(shape.replacingOccurrences(of: "(in rect", with: "(for rect"), shape)
    #expect(other.reason == "`Shape` requires `path(in:)`, not `path(for:)`.")
    #expect(judge("Circle().fill(.blue)\n" + shape, "Circle().fill(.blue)").grade == 5)
  }

  @Test("takes a property under a required method's name for no method")
  func propertyForMethod() throws {
    let code = """
      struct CardStyle: ViewModifier {
          func body(content: Content) -> some View { content.padding() }
      }
      """
    let wrong = judge(
      """
      struct CardStyle: ViewModifier {
          var body: some View { content.padding() }
      }
      """, code)
    #expect(try #require(wrong.grade) <= 2)
    #expect(wrong.reason == "`ViewModifier` requires `body(content:)`, not a property `body`.")
  }

  @Test(
    "takes a requirement written optional where the card's is not, or the other way, for no witness"
  )
  func optionalRequirement() throws {
    let code = """
      enum SignupError: LocalizedError {
          case emptyName
          var errorDescription: String? {
              switch self { case .emptyName: return "Enter a name." }
          }
      }
      """
    let wrong = judge(code.replacingOccurrences(of: "String?", with: "String"), code)
    #expect(try #require(wrong.grade) <= 2)
    #expect(wrong.reason == "`LocalizedError`'s `errorDescription` is `String?`, not `String`.")
    // The card's own type, and a property of the type's own under the name, are right.
    #expect(judge(code, code).grade == 5)
    let own = code.replacingOccurrences(of: "errorDescription", with: "summary")
    #expect(judge(own.replacingOccurrences(of: "String?", with: "String"), own).grade == 5)
  }

  @Test("takes an opaque parameter where the card's requirement names its type for no witness")
  func opaqueParameter() throws {
    let code = """
      struct CardStyle: ViewModifier {
          func body(content: Content) -> some View { content.padding() }
      }
      """
    let wrong = judge(code.replacingOccurrences(of: ": Content", with: ": some View"), code)
    #expect(try #require(wrong.grade) <= 2)
    #expect(wrong.reason == "`ViewModifier`'s `body(content:)` takes `Content`, not `some View`.")
    // `any Decoder` and `Decoder` are the same witness; another associated type is left to
    // the comparison.
    let decodable = """
      struct Settings: Decodable {
          var volume: Double
          init(from decoder: Decoder) throws { volume = 0.5 }
      }
      """
    #expect(
      judge(decodable.replacingOccurrences(of: ": Decoder", with: ": any Decoder"), decodable)
        .grade == 5)
    let key = """
      struct MaxWidthKey: PreferenceKey {
          static var defaultValue: CGFloat = 0
          static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) {
              value = max(value, nextValue())
          }
      }
      """
    let other = judge(key.replacingOccurrences(of: "CGFloat", with: "Double"), key)
    #expect(!other.reason.contains("`PreferenceKey`'s"))
  }

  @Test("leaves a requirement's type to the comparison where the protocol does not fix it")
  func associatedRequirementTypes() {
    // `PreferenceKey`'s value is the conformer's choice, optional or not.
    let key = """
      struct MaxWidthKey: PreferenceKey {
          static var defaultValue: CGFloat = 0
          static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) {
              value = max(value, nextValue())
          }
      }
      """
    let optional = judge(
      key.replacingOccurrences(of: "CGFloat = 0", with: "CGFloat? = nil")
        .replacingOccurrences(of: "CGFloat", with: "CGFloat?"), key)
    #expect(!optional.reason.contains("`PreferenceKey`'s"))
    // A property of the view's own that shares a name with a modifier is no requirement.
    let badge = """
      struct Badge: View {
          var tint: Color = .blue
          var body: some View { Circle().fill(tint) }
      }
      """
    let own = judge(
      badge.replacingOccurrences(of: "var tint: Color = .blue", with: "var tint: Color? = nil")
        .replacingOccurrences(of: "fill(tint)", with: "fill(tint ?? .blue)"), badge)
    #expect(!own.reason.contains("`View`'s"))
    // Two of the card's types writing one requirement two ways say nothing of either.
    let keys = """
      struct AccentKey: EnvironmentKey { static let defaultValue: Color = .blue }
      struct HighlightKey: EnvironmentKey { static let defaultValue: Color? = nil }
      """
    #expect(judge(keys, keys).grade == 5)
  }

  @Test("reads a hand-written `Codable`'s requirements, its `init(from:)` among them")
  func codableRequirements() throws {
    let code = """
      struct Event: Codable {
          var name: String
          enum CodingKeys: String, CodingKey { case name = "title" }
          init(from decoder: Decoder) throws {
              let container = try decoder.container(keyedBy: CodingKeys.self)
              name = try container.decode(String.self, forKey: .name)
          }
          func encode(to encoder: Encoder) throws {
              var container = encoder.container(keyedBy: CodingKeys.self)
              try container.encode(name, forKey: .name)
          }
      }
      """
    // The encoder's container, which does not throw, is not the decoder's, which does.
    #expect(judge(code, code).grade == 5)
    #expect(
      judge(code.replacingOccurrences(of: ": Decoder", with: ": any Decoder"), code).grade == 5)
    let opaque = judge(code.replacingOccurrences(of: ": Encoder", with: ": some Encoder"), code)
    #expect(try #require(opaque.grade) <= 2)
    #expect(opaque.reason == "`Encodable`'s `encode(to:)` takes `Encoder`, not `some Encoder`.")
  }

  @Test("types a parameter annotated with a nested type by that type, not the outer one")
  func nestedParameterType() {
    let code = "func moved(_ value: DragGesture.Value) -> CGFloat { value.translation.width }"
    #expect(SDKCheck(card: "").problems(in: code).isEmpty)
    #expect(SDKCheck.Code(code).typedNames(index: .shipped)["value"] == "DragGesture.Value")
  }

  @Test("leaves alone a type's own helper that shares a name with its protocol's extension")
  func helpers() {
    let card = """
      struct Badge: View {
          func fade(_ step: Int) -> Double { 1 }
          var body: some View { Text("a").opacity(fade(1)) }
      }
      """
    let attempt = """
      struct Badge: View {
          func opacity(at step: Int) -> Double { 1 }
          var body: some View { Text("a").opacity(opacity(at: 1)) }
      }
      """
    #expect(judge(attempt, card).grade == 5)
    // Nor does a method the attempt adds to an SDK type count as one the type lacks.
    #expect(
      SDKCheck(card: "let groups = items.chunked(into: 2)").problems(
        in: """
          extension Array { func chunked(into size: Int) -> [[Element]] { [] } }
          let items: [Int] = [1, 2]
          let groups = items.chunked(into: 2)
          """
      ).isEmpty)
  }
}

@Suite("What a card's question asks about")
struct QuestionWordsTests {
  @Test("splits words at capitals and keeps those of four letters or more")
  func words() {
    #expect(
      QuestionWords.words(in: "Show `monospacedDigit` as a percentage") == [
        "show", "monospaced", "digit", "percentage",
      ])
  }

  @Test("matches an API name by a shared stem of five letters, or the same short word")
  func asks() {
    let question = QuestionWords("Show a value formatted as a percentage, and zoom in.")
    #expect(question.asks("percent"))
    #expect(question.asks("format"))
    #expect(question.asks("zoom"))
    #expect(!question.asks("monospacedDigit"))
    #expect(!question.asks("precision"))
    #expect(QuestionWords("Let a card be dragged.").asks("DragGesture"))
  }

  @Test(
    "a view whose arguments hold what the question asks about keeps its weight under a modifier it does not ask about"
  )
  func chainBase() {
    let judge = AnswerJudge(
      code:
        "Text(progress, format: .percent.precision(.fractionLength(1)))\n    .monospacedDigit()",
      question: "Show `progress` as a percentage with one decimal, formatted by the Text itself.")
    let noModifier = judge.judge("Text(progress, format: .percent.precision(.fractionLength(1)))")
    #expect(noModifier.grade == 4)
    let noFormat = judge.judge("Text(progress)\n    .monospacedDigit()")
    #expect(noFormat.grade! <= 3)
    // Without a question, the modifier is the card's point as before.
    let bare = AnswerJudge(
      code: "Text(progress, format: .percent.precision(.fractionLength(1)))\n    .monospacedDigit()"
    )
    #expect(bare.judge("Text(progress)\n    .monospacedDigit()").grade == 5)
  }
}

@Suite("Loops over asynchronous sequences")
struct AsyncLoopTests {
  @Test("a `for` loop without `await` over an asynchronous sequence does not compile")
  func unawaited() {
    let plain = judge(
      "let stream = AsyncStream<Int> { continuation in\n  continuation.yield(1)\n  continuation.finish()\n}\nfor n in stream { print(n) }",
      "let stream = AsyncStream<Int> { continuation in\n  continuation.yield(1)\n  continuation.finish()\n}\nfor await n in stream { print(n) }",
      question: "Make a stream of Int, yield 1, finish it, then read it.")
    #expect(plain.grade! <= 2)
    #expect(plain.reason.contains("read with `for await`"))
  }

  @Test("a loop over a sequence, or with `await`, is left alone")
  func awaitedOrPlain() {
    let types: [Substring: String] = ["stream": "AsyncStream", "numbers": "Array"]
    let code = SDKCheck.Code(
      "for await n in stream { }\nfor try await n in stream { }\nfor n in numbers { }")
    #expect(code.unawaitedLoops(types: types, index: .shipped).isEmpty)
    #expect(
      SDKCheck.Code("for n in stream { }").unawaitedLoops(types: types, index: .shipped)
        == ["stream"])
  }

  @Test("a `for await` loop without `try` over a sequence that throws does not compile")
  func untried() {
    let card = """
      let readings = AsyncThrowingStream<Int, Error> { continuation in
          continuation.yield(1)
          continuation.finish(throwing: SensorError.lost)
      }
      do {
          for try await value in readings { print(value) }
      } catch {
          print(error)
      }
      """
    let attempt = """
      let readings = AsyncThrowingStream<Int, Error> { continuation in
          continuation.yield(1)
          continuation.finish(throwing: SensorError.lost)
      }
      for await value in readings { print(value) }
      """
    let judgement = judge(attempt, card, question: "Read a stream that fails.")
    #expect(judgement.grade! <= 2)
    #expect(judgement.reason == "`readings` can throw: it is read with `for try await`.")
  }

  @Test("a `for await` loop over a sequence that does not throw needs no `try`")
  func untriedLeftAlone() {
    let types: [Substring: String] = [
      "stream": "AsyncStream", "failing": "AsyncThrowingStream", "bytes": "URLSession.AsyncBytes",
    ]
    let code = SDKCheck.Code(
      "for await n in stream { }\nfor try await n in failing { }\nfor await b in bytes { }")
    #expect(code.untriedLoops(types: types) == ["bytes"])
  }

  @Test("a loop over the card's sequence keeps the card's `try` and `await`, typed or not")
  func markedAsTheCardMarksIt() {
    let card = "for try await line in url.lines {\n    print(line)\n}"
    let question = "Print every line of the file at `url`."
    let untried = judge(
      "for await line in url.lines {\n    print(line)\n}", card, question: question)
    #expect(untried.grade == 2)
    #expect(untried.reason == "`lines` can throw: it is read with `for try await`.")
    let unawaited = judge("for line in fileURL.lines { print(line) }", card, question: question)
    #expect(unawaited.grade! <= 2)
    #expect(unawaited.findings.contains { $0.message.contains("read with `for await`") })
    #expect(
      judge("for try await row in fileURL.lines { print(row) }", card, question: question).grade
        == 5)
  }

  @Test("a loop is the card's by its sequence's name, or as the only loop of each")
  func loopsPaired() {
    let check = SDKCheck(card: "for await n in feed.updates { show(n) }\nfor n in 0..<3 { }")
    #expect(
      check.unmarkedLoops(in: SDKCheck.Code("for x in 0..<3 { }\nfor m in feed.updates { }")).map(
        \.message)
        == ["`updates` is an asynchronous sequence: it is read with `for await`"])
    let one = SDKCheck(card: "for await n in readings { show(n) }")
    #expect(one.unmarkedLoops(in: SDKCheck.Code("for value in values { show(value) }")).count == 1)
    #expect(one.unmarkedLoops(in: SDKCheck.Code("for a in xs { }\nfor b in ys { }")).isEmpty)
    #expect(
      one.unmarkedLoops(in: SDKCheck.Code("let values = [1, 2]\nfor value in values { }")).isEmpty)
    let group = SDKCheck(
      card: "for url in urls { add(url) }\nfor try await data in group { keep(data) }")
    #expect(
      group.unmarkedLoops(
        in: SDKCheck.Code(
          "for url in urls { add(url) }\nwhile let data = try await group.next() { keep(data) }")
      ).isEmpty)
    // The card's own code: an inner loop over a dictionary's `values` is no publisher's.
    let nested =
      "for await scores in model.$scores.values {\n  for score in scores.values { print(score) }\n}"
    #expect(SDKCheck(card: nested).unmarkedLoops(in: SDKCheck.Code(nested)).isEmpty)
    let outer = SDKCheck(card: "for await s in store.$settings.values { apply(s) }")
    #expect(
      outer.unmarkedLoops(
        in: SDKCheck.Code(
          "for await s in store.$settings.values {\n  for o in s.options.values { print(o) }\n}")
      ).isEmpty)
    #expect(
      SDKCheck(card: "for try await line in url.lines where !line.isEmpty { print(line) }")
        .unmarkedLoops(in: SDKCheck.Code("for await line in url.lines where !line.isEmpty { }"))
        .count == 1)
    #expect(
      SDKCheck.Code("for (i, x) in zip(a, b).enumerated() { }").loops().map(\.sequenceName)
        == ["zip(a,b).enumerated()"])
  }
}

@Suite("Values written apart from where they are used")
struct ValuesApartTests {
  let judge = AnswerJudge(
    code: """
      @State private var zoom = 1.0

      Image("harbour")
          .resizable()
          .scaleEffect(zoom)
          .gesture(
              MagnifyGesture()
                  .onChanged { value in zoom = value.magnification }
          )
      """,
    question: "Let a photo be pinched to zoom, storing the magnification in `zoom`.")

  @Test("a constant's value goes on across lines that start with a dot, as Swift reads it")
  func constantOverLines() {
    let judgement = judge.judge(
      """
      let pinch = MagnifyGesture()
          .onChanged { zoom = $0.magnification }
      Image("harbour")
          .resizable()
          .scaleEffect(zoom)
          .gesture(pinch)
      """)
    #expect(judgement.grade == 5)
  }

  @Test("a computed property used once reads as the expression it returns")
  func computedProperty() {
    let judgement = judge.judge(
      """
      var pinch: some Gesture {
          MagnifyGesture()
              .onChanged { zoom = $0.magnification }
      }
      Image("harbour").resizable().scaleEffect(zoom).gesture(pinch)
      """)
    #expect(judgement.grade == 5)
  }

  @Test("a line that starts with a dot after a literal's declaration is the attempt's next item")
  func literalDeclarationStops() {
    let code = "@State var query = \"\"\n.searchable(text: $query)"
    let parsed = ParsedCode(code, hints: .init(), vocabulary: .standard)
    #expect(parsed.nodes.count == 2)
  }

  @Test("a type's static value weighs as the same value written as an implicit member")
  func staticValue() {
    let card = AnswerJudge(
      code: "@State private var offset = CGSize.zero\nText(\"Hi\").offset(offset)",
      question: "Move a text by an offset kept in state.")
    #expect(card.judge("Text(\"Hi\").offset(offset)").grade! >= 4)
  }
}

@Suite("Constants read in place, where the attempt has another form")
struct ConstantsInPlaceTests {
  @Test("a card's argument that reads a constant declared above it is compared, not a crash")
  func constantDeclaredAbove() {
    let card = """
      let start = Date.now
      let end = start.addingTimeInterval(25 * 60)

      Text(.currentDate, format: .timer(countingDownIn: start..<end))
      """
    let attempt = "let end = Date.now.addingTimeInterval(25 * 60)\nText(end, style: .timer)"
    let judgement = AnswerJudge(code: card, question: "Count down 25 minutes in a Text.")
      .judge(attempt)
    // The older `Text(_:style:)`, which the card's initialiser replaces: not the card's call.
    #expect(judgement.grade! <= 2)
  }
}
