import CardDeck

/// Tells API from placeholders in a parsed piece of code, and how much each part counts.
///
/// A name is the author's (a placeholder, free) when the code declares it, or when the
/// vocabulary does not know it in that position; otherwise it is API. A modifier after a view
/// is API even when the vocabulary does not know it, since card authors rarely write their
/// own; a method on a value the code does not declare is the author's unless nothing else is
/// API. How much an API part counts depends on where it is: the point of the card (major), a
/// detail such as a condition or an initial value (minor), or scaffolding, decoration and
/// context (free). docs/judging.md has the table.
struct CodeClassifier {
  let vocabulary: APIVocabulary
  let declared: Set<String>
  let hints: JudgingHints
  /// Numbers the card's question states (`a fixed 320 points`): the code's literals with these
  /// values are what was asked for, a detail, not the author's example.
  var fixedNumbers: Set<String> = []
  /// Whether the card's question asks for a Cancel button: if not, an alert's `role: .cancel`
  /// button is the example's, a detail (left out, the alert has no way back, a slip), as in a
  /// dialog, which gets one from the system anyway.
  var asksForCancel = true

  /// `nodes`, classified; when nothing would be major, the minor parts are promoted, so that a
  /// card whose point is a method on a value (`path.removeAll()`) still has one.
  func classify(_ nodes: [CodeNode]) -> [CodeNode] {
    var base = self
    base.environmentValues = Self.environmentNames(in: nodes)
    base.sdkEnvironmentValues = base.environmentValues.isEmpty ? [] : sdkEnvironmentNames(in: nodes)
    let classified = demotingChainBases(
      nodes.map {
        Self.isGiven($0, by: question) ? Self.freed($0) : base.classify($0, minor: false)
      })
    guard !classified.contains(where: Self.hasMajor) else { return classified }
    var fallback = base
    fallback.countsValueMethods = true
    fallback.modelIsThePoint = true
    return demotingChainBases(
      nodes.map {
        Self.isGiven($0, by: question) ? Self.freed($0) : fallback.classify($0, minor: false)
      }
    )
    .map(Self.promoted)
  }

  /// The names the card's question writes as code (`startDate`): a property of the example's
  /// model so named, read or in a key path, is what was asked for, not the author's choice.
  var questionNames: Set<String> = []

  /// The words of the card's question, to tell which part of the code it asks about.
  var question = QuestionWords("")

  /// The SDK types of the names the code binds (``SDKCheck/Code/typedNames(index:)``): a
  /// member of such a value is API where the type declares it (`descriptor.fetchLimit`).
  var typedNames: [String: String] = [:]

  /// Whether methods on values the code does not declare (`isEditing.toggle()` in an example
  /// action) count; only when nothing else would.
  var countsValueMethods = false

  /// Whether a model type's members configured by an API attribute as the question asks count
  /// (`@Attribute(.spotlight) var title` where it asks for Spotlight): only when nothing else
  /// would, where the card is the model.
  var modelIsThePoint = false

  /// The names the code declares with `@Environment`: calling one (`dismissSearch()`) is
  /// using the API it reads, a detail of the card (its name is still the author's).
  var environmentValues: Set<String> = []

  /// The names the code declares with `@Environment` of a value the SDK puts there (not one
  /// the code adds itself): an action's labels are the SDK's.
  var sdkEnvironmentValues: Set<String> = []

  private func importance(_ name: String, minor: Bool) -> CodeNode.Importance {
    if hints.essential.contains(name) { return .major }
    if hints.context.contains(name) { return .free }
    return minor ? .minor : .major
  }

  /// Whether a modifier is written as `View` declares it, by its labels: decoration dresses a
  /// view up, where `foregroundStyle(by:)` is a chart's series, another API of the same name.
  private static func isViewModifierCall(_ node: CodeNode) -> Bool {
    let labels = node.arguments.filter { !$0.isTrailing }.map { $0.label ?? "_" }
    guard labels.contains(where: { $0 != "_" }) else { return true }
    let members = SDKIndex.shipped.members(named: node.name, of: "View")
    return members.isEmpty || members.contains { $0.accepts(written: labels) }
  }

