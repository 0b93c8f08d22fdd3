import CardDeck
import Testing

@testable import AnswerJudging

/// Other structures and places for the card's code that a reviewer reads for what they are.
@Suite("Judging attempts: structures and places a reviewer reads")
struct ReviewerStructureTests {
  private func judge(_ attempt: String, _ code: String, hints: JudgingHints = JudgingHints())
    -> Judgement
  {
    AnswerJudge(code: code, hints: hints).judge(attempt)
  }

  static let sheetWithDismiss = """
    Button("Lyrics") { shows = true }
        .sheet(isPresented: $shows, onDismiss: { print("closed") }) {
            LyricsView()
        }
    """

  @Test(
    "takes .onDisappear on the sheet's content for onDismiss: done another way, essential or not")
  func onDisappearForOnDismiss() throws {
    let attempt = ".sheet(isPresented: $shows) { LyricsView().onDisappear { print(\"gone\") } }"
    for hints in [JudgingHints(), JudgingHints(essential: ["onDismiss:"])] {
      let judgement = judge(attempt, Self.sheetWithDismiss, hints: hints)
      #expect(judgement.grade == 3)
      #expect(
        judgement.reason
          == "`.onDisappear` on the content instead of the card's `onDismiss:`, close but not the same."
      )
    }
    // Without it, an essential part is missing where its frame is written.
    let bare = judge(
      ".sheet(isPresented: $shows) { LyricsView() }", Self.sheetWithDismiss,
      hints: JudgingHints(essential: ["onDismiss:"]))
    #expect(try #require(bare.grade) <= 2)
  }

  static let toolbar = """
    .toolbar {
        ToolbarItem { Button("Share") { share() } }
        ToolbarOverflowMenu { Button("Archive") { archive() } }
    }
    """

  @Test("takes a view straight in .toolbar beside toolbar items for a slip")
  func viewAmongToolbarItems() {
    let mixed = judge(
      ".toolbar { Button(\"Share\") { share() }; ToolbarOverflowMenu { Button(\"Archive\") { archive() } } }",
      Self.toolbar, hints: JudgingHints(essential: ["ToolbarOverflowMenu"]))
    #expect(mixed.grade == 4)
    #expect(
      mixed.reason.hasPrefix(
        "`Button` beside `ToolbarOverflowMenu` in `.toolbar` needs a `ToolbarItem`"))
    // Views alone are fine in `.toolbar`.
    #expect(
      judge(
        ".toolbar { Button(\"Share\") { share() } }",
        ".toolbar {\n    Button(\"Share\") { share() }\n}"
      )
      .grade == 5)
  }

  static let menuPicker = """
    .toolbar {
        Menu("Sort", systemImage: "arrow.up.arrow.down") {
            Picker("Sort", selection: $order) {
                Text("Title").tag(Order.title)
                Text("Author").tag(Order.author)
            }
        }
    }
    """

  @Test("takes a menu-style Picker for a Menu holding a Picker, with a slip")
  func menuStylePicker() throws {
    let judgement = judge(
      ".toolbar { Picker(\"Sort\", selection: $order) { Text(\"Title\").tag(Order.title); Text(\"Author\").tag(Order.author) }.pickerStyle(.menu) }",
      Self.menuPicker)
    #expect(judgement.grade == 4)
    // Another style is no menu.
    let segmented = judge(
      ".toolbar { Picker(\"Sort\", selection: $order) { Text(\"Title\").tag(Order.title); Text(\"Author\").tag(Order.author) }.pickerStyle(.segmented) }",
      Self.menuPicker)
    #expect(try #require(segmented.grade) <= 3)
  }

  static let focus = """
    enum Field: Hashable { case email, password }
    @FocusState private var focusedField: Field?

    TextField("Email", text: $email)
        .focused($focusedField, equals: .email)
        .onSubmit { focusedField = .password }
    SecureField("Password", text: $password)
        .focused($focusedField, equals: .password)
    """

  @Test("takes a Boolean @FocusState with focused(_:) for the other overload, not a part missing")
  func booleanFocusState() throws {
    let boolean = judge(
      "@FocusState private var onPassword: Bool; TextField(\"Email\", text: $email).onSubmit { onPassword = true }; SecureField(\"Password\", text: $password).focused($onPassword)",
      Self.focus)
    #expect(try #require(boolean.grade) >= 4)
    // Without the Boolean declaration, `equals:` is missing.
    let undeclared = judge(
      "TextField(\"Email\", text: $email).onSubmit { onPassword = true }; SecureField(\"Password\", text: $password).focused($onPassword)",
      Self.focus)
    #expect(try #require(undeclared.grade) <= 3)
  }

  static let tabs = """
    TabView {
        Tab("Browse", systemImage: "books") {
            NavigationSplitView { ShelfList() } detail: { ContentUnavailableView("Pick", systemImage: "book") }
        }
        Tab("Search", systemImage: "magnifyingglass") { NavigationStack { SearchView() } }
    }
    """

  @Test("takes containers nested the other way round for a misplaced part")
  func nestedTheOtherWayRound() throws {
    let judgement = judge(
      "NavigationSplitView { TabView { Tab(\"Browse\", systemImage: \"books\") { ShelfList() }; Tab(\"Search\", systemImage: \"magnifyingglass\") { SearchView() } } } detail: { Text(\"Pick\") }",
      Self.tabs)
    #expect(try #require(judgement.grade) <= 2)
    #expect(judgement.findings.first?.severity == .error)
    #expect(judgement.marks.values.contains(.misplaced))
  }

  static let buttonStyle = """
    struct PressableStyle: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label
                .scaleEffect(configuration.isPressed ? 0.95 : 1)
        }
    }

    Button("Buy") { buy() }
        .buttonStyle(PressableStyle())
    """

  @Test("takes a conformance to a protocol that is the point as API, and what its members hold")
  func conformanceAsPoint() throws {
    #expect(
      judge(
        """
        struct Squish: ButtonStyle {
            func makeBody(configuration config: Configuration) -> some View {
                config.label.scaleEffect(config.isPressed ? 0.95 : 1.0)
            }
        }
        Button("Buy", action: buy).buttonStyle(Squish())
        """, Self.buttonStyle
      ).grade == 5)
    let other = judge(
      """
      struct PressableStyle: ViewModifier {
          @State private var pressed = false
          func body(content: Content) -> some View { content.scaleEffect(pressed ? 0.95 : 1) }
      }
      Button("Buy") { buy() }.modifier(PressableStyle())
      """, Self.buttonStyle)
    #expect(try #require(other.grade) <= 2)
    #expect(other.reason == "`ViewModifier` where the card has `ButtonStyle`.")
    // A member of the configuration the card reads is API: misspelt, a typo.
    let typo = judge(
      """
      struct PressableStyle: ButtonStyle {
          func makeBody(configuration: Configuration) -> some View {
              configuration.label.scaleEffect(configuration.isPresed ? 0.95 : 1)
          }
      }
      Button("Buy") { buy() }.buttonStyle(PressableStyle())
      """, Self.buttonStyle)
    #expect(typo.grade == 3)
    // The style declared but never applied: its point half done.
    let unapplied = judge(
      """
      struct PressableStyle: ButtonStyle {
          func makeBody(configuration: Configuration) -> some View {
              configuration.label.scaleEffect(configuration.isPressed ? 0.95 : 1)
          }
      }
      """, Self.buttonStyle)
    #expect(try #require(unapplied.grade) <= 3)
    #expect(unapplied.reason == "Missing `.buttonStyle`.")
  }

  @Test("reads what an extension of an SDK type holds as API")
  func extensionOfSDKType() throws {
    let code = """
      struct CardStyle: ViewModifier {
          func body(content: Content) -> some View {
              content.padding().background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12))
          }
      }
      extension View {
          func card() -> some View { modifier(CardStyle()) }
      }
      """
    let wrong = judge(
      """
      struct CardStyle: ViewModifier {
          func body(content: Content) -> some View {
              content.padding().background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12))
          }
      }
      extension View {
          func card() -> some View { CardStyle() }
      }
      """, code)
    #expect(try #require(wrong.grade) <= 3)
    #expect(wrong.reason == "Missing `modifier`.")
  }

  @Test("takes a type no declaration knows, of the card's type's kind, for made-up API")
  func madeUpType() throws {
    let code = """
      photo
          .scaleEffect(scale)
          .gesture(MagnifyGesture().onChanged { value in scale = value.magnification })
      """
    let made = judge(
      """
      photo
          .scaleEffect(scale)
          .gesture(PinchGesture().onChanged { value in scale = value.magnification })
      """, code)
    #expect(try #require(made.grade) <= 2)
    #expect(made.reason == "`PinchGesture` where the card has `MagnifyGesture`: no such type.")
    // The author's own view in an SDK container's place is not made up: it says nothing of the
    // container's kind.
    #expect(
      !Matching.isMadeUp(
        CodeNode(kind: .call, name: "BookEditor", token: nil, tokens: 0..<1),
        kindOf: CodeNode(kind: .call, name: "NavigationStack", token: nil, tokens: 0..<1),
        declared: []))
  }

  @Test(
    "takes a modifier nothing declares that shares a word with the card's for its API misremembered"
  )
  func madeUpModifier() throws {
    let code = "Text(\"Accept the terms\")\n  .interactiveDismissDisabled()"
    let made = judge(
      ".sheet(isPresented: $showsChoice) {\n  ChoiceView()\n    .presentationDismissDisabled(!decided)\n}",
      code)
    // The one wrong name, made up, in the card's place: the API misremembered, 2.
    #expect(made.grade == 2)
    #expect(
      made.reason
        == "`.presentationDismissDisabled` where the card has `.interactiveDismissDisabled`.")
    // A real API there does another job: 1.
    let stack = "ZStack {\n  Badge()\n    .zIndex(1)\n  Avatar()\n}"
    let other = judge(stack.replacing("zIndex", with: "layoutPriority"), stack)
    #expect(other.grade == 1, "\(other.reason)")
    #expect(judge(stack.replacing("zIndex", with: "zOrder"), stack).grade == 2)
    // A modifier the SDK has, or one sharing no word with the card's, is not made up.
    let card = CodeNode(
      kind: .modifier, name: "interactiveDismissDisabled", token: nil, tokens: 0..<1)
    for name in ["presentationDetents", "lockedSheet"] {
      let typed = CodeNode(kind: .modifier, name: name, token: nil, tokens: 0..<1)
      #expect(!Matching.isMadeUpModifier(typed, for: card, declared: []))
    }
    let own = CodeNode(kind: .modifier, name: "sheetDismissDisabled", token: nil, tokens: 0..<1)
    #expect(Matching.isMadeUpModifier(own, for: card, declared: []))
    #expect(!Matching.isMadeUpModifier(own, for: card, declared: ["sheetDismissDisabled"]))
    // A member of a value (`item.dismissDisabled`) is the model's, not a view's modifier.
    var member = own
    member.parameters = ["item"]
    #expect(!Matching.isMadeUpModifier(member, for: card, declared: []))
    #expect(SDKIndex.shipped.declaresMember(named: "withTaskGroup"))
  }

  @Test(
    "takes a made-up modifier that is the card's with another ending for a typo, not another API")
  func madeUpEnding() {
    let code = "ForEach(matches, id: \\.self) { name in\n  Text(name).searchCompletion(name)\n}"
    let typo = judge(
      "ForEach(matches, id: \\.self) { name in\n  Text(name).searchComplete(name)\n}", code)
    #expect(typo.grade == 3, "\(typo.reason)")
    #expect(typo.reason == "`.searchComplete` looks like a typo for `.searchCompletion`.")
    // A modifier the SDK has with that stem is another API, and so is a name too far from it.
    for other in ["searchScopes", "searchCompletionSource"] {
      let verdict = judge(
        "ForEach(matches, id: \\.self) { name in\n  Text(name).\(other)(name)\n}", code)
      #expect(verdict.grade != 3, "\(other): \(verdict.reason)")
    }
    // Its one word with another ending shares no whole word with the card's: a typo still.
    let hover = "CardView()\n  .onHover { hovering in isHovered = hovering }"
    let ending = judge(hover.replacing("onHover", with: "onHovering"), hover)
    #expect(ending.reason == "`.onHovering` looks like a typo for `.onHover`.")
  }

  @Test("says a finding once, however many places it holds")
  func findingSaidOnce() {
    let code = """
      TabView {
          Tab("Library", systemImage: "books.vertical") { LibraryView() }
          Tab("Search", systemImage: "magnifyingglass") { SearchView() }
      }
      """
    let judgement = judge(
      """
      TabView {
          LibraryView().tabItem { Label("Library", systemImage: "books.vertical") }
          SearchView().tabItem { Label("Search", systemImage: "magnifyingglass") }
      }
      """, code)
    let messages = judgement.findings.map(\.message)
    #expect(messages.filter { $0.contains("`.tabItem` is deprecated") }.count == 1, "\(messages)")
    #expect(Set(messages).count == messages.count)
  }
  @Test("names first an older API whose replacement the card writes")
  func replacedAPIFirst() throws {
    let code = """
      TabView {
          Tab("Library", systemImage: "books.vertical") { LibraryView() }
          Tab(role: .search) { SearchView() }
      }
      """
    let judgement = judge(
      """
      TabView {
          LibraryView().tabItem { Label("Library", systemImage: "books.vertical") }
          SearchView().tabItem { Label("Search", systemImage: "magnifyingglass") }
      }
      """, code, hints: JudgingHints(essential: ["role:"], context: ["Tab", "TabView"]))
    #expect(judgement.reason == "`.tabItem` is deprecated: use `Tab`.")
    let tabItem = try #require(judgement.findings.first { $0.deprecated == "tabItem" })
    #expect(tabItem.replacement == "Tab")
    // Another overload of the same name is no other API to learn.
    let onChange = judge(
      "Toggle(\"On\", isOn: $on).onChange(of: on) { value in save(value) }",
      "Toggle(\"On\", isOn: $on).onChange(of: on) { save(on) }")
    let older = try #require(onChange.findings.first { $0.deprecated == "onChange" })
    #expect(older.replacement == nil)
  }

  @Test("takes another presentation for the card's, though it presents configured content")
  func otherPresentation() throws {
    let code = ".fullScreenCover(isPresented: $showsWelcome) {\n  WelcomeView()\n}"
    let other = judge(
      ".sheet(isPresented: $showsWelcome) {\n  WelcomeView()\n    .presentationDetents([.large])\n}",
      code)
    #expect(try #require(other.grade) <= 2)
    #expect(other.reason == "`.sheet` where the card has `.fullScreenCover`.")
  }

  @Test("finds something in common where the attempt keeps the card's container, not its `Button`")
  func sharedContainer() throws {
    let code = """
      ToolbarItem {
          Button("Timer", systemImage: "timer") { startTimer() }
      }
      .visibilityPriority(.high)
      """
    let judge = AnswerJudge(code: code, hints: JudgingHints(essential: ["visibilityPriority"]))
    let shell = judge.judge(
      """
      ToolbarItem(placement: .primaryAction) {
          Button("Play", systemImage: "play.fill") { play() }
              .layoutPriority(1)
      }
      """)
    #expect(shell.grade == 1, "\(shell.reason)")
    let placed = judge.judge(
      "ToolbarItem {\n  Button(\"Timer\", systemImage: \"timer\") { startTimer() }\n}\n.layoutPriority(1)"
    )
    #expect(placed.reason == "`.layoutPriority` where the card has `.visibilityPriority`.")
    // A priority of another kind in the card's place, without the container, is related at
    // most; the reason names the modifier it stands for (a trial read "Missing" as wrong).
    let button = judge.judge("Button(\"Play\") { play() }.layoutPriority(1)")
    #expect(try #require(button.grade) <= 1, "\(button.reason)")
    #expect(button.reason == "`.layoutPriority` where the card has `.visibilityPriority`.")
  }

  @Test("takes a made-up member with the card's words cut short for a typo, as the SDK check does")
  func wordwiseMember() {
    let code =
      "ToolbarItem(placement: .confirmationAction) {\n    Button(\"Save\") { save() }\n}"
    let typo = judge(
      "ToolbarItem(placement: .confirmAction) {\n    Button(\"Save\") { save() }\n}", code)
    #expect(typo.grade == 3, "\(typo.reason)")
    #expect(typo.reason == "`.confirmAction` looks like a typo for `.confirmationAction`.")
    #expect(Matching.isWordwiseMisremembered("searchComplete", of: "searchCompletion"))
    // A single word another way is another word; so is a word with nothing in common.
    #expect(!Matching.isWordwiseMisremembered("information", of: "info"))
    #expect(!Matching.isWordwiseMisremembered("topLeft", of: "topLeading"))
    #expect(Matching.isWordwiseMisremembered("labelsHide", of: "labelsHidden"))
    // The card's name and a word more is another modifier, made up or not (an adversarial
    // review's cases, each 3 under a first rule of a shared start).
    let picker = "Picker(\"Size\", selection: $size) { Text(\"S\") }"
    for (card, attempt) in [
      ("scrollDismissesKeyboard(.immediately)", "scrollDismissesKeyboardNever()"),
      ("presentationDetents([.medium, .large])", "presentationDetentsHeight(300)"),
      ("textInputAutocapitalization(.never)", "textInputAutocapitalizationDisabled()"),
    ] {
      let verdict = judge(picker + "." + attempt, picker + "." + card)
      #expect(verdict.grade == 1, "\(attempt): \(verdict.reason)")
    }
  }

  @Test(
    "names the replacement of a deprecated API that the card writes and the attempt lacks, and does not say it missing again"
  )
  func deprecatedReplacement() {
    // A user's trial: "use `NavigationStack`", then "missing `NavigationSplitView`".
    let code = """
      TabView {
          Tab("Browse", systemImage: "books.vertical") {
              NavigationSplitView {
                  ShelfList()
              } detail: {
                  ContentUnavailableView("Pick a Book", systemImage: "text.book.closed")
              }
          }
          Tab("Search", systemImage: "magnifyingglass") {
              NavigationStack { SearchView() }
          }
      }
      """
    let verdict = judge(
      """
      TabView {
          Tab("Browse", systemImage: "books.vertical") {
              NavigationView {
                  ShelfList()
                  Text("Pick a book")
              }
              .navigationViewStyle(.columns)
          }
          Tab("Search", systemImage: "magnifyingglass") {
              NavigationStack {
                  SearchView()
              }
          }
      }
      """, code)
    #expect(verdict.reason == "`NavigationView` is deprecated: use `NavigationSplitView`.")
    #expect(!verdict.findings.contains { $0.message == "missing `NavigationSplitView`" })
  }

  @Test("keeps what the author calls essential in a call that is context")
  func essentialInContext() {
    let code = """
      NavigationSplitView {
          List(visibleTrips, selection: $tripID) { Text($0.city) }
      } detail: {
          TripDetail(id: tripID)
      }
      .searchable(text: $query, placement: .sidebar)
      """
    let judge = AnswerJudge(
      code: code,
      hints: JudgingHints(essential: ["sidebar"], context: ["NavigationSplitView", "searchable"]))
    let drawer = judge.judge(code.replacing(".sidebar", with: ".navigationBarDrawer"))
    #expect(drawer.grade == 2, "\(drawer.reason)")
    #expect(drawer.reason == "`.navigationBarDrawer` where the card has `.sidebar`.")
    #expect(judge.judge(code).grade == 5)
  }

  @Test("pairs views offered to choose from by how much text they show, so their order counts")
  func candidatesByLength() {
    let code = """
      ViewThatFits {
          Label("Order 4182: three items, arriving Friday", systemImage: "shippingbox")
          Label("Order 4182", systemImage: "shippingbox")
          Image(systemName: "shippingbox")
      }
      """
    let swapped = judge(
      """
      ViewThatFits(in: .horizontal) {
          Label("Flight 212", systemImage: "airplane")
          Label("Flight 212 to Lisbon, boarding at gate 14", systemImage: "airplane")
          Image(systemName: "airplane")
      }
      """, code)
    #expect((swapped.grade ?? 5) <= 3, "\(swapped.reason)")
    #expect(swapped.reason == "The order of the candidates matters: the first that fits is shown.")
    let kept = judge(
      """
      ViewThatFits(in: .horizontal) {
          Label("Flight 212 to Lisbon, boarding at gate 14", systemImage: "airplane")
          Label("Flight 212", systemImage: "airplane")
          Image(systemName: "airplane")
      }
      """, code)
    #expect(kept.grade == 5, "\(kept.reason)")
  }

  static let triangle = """
    struct Triangle: Shape {
        func path(in rect: CGRect) -> Path {
            var path = Path()
            path.move(to: CGPoint(x: rect.midX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.closeSubpath()
            return path
        }
    }
    """

  @Test("takes the card's calls found together in another part of the attempt for a slip")
  func arrangedAnotherWay() throws {
    // A development set's right answer, the path built in `Path`'s closure, got 1: each call
    // was an error, not where the card has it.
    let closure = judge(
      """
      struct Triangle: Shape {
          func path(in rect: CGRect) -> Path {
              Path { p in
                  p.move(to: CGPoint(x: rect.midX, y: rect.minY))
                  p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
                  p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
                  p.closeSubpath()
              }
          }
      }
      """, Self.triangle)
    #expect(closure.grade == 4, "\(closure.reason)")
    #expect(closure.reason == "`.move` and the card's calls with it are arranged another way.")
    // Moved together into a call of the attempt's own, where they may do nothing: errors.
    let onAppear = judge(
      "Button(\"Save\") {}\n    .onAppear {\n        UserDefaults.standard.set(name, forKey: \"name\")\n        dismiss()\n    }",
      "Button(\"Save\") {\n    UserDefaults.standard.set(name, forKey: \"name\")\n    dismiss()\n}")
    #expect(try #require(onAppear.grade) <= 2, "\(onAppear.reason)")
    // One part alone in another place is still an error.
    let single = judge(
      "List {\n    ForEach(items) { Text($0.name) }\n}\n.onDelete { items.remove(atOffsets: $0) }",
      "List {\n    ForEach(items) { Text($0.name) }\n        .onDelete { items.remove(atOffsets: $0) }\n}"
    )
    #expect(single.findings.contains { $0.severity == .error && $0.message.contains("not where") })
  }
}
