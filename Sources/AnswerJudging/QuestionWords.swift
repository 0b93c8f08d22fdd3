/// The words of a card's question, and whether an API name is one it asks about: `format` and
/// `percent` in "formatted … as a percentage", not `monospacedDigit`.
///
/// Words match by a shared stem: one the start of the other (`drag`, `dragged`), or the same
/// first five letters (`magnify`, `magnification`). Words under four letters say nothing of the
/// API.
struct QuestionWords: Sendable {
  private let words: Set<String>
  /// Those outside backticks: the question's prose, not the example's names (`totalBytes`).
  private let proseWords: Set<String>
  /// The numbers of the question's prose (``AnswerJudge/numbers(in:)``), not of the code it
  /// gives (`frame(width: 4, height: 80)`).
  private let proseNumbers: Set<String>
  /// The names the question writes as code, in backticks.
  private let codeNames: Set<String>
  /// The question as written.
  private let text: String
  /// What the question quotes or writes as code (``quoted(in:)``).
  private let quoted: Set<String>

  /// The capitalised names the prose puts after "a", "an" or "one", as a type it asks for
  /// ("Build a Label whose title…", "Show a Gauge for…"); "the Form" is one already there.
  let namedTypes: Set<String>

  /// The declarations the question gives (``givenDeclarations(in:)``).
  let given: [String: Substring]

  /// The SDK types the question gives the names it writes as declarations (`players:
  /// [Player]`, `@State var minutes: Int`): the card's code and an attempt use those values.
  let types: [String: String]