  private func isDeclared(_ name: String) -> Bool {
    declared.contains(name) || name.hasPrefix("$")
  }

  private func classify(_ node: CodeNode, minor: Bool) -> CodeNode {
    var node = node
    // Every style suffix ends in `Style`: one look before fourteen. (A style built, not the
    // protocol a declaration conforms to: `struct Tap: PrimitiveButtonStyle`.)
    if node.kind == .call, node.hasParentheses, node.arguments.isEmpty,
      node.name.hasSuffix("Style"),
      let suffix = APIVocabulary.styleSuffixes.first(where: { node.name.hasSuffix($0) }),
      node.name.count > suffix.count
    {
      // `SegmentedPickerStyle()` says what `.segmented` says.
      let stem = node.name.dropLast(suffix.count)
      node.kind = .member
      node.name = stem.prefix(1).lowercased() + stem.dropFirst()
    }
    classifyName(&node, minor: minor)
    let name = node.name
    // A style the code declares itself, applied (`.buttonStyle(PressableStyle())`), is what
    // the declaration is for: not decoration.
    let appliesOwnType = node.arguments.contains { argument in
      argument.value.contains { value in
        // A ternary's condition and values are the argument's (`.opacity(isShown ? 1 : 0)`).
        let parts = value.kind == .statement ? value.clause + value.blocks.joined() : [value]
        return parts.contains { $0.kind == .call && declared.contains($0.name) }
      }
    }
    let isDecoration =
      node.kind == .modifier && !hints.essential.contains(name) && !appliesOwnType
      && (APIVocabulary.decoration.contains(name) && Self.isViewModifierCall(node)
        || (APIVocabulary.presenters.contains(name) && Self.presentsConfiguredContent(node)))
    let isContext = hints.context.contains(name) || isDecoration
    if hints.optional.contains(name), node.isAPI {
      node.importance = .free
      node.isOptional = true
    }
    if isContext {
      node.importance = .free
      node.isTransparent = true
    }
    node.blocks = node.blocks.map { demotingChainBases($0.map { classify($0, minor: minor) }) }
    if node.kind == .declaration, !["var", "let", "func", "init", "subscript"].contains(name),
      !node.clause.contains(where: { ["View", "App", "Scene"].contains($0.name) })
    {
      // A model type the example needs (`struct Song: Identifiable { … }`): its members are
      // the author's, unless the author says otherwise. A type that conforms to a protocol
      // with requirements other than a model's (`ButtonStyle`, `ViewModifier`) is the point:
      // what its members hold counts.
      let required = Self.requiredNames(of: node)
      // An extension of an SDK type (`extension View { func card() … }`) is API at work too.
      let extendsSDK =
        name == "extension"
        && (node.parameters.first ?? node.clause.first?.name).map(SDKIndex.shipped.describes)
          == true
      if required.isEmpty && !extendsSDK {
        node.blocks = node.blocks.map {
          $0.map { member in
            modelIsThePoint && isAskedConfiguration(member)
              ? Self.weighingOptions(member) : Self.freed(member, keeping: hints.essential)
          }
        }
      } else {
        node.blocks = node.blocks.map { $0.map { Self.requiring($0, required) } }
      }
    }
    node.arguments = node.arguments.map {
      classifyArgument($0, of: node, isContext: isContext, minor: minor)
    }
    if node.isAPI,
      APIVocabulary.suppliesCancel.contains(name) || (name == "alert" && !asksForCancel)
    {
      node.arguments = node.arguments.map { argument in
        var argument = argument
        argument.value = argument.value.map {
          Self.cancelAsDetail(
            $0, supplied: APIVocabulary.suppliesCancel.contains(name) && !asksForCancel)
        }
        return argument
      }
    }
    if APIVocabulary.orderedContainers.contains(name), node.isAPI {
      node.arguments = node.arguments.map { argument in
        var argument = argument
        argument.value = argument.value.map(Self.ordered)
        return argument
      }
    }
    node.weight = CodeNode.weight(of: node)
    return node
  }

