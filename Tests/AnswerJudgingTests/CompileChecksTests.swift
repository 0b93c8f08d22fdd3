import CardDeck
import Testing

@testable import AnswerJudging

/// The judge's verdict on `attempt` at a card with `code` and `question`.
private func judged(_ attempt: String, code: String, question: String) -> Judgement {
  AnswerJudge(code: code, question: question).judge(attempt)
}

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
    let plain = judged(
      "let stream = AsyncStream<Int> { continuation in\n  continuation.yield(1)\n  continuation.finish()\n}\nfor n in stream { print(n) }",
      code:
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
    let judgement = judged(attempt, code: card, question: "Read a stream that fails.")
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

@Suite("Environment values read by key path")
struct EnvironmentKeyTests {
  @Test("a key path `EnvironmentValues` does not have does not compile")
  func unknownKey() {
    let judgement = judged(
      "@Observable final class Cart { var items: [String] = [] }\nstruct CartView: View {\n  @Environment(\\.cart) private var cart\n  var body: some View { Text(\"\\(cart.items.count)\") }\n}",
      code:
        "@Observable final class Cart { var items: [String] = [] }\nstruct CartView: View {\n  @State private var cart = Cart()\n  var body: some View { Text(\"\\(cart.items.count)\") }\n}",
      question: "Let a view own an observable cart and show its count.")
    #expect(judgement.grade! <= 2)
    #expect(judgement.reason.contains("`EnvironmentValues` has no `cart`"))
  }

  @Test(
    "a key the code adds itself, one the index declares, or a misspelling of the card's is not reported"
  )
  func knownKeys() {
    let added = SDKCheck.Code(
      "extension EnvironmentValues { @Entry var cart = Cart() }\n@Environment(\\.cart) private var cart"
    )
    #expect(added.unknownEnvironmentKeys(index: .shipped).isEmpty)
    let sdk = SDKCheck.Code(
      "@Environment(\\.dismiss) private var dismiss\n@Environment(\\.horizontalSizeClass) var size\nText(\"a\").environment(\\.locale, locale)"
    )
    #expect(sdk.unknownEnvironmentKeys(index: .shipped).isEmpty)
    let check = SDKCheck(card: "@Environment(\\.dismiss) private var dismiss")
    #expect(check.problems(in: "@Environment(\\.dismis) private var dismiss").isEmpty)
  }
}

@Suite("Types of values built from an SDK type's members")
struct ChainTypeTests {
  @Test("a tuple pattern binds each name to the element type the index gives the call")
  func tuple() {
    let code = SDKCheck.Code(
      "let (stream, continuation) = AsyncStream.makeStream(of: Int.self)\nlet (data, response) = try await URLSession.shared.data(from: url)"
    )
    let types = code.typedNames(index: .shipped)
    #expect(types["stream"] == "AsyncStream")
    #expect(types["continuation"] == "AsyncStream.Continuation")
    #expect(types["data"] == "Data")
    #expect(types["response"] == "URLResponse")
  }

  @Test("a member the element type does not have is reported, and an unknown link types nothing")
  func members() {
    let problems = SDKCheck(card: "").problems(
      in: "let (stream, continuation) = AsyncStream.makeStream(of: Int.self)\ncontinuation.send(1)")
    #expect(problems == ["`AsyncStream.Continuation` has no `send(_:)`"])
    let code = SDKCheck.Code("let value = URLSession.shared.noSuchThing(1)")
    #expect(code.typedNames(index: .shipped)["value"] == nil)
  }
}

@Suite("Members of a type's shared value")
struct StaticMemberTests {
  @Test("a static method called on a value (`MainActor.shared.run`) does not compile")
  func staticOnValue() {
    let problems = SDKCheck(card: "await MainActor.run { status = \"Done\" }").problems(
      in: "await MainActor.shared.run { status = \"Done\" }")
    #expect(problems.first?.hasPrefix("`MainActor` has no `run`") == true)
  }

  @Test(
    "a member of Apple's Foundation is known from its pages, and one of a type only the open-source Foundation declares is not judged missing"
  )
  func partialFoundation() {
    // Apple's pages say what the open-source Foundation lacks (`bytes(from:)`).
    #expect(!SDKIndex.shipped.hasOlderSource("URLSession"))
    #expect(SDKIndex.shipped.hasMember(named: "bytes", of: "URLSession"))
    #expect(!SDKIndex.shipped.hasOlderSource("String"))
    #expect(
      SDKCheck(card: "").problems(
        in: "let session = URLSession.shared\nlet (bytes, _) = try await session.bytes(from: url)"
      ).isEmpty)
    // A type Apple's pages do not have stays partial (`Process`, the open-source one's).
    #expect(SDKIndex.shipped.hasOlderSource("Process"))
  }

  @Test("names the needed argument of the overload nearest the card's, whatever the index's order")
  func nearestOverload() {
    // Fewer missing first, then those the card writes, then alphabetical: never the hash order.
    #expect(SDKCheck.isNearer(["to"], than: ["presentation", "unitsStyle"], card: []))
    #expect(SDKCheck.isNearer(["presentation"], than: ["to"], card: ["presentation"]))
    #expect(!SDKCheck.isNearer(["to"], than: ["presentation"], card: ["presentation"]))
    #expect(SDKCheck.isNearer(["a"], than: ["b"], card: []))
    let problems = SDKCheck(card: "let text = date.formatted(.relative(presentation: .named))")
      .problems(in: "let text = date.formatted(.relative())")
    #expect(
      problems.first?.hasPrefix("`.relative()` leaves out `presentation:`") == true, "\(problems)")
  }

  @Test("a method of a type's shared value called without an argument every declaration needs")
  func neededArgumentOfSharedValue() {
    let problems = SDKCheck(
      card: "let url = Bundle.main.url(forResource: \"config\", withExtension: \"json\")"
    ).problems(in: "let url = Bundle.main.url(forResource: \"config\")")
    #expect(
      problems.first
        == "`.url(forResource:)` leaves out `withExtension:` that every declaration of it needs; the card uses `url(forResource:withExtension:)`"
    )
  }
}

