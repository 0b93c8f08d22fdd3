import CardDeck
import Testing

@testable import AnswerJudging

@Suite("Local constants used once, read as their value in place")
struct ConstantInliningTests {
  static let fetch = """
    .task {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "https://example.com/feed")!)
        feed = try JSONDecoder().decode(Feed.self, from: data)
    }
    """

  @Test(
    "grades an attempt that binds a value to a constant and uses it once like the inline value",
    arguments: [
      // An argument.
      """
      .task {
          let url = URL(string: "https://example.com/feed")!
          let (data, _) = try await URLSession.shared.data(from: url)
          feed = try JSONDecoder().decode(Feed.self, from: data)
      }
      """,
      // What a method is called on.
      """
      .task {
          let session = URLSession.shared
          let (data, _) = try await session.data(from: URL(string: "https://example.com/feed")!)
          feed = try JSONDecoder().decode(Feed.self, from: data)
      }
      """,
    ])
  func attemptConstant(_ attempt: String) {
    let judgement = AnswerJudge(code: Self.fetch).judge(attempt)
    #expect(judgement.grade == 5, "\(judgement.reason)")
  }

  @Test("grades the inline value like the card's constant, either way round")
  func cardConstant() {
    let card = """
      let descriptor = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\\.start)])
      let trips = try context.fetch(descriptor)
      """
    let judge = AnswerJudge(code: card)
    let inline = judge.judge(
      "let trips = try context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\\.start)]))")
    #expect(inline.grade == 5, "\(inline.reason)")
    let renamed = judge.judge(
      """
      let request = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\\.start)])
      let trips = try context.fetch(request)
      """)
    #expect(renamed.grade == 5, "\(renamed.reason)")
  }

  @Test("still finds a wrong value behind a constant")
  func wrongValueBehindConstant() {
    let judgement = AnswerJudge(code: Self.fetch).judge(
      """
      .task {
          let session = URLSession.shared
          let (data, _) = try await session.upload(from: URL(string: "https://example.com/feed")!)
          feed = try JSONDecoder().decode(Feed.self, from: data)
      }
      """)
    #expect((judgement.grade ?? 5) <= 3, "\(judgement.reason)")
  }

  @Test("inlines only a constant used once, as a plain value, that nothing shadows")
  func onlyPlainSingleUses() {
    func inlined(_ code: String) -> [String] {
      var parser = CodeParser(source: code)
      return CodeNode.inliningConstants(parser.parse(), keeping: []).inlined.keys.sorted()
    }
    #expect(inlined("let a = Color.red\nText(\"x\").foregroundStyle(a)") == ["a"])
    #expect(inlined("let a = Color.red\nText(\"x\").foregroundStyle(a).tint(a)").isEmpty)
    #expect(inlined("let a = Color.red").isEmpty)
    #expect(inlined("let f = makeFormatter()\nf(3)").isEmpty)
    #expect(inlined("let a = Color.red\nList(items) { a in Text(a.name) }").isEmpty)
    #expect(inlined("@State var a = Color.red\nText(\"x\").foregroundStyle(a)").isEmpty)
    #expect(
      CodeNode.inliningConstants(
        {
          var parser = CodeParser(source: "let a = Color.red\nText(\"x\").tint(a)")
          return parser.parse()
        }(),
        keeping: ["Color"]
      ).inlined.isEmpty)
  }
}

@Suite("Members of the SDK's types are API")
struct SDKTypeMemberTests {
  @Test("takes another method on a value read from an SDK type for another API")
  func methodOnSharedValue() {
    let judgement = AnswerJudge(code: ConstantInliningTests.fetch).judge(
      ConstantInliningTests.fetch.replacing(".data(from:", with: ".upload(from:"))
    #expect(judgement.grade == 2)
    #expect(judgement.reason == "`.upload` where the card has `.data`.")
  }

  @Test("leaves an example type's members to the author, though the SDK has a type of that name")
  func exampleTypeSharingAName() {
    let card = "Picker(\"Sort\", selection: $order) { Text(\"Title\").tag(SortOrder.title) }"
    let judgement = AnswerJudge(code: card).judge(
      "Picker(\"Sort\", selection: $order) { Text(\"Name\").tag(SortOrder.name) }")
    #expect(judgement.grade == 5, "\(judgement.reason)")
  }
}

@Suite("Effects read by the overload the labels call")
struct SDKEffectOverloadTests {
  @Test("asks no try of an initialiser that does not throw, beside a card's try that covers it")
  func initialiserByLabels() {
    let problems = SDKCheck(card: ConstantInliningTests.fetch).problems(
      in: """
        .task {
            let url = URL(string: "https://example.com/feed")!
            let (data, _) = try await URLSession.shared.data(from: url)
        }
        """)
    #expect(problems.isEmpty)
    #expect(SDKIndex.shipped.mayBe(.throwing, "init", labels: ["contentsOf"], on: "Data"))
    #expect(!SDKIndex.shipped.mayBe(.throwing, "init", labels: ["string"], on: "URL"))
  }
}

@Suite("An overload the attempt's own declarations make right")
struct OwnDeclarationOverloadTests {
  static let card = "ForEach(books, id: \\.title) { book in Text(book.title) }"