  /// Whether the node's own name is API, and how much it counts.
  private func classifyName(_ node: inout CodeNode, minor: Bool) {
    let name = node.name
    switch node.kind {
    case .call:
      node.isAPI =
        !isDeclared(name)
        && (vocabulary.types.contains(name) || vocabulary.modifiers.contains(name)
          || vocabulary.deprecated[name] != nil || name.hasPrefix("#")
          || hints.essential.contains(name))
      if node.isAPI {
        // `Void`, the empty tuple's name, says nothing of what a closure type is for.
        node.importance =
          APIVocabulary.scaffolding.contains(name) && !hints.essential.contains(name)
            || name == "Void"
          ? .free : importance(name, minor: minor)
      }
      if !node.isAPI, node.hasParentheses, environmentValues.contains(name) {
        node.importance = .minor
      }
      node.isTransparent = node.importance == .free
    case .modifier:
      node.isAPI = isModifierAPI(node)
      if node.isAPI {
        // A modifier only views have (`photo.scaleEffect(scale)`) says its receiver is a view.
        let onUndeclaredValue =
          node.parameters.first.map { !isDeclared($0) && $0.first?.isLowercase == true } ?? false
          && !isOnSDKType(node) && !isOnTypedValue(node) && !Self.isViewOnly(name)
        node.importance =
          APIVocabulary.scaffolding.contains(name) && !hints.essential.contains(name)
          ? .free : importance(name, minor: minor || onUndeclaredValue || name == "self")
        if onUndeclaredValue && !countsValueMethods && !hints.essential.contains(name) {
          node.importance = .free
        }
        // A subscript with a label is a detail of the value it reads (see its label below).
        if name == "subscript" && node.importance == .major { node.importance = .minor }
      } else if questionNames.contains(name),
        node.parameters.first?.first.map({ $0.isLowercase || $0 == "$" }) ?? false
      {
        // `sale.units` where the question asks for the `units`.
        node.isAPI = true
        node.importance = .major
      }
      node.isTransparent = node.importance == .free
    case .member:
      node.isAPI =
        !isDeclared(name)
        && (vocabulary.members.contains(name) || vocabulary.modifiers.contains(name)
          || hints.essential.contains(name))
      if node.isAPI { node.importance = importance(name, minor: minor) }
    case .keyPath:
      let first = String(name.split(separator: ".").first ?? "")
      let root = node.parameters.first
      node.isAPI =
        (root == nil || !isDeclared(root!))
        && (vocabulary.environment.contains(first) || vocabulary.methods.contains(first)
          || vocabulary.members.contains(first) || first == "self")
      if node.isAPI {
        node.importance = importance(name, minor: minor || name == "self" || root != nil)
      } else if name.split(separator: ".").contains(where: { questionNames.contains(String($0)) }) {
        node.isAPI = true
        node.importance = .major
      }
    case .attribute:
      node.isAPI = vocabulary.attributes.contains(name)
      if node.isAPI {
        node.importance =
          hints.essential.contains(name) ? .major : name == "State" || minor ? .minor : .major
      }
      if hints.context.contains(name) { node.importance = .free }
    case .declaration:
      classifyDeclaration(&node, minor: minor)
    case .statement:
      node.isTransparent = true
      node.clause = node.clause.map { classify($0, minor: true) }
    case .closure:
      let arity = max(node.parameters.count, node.anonymousParameters)
      node.importance = arity > 0 ? .minor : .free
    case .literal:
      if fixedNumbers.contains(name) { node.importance = .minor }
    case .binding, .array, .group, .operator:
      break
    }
  }

