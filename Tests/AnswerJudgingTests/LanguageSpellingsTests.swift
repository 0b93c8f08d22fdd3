import CardDeck
import Testing

@testable import AnswerJudging

/// What the language and the standard library let one write two ways: a key path or a
/// function for a closure that only reads or calls it, `if let x` for `if let x = x`, and
/// `x = !x` for `x.toggle()`.
@Suite("Judging attempts: the language's other spellings")
struct LanguageSpellingsTests {
  static let grouping = "let byProject = Dictionary(grouping: todos, by: \\.project)"

  @Test(
    "reads a closure that only reads a key path as that key path, trailing or labelled",
    arguments: [
      "let byProject = Dictionary(grouping: todos) { $0.project }",
      "let byProject = Dictionary(grouping: todos, by: { todo in todo.project })",
      "let projectOf: (Todo) -> String = { $0.project }\nlet byProject = Dictionary(grouping: todos, by: projectOf)",
    ])
  func keyPathClosures(attempt: String) {
    #expect(judge(attempt, Self.grouping).grade == 5)
  }

  @Test("reads a closure that only calls a function with nothing as that function, passed by name")
  func closureCallingFunction() {
    // An adversarial review: the trailing closure a button's action is mostly written as got 1,
    // "Missing `action:`".
    #expect(judge("Button(\"Save\") { save() }", "Button(\"Save\", action: save)").grade == 5)
    // One that does more, or calls with arguments, is not the function alone.
    #expect(
      judge("Button(\"Save\") { save(draft) }", "Button(\"Save\", action: save)").grade ?? 5 < 5)
  }

  @Test("reads a closure that only calls a value's method with nothing as that method, by name")
  func closureCallingMethod() throws {
    let card = "LiveScoreView()\n    .onAppear { feed.start() }\n    .onDisappear { feed.stop() }"
    #expect(
      judge(
        "LiveScoreView()\n    .onAppear(perform: feed.start)\n    .onDisappear(perform: feed.stop)",
        card
      ).grade == 5)
    let swapped = judge(
      "LiveScoreView()\n    .onAppear(perform: feed.stop)\n    .onDisappear(perform: feed.start)",
      card)
    #expect(try #require(swapped.grade) <= 2)
  }

  @Test("reads a key path where the card writes the closure that reads it")
  func closureForKeyPath() {
    #expect(
      judge("let names = people.map(\\.name)", "let names = people.map { $0.name }").grade == 5)
    #expect(
      judge("let digits = phone.filter(\\.isNumber)", "let digits = phone.filter { $0.isNumber }")
        .grade == 5)
  }

  @Test("tells another key path read by a closure, named as written")
  func keyPathClosureWrong() throws {
    let judgement = judge(
      "let byProject = Dictionary(grouping: todos) { $0.owner }", Self.grouping,
      question: "Group `todos` by their `project`.")
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.reason == "`.owner` where the card has `\\.project`.")
  }

  @Test("reads a closure that only passes its parameter to a function as that function")
  func functionReferences() throws {
    let code = "let numbers = inputs.compactMap { Int($0) }"
    #expect(judge("let numbers = inputs.compactMap(Int.init)", code).grade == 5)
    #expect(judge("let numbers = inputs.compactMap { text in Int(text) }", code).grade == 5)
    #expect(
      judge("let n = inputs.compactMap(Int.init)", "let n = inputs.compactMap { s in Int(s) }")
        .grade == 5)
    let other = judge("let numbers = inputs.compactMap(Double.init)", code)
    #expect(try #require(other.grade) <= 2)
    #expect(other.reason == "`Double` where the card has `Int`.")
  }

  @Test("keeps a closure that does more than read a key path a closure")
  func closureNotKeyPath() throws {
    let judgement = judge(
      "let byProject = Dictionary(grouping: todos) { $0.project.uppercased() }", Self.grouping)
    #expect(try #require(judgement.grade) < 5)
  }

  @Test(
    "reads `if let x` and `guard let x` as unwrapping x into itself (SE-0345)",
    arguments: [
      ("if let user = user {\n    print(user.name)\n}", "if let user {\n    print(user.name)\n}"),
      ("guard let user = user else { return }", "guard let user else { return }"),
      ("if let user {\n    print(user.name)\n}", "if let user = user {\n    print(user.name)\n}"),
    ])
  func unwrappingShorthand(card: String, attempt: String) {
    #expect(judge(attempt, card).grade == 5)
  }

  @Test("still tells another name unwrapped or used after the shorthand")
  func unwrappingShorthandWrong() throws {
    let card = "if let user = user {\n    print(user.name)\n}"
    #expect(try #require(judge("if let user {\n    print(user.title)\n}", card).grade) < 5)
  }

  static let toggle = "Button(\"Toggle\") { isOn.toggle() }"

  @Test("reads `x = !x` as `x.toggle()`, either way round, but not another name negated")
  func toggles() throws {
    #expect(judge("Button(\"Toggle\") { isOn = !isOn }", Self.toggle).grade == 5)
    #expect(judge(Self.toggle, "Button(\"Toggle\") { isOn = !isOn }").grade == 5)
    #expect(try #require(judge("Button(\"Toggle\") { isOn = !isOff }", Self.toggle).grade) <= 2)
  }

  @Test("keeps a closure that negates or compares what it reads apart from the key path")
  func negatedClosures() throws {
    let card = "let digits = phone.filter(\\.isNumber)"
    #expect(try #require(judge("let digits = phone.filter { !$0.isNumber }", card).grade) < 5)
    #expect(judge("let digits = phone.filter { $0.isNumber }", card).grade == 5)
    // A type alone is no function: `compactMap(Int)` does not compile.
    let ints = "let numbers = inputs.compactMap { Int($0) }"
    #expect(try #require(judge("let numbers = inputs.compactMap(Int)", ints).grade) < 5)
  }

  @Test(
    "reads `x = !x` only as a statement of its own",
    arguments: ["isOn = !isOn.value", "isOn = !isOn && ready"])
  func togglesOnlyWhole(attempt: String) {
    let parsed = ParsedCode(attempt, hints: JudgingHints(), vocabulary: .standard)
    #expect(!parsed.nodes.contains { $0.name == "toggle" })
  }

  @Test("ends on a long run of assignments and negations")
  func hostileRuns() {
    let parsed = ParsedCode(
      String(repeating: "a = !a\n", count: 2_000) + String(repeating: "a += ", count: 5_000),
      hints: JudgingHints(), vocabulary: .standard)
    #expect(parsed.nodes.filter { $0.name == "toggle" }.count == 2_000)
  }

  static let counting = """
    let counts = words.reduce(into: [String: Int]()) { counts, word in
        counts[word, default: 0] += 1
    }
    """

  @Test("tells a dictionary subscript without its default, which does not compile")
  func subscriptDefault() throws {
    let attempt =
      "let counts = words.reduce(into: [String: Int]()) { counts, word in\n    counts[word] += 1\n}"
    let judgement = judge(attempt, Self.counting)
    #expect(try #require(judgement.grade) <= 2)
    #expect(
      judgement.reason
        == "`counts[word]` is optional without the card's `default:`: it cannot be changed in place."
    )
    let misspelt = judge(
      "let counts = words.reduce(into: [String: Int]()) { c, w in c[w, defualt: 0] += 1 }",
      Self.counting)
    #expect(misspelt.reason == "`defualt:` looks like a typo for `default:`.")
  }

  @Test("pairs a subscript with a subscript only, not with the card's method")
  func subscriptNoStandIn() throws {
    let loop =
      "var counts: [String: Int] = [:]\nfor word in words {\n    counts[word, default: 0] += 1\n}"
    let judgement = judge(
      loop, Self.counting,
      question: "Count each word of `words: [String]` into a `[String: Int]` with `reduce(into:)`.")
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.reason == "Missing `.reduce`.")
  }

  @Test(
    "reads an ordering's comparison turned round with its operands swapped as the same",
    arguments: [
      "let longest = runs.max(by: { $1.distance > $0.distance })",
      "let longest = runs.max { a, b in a.distance < b.distance }",
      "let longest = runs.max { (x, y) in y.distance > x.distance }",
    ])
  func sameOrdering(attempt: String) {
    #expect(judge(attempt, "let longest = runs.max(by: { $0.distance < $1.distance })").grade == 5)
  }

  @Test("tells an ordering turned the other way round, in a closure or a `<` function")
  func reversedOrdering() throws {
    let closure = judge(
      "let longest = runs.max(by: { $0.distance > $1.distance })",
      "let longest = runs.max(by: { $0.distance < $1.distance })")
    #expect(try #require(closure.grade) <= 2)
    #expect(
      closure.reason
        == "`$0.distance > $1.distance` orders the other way round from the card's `$0.distance < $1.distance`."
    )
    let code = """
      struct Version: Comparable {
          var major: Int
          static func < (lhs: Version, rhs: Version) -> Bool { lhs.major < rhs.major }
      }
      """
    let turned = code.replacing("lhs.major < rhs.major", with: "a.major > b.major")
      .replacing("(lhs: Version, rhs: Version)", with: "(a: Version, b: Version)")
    #expect(try #require(judge(turned, code).grade) <= 2)
    let orderings = SDKCheck.Code(code).orderings()
    #expect(orderings.map(\.written) == ["lhs.major < rhs.major"])
  }

  @Test("tells a one-sided range on the other side of the card's bound, and reads the rest alike")
  func oneSidedRanges() throws {
    let code =
      "DatePicker(\"Birthday\", selection: $birthday, in: ...Date.now, displayedComponents: .date)"
    let turned = judge(code.replacing("...Date.now", with: "Date.now..."), code)
    #expect(try #require(turned.grade) <= 2)
    #expect(
      turned.reason == "`Date.now...` runs from `Date.now`: the card's `...Date.now` runs up to it."
    )
    #expect(judge(code, code).grade == 5)
    let ranges = SDKCheck.Code("let a = items[2...]\nlet b = items[..<n]\nlet c = 1...5")
      .oneSidedRanges()
    #expect(ranges.map(\.written) == ["2...", "..<n"])
    #expect(ranges.map(\.isFrom) == [true, false])
  }

  @Test("reads an ordering only inside the closure or operator function that takes its values")
  func orderingsInScope() {
    let card = "let ranked = players.sorted { $0.score > $1.score }"
    #expect(
      judge("let ranked = players.sorted { $0.score < $1.score }.reversed()", card).grade == 5)
    let larger =
      "func larger(_ a: Int, _ b: Int) -> Int {\n    if a > b { return a }\n    return b\n}"
    let swapped =
      "func larger(_ a: Int, _ b: Int) -> Int {\n    if b > a { return b }\n    return a\n}"
    #expect(!judge(swapped, larger).reason.contains("orders the other way round"))
    #expect(SDKCheck.Code(larger).orderings().isEmpty)
    // Hostile input ends: a flood of functions and long chains.
    let flood =
      String(repeating: "func f(", count: 2_000) + String(repeating: "$0.a", count: 2_000)
    #expect(judge(flood, card).grade ?? 0 <= 2)
  }

  @Test("reads a one-sided range only as an argument or an element, not as a case's pattern")
  func rangesInCases() {
    let card = "switch t {\ncase ..<0: \"freezing\"\ncase 0..<20: \"cold\"\ndefault: \"warm\"\n}"
    let attempt = "switch t {\ncase 20...: \"warm\"\ncase 0...: \"cold\"\ndefault: \"freezing\"\n}"
    #expect(!judge(attempt, card).reason.contains("runs from"))
    #expect(SDKCheck.Code(card).oneSidedRanges().isEmpty)
  }

  @Test(
    "takes a dictionary's value got another way for its default, and a changed optional for an error"
  )
  func subscriptDefaultOtherWays() throws {
    let other = judge(
      "let counts = words.reduce(into: [String: Int]()) { counts, word in\n    counts[word] = (counts[word] ?? 0) + 1\n}",
      Self.counting)
    #expect(other.grade == 4)
    let appended = judge(
      "var groups: [String: [Book]] = [:]\nfor book in books { groups[book.author].append(book) }",
      "var groups: [String: [Book]] = [:]\nfor book in books { groups[book.author, default: []].append(book) }"
    )
    #expect(try #require(appended.grade) <= 2)
    #expect(
      appended.reason
        == "`groups[book.author]` is optional without the card's `default:`: it cannot be changed in place."
    )
  }

  @Test("reads a wrapped property assigned in init as its storage given the wrapper, as Swift does")
  func wrappedPropertyInInit() {
    let card = """
      struct SongEditor: View {
          @State private var draft: Song
          init(song: Song) {
              _draft = State(initialValue: song)
          }
          var body: some View { SongForm(song: $draft) }
      }
      """
    let alsoRight = card.replacingOccurrences(of: "initialValue", with: "wrappedValue")
    let judge = AnswerJudge(code: card, hints: JudgingHints(alternatives: [alsoRight]))
    // A trial: "Missing `State`" (2) for a right answer.
    for assignment in ["self.draft = song", "draft = song"] {
      let attempt = card.replacingOccurrences(
        of: "_draft = State(initialValue: song)", with: assignment)
      #expect(judge.judge(attempt).grade == 5, "\(assignment)")
    }
    // A property without a wrapper, or one given a value where it is declared, is left alone.
    var parser = CodeParser(source: "var draft: Song\n@State private var count = 0")
    #expect(CodeNode.wrappedProperties(in: parser.parse(), index: .shipped).isEmpty)
    // The other way round, and without the card's `also:` (an adversarial review).
    let assigning = card.replacingOccurrences(
      of: "_draft = State(initialValue: song)", with: "self.draft = song")
    #expect(AnswerJudge(code: assigning).judge(card).grade == 5)
    #expect(AnswerJudge(code: card).judge(assigning).grade == 5)
    // A property of another type, of the same name, is that type's.
    var two = CodeParser(
      source:
        "struct Note { var title: String\n  init(title: String) { self.title = title } }\nstruct Editor: View { @State private var title: String\n  init(title: String) { self.title = title } }"
    )
    let normalized = CodeNode.normalizingWrapperInits(two.parse(), index: .shipped)
    func storage(_ node: CodeNode) -> Int {
      node.blocks.joined().reduce(node.name == "_title" ? 1 : 0) { $0 + storage($1) }
    }
    #expect(normalized.map(storage) == [0, 1])
  }

  @Test("takes an array of one where the card passes the one, for the overload that takes many")
  func arrayOfOne() {
    let card = "let ranked = players.sorted(using: KeyPathComparator(\\.score, order: .reverse))"
    let one = judge(
      "let ranked = players.sorted(using: [KeyPathComparator(\\Player.score, order: .reverse)])",
      card)
    #expect(one.grade == 5, "\(one.reason)")
    // What the one holds is still compared: another order is another.
    let other = judge(
      "let ranked = players.sorted(using: [KeyPathComparator(\\.score, order: .forward)])", card)
    #expect((other.grade ?? 5) < 5, "\(other.reason)")
  }

  @Test("takes a type given as a generic argument where the card passes it as a metatype")
  func typeAsGenericArgument() {
    let card =
      "let (stream, continuation) = AsyncStream.makeStream(of: Int.self)\ncontinuation.yield(1)"
    let generic = judge(
      "let (stream, continuation) = AsyncStream<Int>.makeStream()\ncontinuation.yield(1)", card)
    #expect(generic.grade == 5, "\(generic.reason)")
    // Another type is not given.
    let other = judge(
      "let (stream, continuation) = AsyncStream<String>.makeStream()\ncontinuation.yield(1)", card)
    #expect(other.reason == "Missing `of:`.")
  }

  @Test("finds code with no API among a few tokens around it, the author's names renamed")
  func containedRenamed() {
    // A trial's right answer, the card's `also: path = []` with a name of its own, got 1.
    let judge = AnswerJudge(
      code: "Button(\"Back\") {\n    path.removeAll()\n}",
      hints: JudgingHints(alternatives: ["path = []"]))
    let renamed = judge.judge(
      "Button(\"Home\") {\n    navPath = []\n}\n.buttonStyle(.borderedProminent)")
    #expect(renamed.grade == 5, "\(renamed.reason)")
    func words(_ code: String) -> TokenWords {
      TokenWords(ParsedCode(code, hints: JudgingHints(), vocabulary: .standard))
    }
    let wrapped = words("Button(\"Home\") { navPath = [] }")
    #expect(words("path = []").isContained(in: wrapped, renaming: true))
    #expect(!words("path = []").isContained(in: wrapped))
    // One name for two of the card's is no renaming.
    #expect(!words("a = b").isContained(in: words("Button(\"Go\") { x = x }"), renaming: true))
  }

  @Test("reads the card's value wrapped in a conversion to the type asked for as that value")
  func conversionToAskedType() throws {
    let card = "let digits = phone.filter { $0.isNumber }"
    let question = "Make `digits`, a `String` of the numeric characters of `phone`."
    // A development set's right answer got 1: the containers read as nested the other way.
    let asked = judge("let digits = String(phone.filter { $0.isNumber })", card, question: question)
    #expect(asked.grade == 5, "\(asked.reason)")
    // To another type it is another value (`Set`, `Int`), or does not compile (an adversarial
    // review).
    for wrapper in ["Array", "Set", "Int"] {
      let other = judge(
        "let digits = \(wrapper)(phone.filter { $0.isNumber })", card, question: question)
      #expect(try #require(other.grade) <= 2, "\(wrapper): \(other.reason)")
    }
    #expect(QuestionWords(question).names("digits", as: "String"))
    #expect(!QuestionWords(question).names("phone", as: "String"))
    // Around another value, it is no conversion of the card's.
    #expect(
      judge("let digits = String(phone.map { $0.isNumber })", card, question: question).grade
        ?? 5 < 3)
  }

  static let combinedTransition = """
    Text("Saved")
        .transition(.move(edge: .bottom).combined(with: .opacity))
    """

  @Test("reads a commutative method's operands either way round, with the card's in its place")
  func commutedOperands() {
    let swapped = judge(
      "Text(\"Saved\")\n    .transition(.opacity.combined(with: .move(edge: .bottom)))",
      Self.combinedTransition)
    #expect(swapped.grade == 5, "\(swapped.reason)")
    let sets = "let changed = oldTags.symmetricDifference(newTags)"
    #expect(judge("let changed = newTags.symmetricDifference(oldTags)", sets).grade == 5)
  }

  @Test("still names a wrong operand of a commutative method against the card's own")
  func wrongCommutedOperand() throws {
    let made = judge(
      "Text(\"Saved\")\n    .transition(.move(edge: .bottom).combined(with: .fade))",
      Self.combinedTransition)
    #expect(try #require(made.grade) <= 2)
    #expect(made.reason == "`.fade` where the card has `.opacity`.")
    let swappedWrong = judge(
      "Text(\"Saved\")\n    .transition(.fade.combined(with: .move(edge: .bottom)))",
      Self.combinedTransition)
    #expect(try #require(swappedWrong.grade) <= 2)
    #expect(swappedWrong.reason.contains("`.fade`"), "\(swappedWrong.reason)")
  }

  @Test("takes two given values written in each other's place for an error, not a renaming")
  func swappedGivenValues() throws {
    let card = "let removed = oldTags.subtracting(newTags)"
    let swapped = judge("let removed = newTags.subtracting(oldTags)", card)
    #expect(try #require(swapped.grade) <= 2)
    #expect(swapped.reason == "`newTags` where the card has `oldTags`.")
    // One of them in both places, the other nowhere.
    let twice = judge("let removed = oldTags.subtracting(oldTags)", card)
    #expect(try #require(twice.grade) <= 2)
    #expect(twice.reason == "`oldTags` where the card has `newTags`.")
    // Names of the attempt's own for both are still a renaming.
    #expect(judge("let removed = before.subtracting(after)", card).grade == 5)
  }

  @Test("takes two given values turned round in code without API for an error too")
  func swappedGivenValuesInPlainCode() throws {
    let card = "let ratio = height / width"
    let swapped = judge("let ratio = width / height", card)
    #expect(try #require(swapped.grade) <= 2)
    #expect(swapped.reason == "`width` where the card has `height`.")
    #expect(judge("let ratio = h / w", card).grade == 5)
    // Operands of a commutative operator may be turned round.
    #expect(judge("let total = tax + subtotal", "let total = subtotal + tax").grade == 5)
    #expect(
      judge("if confirmation == password { save() }", "if password == confirmation { save() }")
        .grade == 5)
    // A labelled argument's value, and an assignment's target, may not.
    let moved = judge("move(from: destination, to: source)", "move(from: source, to: destination)")
    #expect(try #require(moved.grade) <= 2)
    // A label is no value: `id:` beside a value renamed `id` is still a renaming.
    let labelled = "async let profile = loadProfile(id: userID)"
    #expect(judge("async let info = loadProfile(id: id)", labelled).grade == 5)
  }

  @Test("reads a commutative method's operands in the card's order at the head of a chain")
  func commutedOperandsInChains() {
    let card = "let everyone = friends.union(coworkers).sorted()"
    #expect(judge("let everyone = coworkers.union(friends).sorted()", card).grade == 5)
    let wrapped = "let shared = Set(mine).intersection(theirs).sorted()"
    #expect(judge("let shared = Set(theirs).intersection(mine).sorted()", wrapped).grade == 5)
  }

  @Test("takes a simultaneous gesture's two gestures in order, its value being theirs in order")
  func simultaneousGesturesKeepTheirOrder() {
    let card = "let both = MagnifyGesture().simultaneously(with: RotateGesture())"
    let nodes = ParsedCode(card, hints: JudgingHints(), vocabulary: .standard).nodes
    #expect(CodeNode.commutedOperands(in: nodes).isEmpty)
  }

  @Test(
    "takes swapped given values for an error only where the rest is the card's code, in the card's order"
  )
  func swapsOnlyAsTheDifference() {
    // The converse method, its operands turned round: right.
    let subset = "let ready = required.isSubset(of: granted)"
    let superset = judge("let ready = granted.isSuperset(of: required)", subset)
    #expect(
      !superset.reason.contains("`granted` where the card has `required`"), "\(superset.reason)")
    // The card's two lines in the other order.
    let card =
      "let removed = oldTags.subtracting(newTags)\nlet added = newTags.subtracting(oldTags)"
    let reordered = judge(
      "let added = newTags.subtracting(oldTags)\nlet removed = oldTags.subtracting(newTags)", card)
    #expect(reordered.grade == 5, "\(reordered.reason)")
  }

  @Test(
    "reads a type declared with the conformance the card writes in an extension as that extension")
  func conformanceInTheDeclaration() throws {
    let card = """
      extension Contact: Hashable {
          static func == (lhs: Contact, rhs: Contact) -> Bool { lhs.id == rhs.id }
          func hash(into hasher: inout Hasher) { hasher.combine(id) }
      }
      """
    let declared = """
      final class Contact: Hashable {
          let id: UUID
          private var name: String
          init(id: UUID = UUID(), name: String) {
              self.id = id
              self.name = name
          }
          static func == (lhs: Contact, rhs: Contact) -> Bool { lhs.id == rhs.id }
          func hash(into hasher: inout Hasher) { hasher.combine(id) }
      }
      """
    #expect(judge(declared, card).grade == 5)
    // What the card's extension writes is still compared.
    let wrong = judge(
      declared.replacingOccurrences(of: "lhs.id == rhs.id", with: "lhs.id != rhs.id"), card)
    #expect(try #require(wrong.grade) < 5)
  }

  @Test("reads a comparison of two plain operands written the other way round as the same test")
  func turnedComparisons() throws {
    let card = "if score > highScore { highScore = score }"
    #expect(judge("if highScore < score { highScore = score }", card).grade == 5)
    #expect(
      judge(
        "if score >= highScore { highScore = score }", "if highScore <= score { highScore = score }"
      ).grade == 5)
    let swapped = judge("if highScore > score { highScore = score }", card)
    #expect(try #require(swapped.grade) <= 2)
  }

  @Test(
    "pairs a modifier with the one on the same view, and takes the example's cases turned round for an error"
  )
  func swappedExampleCases() throws {
    let card = """
      .searchScopes($shelf) {
          Text("All").tag(Shelf.all)
          Text("Unread").tag(Shelf.unread)
      }
      """
    let swapped = judge(
      """
      .searchScopes($scope) {
          Text("All").tag(Scope.unread)
          Text("Unread").tag(Scope.all)
      }
      """, card)
    #expect(try #require(swapped.grade) <= 2)
    #expect(swapped.reason == "`.unread` where the card has `.all`.")
    // Cases of the attempt's own naming are the example's to rename.
    let renamed = judge(
      """
      .searchScopes($scope) {
          Text("All").tag(Scope.everything)
          Text("Unread").tag(Scope.unreadOnly)
      }
      """, card)
    #expect(renamed.grade == 5, "\(renamed.reason)")
  }
}
