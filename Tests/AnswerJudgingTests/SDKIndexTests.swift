import CardDeck
import Foundation
import Testing

@testable import AnswerJudging

@Suite("The SDK index and what the judge asks of it")
struct SDKIndexTests {
  let index = SDKIndex.shipped

  @Test("knows a proxy's members with their labels, and that a task group's next() is async")
  func members() throws {
    let scroll = try #require(index.members(named: "scrollTo", of: "ScrollViewProxy").first)
    #expect(scroll.labels == ["_", "anchor"])
    #expect(index.members(named: "scroll", of: "ScrollViewProxy").isEmpty)
    #expect(index.members(named: "next", of: "TaskGroup").allSatisfy { $0.isAsync })
    #expect(index.members(named: "addTask", of: "TaskGroup").contains { !$0.isAsync })
    // A protocol's members count for the types that conform to it.
    #expect(!index.members(named: "reduce", of: "TaskGroup").isEmpty)
  }

  @Test("says which type a trailing closure is handed")
  func closures() {
    #expect(
      index.closureParameterTypes(call: "init", on: "ScrollViewReader", label: nil, count: 1)
        == ["ScrollViewProxy"])
    #expect(
      index.closureParameterTypes(call: "withTaskGroup", on: "-", label: nil, count: 1)
        == ["TaskGroup"])
    #expect(
      index.closureParameterTypes(call: "init", on: "GeometryReader", label: nil, count: 1)
        == ["GeometryProxy"])
  }

  @Test("reads deprecations with what replaces them")
  func deprecations() throws {
    let title = try #require(index.members(named: "navigationBarTitle", of: "View").first)
    #expect(title.isDeprecated)
    #expect(title.replacement == "navigationTitle(_:)")
  }

  @Test("reads a listing line by line, skipping what it does not know")
  func listing() {
    let small = SDKIndex(
      listing: "T\tBox\ts\n:\tBox\tShape\nM\tShape\tfill(_:)\tf\nX\tjunk\nM\tBox\tsize\tv\t\t17.0\n"
    )
    #expect(small.describes("Box"))
    #expect(small.members(named: "fill", of: "Box").first?.labels == ["_"])
    #expect(small.members(named: "size", of: "Box").first?.isCall == false)
    #expect(!small.describes("Shape"))
  }
}

@Suite("Judging against what the SDK declares")
struct SDKCheckTests {

  static let scroll = """
    ScrollViewReader { proxy in
        List(messages) { Text($0.body).id($0.id) }
        Button("Latest") { proxy.scrollTo(messages.last?.id, anchor: .bottom) }
    }
    """

  @Test(
    "finds a member that a handed-in value does not have",
    arguments: [
      "ScrollViewReader { reader in Button(\"End\") { reader.scroll(to: last) } }",
      "ScrollViewReader { p in Button(\"End\") { p.scrollTo(last, at: .bottom) } }",
    ])
  func wrongMember(_ attempt: String) throws {
    let found = problems(attempt, card: Self.scroll)
    let first = try #require(found.first)
    #expect(first.hasPrefix("`ScrollViewProxy` has no `scroll"))
    #expect(first.hasSuffix("the card uses `scrollTo(_:anchor:)`"))
  }

  @Test(
    "finds nothing wrong with a handed-in value's real members, whatever the names",
    arguments: [
      "ScrollViewReader { reader in Button(\"End\") { reader.scrollTo(last, anchor: .bottom) } }",
      "ScrollViewReader { p in Button(\"End\") { withAnimation { p.scrollTo(last) } } }",
      "GeometryReader { geo in Text(\"\\(geo.size.width)\") }",
    ])
  func rightMembers(_ attempt: String) {
    #expect(problems(attempt, card: Self.scroll).isEmpty)
  }

  static let fetch = """
    .task {
        do {
            let (data, _) = try await URLSession.shared.data(from: feedURL)
            posts = try JSONDecoder().decode([Post].self, from: data)
        } catch { posts = [] }
    }
    """