  @Test("takes an id: left out when the attempt's model is Identifiable")
  func identifiable() {
    let judge = AnswerJudge(code: Self.card)
    let own = judge.judge(
      """
      struct Book: Identifiable { let id = UUID(); let title: String }
      ForEach(books) { book in Text(book.title) }
      """)
    #expect(own.grade == 5, "\(own.reason)")
    let bare = judge.judge("ForEach(books) { book in Text(book.title) }")
    #expect((bare.grade ?? 5) < 5)
    #expect(bare.reason == "Missing `id: \\.title`.")
  }

  @Test("takes `id: \\.self` left out where the attempt's rows are a model of its own")
  func rowsOfAModel() {
    let judge = AnswerJudge(code: "List(genres, id: \\.self, selection: $genre) { Text($0) }")
    let model = judge.judge("List(genres, selection: $chosen) { genre in Text(genre.name) }")
    #expect(model.grade == 5, "\(model.reason)")
    // Strings still need it: a row read bare, or with a member every `String` has.
    for strings in [
      "List(genres, selection: $genre) { Text($0) }",
      "List(genres, selection: $genre) { genre in Text(genre.uppercased()) }",
    ] {
      #expect((judge.judge(strings).grade ?? 5) < 5, "\(strings)")
    }
  }

  @Test("keeps the card's constant as written where the attempt uses its name without declaring it")
  func constantTakenByName() throws {
    let code = """
      let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
      Text("\\(seconds) s")
          .onReceive(timer) { _ in seconds += 1 }
      """
    // The publisher is what is missing, not a value put where the card has `.autoconnect()`.
    let named = judge("Text(\"\\(seconds) s\").onReceive(timer) { _ in seconds += 1 }", code)
    #expect(named.reason == "Missing `Timer`.", "\(named.reason)")
    #expect(try #require(named.grade) < 4)
    // Declared by the attempt under another name, or written in place, it is the same.
    let declared = """
      let ticker = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
      Text("\\(count) s").onReceive(ticker) { _ in count += 1 }
      """
    #expect(judge(declared, code).grade == 5)
  }

  @Test("counts a read in a string's interpolation as a use of the constant")
  func interpolatedUse() {
    let code = """
      @State private var model = CounterModel()
      Button("Count: \\(model.count)") { model.count += 1 }
      """
    let attempt = """
      var model = CounterModel()
      Button("Count: \\(model.count)") { model.count += 1 }
      """
    // Read as used once, `model` was written in its place and `CounterModel` taken for a
    // renaming of the card's `model`.
    let judgement = judge(attempt, code)
    #expect(
      !judgement.renamings.contains { $0.attempt == "CounterModel" }, "\(judgement.renamings)")
    #expect(CodeNode.interpolates("model", in: "\"\\(model.count) taps\""))
    #expect(!CodeNode.interpolates("model", in: "\"\\(models.count) taps\""))
  }

  static let decoder = """
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    let event = try decoder.decode(Event.self, from: data)
    """

  static let setUpInClosure = """
    let decoder: JSONDecoder = {
        let d = JSONDecoder()
        d.keyDecodingStrategy = .convertFromSnakeCase
        d.dateDecodingStrategy = .iso8601
        return d
    }()
    let event = try decoder.decode(Event.self, from: data)
    """

  @Test("grades a value set up in a closure called in place like the same lines after a constant")
  func setUpClosure() {
    let attempt = AnswerJudge(code: Self.decoder).judge(Self.setUpInClosure)
    #expect(attempt.grade == 5, "\(attempt.reason)")
    let card = AnswerJudge(code: Self.setUpInClosure).judge(Self.decoder)
    #expect(card.grade == 5, "\(card.reason)")
  }

  @Test("still finds a wrong setting inside a set-up closure")
  func wrongSettingInSetUpClosure() {
    let judgement = AnswerJudge(code: Self.decoder).judge(
      Self.setUpInClosure.replacingOccurrences(of: ".iso8601", with: ".secondsSince1970"))
    #expect(judgement.grade.map { $0 <= 3 } == true, "\(judgement.reason)")
    #expect(judgement.reason.contains("secondsSince1970"), "\(judgement.reason)")
  }

  @Test("does not read a closure that is stored, not called, as the value it would return")
  func storedClosureStaysAClosure() {
    let stored = Self.setUpInClosure.replacingOccurrences(of: "}()", with: "}")
    let nodes = ParsedCode(stored, hints: JudgingHints(), vocabulary: .standard).nodes
    #expect(nodes.first?.value.first?.kind == .closure)
    let called = ParsedCode(Self.setUpInClosure, hints: JudgingHints(), vocabulary: .standard)
    #expect(called.nodes.first?.value.first?.name == "JSONDecoder")
  }

  @Test("does not read a closure that binds another value before it returns as set-up lines")
  func closureWithOtherValuesStaysAClosure() {
    let other = Self.setUpInClosure.replacingOccurrences(
      of: "    d.keyDecodingStrategy", with: "    let e = JSONDecoder()\n    e.keyDecodingStrategy")
    let nodes = ParsedCode(other, hints: JudgingHints(), vocabulary: .standard).nodes
    #expect(nodes.first?.value.first?.kind == .closure)
  }
}
