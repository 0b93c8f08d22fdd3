import CardDeck

/// The names of Apple's API that a comparison of Swift code treats as fixed: a different name
/// in their place is a different API. Every other name is the card author's choice.
///
/// The names are data (``listing``), one per line under a section heading:
/// - `types`: types and free functions (`Text`, `NavigationPath`, `print`);
/// - `modifiers`: what follows a dot in a modifier chain (`sheet`, `presentationDetents`);
/// - `members`: leading-dot values and static members (`medium`, `primaryAction`);
/// - `methods`: members of values (`isEmpty`, `append`, `localizedStandardContains`);
/// - `environment`: `EnvironmentValues` key paths (`horizontalSizeClass`, `dismiss`);
/// - `attributes`: property wrappers and attributes, without `@`;
/// - `deprecated`: `old -> replacement`, or `name label: -> replacement` for the overload that
///   takes that label (`onChange perform: -> onChange(of:initial:_:)`), or `name {1} ->
///   replacement` for the overload whose closure takes that many parameters;
/// - `related`: `name ~ other other…`, API that does the job of `name` another way (a swipe
///   action for `onDelete`): in its place, the right idea with the card's API missing, not an
///   error. One way only: `name` in the card, the others in an attempt. A label's related
///   modifiers are looked for on the attempt's content (`onDismiss ~ onDisappear`).
/// - `equivalent`: `name = other`, API that does exactly the job of the other, both ways
///   (`animation = withAnimation`: an animation given to the view for a value's changes, or to
///   the change itself): written anywhere in the attempt where the card's is missing, it is the
///   card's, its unlabelled value compared with the card's.
/// - `ineffective`: `name label: value`, optionally followed by `default`: a value of a call's
///   argument (`_:` for the unlabelled one) with which the call does nothing of what another
///   value does (`presentationDetents _: [.large]`, a sheet's detents without the modifier);
///   `default` when leaving the argument out passes that value (`onSubmit of: .text default`).
/// - `member types`: `Type: member member…`, every static member of a type the cards' code
///   passes (`Edge: top bottom leading trailing`). A member in the place of one of these that
///   none of the types having the card's member has (`.center` for an `Edge`'s `.top` is one of
///   `Alignment`'s, so it is listed too) is no value there: it does not compile. Every type
///   that has a listed member must be listed, or its other members pass for none.
/// - `implied`: `Type.member label:`, an argument that the member, written without any
///   argument list, reads from where it is used (`ContentUnavailableView.search text:`: inside
///   a searchable view it shows the query itself). Left out that way, it costs nothing; any
///   other label or member in its place is still an error.
public struct APIVocabulary: Sendable {
  /// A value that leaves a call doing nothing of what the card's does (see `ineffective`).
  public struct IneffectiveValue: Sendable, Hashable {
    /// The argument's label; nil for the unlabelled argument.
    public var label: String?
    /// The value as written, without spaces: `[.large]`, `.text`, `false`.
    public var value: String
    /// Whether an argument left out takes this value.
    public var isDefault: Bool
  }

  /// Type and free-function names.
  public var types: Set<String> = []
  /// Modifier names.
  public var modifiers: Set<String> = []
  /// Leading-dot and static member names.
  public var members: Set<String> = []
  /// Names of members called or read on values.
  public var methods: Set<String> = []
  /// Environment key-path names.
  public var environment: Set<String> = []
  /// Attribute names, without `@`.
  public var attributes: Set<String> = []
  /// Deprecated names and what replaces each.
  public var deprecated: [String: String] = [:]
  /// For an API name, the labels of its deprecated overloads and what replaces each.
  public var deprecatedLabels: [String: [String: String]] = [:]
  /// For an API name, the numbers of closure parameters of its deprecated overloads and what
  /// replaces each.
  public var deprecatedArities: [String: [Int: String]] = [:]
  /// For an API name, the API names that do its job another way.
  public var related: [String: Set<String>] = [:]
  /// For an API name, the API names that do exactly its job (see `equivalent`).
  public var equivalent: [String: Set<String>] = [:]
  /// For an API name, the argument values with which it does nothing of what others do.
  public var ineffective: [String: [IneffectiveValue]] = [:]
  /// For a member's name, the members of every listed type that has it (see `member types`).
  public var siblingMembers: [String: Set<String>] = [:]
  /// For a member's name, the owner type and label of each argument it implies when written
  /// without an argument list (see `implied`).
  public var implied: [String: [(owner: String, label: String)]] = [:]

  /// The vocabulary shipped with quiz: the names the SDK index declares, and the hand-written
  /// listing for what no declaration says.
  public static let standard = APIVocabulary(listing: listing).adding(.shipped)