  @Test("finds an await or a try that the card writes and the attempt leaves out")
  func effects() {
    let noAwait = problems(
      ".task { let (d, _) = try URLSession.shared.data(from: url) }", card: Self.fetch)
    #expect(noAwait == ["`data` is `async`: the card writes `await` before it"])
    let noTry = problems(
      ".task { let (d, _) = await URLSession.shared.data(from: url) }", card: Self.fetch)
    #expect(noTry == ["`data` can throw: the card writes `try` before it"])
  }

  @Test(
    "takes try? and try!, an async let, and a marker on the line before for the card's",
    arguments: [
      ".task { let (d, _) = try? await URLSession.shared.data(from: url) }",
      ".task { async let pair = try URLSession.shared.data(from: url) }",
      """
      .task {
          let result = try await
              URLSession.shared.data(from: url)
      }
      """,
    ])
  func markedEffects(_ attempt: String) {
    #expect(problems(attempt, card: Self.fetch).isEmpty)
  }

  @Test("grades a wrong member of a handed-in value 2 at most, and says why")
  func judged() {
    let judgement = AnswerJudge(code: Self.scroll).judge(
      """
      ScrollViewReader { proxy in
          List(messages) { Text($0.body).id($0.id) }
          Button("Latest") { proxy.scroll(to: messages.last?.id, anchor: .bottom) }
      }
      """)
    #expect((judgement.grade ?? 5) <= 2)
    #expect(judgement.reason.hasPrefix("`ScrollViewProxy` has no `scroll(to:anchor:)`"))
  }
}

@Suite("The SDK index's coverage of the names the cards use")
struct SDKIndexCoverageTests {
  /// The API names in the code of every syntax card the judge is tested on (the shipped decks
  /// and the corpus's fixture decks), as the vocabulary tells API from the author's names,
  /// that the index does not declare.
  static func unknownNames() -> (unknown: [String], total: Int) {
    var names: Set<String> = []
    for card in JudgeCorpus.cards.values {
      for token in SwiftLexer.significantTokens(in: card.code.text) {
        let text = String(card.code.text[token.range])
        let name = token.kind == .attribute ? String(text.dropFirst()) : text
        if token.kind == .identifier || token.kind == .attribute,
          APIVocabulary.standard.knows(name)
        {
          names.insert(name)
        }
      }
    }
    let unknown = names.filter { !SDKIndex.shipped.names.contains($0) }.sorted()
    return (unknown, names.count)
  }

  @Test("declares at least 90% of the API names the cards use")
  func coverage() {
    let (unknown, total) = Self.unknownNames()
    #expect(total >= 100)
    #expect(unknown.count * 10 <= total, "unknown: \(unknown.joined(separator: " "))")
  }
}

@Suite("Markers on whole expressions, read call by call")
struct SDKEffectTests {

  @Test("asks for a marker only on the calls that need it, and not across lines")
  func plainCallsBeside() {
    let card = """
      .task {
          let (data, _) = try await URLSession.shared.data(from: feedURL)
          posts = try JSONDecoder().decode([Post].self, from: data)
          try await Task.sleep(for: .seconds(1))
      }
      """
    let attempt = """
      .task {
          let (d, _) = try await URLSession.shared.data(from: feedURL)
          let decoder = JSONDecoder()
          let pause = Duration.seconds(1)
          posts = try decoder.decode([Post].self, from: d)
          try await Task.sleep(for: pause)
      }
      """
    #expect(problems(attempt, card: card).isEmpty)
    #expect(SDKIndex.shipped.mayBe(.throwing, "decode"))
    #expect(!SDKIndex.shipped.mayBe(.throwing, "JSONDecoder"))
    #expect(SDKIndex.shipped.mayBe(.async, "latestArticlesOfMyOwnApp"))
  }
}