@Suite("Values the card uses without declaring them")
struct InferredTypeTests {
  @Test("a name whose members in the card only one SDK type declares is taken to be of that type")
  func inferred() {
    let card = SDKCheck.Code("context.insert(Trip(name: name))\ntry context.save()")
    #expect(card.inferredTypes(index: .shipped)["context"] == "ModelContext")
    let judgement = judged(
      "context.insert(Trip(name: name))\ntry context.commit()",
      code: "context.insert(Trip(name: name))\ntry context.save()",
      question: "Save a new trip with SwiftData.")
    #expect(judgement.grade! <= 2)
    #expect(judgement.reason.contains("`ModelContext` has no `commit()`"))
  }

  @Test("one member, a bound name, or members no single type has infer nothing")
  func notInferred() {
    #expect(SDKCheck.Code("items.append(1)").inferredTypes(index: .shipped).isEmpty)
    #expect(
      SDKCheck.Code("let context = Store()\ncontext.insert(a)\ntry context.save()")
        .inferredTypes(index: .shipped).isEmpty)
    #expect(
      SDKCheck.Code("model.insert(a)\nmodel.scrollTo(b)").inferredTypes(index: .shipped).isEmpty)
  }
}

@Suite("Code inside string interpolations")
struct InterpolationTests {
  @Test("a member read inside `\\( … )` is checked as anywhere else")
  func member() {
    let problems = SDKCheck(card: "").problems(
      in: "GeometryReader { proxy in\n  Text(\"\\(proxy.width) wide\")\n}")
    #expect(problems == ["`GeometryProxy` has no `width`"])
    let right = SDKCheck(card: "").problems(
      in: "GeometryReader { proxy in\n  Text(\"\\(proxy.size.width) × \\(proxy.size.height)\")\n}")
    #expect(right.isEmpty)
  }

  @Test("the tokens of an interpolation follow its string, in its own parentheses")
  func tokens() {
    let code = SDKCheck.Code("Text(\"a \\(b.c) d\")")
    #expect(
      (0..<code.tokens.count).map { String(code.text($0)) } == [
        "Text", "(", "\"a \\(b.c) d\"", "(", "b", ".", "c", ")", ")",
      ])
  }
}

