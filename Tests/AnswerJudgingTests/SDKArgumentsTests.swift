import Testing

@testable import AnswerJudging

@Suite("Arguments a call needs, as the index declares them")
struct SDKArgumentsTests {
  /// A member named `name` with `labels` and the listing's letters `codes`.
  func member(_ labels: [String], _ codes: String) -> SDKIndex.Member {
    SDKIndex.Member(
      name: "f", labels: labels, isCall: true, isMacro: false, isStatic: false, isAsync: false,
      isThrowing: false, isDeprecated: false, closureParameters: [],
      parameters: codes.utf8.compactMap(SDKIndex.Parameter.init(code:)))
  }

  @Test("names the parameters without a default that a call leaves out, in order")
  func missing() {
    let frame = member(["_", "alignment"], "rd")
    #expect(SDKIndex.missing(in: frame, written: []) == ["_"])
    #expect(SDKIndex.missing(in: frame, written: ["_"]) == nil)
    let effect = member(["id", "in", "properties", "anchor", "isSource"], "rrddd")
    #expect(SDKIndex.missing(in: effect, written: ["id"]) == ["in"])
    #expect(SDKIndex.missing(in: effect, written: ["id", "in", "isSource"]) == nil)
  }

  @Test("takes more unlabelled values after a variadic parameter, and only there")
  func variadics() {
    let container = member(["for", "configurations"], "vv")
    #expect(container.accepts(written: ["for", "_", "configurations"]))
    #expect(SDKIndex.fits(container, written: ["for", "_", "_"]))
    #expect(SDKIndex.missing(in: container, written: ["for", "_"]) == nil)
    let frame = member(["width", "height"], "dd")
    #expect(!frame.accepts(written: ["width", "_"]))
    // The shipped index marks it so, from the declarations' `...`.
    let shipped = SDKIndex.shipped.members(named: "init", of: "ModelContainer").first {
      $0.labels == ["for", "configurations"]
    }
    #expect(shipped?.parameters == [.variadic, .variadic])
  }