  init(_ question: String, codeNames: Set<String> = [], types: [String: String] = [:]) {
    words = Set(Self.words(in: question))
    let prose = question.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 0 }.map { String($0.element) }
    proseWords = Set(prose.flatMap { Self.words(in: $0) })
    namedTypes = Self.namedTypes(in: prose)
    proseNumbers = AnswerJudge.numbers(in: prose.joined(separator: " "))
    self.codeNames = codeNames
    self.types = types
    text = question
    quoted = Self.quoted(in: question)
    given = Self.givenDeclarations(in: question)
  }

  /// The spans of `question` between backticks or quotation marks, straight or curly.
  static func quoted(in question: String) -> Set<String> {
    var spans: Set<String> = []
    for (open, close) in [("`", "`"), ("\"", "\""), ("“", "”")] {
      var rest = question[...]
      while let start = rest.firstRange(of: open),
        let end = rest[start.upperBound...].firstRange(of: close)
      {
        spans.insert(String(rest[start.upperBound..<end.lowerBound]))
        rest = rest[end.upperBound...]
      }
    }
    return spans
  }

  /// The names the backticked declarations of `question` give an SDK type, as the index knows
  /// it: `stops` an `Array` in "`@State var stops: [Stop]`", and in prose, "`runs` is a
  /// `[Run]`".
  static func declaredTypes(in question: String, index: SDKIndex = .shipped) -> [String: String] {
    var types: [String: String] = [:]
    func read(_ declaration: String) {
      for (name, type) in SDKCheck.Code(declaration).typedNames(index: index) {
        types[String(name)] = type
      }
    }
    let parts = question.split(separator: "`", omittingEmptySubsequences: false)
    for position in parts.indices where position % 2 == 1 {
      let span = parts[position]
      if span.contains(":") {
        let declares = span.split(separator: " ").contains { $0 == "var" || $0 == "let" }
        read(declares ? String(span) : "var " + span)
      } else if position + 2 < parts.count, span.allSatisfy({ $0.isLetter || $0.isNumber }),
        span.first?.isLowercase == true,
        ["is a", "is an", "(a", "(an", ", a", ", an"].contains(
          parts[position + 1].split(separator: " ").joined(separator: " "))
      {
        // In prose: "`runs` is a `[Run]`", "`data` (a `Data`)", "`digits`, a `String`".
        read("var \(span): \(parts[position + 2])")
      } else if position + 1 < parts.count, span.allSatisfy({ $0.isLetter || $0.isNumber }),
        span.first?.isLowercase == true,
        Self.callsAView(parts[position + 1]) || Self.endsCallingAView(parts[position - 1])
      {
        // "`card` is a view": its modifiers are a view's (`card.offset(dragOffset)`).
        types[String(span)] = "View"
      }
    }
    return types
  }

  /// The names the question gives declared, each with the code span that declares it: a span
  /// that is a declaration ("Given `enum Theme: String { case light, dark, system }`", "its
  /// `private var total = 0`"), not one the prose asks to write ("Declare `…`"), or a name
  /// prose says is a value
  /// ("`sales` is an array of pairs", "`data`, a `Data`"), its span the name alone. The card's
  /// own copy of such a declaration is the example's setting, not its point.
  static func givenDeclarations(in question: String) -> [String: Substring] {
    var given: [String: Substring] = [:]
    let parts = question.split(separator: "`", omittingEmptySubsequences: false)
    let keywords: Set<Substring> = ["enum", "struct", "class", "actor", "let", "var"]
    for position in parts.indices where position % 2 == 1 {
      let span = parts[position]
      let words = span.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" })
      if let keyword = words.firstIndex(where: { keywords.contains($0) }),
        words[..<keyword].allSatisfy({ $0.first == "@" || modifiers.contains($0) }),
        keyword + 1 < words.endIndex, !asksToWrite(before: parts[position - 1])
      {
        given[String(words[keyword + 1])] = span
      } else if position + 1 < parts.count, span.allSatisfy({ $0.isLetter || $0.isNumber }),
        span.first?.isLowercase == true,
        ["is a ", "is an ", "(a ", "(an ", ", a ", ", an "].contains(where: {
          parts[position + 1].hasPrefix(" " + $0) || parts[position + 1].hasPrefix($0)
        })
      {
        given[String(span)] = span
      }
    }
    return given
  }

  /// Whether the prose before a span asks for it to be written ("Declare `enum …`", "add a
  /// `@State private var …`"): the last few words name a verb of writing.
  private static func asksToWrite(before prose: Substring) -> Bool {
    let words = prose.lowercased().split(whereSeparator: { !$0.isLetter }).suffix(4)
    return words.contains { writingVerbs.contains($0) }
  }

  /// The verbs by which a question asks for code to be written.
  private static let writingVerbs: Set<Substring> = [
    "declare", "write", "define", "add", "create", "mark", "annotate", "adopt", "implement",
  ]

  /// Access and storage modifiers that may come before a declaration's keyword.
  private static let modifiers: Set<Substring> = [
    "private", "fileprivate", "internal", "public", "static", "final", "nonisolated", "lazy",
  ]

  /// Whether prose after a name says it is a view: "is a view", "(a view)", "is some
  /// existing SwiftUI view", the word whole (not "a view controller", "a viewmodel", "a
  /// view's frame", "a view (a `UIStackView`)").
  static func callsAView(_ prose: Substring) -> Bool {
    let words = prose.lowercased().split(separator: " ")
    guard let first = words.first, ["is", "(a", "(an"].contains(first) else { return false }
    let rest = words.dropFirst().drop { viewQualifiers.contains(String($0)) }
    guard let view = rest.first, rest.startIndex - words.startIndex <= 4 else { return false }
    return isViewWord(view, then: rest.dropFirst().first)
  }

  /// Whether prose before a name ends by calling it a view: "Given a view `card`".
  static func endsCallingAView(_ prose: Substring) -> Bool {
    let words = prose.lowercased().split(separator: " ")
    guard let last = words.last, last == "view", words.count >= 2 else { return false }
    return viewQualifiers.contains(String(words[words.count - 2]))
  }

  /// The words that may come between "is" and "view": "is some existing SwiftUI view".
  private static let viewQualifiers: Set<String> = [
    "a", "an", "some", "the", "any", "existing", "swiftui", "custom", "plain", "simple",
  ]

  /// Whether `word` is "view", whole, and `next` does not make it another noun.
  private static func isViewWord(_ word: Substring, then next: Substring?) -> Bool {
    guard word.prefix(while: \.isLetter) == "view", word.dropFirst(4).first != "'" else {
      return false
    }
    guard word.count == 4, let next else { return true }
    return !["controller", "model"].contains(String(next.prefix(while: \.isLetter)))
      && !next.hasPrefix("(")
  }

  /// The capitalised words of `prose` right after "a", "an" or "one".
  static func namedTypes(in prose: [String]) -> Set<String> {
    var found: Set<String> = []
    for span in prose {
      let words = span.split(whereSeparator: { $0 == " " || $0 == "\n" })
      for (article, word) in zip(words, words.dropFirst())
      where ["a", "an", "one"].contains(article.lowercased())
        && word.first?.isUppercase == true
      {
        found.insert(String(word.prefix { $0.isLetter || $0.isNumber }))
      }
    }
    return found
  }

  /// The view of `named` that the card's code is built of, at its top, which the attempt never
  /// writes, with a view the card does not write at the attempt's top in its place:
  /// `("Label", "HStack")`. Nil where the attempt is a fragment (a modifier alone, or a part
  /// of the card's view) or writes the name anywhere.
  static func replacedView(_ named: Set<String>, card: [CodeNode], attempt: ParsedCode)
    -> (named: String, other: String)?
  {
    guard !named.isEmpty,
      let view = card.first(where: { $0.kind == .call && $0.isAPI && named.contains($0.name) })
    else { return nil }
    // One the card writes inside it is the card's (a `ForEach` without its `List`).
    let cardViews = Set(Matching.allNodes(card).filter { $0.kind == .call }.map(\.name))
    // `LazyVStack` for a `VStack` is the view, written another way.
    guard
      !attempt.tokens.contains(where: {
        let name = attempt.source[$0.range]
        return name == view.name || name == "Lazy" + view.name
      }),
      let other = attempt.nodes.first(where: {
        $0.kind == .call && $0.isAPI && !cardViews.contains($0.name)
      })
    else { return nil }
    return (view.name, other.name)
  }

  /// Whether one of the words of `name`, split at its capitals, is one of the question's.
  func asks(_ name: String) -> Bool {
    Self.words(in: name).contains { Self.stem($0, in: words) }
  }

  /// Whether the question gives `name` the type `type` (``declaredTypes(in:)``: "`digits`, a
  /// `String`"), read from its text where it was not given the types.
  func names(_ name: String, as type: String) -> Bool {
    (types[name] ?? Self.declaredTypes(in: text)[name]) == type
  }

  /// Whether the question's prose has every word of `name` (`lineCap` in "round line caps"),
  /// and there is one.
  func asksInProse(_ name: String) -> Bool {
    let parts = Self.words(in: name)
    return !parts.isEmpty && parts.allSatisfy { Self.stem($0, in: proseWords) }
  }

  /// Whether `word` shares a stem with one of `words`.
  private static func stem(_ word: String, in words: Set<String>) -> Bool {
    words.contains(word)
      || words.contains { other in
        let (short, long) = word.count <= other.count ? (word, other) : (other, word)
        return long.hasPrefix(short) || (short.count >= 5 && long.prefix(5) == short.prefix(5))
      }
  }

  /// Whether the question gives a string literal's text, quoted or as code (`"ferry"` for "the
  /// `ferry` symbol"): a value the card is asked for, not the example's text, which a question
  /// may well use the words of ("search a recipe list" beside `"Search"`).
  func gives(_ literal: Substring) -> Bool {
    let text = literal.dropFirst().dropLast()
    return literal.count > 2 && literal.first == "\"" && literal.last == "\""
      && quoted.contains(String(text))
  }

  /// Whether the question asks about API in the arguments of `node`, an API call: the
  /// `.percent` of `Text(value, format: .percent)`.
  func asks(aboutArgumentsOf node: CodeNode) -> Bool {
    node.isAPI && node.arguments.contains { !$0.isClosure && $0.value.contains(where: asksAPI) }
  }

  /// A name the question writes as code (`feed.posts`) is the example's model, not API.
  private func asksAPI(_ node: CodeNode) -> Bool {
    (node.isAPI && !codeNames.contains(node.name) && asks(node.name))
      || node.arguments.contains { $0.value.contains(where: asksAPI) }
  }

  /// Lowercased words of four letters or more, `camelCase` split at its capitals.
  static func words(in text: String) -> [String] {
    var words: [String] = []
    var word = ""
    func end() {
      if word.count >= 4 { words.append(word) }
      word = ""
    }
    for character in text {
      if character.isUppercase, !word.isEmpty, word.last?.isLowercase == true { end() }
      if character.isLetter { word.append(Character(character.lowercased())) } else { end() }
    }
    end()
    return words
  }
}