  /// A declaration: its attributes, conformances and initial value, and what supports the
  /// card's point without being it.
  private func classifyDeclaration(_ node: inout CodeNode, minor: Bool) {
    // `let layout = …` without its name is the same expression.
    node.isTransparent = !node.blocks.isEmpty || (!node.value.isEmpty && node.name == "var")
    let isTypeDeclaration = !["var", "let", "func", "init", "subscript"].contains(node.name)
    // `@Observable class Model`: the model the example needs, not what it shows.
    node.attributes = node.attributes.map { classify($0, minor: minor || isTypeDeclaration) }
    node.clause = node.clause.map { type in
      // Conformances (`View`, `Hashable`) are what the example needs, unless the author
      // says they are the point.
      let type = classify(type, minor: minor)
      // But for a protocol whose conformance is the point (`ButtonStyle`, `ViewModifier`):
      // another protocol there is another API.
      let isPoint =
        isTypeDeclaration && SDKIndex.shipped.isProtocol(type.name)
        && !APIVocabulary.modelProtocols.contains(type.name)
      let isBoilerplate =
        ["View", "App", "Scene", "PreviewProvider"].contains(type.name)
        || (isTypeDeclaration && !isPoint)
      return isBoilerplate && !hints.essential.contains(type.name) ? Self.freed(type) : type
    }
    // An initial value (`= .automatic`, `= CGSize.zero`) is the author's example; a type built
    // (`= FetchDescriptor<Trip>(…)`) is not.
    let isStaticValue = Self.isStaticValue(node.value)
    node.value = node.value.map { value in
      classify(value, minor: minor || value.kind == .member || isStaticValue)
    }
    if node.blocks.isEmpty, !(node.clause + node.value).contains(where: Self.hasMajor) {
      // `@State private var chosen: Recipe?` only supports the card's point.
      node.attributes = node.attributes.map { attribute in
        var attribute = attribute
        if Self.storageWrappers.contains(attribute.name),
          !hints.essential.contains(attribute.name)
        {
          attribute.importance = .free
        }
        return attribute
      }
    }
  }

  /// One argument of `node`, already classified: its value and how much its label counts.
  private func classifyArgument(
    _ argument: CodeNode.Argument, of node: CodeNode, isContext: Bool, minor: Bool
  ) -> CodeNode.Argument {
    var argument = argument
    argument.value = argument.value.map { classify($0, minor: minor) }
    // A string's interpolation with labels (`\(email, privacy: .private)`) is the API's.
    let calleeIsAPI =
      node.isAPI && node.kind != .array && node.kind != .group || node.kind == .literal
    if isContext && !argument.isClosure {
      // But for what the author calls essential: the `.sidebar` of a `.searchable` that is
      // context.
      argument.value = argument.value.map { Self.freed($0, keeping: hints.essential) }
    }
    if let label = argument.label, hints.context.contains(label + ":") {
      argument.value = argument.value.map { Self.freed($0) }
    }
    if !calleeIsAPI || hints.context.contains(node.name) || node.isTransparent {
      // The author's own call: its labels and closures are the author's too.
      argument.value = argument.value.map { value in
        var value = value
        if value.kind == .closure { value.importance = .free }
        return value
      }
    }
    if let label = argument.label, calleeIsAPI {
      // A method on the example's own value (`tasks.remove(atOffsets:)` in an action): its
      // labels are a detail.
      let onExampleValue =
        node.kind == .modifier && node.importance == .free
        && (node.parameters.first.map { !isDeclared($0) && $0.first?.isLowercase == true }
          ?? false)
      // A subscript's label (`default: 0`) is a detail, whatever it is given: the value may be
      // got another way (`(counts[word] ?? 0) + 1`), and where leaving it out does not compile
      // (`counts[word] += 1`) the SDK check says so.
      argument.importance =
        node.name == "subscript" && node.kind == .modifier
        ? .minor
        : labelImportance(label, value: argument.value, minor: minor || onExampleValue)
      // A label the author calls essential counts on a call that is otherwise context
      // (`isPresented:` of `searchable`, the context).
      if isContext && !hints.essential.contains(label + ":") { argument.importance = .free }
      // A label whose whole value the author calls optional (`role: .cancel` for an optional
      // `.cancel`) is as optional as its value.
      if !argument.value.isEmpty, argument.value.allSatisfy(\.isOptional) {
        argument.importance = .free
      }
    } else if argument.label != nil, node.kind == .call, sdkEnvironmentValues.contains(node.name) {
      // An environment action's label says which of its calls it is (`openWindow(id:)` opens
      // a scene, `openWindow(value:)` a window presenting that value), whatever the value is.
      argument.importance = .major
    }
    return argument
  }