@Suite("The card's own code over the index")
struct SDKCardFirstTests {
  @Test("takes a member the card itself uses as real, though the index does not declare it")
  func newerThanTheIndex() {
    let card = "ScrollViewReader { proxy in Button(\"Up\") { proxy.scrollToTop(animated: true) } }"
    #expect(problems(card, card: card).isEmpty)
    #expect(
      !problems(card.replacing("scrollToTop", with: "scrollUp"), card: card).isEmpty)
  }
}

@Suite("Deprecated calls, as the index declares them")
struct SDKDeprecationTests {
  static let group = """
    await withTaskGroup(of: Data.self) { group in
        for url in urls { group.addTask { await load(url) } }
    }
    """

  @Test("finds a deprecated member of a handed-in value where the card has its replacement")
  func handedIn() {
    let attempt = Self.group.replacing("group.addTask", with: "group.spawn")
    #expect(
      problems(attempt, card: Self.group) == [
        "`spawn(priority:operation:)` is deprecated: the card uses `addTask(priority:operation:)`"
      ])
  }

  @Test(
    "finds a deprecated overload of a modifier where the card writes the current one",
    arguments: [
      (
        ".background(Color.yellow, alignment: .top)",
        "`background(_:alignment:)` is deprecated: the card uses `background(alignment:content:)`"
      ),
      (
        ".overlay(Color.yellow, alignment: .top)",
        "`overlay(_:alignment:)` is deprecated: the card uses `overlay(alignment:content:)`"
      ),
    ])
  func modifierOverload(_ attempt: String, _ message: String) {
    let card = """
      Text("Draft")
          .background(alignment: .top) { Color.yellow }
          .overlay(alignment: .top) { Color.yellow }
      """
    #expect(problems("Text(\"Draft\")\(attempt)", card: card) == [message])
  }

  @Test(
    "leaves alone a call that a current overload may be, the card's own, or one beside its point",
    arguments: [
      "Text(\"Draft\").background(.yellow)",
      "Text(\"Draft\").background(Color.yellow, alignment: .top)",
      "Text(\"Draft\").colorScheme(.dark)",
    ])
  func notFlagged(_ attempt: String) {
    let card = "Text(\"Draft\").background(Color.yellow, alignment: .top).padding()"
    let other = "Text(\"Draft\").background(alignment: .top) { Color.yellow }"
    #expect(problems(attempt, card: card).isEmpty)
    if !attempt.contains("alignment") {
      #expect(problems(attempt, card: other).isEmpty)
    }
  }

  @Test("finds a deprecated free function where the card has its replacement")
  func freeFunction() {
    let card = """
      try await withTaskCancellationHandler {
          try await download()
      } onCancel: {
          progress.cancel()
      }
      """
    let attempt = """
      try await withTaskCancellationHandler(
          handler: { progress.cancel() },
          operation: { try await download() })
      """
    #expect(
      problems(attempt, card: card) == [
        "`withTaskCancellationHandler(handler:operation:)` is deprecated: the card uses "
          + "`withTaskCancellationHandler(operation:onCancel:)`"
      ])
  }

  @Test("leaves alone a method that some type still declares, where the code does not say which")
  func anyOwner() {
    // `index(of:)` is deprecated on Swift's collections, not on `NSArray`.
    let card = "let position = names.firstIndex(of: \"Ada\")"
    #expect(problems("let position = names.index(of: \"Ada\")", card: card).isEmpty)
  }

  @Test("grades a deprecated call where the card has its replacement 2 at most, and says why")
  func judged() {
    let judgement = AnswerJudge(code: Self.group).judge(
      Self.group.replacing("group.addTask", with: "group.spawn"))
    #expect((judgement.grade ?? 5) <= 2)
    #expect(judgement.reason.hasPrefix("`spawn(priority:operation:)` is deprecated"))
  }
}