extension QuestionWords {
  /// An argument of the card's the question asks for.
  struct AskedArgument: Sendable {
    /// The card's label, with its colon: `step:`.
    let label: String
    /// The token of the call that takes it, which the attempt must make for the argument to be
    /// left out rather than lost with it.
    let call: Int?
    /// The names the question writes as code that it passes (`totalBytes`), the only reason it
    /// is asked for where there are any.
    let names: Set<String>
  }

  /// The labelled arguments of the API calls in `nodes` the question asks for, by their label's
  /// token: `step:` in "moves in steps of 5", `total:` passing `totalBytes`.
  ///
  /// An argument is asked for when the question's prose has its label's words, a number it
  /// passes, or the member it passes (`.bottom` in "around its bottom point"), or
  /// when it passes a value the question writes as code. Types passed as values (`Int.self`)
  /// are not asked for: the attempt may write them elsewhere (`AsyncStream<Int>`).
  func askedArguments(in nodes: [CodeNode]) -> [Int: AskedArgument] {
    var asked: [Int: AskedArgument] = [:]
    var names: Set<String> = []
    func passesAsked(_ node: CodeNode) -> Bool {
      switch node.kind {
      case .literal:
        if let number = Double(node.name), proseNumbers.contains(where: { Double($0) == number }) {
          return true
        }
      // Every part of the member's name, its short ones too: `.isDirectory` is not asked for
      // by "the Documents directory".
      case .member:
        if Self.words(in: node.name).joined().count == node.name.count && asksInProse(node.name) {
          return true
        }
      case .call, .binding:
        if node.name.first?.isLowercase == true && codeNames.contains(node.name) {
          names.insert(node.name)
        }
      default: break
      }
      return node.arguments.contains { !$0.isClosure && $0.value.contains(where: passesAsked) }
        || node.value.contains(where: passesAsked)
    }
    for node in Matching.allNodes(nodes) where node.isAPI {
      for argument in node.arguments where !argument.isClosure {
        guard let label = argument.label, let token = argument.labelToken else { continue }
        names = []
        let byWords = asksInProse(label) || argument.value.contains(where: passesAsked)
        guard byWords || !names.isEmpty else { continue }
        asked[token] = AskedArgument(
          label: label + ":", call: node.token, names: byWords ? [] : names)
      }
    }
    return asked
  }
}