  /// A closure whose `role: .cancel` buttons are minor: the user can back out anyway. Where the
  /// container `supplied` one of its own and the question asks for none, one that does nothing
  /// but dismiss costs nothing left out.
  private static func cancelAsDetail(_ closure: CodeNode, supplied: Bool) -> CodeNode {
    guard closure.kind == .closure else { return closure }
    var closure = closure
    closure.weight = nil
    closure.blocks = closure.blocks.map { items in
      items.map { item in
        guard item.kind == .call, item.name == "Button" else { return item }
        var item = item
        for index in item.arguments.indices where item.arguments[index].label == "role" {
          let value = item.arguments[index].value
          guard value.count == 1, value[0].kind == .member, value[0].name == "cancel" else {
            continue
          }
          // One that does something more than dismiss (`pendingDraft = nil`) is the card's own.
          item.isSuppliedBySystem =
            supplied
            && item.arguments.allSatisfy { argument in
              !argument.isClosure || argument.value[0].blocks.allSatisfy(\.isEmpty)
            }
          if item.arguments[index].importance == .major {
            item.arguments[index].importance = .minor
          }
          item.arguments[index].value = value.map { member in
            var member = member
            if member.importance == .major { member.importance = .minor }
            member.weight = nil
            member.weight = CodeNode.weight(of: member)
            return member
          }
          item.weight = nil
          item.weight = CodeNode.weight(of: item)
        }
        return item
      }
    }
    closure.weight = CodeNode.weight(of: closure)
    return closure
  }

  /// A closure whose views are candidates tried in order.
  private static func ordered(_ closure: CodeNode) -> CodeNode {
    guard closure.kind == .closure else { return closure }
    var closure = closure
    closure.isOrdered = true
    closure.weight = nil
    closure.blocks = closure.blocks.map { items in
      items.map { item in
        var item = item
        if item.kind == .call {
          item.isCandidate = true
          item.weight = nil
        }
        return item
      }
    }
    return closure
  }

  /// Whether only views declare a member named `name`, as the index says.
  static func isViewOnly(_ name: String) -> Bool {
    SDKIndex.shipped.hasMember(named: name, of: "View")
      && !SDKIndex.shipped.isDeclaredBeyondViews(name, visualEffects: true)
  }

  /// Whether a member is read or called on a type the SDK declares (`URLSession.shared`), or
  /// on such a member of it (`URLSession.shared.data`), and the code does not declare that
  /// type itself. A member the SDK does not declare there is the author's (`SortOrder.title`
  /// for an example enum that shares Foundation's name).
  private func isOnSDKType(_ node: CodeNode) -> Bool {
    guard let root = node.chainRoot ?? node.parameters.first, root.first?.isUppercase == true
    else { return false }
    let parts = root.split(separator: ".", maxSplits: 1).map(String.init)
    let type = parts[0]
    let member = parts.count > 1 ? parts[1] : node.name
    return !isDeclared(type) && SDKIndex.shipped.types.contains(type)
      && SDKIndex.shipped.hasMember(named: member, of: type)
  }

  /// Whether a member is called on a value whose SDK type the code or the question gives
  /// (`players.sorted(using:)` for "`players: [Player]`"), and the type declares it.
  private func isOnTypedValue(_ node: CodeNode) -> Bool {
    guard let receiver = node.parameters.first, let type = typedNames[receiver] else {
      return false
    }
    return SDKIndex.shipped.hasMember(named: node.name, of: type)
  }

  private func isModifierAPI(_ node: CodeNode) -> Bool {
    let name = node.name
    if hints.essential.contains(name) { return true }
    guard let receiver = node.parameters.first else {
      // After a view or a call: a modifier.
      return !isDeclared(name) || vocabulary.modifiers.contains(name)
    }
    if isOnTypedValue(node) { return true }
    if isDeclared(receiver) {
      return vocabulary.methods.contains(name) || vocabulary.modifiers.contains(name)
        || Self.isValueMethod(name, isDeclared: isDeclared)
    }
    // A type the index describes has the members it declares; an example type of the same
    // name (`SortOrder.title`) has its own.
    if isOnSDKType(node)
      || vocabulary.types.contains(receiver) && !SDKIndex.shipped.describes(receiver)
    {
      return true
    }
    if name == "self" { return true }
    if receiver.first?.isUppercase == true { return false }
    return vocabulary.methods.contains(name) || Self.isValueMethod(name, isDeclared: isDeclared)
  }

