/// What a deck author says about a syntax card's code, for judging attempts: which parts are
/// the point of the card, and which are mere context.
///
/// Written as card settings, `essential: searchable, @State` and `context: NavigationStack,
/// titleVisibility:`, `optional: detailOnly`: names as they appear in the code (`.name`,
/// `@Name`, `\.name` and `name:` for an argument label); and `also: path = []`, once per other
/// answer that is as right.
public struct JudgingHints: Hashable, Sendable {
  /// Names that are the point of the card, even where quiz would take them for context.
  public var essential: Set<String>
  /// Names that are context: missing or different, they cost nothing.
  public var context: Set<String>
  /// Names that may be left out at no cost, but written with another name are wrong: an example
  /// action (`columns = .detailOnly`) that need not be there, but must be right when it is.
  public var optional: Set<String>

  /// Other code that is as right as the card's, each judged like it.
  public var alternatives: [String]

  /// Creates hints from names, with or without their `.`, `@`, `\.` or trailing `:`.
  public init(
    essential: some Sequence<String> = [], context: some Sequence<String> = [],
    optional: some Sequence<String> = [], alternatives: [String] = []
  ) {
    self.essential = Set(essential.map(Self.normalized))
    self.context = Set(context.map(Self.normalized))
    self.optional = Set(optional.map(Self.normalized))
    self.alternatives = alternatives
  }

  /// Whether there are no hints.
  public var isEmpty: Bool {
    essential.isEmpty && context.isEmpty && optional.isEmpty && alternatives.isEmpty
  }

  /// `name` without decoration; a label keeps its colon, so that `prompt:` is the argument
  /// and `prompt` a name.
  static func normalized(_ name: String) -> String {
    var name = Substring(name)
    while let first = name.first, first == " " || first == "\\" || first == "." || first == "@" {
      name = name.dropFirst()
    }
    while name.last == " " { name = name.dropLast() }
    if name.hasSuffix("()") { name = name.dropLast(2) }
    return String(name)
  }

  /// The names of a setting's value: comma-separated.
  public static func names(in value: String) -> [String] {
    value.split(separator: ",").map { normalized(String($0)) }.filter { !$0.isEmpty }
  }
}