@Suite("Labels no declaration takes")
struct SDKLabelTests {
  @Test("finds labels that no overload of an SDK type's method takes")
  func unknownLabels() {
    let card = "try await Task.sleep(for: .seconds(2))"
    #expect(
      problems("try await Task.sleep(seconds: 2)", card: card) == [
        "`Task` has no `sleep(seconds:)`; the card uses `sleep(for:)`"
      ])
    #expect(problems("try await Task.sleep(nanoseconds: 2_000_000_000)", card: card).isEmpty)
  }

  @Test(
    "leaves alone a label that looks like a typo, an SDK older than the cards, and the author's type",
    arguments: [
      "let (d, _) = try await URLSession.shared.data(form: url)",
      "Button(\"Add\", systemImage: \"plus\", action: add)",
      "struct Task { static func sleep(seconds: Int) async {} }\nawait Task.sleep(seconds: 2)",
    ])
  func leftAlone(_ attempt: String) {
    let card = """
      Button("Add", action: add)
      let (d, _) = try await URLSession.shared.data(from: url)
      try await Task.sleep(for: .seconds(2))
      """
    #expect(problems(attempt, card: card).isEmpty)
  }
}

/// What ``SDKCheck`` finds wrong with `attempt` at a card whose code is `card`.
private func problems(_ attempt: String, card: String) -> [String] {
  SDKCheck(card: card).problems(in: attempt)
}

@Suite("Scripts/sdk-index/generate.py, on a small interface")
struct SDKIndexGeneratorTests {
  static let python = "/usr/bin/python3"

  static let interface = """
    @available(iOS 14.0, *)
    public struct ScrollViewReader<Content> : View where Content : View {
        /// Documentation is left out.
        public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content)
    }
    public struct ScrollViewProxy {
        public func scrollTo<ID>(_ id: ID, anchor: UnitPoint? = nil) where ID : Hashable
    }
    extension View {
        @available(iOS, introduced: 13.0, deprecated: 100000.0, renamed: "navigationTitle(_:)")
        public func navigationBarTitle(_ title: Text) -> some View
        public func sheet<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
            @ViewBuilder content: @escaping (Item) -> Content) -> some View
        public func _private() -> some View
    }
    public func fetch(_ url: URL, retry: (Int) async -> Bool) async throws -> Data
    """

  /// The index the script makes of `interface`.
  static func generated() throws -> SDKIndex {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "quiz-tests-sdk-index-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "Small.swiftinterface")
    let output = folder.appending(path: "Listing.swift")
    try interface.write(to: input, atomically: true, encoding: .utf8)
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Scripts/sdk-index/generate.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [script.path, "--interface", input.path, output.path]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    let swift = try String(contentsOf: output, encoding: .utf8)
    let body = try #require(swift.firstRange(of: "##\"\"\"\n")?.upperBound)
    let end = try #require(swift.range(of: "\n\"\"\"##", options: .backwards)?.lowerBound)
    return SDKIndex(listing: String(swift[body..<end]))
  }

  @Test(
    "keeps members, labels, closure types, effects and deprecations, and no private names",
    .enabled(if: FileManager.default.isExecutableFile(atPath: python)))
  func facts() throws {
    let index = try Self.generated()
    #expect(index.describes("ScrollViewProxy"))
    #expect(
      index.members(named: "scrollTo", of: "ScrollViewProxy").first?.labels == ["_", "anchor"])
    #expect(
      index.closureParameterTypes(call: "init", on: "ScrollViewReader", label: nil, count: 1)
        == ["ScrollViewProxy"])
    #expect(
      index.closureParameterTypes(call: "sheet", on: "View", label: "content", count: 1)
        == ["Item"])
    let title = try #require(index.members(named: "navigationBarTitle", of: "View").first)
    #expect(title.isDeprecated && title.replacement == "navigationTitle(_:)")
    let fetch = try #require(index.members(named: "fetch", of: "-").first)
    #expect(fetch.isAsync && fetch.isThrowing && fetch.labels == ["_", "retry"])
    #expect(index.members(named: "_private", of: "View").isEmpty)
    #expect(
      index.members(named: "sheet", of: "View").first?.labels == ["item", "onDismiss", "content"])
  }
}