  /// The everyday value types whose methods, called on a value of the author's, are API
  /// (`$0.localizedCaseInsensitiveCompare($1)`): the SDK declares them, and an author seldom
  /// names a method of their own so.
  static let valueTypes = [
    "String", "Substring", "Character", "Array", "Dictionary", "Set", "Optional", "Int", "Double",
    "Date", "URL", "Data", "Decimal", "UUID",
  ]

  /// The members the SDK declares on the ``valueTypes``, gathered once: they are asked about
  /// for every method called on a value.
  static let valueMethods = valueTypes.reduce(into: Set<String>()) {
    $0.formUnion(SDKIndex.shipped.memberNames(of: $1))
  }

  /// Whether the SDK declares a method `name` on one of the ``valueTypes`` and the code does
  /// not declare a name so itself.
  static func isValueMethod(_ name: String, isDeclared: (String) -> Bool) -> Bool {
    name.first?.isLowercase == true && valueMethods.contains(name) && !isDeclared(name)
  }

  private func labelImportance(_ label: String, value: [CodeNode], minor: Bool)
    -> CodeNode.Importance
  {
    let key = label + ":"
    if hints.essential.contains(key) { return .major }
    if hints.context.contains(key) { return .free }
    let carriesMeaning = value.contains { node in
      switch node.kind {
      case .binding, .closure: true
      case .literal: node.name == "true" || node.name == "false"
      case .member: true
      case .call, .modifier: Self.hasMajor(node) || !node.isAPI
      default: Self.hasMajor(node)
      }
    }
    // A title, an icon name, a spacing: the author's example values. A flag is a choice.
    if value.allSatisfy({ $0.kind == .literal && $0.name != "true" && $0.name != "false" }) {
      return .free
    }
    return carriesMeaning && !minor ? .major : .minor
  }

  /// Whether `value` names a type's static value (`CGSize.zero`, `Date.now`): no call, only
  /// names, as `.zero` would be in its place.
  private static func isStaticValue(_ value: [CodeNode]) -> Bool {
    guard let type = value.first, value.count > 1, type.kind == .call,
      type.name.first?.isUppercase == true, !type.hasParentheses, type.blocks.isEmpty
    else { return false }
    return value.dropFirst().allSatisfy {
      $0.kind == .modifier && !$0.hasParentheses && $0.blocks.isEmpty
    }
  }

  /// Property wrappers that only store a value the rest of the code uses.
  static let storageWrappers: Set<String> = ["State"]

  private static func hasMajor(_ node: CodeNode) -> Bool {
    // A classified node knows its weight: no need to walk it again.
    if let weight = node.weight { return weight.major > 0 }
    return walksToMajor(node)
  }

  private static func walksToMajor(_ node: CodeNode) -> Bool {
    node.importance == .major
      || node.arguments.contains { $0.importance == .major || $0.value.contains(where: hasMajor) }
      || node.blocks.contains { $0.contains(where: hasMajor) }
      || node.attributes.contains(where: hasMajor) || node.clause.contains(where: hasMajor)
      || node.value.contains(where: hasMajor)
  }

  /// Whether a `.sheet` or `.popover` holds content with `.presentationDetents` and its kin:
  /// then the card is about that configuration, and the presenter is its frame.
  private static func presentsConfiguredContent(_ node: CodeNode) -> Bool {
    node.arguments.contains { argument in
      argument.value.contains { value in
        value.kind == .closure
          && value.blocks.joined().contains {
            $0.kind == .modifier && APIVocabulary.presentedContentModifiers.contains($0.name)
          }
      }
    }
  }

  private static func promoted(_ node: CodeNode) -> CodeNode {
    var node = node.mappingChildren(promoted)
    node.weight = nil
    if node.importance == .minor && node.kind != .closure { node.importance = .major }
    for index in node.arguments.indices where node.arguments[index].importance == .minor {
      node.arguments[index].importance = .major
    }
    return node
  }
}
