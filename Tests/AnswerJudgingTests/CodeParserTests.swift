import CardDeck
import Testing

@testable import AnswerJudging

@Suite("Parsing Swift into a light tree")
struct CodeParserTests {
  private func parse(_ code: String) -> (nodes: [CodeNode], declared: Set<String>) {
    var parser = CodeParser(source: code)
    let nodes = parser.parse()
    return (nodes, parser.declared)
  }

  private func names(_ nodes: [CodeNode]) -> [String] { nodes.map(\.name) }

  @Test("flattens a modifier chain into items: the view, then each modifier")
  func chains() {
    let (nodes, _) = parse("Text(\"a\")\n    .font(.title)\n    .padding()")
    #expect(nodes.map(\.kind) == [.call, .modifier, .modifier])
    #expect(names(nodes) == ["Text", "font", "padding"])
    #expect(nodes[1].arguments.first?.value.first?.kind == .member)
  }

  @Test("reads a labelled subscript as a call of `subscript`, and an index alone as nothing")
  func subscripts() throws {
    let (nodes, _) = parse("counts[word, default: 0] += 1\nlet first = items[0]")
    #expect(names(nodes).prefix(2) == ["counts", "subscript"])
    let labels = nodes[1].arguments.map { $0.label ?? "_" }
    #expect(labels == ["_", "default"])
    #expect(nodes[1].parameters == ["counts"])
    #expect(!nodes.dropFirst(2).contains { $0.name == "subscript" })
  }

  @Test("reads a macro's generic arguments and takes its trailing closure")
  func genericMacro() throws {
    let (nodes, _) = parse("let p = #Predicate<Trip> { $0.isFavorite }")
    let value = try #require(nodes.first?.value)
    #expect(names(value) == ["#Predicate"])
    #expect(value[0].arguments.first?.isClosure == true)
  }

  @Test("reads labels, trailing closures and labelled trailing closures")
  func arguments() throws {
    let (nodes, _) = parse(
      ".alert(\"Delete?\", isPresented: $asking) { Button(\"OK\") { } } message: { Text(\"m\") }")
    let alert = try #require(nodes.first)
    #expect(alert.kind == .modifier)
    #expect(alert.arguments.map(\.label) == [nil, "isPresented", nil, "message"])
    #expect(alert.arguments.map(\.isTrailing) == [false, false, true, true])
    #expect(alert.arguments[1].value.first?.kind == .binding)
  }

  @Test("records closure parameters, named or anonymous, and what the code declares")
  func declarations() throws {
    let (nodes, declared) = parse(
      """
      @State private var chosen: Recipe?
      enum Route: Hashable { case shelf(String), book(Book) }
      func open(_ route: Route) {}
      .sheet(item: $chosen) { recipe in Text(recipe.title) }
      List(items) { Text($0.name) }
      """)
    #expect(
      declared.isSuperset(of: ["chosen", "Route", "shelf", "book", "open", "route", "recipe"]))
    let sheet = try #require(nodes.first { $0.name == "sheet" })
    #expect(sheet.arguments.last?.value.first?.parameters == ["recipe"])
    let list = try #require(nodes.first { $0.name == "List" })
    #expect(list.arguments.last?.value.first?.anonymousParameters == 1)
    #expect(nodes.first?.attributes.first?.name == "State")
    // A binding's element (SE-0293) binds its name too.
    let (rows, _) = parse("List($todos) { $todo in Toggle(todo.title, isOn: $todo.isDone) }")
    #expect(rows.first?.arguments.last?.value.first?.parameters == ["todo"])
    // A closure's result type names no parameter.
    let (typed, _) = parse("let swap = { (a: Int, b: String) -> (String, Int) in (b, a) }")
    #expect(typed.first?.value.first?.parameters == ["a", "b"])
    let (bare, _) = parse("let make = { () -> JSONDecoder in JSONDecoder() }")
    #expect(bare.first?.value.first?.parameters == [])
  }

  @Test("splits a one-line attempt at ` .modifier` after a declaration's value")
  func oneLineAttempt() {
    let (nodes, _) = parse("@State var q = \"\" .searchable(text: $q)")
    #expect(nodes.map(\.kind) == [.declaration, .modifier])
    #expect(nodes[1].name == "searchable")
    // A value built from a type goes on, as Swift reads a spaced `.` on the same line.
    let (chain, _) = parse("let label = Duration.seconds(elapsed)  .formatted()")
    #expect(chain.map(\.kind) == [.declaration])
    #expect(names(chain.first?.value ?? []).last == "formatted")
  }

  @Test("reads `self.` as nothing and key paths as their components")
  func selfAndKeyPaths() {
    let (nodes, _) = parse("self.isEditing.toggle(); @Environment(\\.dismiss) var dismiss")
    #expect(names(nodes).prefix(2) == ["isEditing", "toggle"])
    #expect(nodes.last?.attributes.first?.arguments.first?.value.first?.name == "dismiss")
  }

  @Test("keeps an if's condition apart from its blocks, without trailing closures")
  func conditions() throws {
    let (nodes, _) = parse(
      "if let book = books.first(where: { $0.id == id }) { Detail(book) } else { Empty() }")
    let statement = try #require(nodes.first)
    #expect(statement.kind == .statement)
    #expect(statement.clause.map(\.name).contains("first"))
    #expect(statement.blocks.map { $0.map(\.name) } == [["Detail"], ["Empty"]])
  }

  @Test(
    "ends on any input, however broken or deep",
    arguments: [
      "", "{", ")))", "(((((", "\"\"\"", "#\"", "case case case", "@@@", "$$$", "\\\\\\",
      String(repeating: "(", count: 5000), String(repeating: "{ ", count: 5000),
      String(repeating: ".a(", count: 2000), "if if if { else }", "switch { case }",
      // Found by Fuzz/run.sh answer-judge: a closure cut off inside a call's arguments.
      "layout {\n  TextField(\"Title\", text: ",
    ])
  func endsOnAnyInput(code: String) {
    var parser = CodeParser(source: code)
    _ = parser.parse()
  }

  @Test("reads a declaration's value after both markers, try and await")
  func markedValues() throws {
    for code in [
      "let value = try await counter.increment()", "let value = await try counter.increment()",
      "let value = try? await counter.increment()",
    ] {
      let (nodes, _) = parse(code)
      #expect(nodes.count == 1, "\(code)")
      let declaration = try #require(nodes.first)
      #expect(names(declaration.value) == ["counter", "increment"], "\(code)")
    }
  }
}