  @Test("says nothing of labels the declaration does not take, nor of what it does not know")
  func notThisOne() {
    #expect(
      SDKIndex.missing(in: member(["item", "content"], "rf"), written: ["isPresented"]) == [])
    var unknown = member(["_", "alignment"], "rd")
    unknown.parameters = nil
    #expect(SDKIndex.missing(in: unknown, written: []) == nil)
  }

  @Test(
    "gives trailing closures to closure parameters, skipping a defaulted one before a needed one")
  func trailing() {
    let sheet = member(["isPresented", "onDismiss", "content"], "rgf")
    #expect(SDKIndex.missing(in: sheet, written: ["isPresented"]) == ["content"])
    #expect(
      SDKIndex.missing(in: sheet, written: ["isPresented"], trailing: .init(unlabelled: true))
        == nil)
    let alert = member(["_", "isPresented", "actions", "message"], "rrff")
    #expect(
      SDKIndex.missing(
        in: alert, written: ["_", "isPresented"], trailing: .init(unlabelled: true))
        == ["message"])
    #expect(
      SDKIndex.missing(
        in: alert, written: ["_", "isPresented"],
        trailing: .init(unlabelled: true, labels: ["message"])) == nil)
  }

  @Test(
    "finds a call on an SDK type that leaves out what every declaration needs",
    arguments: [
      (
        "Text(\"a\").containerRelativeFrame()",
        "`.containerRelativeFrame()` leaves out an unlabelled argument that every declaration of it needs"
      ),
      (
        "Circle().matchedGeometryEffect(id: \"a\")",
        "`.matchedGeometryEffect(id:)` leaves out `in:` that every declaration of it needs"
      ),
      ("Slider(in: 0...1)", "`Slider(in:)` leaves out `value:` that every declaration of it needs"),
      // An overload without parameters is no call of these labels.
      (
        "Text(s).fixedSize(vertical: true)",
        "`.fixedSize(vertical:)` leaves out `horizontal:` that every declaration of it needs"
      ),
    ])
  func found(_ attempt: String, _ message: String) {
    #expect(SDKCheck(card: "Text(\"x\")").problems(in: attempt) == [message])
  }

  @Test("reads an initialiser of another type than the card's, of the same labels, as another call")
  func otherTypesInitialiser() {
    let card = "ContentUnavailableView(\"Empty\", systemImage: \"tray\", description: Text(\"x\"))"
    #expect(
      SDKCheck(card: card).problems(in: "ContentUnavailableView(\"No Book\")") == [
        "`ContentUnavailableView(_:)` leaves out `systemImage:` that every declaration of it needs; the card uses `ContentUnavailableView(_:systemImage:description:)`"
      ])
  }

  @Test("checks a type called with trailing closures alone, one labelled, as a call")
  func closureOnlyInit() {
    let card =
      "Menu(\"New\", systemImage: \"plus\") {\n    Button(\"Paste\") { paste() }\n} primaryAction: {\n    create()\n}"
    let untitled = "Menu {\n    Button(\"Paste\") { paste() }\n} primaryAction: {\n    create()\n}"
    #expect(
      SDKCheck(card: card).problems(in: untitled) == [
        "`Menu { … }` leaves out an unlabelled argument that every declaration of it needs; the card writes `Menu(_:systemImage:) { … } primaryAction: { … }`"
      ])
    #expect(
      SDKCheck(card: card).problems(
        in:
          "Menu {\n    Button(\"Paste\") { paste() }\n} label: {\n    Label(\"New\", systemImage: \"plus\")\n} primaryAction: {\n    create()\n}"
      ).isEmpty)
    // A type a declaration conforms to is no call.
    #expect(
      SDKCheck(card: card).problems(
        in: "struct Row: View {\n  var body: some View { Text(\"x\") }\n}"
      ).isEmpty)
  }

  @Test("finds the card's call written without the trailing closure the card gives it")
  func cardsCallWithoutItsClosure() {
    let card = "Gauge(value: level, in: 0...40) {\n    Text(\"Level\")\n}"
    #expect(
      SDKCheck(card: card).problems(in: "Gauge(value: level, in: 0...40)") == [
        "`Gauge(value:in:)` leaves out `label:` that every declaration of it needs; the card writes `Gauge(value:in:) { … }`"
      ])
    #expect(
      SDKCheck(card: card).problems(in: "Gauge(value: level, in: 0...40) { Text(\"L\") }").isEmpty)
    // Written alike, closures and all, the card's call is right whatever the index says.
    let cover = "List { }\n.fullScreenCover(item: $shown) { item in Detail(item) }"
    #expect(
      SDKCheck(card: cover).problems(in: "List { }\n.fullScreenCover(item: $picked) { Detail($0) }")
        .isEmpty)
    #expect(
      SDKCheck(card: cover).problems(in: "List { }\n.fullScreenCover(item: $picked)") == [
        "`.fullScreenCover(item:)` leaves out `content:` that every declaration of it needs; the card writes `fullScreenCover(item:) { … }`"
      ])
  }

  @Test(
    "leaves alone calls that compile: defaults, trailing closures, a wrapper's own value, a conformance",
    arguments: [
      "Text(\"a\").sheet(isPresented: $shown) { Text(\"b\") }",
      "Text(\"a\").alert(\"t\", isPresented: $shown) { Button(\"OK\") {} } message: { Text(\"m\") }",
      "Text(\"a\").padding().frame(maxWidth: .infinity).task(id: query) {}",
      "@AppStorage(\"on\") var on = true",
      "enum Keys: String, CodingKey { case name }",
      "Stepper(\"s\", value: $n, in: 1...5) { _ in }",
      "Text(s).fixedSize()",
    ])
  func leftAlone(_ attempt: String) {
    #expect(SDKCheck(card: "Text(\"x\")").problems(in: attempt).isEmpty)
  }

  @Test("grades a call that leaves out a needed argument 2 at most, and says why")
  func graded() {
    let card = """
      ScrollView(.horizontal) {
          LazyHStack(spacing: 0) {
              ForEach(photos) { photo in
                  PhotoCard(photo: photo).containerRelativeFrame(.horizontal)
              }
          }
      }
      .scrollTargetBehavior(.paging)
      """
    let attempt = card.replacingOccurrences(
      of: "containerRelativeFrame(.horizontal)", with: "containerRelativeFrame()")
    let judgement = AnswerJudge(code: card).judge(attempt)
    #expect((judgement.grade ?? 5) <= 2)
    #expect(judgement.reason.contains("`.containerRelativeFrame()` leaves out"))
  }

  @Test("reads a trailing closure written after a labelled closure it goes before as out of order")
  func trailingClosureOutOfOrder() {
    let card = """
      Menu("New", systemImage: "plus") {
          Button("From a photo") { importPhoto() }
      } primaryAction: {
          createBlankRecipe()
      }
      """
    let attempt = """
      Menu("New", systemImage: "plus", primaryAction: { createBlankRecipe() }) {
          Button("From a photo") { importPhoto() }
      }
      """
    #expect(
      SDKCheck(card: card).problems(in: attempt) == [
        "the trailing closure is `content:`, which goes before `primaryAction:`, as Swift takes arguments in order"
      ])
    #expect(AnswerJudge(code: card).judge(attempt).grade == 3)
    // A closure that is missing, with none trailing, is still left out.
    #expect(
      SDKCheck(card: card).problems(
        in: "Menu(\"New\", systemImage: \"plus\", primaryAction: { createBlankRecipe() })"
      )
      .first?.contains("leaves out `content:`") == true)
  }

  @Test("finds a label no declaration of an attached macro takes, and leaves the right ones alone")
  func macroLabels() {
    let check = SDKCheck(card: "@Test(arguments: [1, 2]) func f(n: Int) {}")
    #expect(
      check.problems(in: "@Test(inputs: [1, 2]) func f(n: Int) {}")
        == ["`@Test` takes no `inputs:`; the card uses `@Test(arguments:)`"])
    let right = """
      @Relationship(deleteRule: .cascade, inverse: \\Book.author) var books: [Book] = []
      @Attribute(.unique) var id: UUID
      @Suite("Pins", .serialized) struct PinTests {}
      @Test("x", .tags(.fast), arguments: [1, 2], [3, 4]) func f(a: Int, b: Int) {}
      @Query(sort: \\Book.title, order: .reverse) var books: [Book]
      """
    #expect(check.problems(in: right).isEmpty)
    #expect(
      SDKCheck(card: "").problems(in: "@Relationship(deleteRules: .cascade) var b: [Book] = []")
        == ["`@Relationship` takes no `deleteRules:`"])
  }
}

