import ReviewStorage
import Scheduler

/// Made-up but realistic card text: SwiftUI-flavoured prose and code of the sizes the shipped
/// decks have (about 750 bytes a card, most with a code block of 3 to 12 lines).
///
/// Every piece is chosen by a seeded generator, and every card carries its own number somewhere
/// in its question, so that derived ids differ.
struct CardText {
  var random: SeededGenerator

  static let topics = [
    "Sheets", "Alerts", "Popovers", "Search", "Toolbars", "Menus", "Navigation", "Tabs",
    "Lists", "Grids", "Forms", "Animation", "Gestures", "Layout", "Observation", "Bindings",
    "Focus", "Scrolling", "Images", "Text", "Buttons", "Pickers", "Accessibility", "Previews",
  ]

  private static let verbs = [
    "Present", "Show", "Hide", "Add", "Place", "Give", "Keep", "Attach", "Bind", "Filter", "Sort",
    "Group", "Animate", "Disable", "Tint", "Label", "Dismiss", "Select", "Scroll to", "Resize",
  ]
  private static let objects = [
    "a sheet", "a popover", "a toolbar item", "a search field", "a list row", "a split view",
    "a navigation title", "a tab", "an alert", "a menu", "a confirmation dialog", "a detail column",
    "the sidebar", "a grid cell", "a stack of cards", "a text field", "a picker", "an image",
  ]
  private static let tails = [
    "for one chosen value", "when a flag turns true", "on a compact phone", "with a custom label",
    "above the keyboard", "only on wide screens", "after a short delay", "in every column",
    "from a parent view", "without a navigation stack", "while a search is active",
    "at half the height of the screen",
  ]
  private static let words = [
    "the", "view", "state", "value", "modifier", "closure", "body", "changes", "when", "each",
    "time", "it", "is", "a", "new", "identity", "so", "that", "runs", "again", "after", "parent",
    "redraws", "and", "keeps", "its", "own", "storage", "until", "disappears", "from", "screen",
    "binding", "writes", "back", "to", "source", "of", "truth", "which", "then", "updates",
    "every", "reader", "only", "once", "per", "frame", "because", "system", "coalesces",
    "layout", "passes", "on", "phone", "in", "landscape", "but", "not", "pad", "with", "sidebar",
  ]
  private static let types = [
    "Planet", "Order", "Recipe", "Trip", "Contact", "Note", "Album", "Garden", "Ticket", "Place",
  ]
  private static let containers = ["NavigationStack", "List", "VStack", "Form", "ScrollView"]
  private static let modifiers = [
    "sheet(item: $selection)", "popover(isPresented: $isShowing)", "searchable(text: $query)",
    "toolbar { EditButton() }", "navigationTitle(\"Planets\")", "padding()", "frame(maxWidth: 320)",
    "alert(\"Delete?\", isPresented: $isConfirming) { Button(\"Delete\", role: .destructive) {} }",
    "presentationDetents([.medium, .large])", "tint(.orange)", "animation(.snappy, value: count)",
  ]

  init(seed: UInt64) {
    random = SeededGenerator(seed: seed)
  }

  /// One sentence of prose, `words` long give or take, ending with a full stop.
  mutating func sentence(_ length: ClosedRange<Int> = 9...18) -> String {
    let count = random.int(length)
    var parts = [random.pick(["The", "Each", "A", "This", "Only", "Here", "So", "Then"])]
    for _ in 1..<count { parts.append(random.pick(Self.words)) }
    return parts.joined(separator: " ") + "."
  }

  /// A paragraph of `sentences` sentences on one line.
  mutating func paragraph(_ sentences: ClosedRange<Int> = 1...3) -> String {
    (0..<random.int(sentences)).map { _ in sentence() }.joined(separator: " ")
  }

  /// A syntax card's instruction, naming the card's number.
  mutating func instruction(_ number: Int) -> String {
    "\(random.pick(Self.verbs)) \(random.pick(Self.objects)) \(random.pick(Self.tails)) on screen \(number)."
  }

  /// A question about some code, naming the card's number.
  mutating func question(_ number: Int) -> String {
    random.pick([
      "Does this print true or false in case \(number)?",
      "What does view \(number) show the first time it appears, and why?",
      "A view in screen \(number) has the modifier below. What does the user see on a phone?",
      "Will the second sheet of screen \(number) appear, and what decides it?",
    ])
  }

  /// Swift code: a view, a modifier chain or a few statements, with `number` in a name.
  mutating func code(_ number: Int, lines: ClosedRange<Int> = 3...10) -> [String] {
    let type = random.pick(Self.types)
    let wanted = random.int(lines)
    switch random.int(0...2) {
    case 0:
      var body = [
        "struct \(type)List\(number): View {",
        "    @State private var selection: \(type)?",
        "    var body: some View {",
        "        \(random.pick(Self.containers)) {",
        "            ForEach(\(type.lowercased())s) { item in",
        "                Text(item.name)",
        "            }",
      ]
      for _ in 0..<max(0, wanted - 10) {
        body.append("            .\(random.pick(Self.modifiers))")
      }
      body += ["        }", "        .\(random.pick(Self.modifiers))", "    }", "}"]
      return body
    case 1:
      var chain = ["Text(\"\(type) \(number)\")"]
      for _ in 1..<max(2, wanted) { chain.append("    .\(random.pick(Self.modifiers))") }
      return chain
    default:
      var statements = ["let names\(number) = [\"\(type)\", \"\(random.pick(Self.types))\"]"]
      for index in 1..<max(2, wanted) {
        statements.append(
          random.pick([
            "print(names\(number).contains(\"\(type.lowercased())\"))",
            "let count\(index) = names\(number).filter { $0.hasPrefix(\"P\") }.count",
            "var total\(index) = names\(number).map(\\.count).reduce(0, +)",
            "print(\"\\(names\(number).sorted())\")",
          ]))
      }
      return statements
    }
  }

  /// A source line's text.
  mutating func source() -> String {
    random.pick([
      "Apple, sheet(item:onDismiss:content:)", "measured on iOS 27 in the simulator",
      "Apple, searchable(text:placement:prompt:)", "the SwiftUI release notes",
      "Apple, NavigationSplitView", "a WWDC session on SwiftUI performance",
    ])
  }

  /// What interviewers listen for.
  mutating func listenFor() -> String {
    "routes as types, one source of truth, "
      + random.pick(["a test that needs no view.", "no state kept in two places.", "small views."])
  }

  mutating func topic() -> String { random.pick(Self.topics) }
  mutating func int(_ range: ClosedRange<Int>) -> Int { random.int(range) }
  mutating func chance(_ probability: Double) -> Bool { random.chance(probability) }
}