  /// This vocabulary with the names `index` declares: its types, `View`'s members as
  /// modifiers, static members and cases as leading-dot members, and `EnvironmentValues`'
  /// properties as environment values.
  public func adding(_ index: SDKIndex) -> APIVocabulary {
    var vocabulary = self
    vocabulary.types.formUnion(index.types.filter { $0.first?.isUppercase == true })
    index.forEachMember { owner, name, flags in
      guard name != "init", let first = name.utf8.first,
        first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")
      else { return }
      if owner == "View" {
        vocabulary.modifiers.insert(String(name))
      } else if owner == "EnvironmentValues" {
        vocabulary.environment.insert(String(name))
      } else if flags.utf8.contains(UInt8(ascii: "s")) || flags.utf8.contains(UInt8(ascii: "c")) {
        vocabulary.members.insert(String(name))
      }
      // Other members are not taken by name alone: `name` and `title` are the members of most
      // example models too. A value whose SDK type the code says has its members read as API
      // (``CodeClassifier/typedNames``).
    }
    return vocabulary
  }

  /// Reads a listing in the format of ``listing``; unknown sections and blank lines are
  /// skipped.
  public init(listing: String) {
    var section = ""
    for rawLine in listing.split(separator: "\n") {
      let line = rawLine.trimmed(of: " \t")
      if line.isEmpty { continue }
      if line.hasPrefix("#") {
        section = line.dropFirst().trimmed(of: " ")
        continue
      }
      switch section {
      case "types": types.insert(line)
      case "modifiers": modifiers.insert(line)
      case "members": members.insert(line)
      case "methods": methods.insert(line)
      case "environment": environment.insert(line)
      case "attributes": attributes.insert(line)
      case "deprecated":
        if let arrow = line.firstRange(of: "->") {
          let old = line[..<arrow.lowerBound].split(separator: " ")
          let replacement = line[arrow.upperBound...].trimmed(of: " ")
          if old.count == 2, old[1].hasSuffix(":") {
            deprecatedLabels[String(old[0]), default: [:]][String(old[1].dropLast())] =
              replacement
          } else if old.count == 2, old[1].hasPrefix("{"), old[1].hasSuffix("}"),
            let arity = Int(old[1].dropFirst().dropLast())
          {
            deprecatedArities[String(old[0]), default: [:]][arity] = replacement
          } else if old.count == 1 {
            deprecated[String(old[0])] = replacement
          }
        }
      case "related":
        if let tilde = line.firstIndex(of: "~") {
          let others = line[line.index(after: tilde)...].split(separator: " ").map(String.init)
          related[line[..<tilde].trimmed(of: " "), default: []].formUnion(others)
        }
      case "equivalent":
        let sides = line.split(separator: "=").map { String($0.trimmed(of: " ")) }
        guard sides.count == 2 else { break }
        equivalent[sides[0], default: []].insert(sides[1])
        equivalent[sides[1], default: []].insert(sides[0])
      case "ineffective":
        let words = line.split(separator: " ").map(String.init)
        guard words.count >= 3, words[1].hasSuffix(":") else { break }
        let isDefault = words.last == "default"
        let label = String(words[1].dropLast())
        ineffective[words[0], default: []].append(
          IneffectiveValue(
            label: label == "_" ? nil : label,
            value: words[2..<(words.count - (isDefault ? 1 : 0))].joined(), isDefault: isDefault))
      case "member types":
        guard let colon = line.firstIndex(of: ":") else { break }
        let names = line[line.index(after: colon)...].split(separator: " ").map(String.init)
        // `.automatic` and `.none` (an optional's) are members of too many types to list.
        for name in names where name != "automatic" && name != "none" {
          siblingMembers[name, default: []].formUnion(names)
        }
      case "implied":
        let words = line.split(separator: " ")
        guard words.count == 2, words[1].hasSuffix(":"), let dot = words[0].firstIndex(of: ".")
        else { break }
        implied[String(words[0][words[0].index(after: dot)...]), default: []].append(
          (owner: String(words[0][..<dot]), label: String(words[1].dropLast())))
      default: break
      }
    }
    deprecationSignals = Set(deprecated.keys).union(deprecatedArities.keys)
    for labels in deprecatedLabels.values { deprecatedLabelSignals.formUnion(labels.keys) }
  }

  /// The names whose presence in an attempt may mean deprecated API: deprecated names and the
  /// names with deprecated closure overloads. Most attempts have none, and need no look for
  /// deprecated API.
  public private(set) var deprecationSignals: Set<String> = []
  /// The labels of deprecated overloads (`perform`, `isActive`): written as a label, they may
  /// mean deprecated API too.
  public private(set) var deprecatedLabelSignals: Set<String> = []

  /// Whether `name` is any API name the vocabulary knows.
  public func knows(_ name: String) -> Bool {
    types.contains(name) || modifiers.contains(name) || members.contains(name)
      || methods.contains(name) || environment.contains(name) || attributes.contains(name)
      || deprecated[name] != nil
  }

  /// Whether `name` is a member that no listed type having the member `known` has: `.wide`
  /// for a size class's `.regular`. False when no listed type has `known`.
  public func lacksMember(_ name: String, alongside known: String) -> Bool {
    guard let siblings = siblingMembers[known] else { return false }
    return !siblings.contains(name)
  }

