import CardDeck
import Testing

@testable import AnswerJudging

// What the SDK check reads of the values a code uses: environment keys, chains, shared values,
// interpolations, call results, deprecations without an owner, and where its findings stand.

@Suite("Environment values read by key path")
struct EnvironmentKeyTests {
  @Test("a key path `EnvironmentValues` does not have does not compile")
  func unknownKey() {
    let judgement = judge(
      "@Observable final class Cart { var items: [String] = [] }\nstruct CartView: View {\n  @Environment(\\.cart) private var cart\n  var body: some View { Text(\"\\(cart.items.count)\") }\n}",
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
    // A value the rules list where the index's source lacks it.
    let listed = SDKCheck.Code("@Environment(\\.openSettings) private var openSettings")
    #expect(listed.unknownEnvironmentKeys(index: .shipped).isEmpty)
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

  @Test("a chain may start at a name typed before it: a parameter, or a constant before")
  func fromTypedName() throws {
    let code = SDKCheck.Code(
      """
      func encode(to encoder: Encoder) throws {
          var container = encoder.container(keyedBy: CodingKeys.self)
          var location = container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
      }
      """)
    let types = code.typedNames(index: .shipped)
    #expect(types["container"] == "KeyedEncodingContainer")
    #expect(types["location"] == "KeyedEncodingContainer")
    // A name called, not a chain from it, types nothing.
    #expect(SDKCheck.Code("let a = Date()\nlet b = a").typedNames(index: .shipped)["b"] == nil)
    let card = """
      func encode(to encoder: Encoder) throws {
          var container = encoder.container(keyedBy: CodingKeys.self)
          try container.encode(name, forKey: .name)
          var location = container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
          try location.encode(latitude, forKey: .latitude)
      }
      """
    let renamed = """
      func encode(to encoder: Encoder) throws {
          var keyed = encoder.container(keyedBy: CodingKeys.self)
          try keyed.encode(name, forKey: .name)
          var inner = keyed.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
          try inner.encode(latitude, forKey: .latitude)
      }
      """
    #expect(judge(renamed, card).grade == 5)
    let madeUp = judge(
      card.replacingOccurrences(of: ".nestedContainer(", with: ".nestedKeyedContainer("), card)
    #expect(try #require(madeUp.grade) <= 2)
    #expect(madeUp.reason.hasPrefix("`KeyedEncodingContainer` has no `nestedKeyedContainer("))
    let unkeyed = judge(
      card.replacingOccurrences(of: ", forKey: .location)", with: ")"), card)
    #expect(try #require(unkeyed.grade) <= 2)
    #expect(unkeyed.reason.contains("leaves out `forKey:`"), "\(unkeyed.reason)")
  }

  @Test("code cut short after `=` or inside a parameter list types what it can (a fuzzer's find)")
  func cutShort() {
    for code in [
      "func f(to encoder: Encoder) {\nlet a = encoder.container(keyedBy: K.self)\nlet b =",
      "init(from decoder: Decoder", "init(a: [Int", "func f(x: (Int",
    ] {
      let types = SDKCheck.Code(code).typedNames(index: .shipped)
      #expect(types["b"] == nil, "\(code)")
      #expect(SDKCheck(card: "").problems(in: code).allSatisfy { !$0.isEmpty })
    }
  }

  @Test("a name bound in two places, once to what the index does not type, is typed in neither")
  func unscopedNames() {
    let code = SDKCheck.Code(
      """
      init(from decoder: Decoder) throws {
          let container = try decoder.container(keyedBy: CodingKeys.self)
      }
      func encode(to encoder: Encoder) throws {
          var container = encoder.container(keyedBy: CodingKeys.self)
      }
      static func peek(_ box: Box) -> String {
          let inner = box.inner
          return inner.label
      }
      """)
    let types = code.typedNames(index: .shipped)
    #expect(types["decoder"] == "Decoder")
    #expect(types["container"] == nil)
    let shadowed = SDKCheck(card: "").problems(
      in: """
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
        }
        static func peek(_ box: Box) -> String {
            let container = box.inner
            return container.label
        }
        """)
    #expect(shadowed.isEmpty, "\(shadowed)")
  }

  @Test("a value typed by what a call returns may be an optional: `Optional`'s own members pass")
  func optionalResults() {
    let card = "let next = Calendar.current.date(byAdding: .day, value: 7, to: date)"
    #expect(
      SDKCheck(card: card).problems(
        in: card + "\nreturn next.map { calendar.startOfDay(for: $0) } ?? date"
      ).isEmpty)
    #expect(
      SDKCheck(card: card).problems(
        in: card + "\nswitch next {\ncase .some(let value): print(value)\ncase .none: break\n}"
      ).isEmpty)
    // A gesture's or a view's members are no optional's.
    #expect(
      SDKCheck(card: card).problems(in: card + "\nprint(next.offset)")
        == ["`Date` has no `offset`"])
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
    let judgement = judge(
      "context.insert(Trip(name: name))\ntry context.commit()",
      "context.insert(Trip(name: name))\ntry context.save()",
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

  @Test("an interpolation's labelled arguments are compared as a call's")
  func labelledArguments() throws {
    let code = """
      logger.info("Took \\(seconds, format: .fixed(precision: 2)) s, \\(name, privacy: .public)")
      """
    let question = "Log the seconds with two decimals and the name public."
    let same = judge(
      "logger.info(\"Took \\(seconds, format: .fixed(precision: 2)) s, \\(name, privacy: .public)\")",
      code, question: question)
    #expect(same.grade == 5)
    let member = judge(
      "logger.info(\"Took \\(seconds, format: .decimal(precision: 2)) s, \\(name, privacy: .public)\")",
      code, question: question)
    #expect(try #require(member.grade) <= 2)
    #expect(member.reason.contains("`.decimal` where the card has `.fixed`"), "\(member.reason)")
    let label = judge(
      "logger.info(\"Took \\(seconds, format: .fixed(precision: 2)) s, \\(name, visibility: .public)\")",
      code, question: question)
    #expect(try #require(label.grade) <= 2)
  }

  @Test("a string its line ends before it is closed does not compile: 3 at most")
  func unclosedString() throws {
    let code = """
      logger.info("Took \\(seconds, format: .fixed(precision: 2)) s")
      """
    let open = judge(
      "logger.info(\"Took \\(seconds, format: .fixed(precision: 2) s\")", code,
      question: "Log `seconds` with two decimals.")
    #expect(open.grade == 3)
    #expect(open.reason.hasSuffix("is not closed on its line."), "\(open.reason)")
    // Raw, multi-line and empty strings are closed.
    for closed in ["#\"a \\(b)\"#", "\"\"\"\nab\n\"\"\"", "\"\""] {
      let parsed = ParsedCode(closed, hints: JudgingHints(), vocabulary: .standard)
      #expect(AnswerJudge.unclosedString(in: parsed) == nil, "\(closed)")
    }
  }

  @Test("a plain interpolation is the string's text, not a call")
  func plainInterpolation() {
    let code = "Text(\"\\(count) items, \\(flag ? a : b)\").font(.title)"
    var parser = CodeParser(source: code)
    #expect(parser.tokens.count == 10)
    let nodes = parser.parse()
    #expect(nodes.first?.arguments.first?.value.first?.arguments.isEmpty == true)
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
    let judgement = judge(
      "List(items) { Text($0) }\n  .searchable(text: $query, placeholder: \"Dish\")\nRoundedRectangle(radius: 8)",
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