@Suite("Members read through what a call returns")
struct CallResultTests {
  @Test("a member of a call's result is checked against the type the call returns")
  func throughCall() {
    let problems = SDKCheck(card: "").problems(
      in: "let n = Calendar.current.dateComponents([.day], from: a, to: b).dayz")
    #expect(problems == ["`DateComponents` has no `dayz`"])
  }
}

@Suite("Deprecated calls whose owner the code does not say")
struct AnyOwnerDeprecationTests {
  @Test("are found among every type's declarations, the same on each asking")
  func anyOwner() throws {
    let first = try #require(
      SDKIndex.shipped.deprecation(of: "foregroundColor", labels: ["_"], on: nil))
    #expect(first.declared == "foregroundColor(_:)")
    let again = try #require(
      SDKIndex.shipped.deprecation(of: "foregroundColor", labels: ["_"], on: nil))
    #expect(again.declared == first.declared && again.replacement == first.replacement)
    #expect(SDKIndex.shipped.deprecation(of: "foregroundStyle", labels: ["_"], on: nil) == nil)
  }

  @Test(
    "are told apart from a current overload the call cannot be, for the arguments it leaves out")
  func overloadLeftOut() throws {
    let index = SDKIndex.shipped
    let animation = try #require(index.deprecation(of: "animation", labels: ["_"], on: "View"))
    #expect(animation.declared == "animation(_:)")
    #expect(index.deprecation(of: "animation", labels: ["_", "value"], on: "View") == nil)
    let card = "Circle()\n    .animation(.easeIn, value: isOn)\n    .onTapGesture { isOn.toggle() }"
    let judgement = AnswerJudge(code: card).judge(
      "Circle()\n    .animation(.easeIn)\n    .onTapGesture { isOn.toggle() }")
    #expect(judgement.grade == 2)
    #expect(
      judgement.reason
        == "`animation(_:)` is deprecated: the card uses `animation(_:value:)`.")
  }
}

@Suite("The SDK's findings among the comparison's")
struct SDKFindingOrderTests {
  @Test("keep the findings ordered by severity, details after errors")
  func ordered() {
    let judgement = judged(
      "List(items) { Text($0) }\n  .searchable(text: $query, placeholder: \"Dish\")\nRoundedRectangle(radius: 8)",
      code:
        "List(items) { Text($0) }\n  .searchable(text: $query, prompt: \"Dish\")\nRoundedRectangle(cornerRadius: 8)",
      question: "Search a list, beside a rounded rectangle.")
    let severities = judgement.findings.map(\.severity)
    #expect(severities.contains(.missing) && severities.contains(.error))
    #expect(zip(severities, severities.dropFirst()).allSatisfy { $0 >= $1 })
  }
}

@Suite("A label the author calls essential on a call the author calls context")
struct EssentialLabelOnContextTests {
  let judge = AnswerJudge(
    code:
      "List(books) { Text($0.title) }\n  .searchable(text: $searchText, isPresented: $isSearchPresented)\n  .toolbar { Button(\"Find\") { isSearchPresented = true } }",
    hints: JudgingHints(essential: ["isPresented:"], context: ["searchable", "toolbar"]),
    question: "Open the search field from a toolbar button.")