extension QuestionWords {
  /// The members of the SDK's the card's code passes to its API calls that the question's
  /// prose names, one word each (`.orange` in "tinted orange"): values asked for, which the
  /// attempt must write somewhere. The author's own cases (`.email`) may be renamed, and a
  /// member in a condition (`sizeClass == .regular`) may be turned round; literals are the
  /// example's, or a detail its reviewers do not agree on (`300` for a stated `240`).
  func askedValues(in nodes: [CodeNode]) -> [String] {
    var values: [String] = []
    for node in Matching.allNodes(nodes) where node.isAPI && !node.isSuppliedBySystem {
      // A word the call's title has is the title's (`Cancel` of `Button("Cancel", role:
      // .cancel)`), not its member's.
      let titles = node.arguments.flatMap(\.value).filter {
        $0.kind == .literal && $0.name.first == "\""
      }.map { $0.name.lowercased() }
      for argument in node.arguments where !argument.isClosure {
        for value in argument.value
        where value.kind == .member && value.isAPI && value.arguments.isEmpty
          && value.name.count >= 4 && value.name.allSatisfy(\.isLowercase)
          && asksInProse(value.name) && !titles.contains(where: { $0.contains(value.name) })
        {
          values.append("." + value.name)
        }
      }
    }
    return values
  }

  /// The names of values the question writes as code (`showsError` in "set `showsError` to
  /// true when…") that `code` uses but does not declare: what the question asks to be done
  /// with them, which an attempt that never writes them leaves out. Types, the card's own
  /// declarations (`body`, a state it declares) and the parts of a declaration the question
  /// gives (`category` of "With `let logger = Logger(…, category: …)`") are context a fragment
  /// may leave to the reader.
  func askedNames(in code: ParsedCode) -> [String] {
    // A member (`.center`) is an asked value's (``askedValues(in:)``), not a name's.
    let written = Set(
      code.tokens.indices.filter { position in
        code.tokens[position].kind == .identifier
          && (position == 0 || code.source[code.tokens[position - 1].range] != ".")
      }.map { code.source[code.tokens[$0].range] })
    let setting = Set(
      given.values.filter { $0.contains(" ") }.flatMap(AnswerJudge.codeNames(inCode:)))
    return codeNames.subtracting(setting).filter { name in
      name.first?.isLowercase == true && name.count >= 2 && !code.declared.contains(name)
        && written.contains(Substring(name))
    }.sorted()
  }

  /// The numbers the prose gives (`1` in "a raw value of 1") that `code` writes, but where it
  /// passes the value a parameter takes when left out (`step: 1`).
  func askedNumbers(in code: ParsedCode) -> [String] {
    var written = Self.numbers(in: code)
    for node in Matching.allNodes(code.nodes) where node.isAPI {
      for argument in node.arguments
      where argument.value.count == 1
        && argument.value[0].kind == .literal && Matching.passesDefault(argument, of: node)
      {
        Self.number(argument.value[0].name[...]).map { _ = written.remove($0) }
      }
    }
    return proseNumbers.filter { Double($0).map(written.contains) ?? false }.sorted()
  }