@Suite("A literal under a label no declaration takes")
struct UnknownLabelLiteralTests {

  @Test("is an error where the call needs that argument, a slip where the call is whole without it")
  func neededOrNot() {
    let needed = judge(
      "RoundedRectangle(radius: 12).fill(.blue)",
      "RoundedRectangle(cornerRadius: 12).fill(.blue)",
      question: "Fill a rounded rectangle in blue.")
    #expect(needed.grade! <= 2)
    let optional = judge(
      "List(recipes) { Text($0.name) }\n  .searchable(text: $query, placeholder: \"Dish\")",
      "List(recipes) { Text($0.name) }\n  .searchable(text: $query, prompt: \"Dish\")",
      question: "Let people search the recipe list.")
    #expect(optional.grade == 3)
  }

  @Test("is another label where it is a number: it sets what the call does, not text to show")
  func numberUnderAnotherLabel() {
    let code =
      "Button(\"Play\") { play() }\n  .simultaneousGesture(LongPressGesture(minimumDuration: 0.6))"
    let question = "Let a long press on the Play button work beside its tap."
    let other = judge(
      "Button(\"Play\") { play() }\n  .simultaneousGesture(LongPressGesture(duration: 0.6))",
      code, question: question)
    #expect(other.grade == 2)
    #expect(other.reason.contains("`duration:`"))
    let right = judge(
      "Button(\"Play\") { play() }\n  .simultaneousGesture(LongPressGesture(minimumDuration: 1))",
      code, question: question)
    #expect(right.grade! >= 4)
  }

  @Test("is another label where it is a string the question gives: the value asked for")
  func givenStringUnderAnotherLabel() {
    let code = "Map {\n  Marker(\"Harbour\", systemImage: \"ferry\", coordinate: harbour)\n}"
    let question = "Show a map with a marker titled \"Harbour\" whose glyph is the `ferry` symbol."
    let other = judge(
      "Map {\n  Marker(\"Harbour\", systemName: \"ferry\", coordinate: harbour)\n}",
      code, question: question)
    #expect(other.grade == 2)
    #expect(other.reason.contains("`systemName:`") && other.reason.contains("systemImage:"))
    #expect(QuestionWords(question).gives("\"ferry\""))
    #expect(!QuestionWords(question).gives("\"Dish or ingredient\""))
    #expect(!QuestionWords(question).gives("\"\""))
    // Words the question uses are not text it gives: only what it quotes or writes as code.
    #expect(!QuestionWords("Let people search a recipe list.").gives("\"Search\""))
    #expect(QuestionWords("Title it “Harbour”.").gives("\"Harbour\""))
    #expect(QuestionWords("Title it \"Harbour\".").gives("\"Harbour\""))
  }

  @Test("takes labels a declaration has, written in another order, for a near miss that names them")
  func labelsOutOfOrder() {
    // A user's trial: `VStackLayout(spacing: 8, alignment: .leading)` was "no initialiser".
    let code = "AnyLayout(VStackLayout(alignment: .leading))"
    let swapped = judge(
      "AnyLayout(VStackLayout(spacing: 8, alignment: .leading))", code, question: "")
    #expect(swapped.grade == 3, "\(swapped.reason)")
    #expect(swapped.reason == "`spacing:` goes after `alignment:`, as `VStackLayout` takes them.")
    let stack = SDKIndex.Member(
      name: "init", labels: ["alignment", "spacing"], isCall: true, isMacro: false,
      isStatic: false, isAsync: false, isThrowing: false, isDeprecated: false,
      closureParameters: [], parameters: "dd".utf8.compactMap(SDKIndex.Parameter.init(code:)))
    #expect(
      SDKCheck.reordering(["spacing", "alignment"], into: stack)! == ("spacing", "alignment"))
    #expect(SDKCheck.reordering(["alignment", "spacing"], into: stack) == nil)
    #expect(SDKCheck.reordering(["spacing", "width"], into: stack) == nil)
  }
}