  @Test("counts: the attempt that writes it is right, the one without it misses the point")
  func counts() {
    #expect(
      judge.judge(
        "List(books) { Text($0.title) }\n  .searchable(text: $query, isPresented: $isSearching)\n  .toolbar { Button(\"Search\") { isSearching = true } }"
      ).grade == 5)
    #expect(
      judge.judge(
        "List(books) { Text($0.title) }\n  .searchable(text: $query)\n  .toolbar { Button(\"Search\") { isSearching = true } }"
      ).grade! <= 2)
  }

  @Test("a free function called with a label none of its declarations takes does not compile")
  func freeFunctionLabels() {
    let code = "for (name, score) in zip(names, scores) {\n    print(\"\\(name): \\(score)\")\n}"
    let judgement = AnswerJudgingTests.judge(
      "for (name, score) in zip(names, with: scores) {\n    print(\"\\(name): \\(score)\")\n}",
      code)
    #expect(judgement.grade == 2)
    #expect(judgement.reason == "No function `zip(_:with:)`; the card uses `zip(_:_:)`.")
    // Unlabelled arguments in a row may be one variadic parameter's.
    #expect(
      AnswerJudgingTests.judge("for (n, s) in zip(names, scores) { print(n, s) }", code).grade == 5)
    // A function the code declares is its own, whatever the index says.
    #expect(
      AnswerJudgingTests.judge(
        "func zip(_ a: [String], with b: [Int]) -> [(String, Int)] { [] }\n"
          + code.replacing(
            "zip(names, scores)", with: "zip(names, with: scores)"), code
      ).grade! >= 4)
  }

  @Test("a free function that leaves out an argument every declaration needs does not compile")
  func freeFunctionNeededArguments() {
    let judgement = AnswerJudgingTests.judge(
      "for n in stride(from: 10, through: 0) { print(n) }",
      "for n in stride(from: 10, through: 0, by: -2) { print(n) }")
    #expect(judgement.grade == 2)
    #expect(judgement.reason.hasPrefix("`stride(from:through:)` leaves out `by:`"))
  }

  @Test("a function that writes `try` or `await` of its own must be marked `throws` or `async`")
  func unmarkedFunctions() {
    let code = """
      @Test func firstBookIsDune() throws {
          let book = try #require(library.books.first)
          #expect(book.title == "Dune")
      }
      """
    let judgement = AnswerJudgingTests.judge(code.replacing(") throws {", with: ") {"), code)
    #expect(judgement.grade == 2)
    #expect(judgement.reason == "`firstBookIsDune` uses `try` but is not marked `throws`.")
    #expect(
      SDKCheck.Code("func load() {\n    let data = await fetch()\n}").unmarkedFunctions().map(
        \.missing) == ["async"])
  }

  @Test(
    "a `try` or `await` in a closure, a `do` block, an `#expect` or as `try?` asks nothing of the function",
    arguments: [
      "func save() {\n    try? context.save()\n}",
      "func save() {\n    do { try context.save() } catch { print(error) }\n}",
      "func load() {\n    Task { let data = try await fetch() }\n}",
      "@Test func parses() {\n    #expect(try parse(\"1\") == 1)\n}",
      "func load() async throws {\n    if ready {\n        try await fetch()\n    }\n}",
    ])
  func markedFunctions(code: String) {
    #expect(SDKCheck.Code(code).unmarkedFunctions().isEmpty)
  }

  @Test("a parameter the card's function takes inout, declared without it, is a near miss: 3")
  func inoutParameters() {
    let code = """
      struct MaxWidthKey: PreferenceKey {
          static var defaultValue: CGFloat = 0
          static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) {
              value = max(value, nextValue())
          }
      }
      """
    let judgement = AnswerJudgingTests.judge(
      code.replacing("value: inout CGFloat", with: "value: CGFloat"), code)
    #expect(judgement.grade == 3)
    #expect(
      judgement.reason
        == "`value` of `reduce` is declared without `inout`: the card changes it in place.")
    #expect(SDKCheck.Code(code).inoutParameters() == ["reduce": ["value"]])
    #expect(AnswerJudgingTests.judge(code, code).grade == 5)
  }

  @Test("a value written without the label the card gives it in the same call is an error")
  func droppedLabels() {
    let code = """
      LineMark(x: .value("Day", r.day), y: .value("Temperature", r.celsius))
          .foregroundStyle(by: .value("City", r.city))
      """
    let judgement = AnswerJudgingTests.judge(code.replacing("(by: ", with: "("), code)
    #expect(judgement.grade == 2)
    #expect(judgement.reason == "No label where the card has `by:`.")
    let decoded = AnswerJudgingTests.judge(
      "let user = try JSONDecoder().decode(User.self, data)",
      "let user = try JSONDecoder().decode(User.self, from: data)")
    #expect(decoded.grade == 2)
    #expect(decoded.reason == "No label where the card has `from:`.")
    // Where the SDK says why, its words name the card's call.
    #expect(
      AnswerJudgingTests.judge(
        "try await Task.sleep(.seconds(1))", "try await Task.sleep(for: .seconds(1))"
      ).reason == "`sleep(_:)` is deprecated: the card uses `sleep(for:)`.")
    // A label the card gives a call is no label of another call the attempt writes there.
    let stack = "VStack(alignment: .leading) {\n    Text(\"a\")\n}"
    #expect(
      AnswerJudgingTests.judge("Text(\"a\")", stack).reason
        != "No label where the card has `alignment:`.")
  }
}