  /// The value of a number literal as Swift reads it: `1_500`, `0x1F`, `2.5e3`.
  static func number(_ literal: Substring) -> Double? {
    let digits = literal.filter { $0 != "_" }
    for (prefix, radix) in [("0x", 16), ("0b", 2), ("0o", 8)] where digits.hasPrefix(prefix) {
      return Int(digits.dropFirst(2), radix: radix).map(Double.init)
    }
    return Double(digits)
  }

  /// The first of `numbers` (``askedNumbers(in:)``) that `code` never writes, where it writes
  /// no number the card does not (`1500` may stand for the card's `25 * 60`); none for a
  /// modifier alone.
  static func firstUnwritten(numbers: [String], in code: ParsedCode, card: ParsedCode)
    -> String?
  {
    guard !numbers.isEmpty, code.nodes.first?.kind != .modifier else { return nil }
    let written = Self.numbers(in: code)
    guard written.isSubset(of: Self.numbers(in: card)) else { return nil }
    return numbers.first { !(Double($0).map(written.contains) ?? true) }
  }

  /// The values of the number literals `code` writes.
  private static func numbers(in code: ParsedCode) -> Set<Double> {
    Set(code.tokens.filter { $0.kind == .number }.compactMap { number(code.source[$0.range]) })
  }

  /// The first of `names` (``askedNames(in:)``) that `code` never writes, as itself or as
  /// its binding (`$name`), where it writes no name the card does not (`card`): one of those
  /// may stand for it (`id` for `userID`, a literal URL for `helpURL`). A modifier alone
  /// (`.toggleStyle(.switch)`) leaves the view it is on, and its names, to the reader.
  static func firstUnwritten(_ names: [String], in code: ParsedCode, card: ParsedCode)
    -> String?
  {
    guard !names.isEmpty, code.nodes.first?.kind != .modifier else { return nil }
    func identifiers(_ code: ParsedCode) -> Set<Substring> {
      Set(code.tokens.filter { $0.kind == .identifier }.map { code.source[$0.range] })
    }
    guard identifiers(code).isSubset(of: identifiers(card)) else { return nil }
    let written = Set(code.tokens.map { code.source[$0.range] })
    return names.first {
      !written.contains(Substring($0)) && !written.contains(Substring("$" + $0))
    }
  }

  /// The string literals of the card's code that the question gives (`"All books"` in 'and
  /// "All books" otherwise'): text asked for, which the attempt must show somewhere.
  func askedStrings(in nodes: [CodeNode]) -> [String] {
    // One in a declaration the question gives (`let logger = Logger(subsystem: "…", …)`) is
    // the setting's.
    Matching.allNodes(nodes).filter { node in
      node.kind == .literal && gives(Substring(node.name))
        && !given.values.contains { $0.contains(node.name) }
    }
    .map(\.name)
  }

  /// The first of `strings` (``askedStrings(in:)``) that `nodes` leave out: not written, with
  /// fewer string literals than the card's (`cardStrings`) where it would be, not another text
  /// in its place; but none where the attempt writes no text at all, a fragment that leaves the
  /// texts to the context (`@Environment(\.isSearching) var isSearching` alone).
  static func firstLeftOut(_ strings: [String], in nodes: [CodeNode], cardStrings: Int)
    -> String?
  {
    guard !strings.isEmpty else { return nil }
    let literals = stringLiterals(in: nodes)
    guard !literals.isEmpty, literals.count < cardStrings else { return nil }
    let written = Set(literals.map(\.name))
    return strings.first { !written.contains($0) }
  }

  /// The string literals `nodes` write, nested ones too.
  static func stringLiterals(in nodes: [CodeNode]) -> [CodeNode] {
    Matching.allNodes(nodes).filter { $0.kind == .literal && $0.name.first == "\"" }
  }

  /// The first of `values` (``askedValues(in:)``) that `nodes` do not write anywhere.
  static func firstMissing(_ values: [String], in nodes: [CodeNode]) -> String? {
    guard !values.isEmpty else { return nil }
    let names = Set(Matching.allNodes(nodes).map(\.name))
    return values.first { !names.contains(String($0.dropFirst())) }
  }
}