  /// Views and modifiers that examples use as scaffolding around what a card is about: a
  /// different one in their place, or none, costs nothing, but what they contain still counts.
  public static let scaffolding: Set<String> = [
    "Text", "Label", "Image", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "Group",
    "Spacer", "Divider", "Color", "Button", "List", "ForEach", "Section", "Form", "ScrollView",
    "EmptyView", "ProgressView", "print", "NavigationStack", "toolbar", "overlay", "Task",
    "ToolbarItem", "ToolbarItemGroup",
  ]

  /// Scaffolding so common that having it too says nothing about an attempt.
  public static let everyday: Set<String> = [
    "Text", "Label", "Image", "Button", "Spacer", "Divider", "Color", "print", "Task",
  ]

  /// Modifiers that dress a view up: what they are given is the author's example too.
  public static let decoration: Set<String> = [
    "padding", "font", "fontWeight", "bold", "italic", "foregroundStyle", "foregroundColor",
    "navigationTitle", "tint", "background", "opacity", "buttonStyle", "labelStyle",
    "clipShape", "shadow", "lineLimit", "multilineTextAlignment", "imageScale", "controlSize",
    "listStyle", "cornerRadius", "border", "textFieldStyle",
  ]

  /// Protocols an example's model type conforms to: their requirements (`id`, `hash(into:)`)
  /// are the model's, as the rest of it is.
  public static let modelProtocols: Set<String> = [
    "Identifiable", "Hashable", "Equatable", "Comparable", "Codable", "Encodable", "Decodable",
    "Sendable", "CaseIterable", "Error", "CustomStringConvertible", "RawRepresentable", "CodingKey",
    "ObservableObject",
  ]

  /// The member names an attribute on a type declaration gives meaning (The Swift Programming
  /// Language, "Attributes"): another name there is not the same code.
  public static let attributeMembers: [String: Set<String>] = [
    "propertyWrapper": ["wrappedValue", "projectedValue"],
    "resultBuilder": [
      "buildBlock", "buildPartialBlock", "buildExpression", "buildOptional", "buildEither",
      "buildArray", "buildLimitedAvailability", "buildFinalResult",
    ],
  ]

  /// Presenters whose actions get a Cancel from the system when the code gives none: a
  /// `role: .cancel` button in them is a detail, not the point.
  public static let suppliesCancel: Set<String> = ["confirmationDialog"]

  /// Containers that try their children in order, so that the order is part of the answer.
  public static let orderedContainers: Set<String> = ["ViewThatFits"]

  /// Suffixes of style types that a leading-dot member names as well:
  /// `SegmentedPickerStyle()` is `.segmented`.
  static let styleSuffixes = [
    "PickerStyle", "ListStyle", "ButtonStyle", "LabelStyle", "TextFieldStyle", "ToggleStyle",
    "NavigationSplitViewStyle", "TabViewStyle", "ProgressViewStyle", "MenuStyle",
    "DatePickerStyle", "GaugeStyle", "FormStyle", "IndexViewStyle",
  ]

  /// Modifiers that present content, and the modifiers that only work on that content (inside
  /// the closure), not on the view that presents it.
  public static let presenters: Set<String> = [
    "sheet", "popover", "fullScreenCover", "inspector",
  ]

  /// Presentations shown either while a Boolean is true (`isPresented:`) or while an optional
  /// holds a value (`item:`): none takes both.
  public static let presentedByFlagOrItem: Set<String> = [
    "sheet", "popover", "fullScreenCover", "alert", "confirmationDialog",
  ]

  /// What a `.toolbar` closure holds when it builds toolbar content rather than views.
  public static let toolbarItems: Set<String> = [
    "ToolbarItem", "ToolbarItemGroup", "ToolbarOverflowMenu", "ToolbarSpacer", "ToolbarTitleMenu",
    "DefaultToolbarItem",
  ]

  /// Modifiers of a list's rows: on the `List` itself they reach no row.
  public static let rowModifiers: Set<String> = [
    "swipeActions", "listRowBackground", "listRowInsets", "listRowSeparator",
    "listRowSeparatorTint",
  ]

  /// Environment values that a view inside presented or searched content reads, and the
  /// modifiers that make that content: read in the view that applies them, they are about
  /// that view (`dismiss` closes it, `isSearching` stays false).
  public static let contentEnvironment: [String: Set<String>] = [
    "dismiss": presenters, "isSearching": ["searchable"], "dismissSearch": ["searchable"],
  ]

  /// See ``presenters``.
  public static let presentedContentModifiers: Set<String> = [
    "presentationDetents", "presentationDragIndicator", "presentationCompactAdaptation",
    "presentationBackground", "presentationCornerRadius", "presentationBackgroundInteraction",
    "presentationContentInteraction", "presentationSizing", "interactiveDismissDisabled",
  ]
}

extension StringProtocol {
  fileprivate func trimmed(of set: String) -> String {
    var slice = Substring(self)
    while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
    while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
    return String(slice)
  }
}
