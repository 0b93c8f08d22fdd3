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

  @Test("says which type a trailing closure is handed when labelled closures follow it")
  func closuresBeforeLabelled() {
    // `.onGeometryChange(for: T.self) { proxy in … } action: { … }`: the first is `of:`.
    #expect(
      index.closureParameterTypes(
        call: "onGeometryChange", on: "View", label: nil, count: 1, followedBy: ["action"])
        == ["GeometryProxy"])
    #expect(
      index.closureParameterTypes(call: "onGeometryChange", on: "View", label: nil, count: 1)
        == ["T"])
  }

  @Test("reads deprecations with what replaces them")
  func deprecations() throws {
    let title = try #require(index.members(named: "navigationBarTitle", of: "View").first)
    #expect(title.isDeprecated)
    #expect(title.replacement == "navigationTitle(_:)")
  }

  @Test("knows a drag gesture's value by its qualified name: its translation is a CGSize")
  func nestedTypes() {
    #expect(
      index.memberType(named: "translation", labels: nil, on: "DragGesture.Value") == "CGSize")
    #expect(!index.hasMember(named: "offset", of: "DragGesture.Value"))
    // The members of other types' `Value`s are not mixed in.
    #expect(!index.hasMember(named: "magnification", of: "DragGesture.Value"))
    #expect(index.types.contains("TimelineView.Context"))
    #expect(index.hasMember(named: "date", of: "TimelineView.Context"))
    #expect(!index.hasMember(named: "now", of: "TimelineView.Context"))
    #expect(index.hasMember(named: "yield", of: "AsyncStream.Continuation"))
    #expect(!index.hasMember(named: "send", of: "AsyncStream.Continuation"))
    #expect(
      index.memberType(named: "codable", labels: nil, on: "NavigationPath")
        == "NavigationPath.CodableRepresentation")
  }

  @Test("types the environment's values: openURL is an action called as a function")
  func environmentValues() {
    #expect(
      index.memberType(named: "openURL", labels: nil, on: "EnvironmentValues") == "OpenURLAction")
    #expect(
      index.memberType(named: "dismiss", labels: nil, on: "EnvironmentValues") == "DismissAction")
    #expect(
      index.memberType(named: "modelContext", labels: nil, on: "EnvironmentValues")
        == "ModelContext")
    #expect(
      index.memberType(named: "horizontalSizeClass", labels: nil, on: "EnvironmentValues")
        == "UserInterfaceSizeClass")
    #expect(index.memberType(named: "isSearching", labels: nil, on: "EnvironmentValues") == "Bool")
    #expect(
      !index.members(named: "callAsFunction", of: "OpenURLAction").filter {
        $0.labels == ["_"]
      }.isEmpty)
    #expect(!index.hasMember(named: "open", of: "OpenURLAction"))
    // A call's type is what it returns; a modifier returns a view.
    #expect(
      index.memberType(named: "padding", labels: ["_"], on: "View") == "View")
  }

  @Test("reads SwiftData, Charts and SwiftUI after iOS 17 from Apple's documentation")
  func documentation() throws {
    #expect(index.memberType(named: "fetchLimit", labels: nil, on: "FetchDescriptor") == "Int")
    #expect(
      index.members(named: "insert", of: "ModelContext").contains { $0.labels == ["_"] })
    #expect(
      index.members(named: "init", of: "BarMark").contains {
        SDKIndex.accepts($0.labels, written: ["x", "y"])
      })
    #expect(
      index.members(named: "adaptive", of: "GridItem.Size").contains {
        $0.labels == ["minimum", "maximum"]
      })
    for (name, labels) in [
      ("scrollPosition", ["id", "anchor"]), ("containerRelativeFrame", ["_", "alignment"]),
    ] {
      let found = index.ownMembers(named: name, of: "View").filter { $0.labels == labels }
      #expect(!found.isEmpty, "\(name)")
    }
    // Every type the documentation has a page for is read as current, not as older.
    #expect(!index.hasOlderSource("View"))
    #expect(!index.hasOlderSource("Button"))
  }

  @Test("knows PhotosUI's picker, its filters and the asynchronous load of a picked item")
  func photosUI() {
    #expect(
      index.members(named: "init", of: "PhotosPicker").contains {
        SDKIndex.accepts($0.labels, written: ["selection", "matching"])
      })
    #expect(
      !index.members(named: "init", of: "PhotosPicker").contains {
        SDKIndex.accepts($0.labels, written: ["selection", "filter"])
      })
    #expect(index.declares(.async, "loadTransferable"))
    #expect(!index.members(named: "images", of: "PHPickerFilter").isEmpty)
  }

  @Test("reads os, Combine, Core Graphics, Core Location and UIKit from Apple's documentation")
  func moreFrameworks() throws {
    #expect(index.hasMember(named: "startAnimating", of: "UIActivityIndicatorView"))
    #expect(
      index.members(named: "asyncAfter", of: "DispatchQueue").contains {
        $0.labels.first == "deadline" && $0.labels.last == "execute"
      })
    #expect(index.isProtocol("UIViewRepresentable"))
    #expect(
      index.members(named: "init", of: "Logger").contains {
        $0.labels == ["subsystem", "category"]
      })
    #expect(index.hasMember(named: "info", of: "Logger"))
    #expect(!index.hasMember(named: "information", of: "Logger"))
    #expect(index.describes("AnyCancellable"))
    #expect(index.describes("CGRect"))
    #expect(index.describes("CLLocationCoordinate2D"))
    let wrong = judge(
      """
      let logger = Logger(subsystem: "com.example.app", category: "sync")
      logger.information("Sync started")
      """,
      """
      let logger = Logger(subsystem: "com.example.app", category: "sync")
      logger.info("Sync started")
      """)
    #expect(try #require(wrong.grade) <= 2)
    #expect(wrong.reason.hasPrefix("`Logger` has no `information(_:)`"), "\(wrong.reason)")
  }

  @Test("takes a deprecation from the newest source, with the name of what replaces it")
  func newestDeprecation() throws {
    let overlay = try #require(
      index.ownMembers(named: "overlay", of: "View").first { $0.labels == ["_", "alignment"] })
    #expect(overlay.isDeprecated)
    #expect(overlay.replacement == "overlay(alignment:content:)")
    let current = try #require(
      index.ownMembers(named: "overlay", of: "View").first {
        $0.labels == ["alignment", "content"]
      })
    #expect(!current.isDeprecated)
  }

  @Test("answers a member's type from the nearest declarations, and only where they agree")
  func memberTypes() {
    let small = SDKIndex(
      listing: """
        T\tBox\ts
        T\tShape\tp
        :\tBox\tShape
        M\tShape\tfill(_:)\tf\t\t\t\tView
        M\tShape\tpath(in:)\tf\t\t\t\tPath
        M\tShape\tsize\tv\t\t\t\tCGSize
        M\tBox\tcopy()\tf\t\t\t\tSelf
        M\tBox\tlabel\tv\t\t17.0
        M\tBox\tscaled(by:)\tf\t\t\t\tBox
        M\tBox\tscaled(by:)\tf\t\t\t\tShape
        M\tBox\tsize\tv\t\t\t\tDouble
        """)
    #expect(small.memberType(named: "size", labels: nil, on: "Box") == "Double")
    #expect(small.memberType(named: "size", labels: nil, on: "Shape") == "CGSize")
    #expect(small.memberType(named: "fill", labels: ["_"], on: "Box") == "View")
    #expect(small.memberType(named: "fill", labels: ["x"], on: "Box") == nil)
    #expect(small.memberType(named: "fill", labels: nil, on: "Box") == nil)
    #expect(small.memberType(named: "scaled", labels: ["by"], on: "Box") == nil)
    #expect(small.memberType(named: "label", labels: nil, on: "Box") == nil)
    #expect(small.memberType(named: "copy", labels: [], on: "Box") == "Self")
    #expect(small.members(named: "label", of: "Box").first?.type == nil)
  }

  @Test("says what a call may need only from what is called: not a property, a type or a macro")
  func callEffects() {
    let small = SDKIndex(
      listing: """
        M\t-\trequire(_:_:sourceLocation:)\tm
        M\tMKLocalSearchCompleter\tresults\tv
        M\tUnicode.ASCII\tParser\tk
        M\tUnicode.ASCII.Parser\tinit()\ti
        """)
    // An author's `loader.results(for:)` may well be async, whatever MapKit's property is.
    #expect(small.mayBe(.async, "results"))
    // `try #require(…)` throws, though the macro's declaration does not say so.
    #expect(small.mayBe(.throwing, "require"))
    // A nested type's initialiser is called by the type's own name.
    #expect(!small.mayBe(.throwing, "Parser"))
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
        // `@escaping`, `@available`: the language's attributes, lowercased, are no SDK's.
        if token.kind == .attribute, name.first?.isLowercase == true { continue }
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

@Suite("The vocabulary: the index's names, and by hand only what no declaration says")
struct VocabularyFromIndexTests {
  @Test("lists by hand no type, modifier, member or environment value the index declares")
  func handListIsWhatTheIndexLacks() {
    let hand = APIVocabulary(listing: APIVocabulary.listing)
    let derived = APIVocabulary(listing: "").adding(.shipped)
    #expect(hand.types.intersection(derived.types).sorted() == [])
    #expect(hand.modifiers.intersection(derived.modifiers).sorted() == [])
    #expect(hand.members.intersection(derived.members).sorted() == [])
    #expect(hand.environment.intersection(derived.environment).sorted() == [])
  }

  @Test("takes the index's types, View's members, static members and environment values")
  func derivedNames() {
    let vocabulary = APIVocabulary.standard
    #expect(vocabulary.types.contains("ScrollViewReader"))
    #expect(vocabulary.modifiers.contains("containerRelativeFrame"))
    #expect(vocabulary.members.contains("convertFromSnakeCase"))
    #expect(vocabulary.environment.contains("openURL"))
    // A member of a type is not a method of every value: example models have `name`s too.
    #expect(!vocabulary.methods.contains("translation"))
  }

  @Test("answers from its caches what it read from the listing the first time")
  func caches() {
    let index = SDKIndex(listing: SDKIndex.listing)
    func answers() -> [String] {
      [
        "\(index.members(named: "scrollTo", of: "ScrollViewProxy").map(\.signature))",
        "\(index.members(named: "onChanged", of: "DragGesture").map(\.signature))",
        "\(index.memberType(named: "translation", labels: nil, on: "DragGesture.Value") as Any)",
        "\(index.memberType(named: "data", labels: ["from"], on: "URLSession") as Any)",
        "\(index.memberType(named: "data", labels: nil, on: "URLSession") as Any)",
        "\(index.closureParameterTypes(call: "ScrollViewReader", on: "-", label: nil, count: 1) as Any)",
        "\(index.closureParameterTypes(call: "onChanged", on: "DragGesture", label: nil, count: 1) as Any)",
      ]
    }
    let first = answers()
    #expect(first[0].contains("scrollTo(_:anchor:)"))
    #expect(first[2] == "Optional(\"CGSize\")")
    #expect(answers() == first)
  }
}
