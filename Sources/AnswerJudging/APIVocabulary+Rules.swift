extension APIVocabulary {
  /// What no declaration says: environment values, attributes, deprecations with their
  /// replacements, related and ineffective API, member types, implied arguments.
  static let ruleNames = """
    # environment
    openImmersiveSpace
    dismissImmersiveSpace
    openSettings
    openDocument
    newDocument
    # attributes
    State
    Binding
    Environment
    Bindable
    Observable
    ObservationIgnored
    FocusState
    FocusedValue
    FocusedBinding
    FocusedObject
    AppStorage
    SceneStorage
    Query
    Model
    Attribute
    Relationship
    Transient
    StateObject
    ObservedObject
    EnvironmentObject
    Published
    GestureState
    Namespace
    ScaledMetric
    AccessibilityFocusState
    UIApplicationDelegateAdaptor
    Entry
    Previewable
    MainActor
    ViewBuilder
    ContentBuilder
    ToolbarContentBuilder
    SceneBuilder
    CommandsBuilder
    resultBuilder
    propertyWrapper
    dynamicMemberLookup
    escaping
    autoclosure
    discardableResult
    available
    main
    Sendable
    preconcurrency
    unchecked
    concurrent
    globalActor
    TaskLocal
    objc
    testable
    Test
    Suite
    # deprecated
    actionSheet -> confirmationDialog
    ActionSheet -> confirmationDialog
    Alert -> alert
    NavigationView -> NavigationStack NavigationSplitView
    navigationViewStyle -> NavigationStack NavigationSplitView
    navigationBarItems -> toolbar
    navigationBarTitle -> navigationTitle
    navigationBarHidden -> toolbarVisibility
    navigationBarLeading -> topBarLeading
    navigationBarTrailing -> topBarTrailing
    foregroundColor -> foregroundStyle
    edgesIgnoringSafeArea -> ignoresSafeArea
    accentColor -> tint
    cornerRadius -> clipShape
    presentationMode -> dismiss
    PresentationMode -> DismissAction
    autocapitalization -> textInputAutocapitalization
    disableAutocorrection -> autocorrectionDisabled
    tabItem -> Tab
    sizeCategory -> dynamicTypeSize
    ContentSizeCategory -> DynamicTypeSize
    ContextMenu -> contextMenu
    MenuButton -> Menu
    borderlessButton -> button
    StackNavigationViewStyle -> NavigationStack
    DoubleColumnNavigationViewStyle -> NavigationSplitView
    ColumnNavigationViewStyle -> NavigationSplitView
    listRowPlatterColor -> listItemTint
    onChange perform: -> onChange(of:initial:_:)
    onChange {1} -> onChange(of:initial:_:)
    NavigationLink isActive: -> navigationDestination(isPresented:destination:)
    NavigationLink tag: -> navigationDestination(for:destination:)
    TextField onCommit: -> onSubmit
    TextField onEditingChanged: -> focused
    SecureField onCommit: -> onSubmit
    searchable suggestions: -> searchSuggestions
    onLongPressGesture pressing: -> onLongPressGesture(minimumDuration:perform:onPressingChanged:)
    statusBar hidden: -> statusBarHidden
    coordinateSpace name: -> coordinateSpace(.named(_:))
    accessibility label: -> accessibilityLabel
    accessibility value: -> accessibilityValue
    accessibility hint: -> accessibilityHint
    accessibility hidden: -> accessibilityHidden
    accessibility identifier: -> accessibilityIdentifier
    accessibility addTraits: -> accessibilityAddTraits
    accessibility removeTraits: -> accessibilityRemoveTraits
    # related
    onDelete ~ swipeActions
    swipeActions ~ onDelete
    safeAreaInset ~ safeAreaBar
    safeAreaBar ~ safeAreaInset
    interactiveDismissDisabled ~ fullScreenCover
    fullScreenCover ~ interactiveDismissDisabled
    Menu ~ contextMenu
    contextMenu ~ Menu
    localizedStandardContains ~ localizedCaseInsensitiveContains range
    onDismiss ~ onDisappear
    ToolbarOverflowMenu ~ secondaryAction
    # equivalent
    animation = withAnimation
    fill = foregroundStyle
    # ineffective
    onSubmit of: .text default
    presentationDetents _: [.large]
    interactiveDismissDisabled _: false
    autocorrectionDisabled _: false
    # member types
    Edge: top bottom leading trailing
    Edge.Set: top bottom leading trailing horizontal vertical all
    VerticalEdge: top bottom
    HorizontalEdge: leading trailing
    Axis: horizontal vertical
    VerticalAlignment: top center bottom firstTextBaseline lastTextBaseline
    HorizontalAlignment: leading center trailing listRowSeparatorLeading listRowSeparatorTrailing
    TextAlignment: leading center trailing
    Alignment: center leading trailing top bottom topLeading topTrailing bottomLeading bottomTrailing centerFirstTextBaseline centerLastTextBaseline leadingFirstTextBaseline leadingLastTextBaseline trailingFirstTextBaseline trailingLastTextBaseline
    UnitPoint: zero center leading trailing top bottom topLeading topTrailing bottomLeading bottomTrailing
    UserInterfaceSizeClass: compact regular
    ControlSize: mini small regular large extraLarge
    Font.Weight: ultraLight thin light regular medium semibold bold heavy black
    Image.Scale: small medium large
    DynamicTypeSize: xSmall small medium large xLarge xxLarge xxxLarge accessibility1 accessibility2 accessibility3 accessibility4 accessibility5
    DatePickerStyle: automatic compact graphical wheel field stepperField
    PickerStyle: automatic inline menu navigationLink palette radioGroup segmented wheel
    ToolbarTitleDisplayMode: automatic inline inlineLarge large
    NavigationBarItem.TitleDisplayMode: automatic inline large
    ButtonRole: destructive cancel confirm close
    PresentationAdaptation: automatic none popover sheet fullScreenCover
    PresentationDetent: medium large fraction height
    SubmitTriggers: text search
    NavigationSplitViewVisibility: automatic all doubleColumn detailOnly
    # implied
    ContentUnavailableView.search text:
    """
}
