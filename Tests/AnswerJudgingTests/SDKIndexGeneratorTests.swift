import Foundation
import Testing

@testable import AnswerJudging

@Suite("Scripts/sdk-index/generate.py, on a small interface and a few documentation pages")
struct SDKIndexGeneratorTests {
  static let python = "/usr/bin/python3"

  static let interface = """
    @available(iOS 14.0, *)
    public struct ScrollViewReader<Content> : View where Content : View {
        /// Documentation is left out.
        public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content)
    }
    public struct ScrollViewProxy {
        public func scrollTo<ID>(_ id: ID, anchor: UnitPoint? = nil) where ID : Hashable
        public func split(at offset: Int) -> (head: String, tail: Int)
    }
    extension View {
        @available(iOS, introduced: 13.0, deprecated: 100000.0, renamed: "navigationTitle(_:)")
        public func navigationBarTitle(_ title: Text) -> some View
        public func sheet<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
            @ViewBuilder content: @escaping (Item) -> Content) -> some View
        public func _private() -> some View
        @available(iOS, introduced: 13.0, deprecated: 100000.0, renamed: "overlay(alignment:content:)")
        public func overlay<Overlay>(_ overlay: Overlay, alignment: Alignment = .center) -> some View where Overlay : View
    }
    public func fetch(_ url: URL, retry: (Int) async -> Bool) async throws -> Data
    public func record(_ values: Int..., tag: String = "")
    public struct DragGesture : Gesture {
        public struct Value : Equatable, Sendable {
            public var translation: CGSize { get }
        }
        public var minimumDistance: CGFloat
    }
    public struct TimelineView<Schedule, Content> where Schedule : TimelineSchedule {
        public struct Context {
            public let date: Date
            public func value() -> Schedule
        }
    }
    extension TimelineView : View where Content : View {
        public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content)
    }
    extension TimelineView.Context {
        public var cadence: TimelineView<Schedule, Content>.Context.Cadence? { get }
        public enum Cadence {
            case live, seconds
        }
    }
    public struct EnvironmentValues {
        public var openURL: OpenURLAction { get set }
    }
    extension View where Self : Equatable {
        public func glow(_ radius: Double) -> some View
    }
    extension View {
        @available(iOS, introduced: 13.0, deprecated: 15.0, message: "Use glow(_:value:) instead.")
        public func glow(_ radius: Double) -> some View
    }
    public struct OpenURLAction {
        public func callAsFunction(_ url: URL)
    }
    extension Shape where Self == Capsule {
        public static func capsule(style: RoundedCornerStyle) -> Self
    }
    public struct Outline<Data, Leaf> {
        public init(_ data: Data, children: KeyPath<Data.Element, Data?>, @ViewBuilder content: @escaping (Data.Element) -> Leaf)
        public init(_ data: Binding<Data>, children: WritableKeyPath<Data.Element, Data?>, @ViewBuilder content: @escaping (Binding<Data.Element>) -> Leaf)
    }
    """

  /// Pages as the documentation dump has them: the owner in the breadcrumb, the kind, the
  /// platforms, the declaration, and a deprecation's note.
  static let pages = [
    "swiftui-view-shine(_:)-deprecated-1abcd.md": """

    - SwiftUI
    - View
    -  shine(\\_:) Deprecated

    Instance Method

    # shine(\\_:)

    iOS 13.0–15.0DeprecatediPadOS 13.0–15.0Deprecated

    ``` source
    nonisolated
    func shine(_ amount: Double) -> some View
    ```

    Deprecated

    Use shine(_:value:) instead.

    """,
    "swiftui-view-shine(_:).md": """

    - SwiftUI
    - View
    -  shine(\\_:)

    Instance Method

    # shine(\\_:)

    iOS 15.0+iPadOS 15.0+

    ``` source
    nonisolated
    func shine(_ amount: Double) -> some View
    ```

    Available when `Self` conforms to `Equatable`.

    """,
    "swiftui-view-overlay(_:alignment:)-deprecated.md": """

    - SwiftUI
    - View
    -  overlay(\\_:alignment:) Deprecated

    Instance Method

    # overlay(\\_:alignment:)

    A summary.

    iOS 13.0–18.4DeprecatediPadOS 13.0–18.4DeprecatedmacOS 10.15–15.4Deprecated

    ``` source
    nonisolated
    func overlay(
        _ overlay: Overlay,
        alignment: Alignment = .center
    ) -> some View where Overlay : View
    ```

    Deprecated

    Use overlay(alignment:content:) instead.

    """,
    "swiftui-view-scrollposition(id:anchor:).md": """

    - SwiftUI
    - View
    -  scrollPosition(id:anchor:)

    Instance Method

    # scrollPosition(id:anchor:)

    iOS 17.0+iPadOS 17.0+macOS 14.0+

    ``` source
    nonisolated
    func scrollPosition(
        id: Binding,
        anchor: UnitPoint? = nil
    ) -> some View
    ```

    """,
    "swiftui-view.md": """

    - SwiftUI
    -  View

    Protocol

    # View

    iOS 13.0+iPadOS 13.0+macOS 10.15+

    ``` source
    @MainActor @preconcurrency
    protocol View
    ```

    """,
    "swiftui-draggesture-draggesture.value.md": """

    - SwiftUI
    - DragGesture
    -  DragGesture.Value

    Structure

    # DragGesture.Value

    iOS 13.0+iPadOS 13.0+

    ``` source
    struct Value
    ```

    ## Relationships

    ### Conforms To

    - Equatable
    - Sendable

    """,
    "swiftui-draggesture-draggesture.value-location.md": """

    - SwiftUI
    - DragGesture
    - DragGesture.Value
    -  location

    Instance Property

    # location

    iOS 13.0+iPadOS 13.0+

    ``` source
    var location: CGPoint { get }
    ```

    """,
    "swiftui-commandgroupplacement-help.md": """

    - SwiftUI
    - CommandGroupPlacement
    -  help

    Type Property

    # help

    macOS 11.0+

    ``` source
    static let help: CommandGroupPlacement
    ```

    """,
    "swiftui-shape-rect(cornerradius:style:).md": """

    - SwiftUI
    - Shape
    -  rect(cornerRadius:style:)

    Type Method

    # rect(cornerRadius:style:)

    iOS 13.0+iPadOS 13.0+

    ``` source
    static func rect(
        cornerRadius: CGFloat,
        style: RoundedCornerStyle = .continuous
    ) -> Self
    ```

    Available when `Self` is `RoundedRectangle`.

    """,
    "swiftui-griditem-griditem.size-griditem.size.adaptive(minimum:maximum:).md": """

    - SwiftUI
    - GridItem
    - GridItem.Size
    -  GridItem.Size.adaptive(minimum:maximum:)

    Case

    # GridItem.Size.adaptive(minimum:maximum:)

    iOS 14.0+iPadOS 14.0+

    ``` source
    case adaptive(
        minimum: CGFloat,
        maximum: CGFloat = .infinity
    )
    ```

    """,
  ]

  /// The index the script makes of `interface`, and of `pages` when `docs` is set.
  static func generated(docs: Bool = false, current: Bool = false) throws -> SDKIndex {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "quiz-tests-sdk-index-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "Small.swiftinterface")
    let output = folder.appending(path: "Listing.swift")
    try interface.write(to: input, atomically: true, encoding: .utf8)
    var arguments = [current ? "--current" : "--interface", input.path]
    if docs {
      let pagesFolder = folder.appending(path: "docs/SwiftUI/md")
      try FileManager.default.createDirectory(at: pagesFolder, withIntermediateDirectories: true)
      for (name, text) in pages {
        try text.write(to: pagesFolder.appending(path: name), atomically: true, encoding: .utf8)
      }
      arguments += ["--docs", folder.appending(path: "docs").path]
    }
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Scripts/sdk-index/generate.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [script.path] + arguments + [output.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    let swift = try String(contentsOf: output, encoding: .utf8)
    let body = try #require(swift.firstRange(of: "##\"\"\"\n")?.upperBound)
    let end = try #require(swift.range(of: "\n\"\"\"##", options: .backwards)?.lowerBound)
    return SDKIndex(listing: String(swift[body..<end]))
  }

  @Test(
    "keeps members, labels, closure types, effects and deprecations, and no private names",
    .enabled(if: FileManager.default.isExecutableFile(atPath: python)))
  func facts() throws {
    let index = try Self.generated()
    #expect(index.describes("ScrollViewProxy"))
    #expect(
      index.members(named: "scrollTo", of: "ScrollViewProxy").first?.labels == ["_", "anchor"])
    #expect(
      index.closureParameterTypes(call: "init", on: "ScrollViewReader", label: nil, count: 1)
        == ["ScrollViewProxy"])
    #expect(
      index.closureParameterTypes(call: "sheet", on: "View", label: "content", count: 1)
        == ["Item"])
    let title = try #require(index.members(named: "navigationBarTitle", of: "View").first)
    #expect(title.isDeprecated && title.replacement == "navigationTitle(_:)")
    let fetch = try #require(index.members(named: "fetch", of: "-").first)
    #expect(fetch.isAsync && fetch.isThrowing && fetch.labels == ["_", "retry"])
    #expect(index.members(named: "_private", of: "View").isEmpty)
    #expect(
      index.members(named: "sheet", of: "View").first?.labels == ["item", "onDismiss", "content"])
    #expect(
      index.members(named: "sheet", of: "View").first?.parameters == [
        .required, .optionalClosure, .closure,
      ])
    #expect(
      index.members(named: "scrollTo", of: "ScrollViewProxy").first?.parameters == [
        .required, .optional,
      ])
    // Each parameter's type: none for a generic one or a closure; a simple default value.
    #expect(
      index.members(named: "scrollTo", of: "ScrollViewProxy").first?.parameterTypes == [
        nil, "UnitPoint",
      ])
    #expect(
      index.members(named: "scrollTo", of: "ScrollViewProxy").first?.parameterDefaults == [
        nil, "nil",
      ])
    #expect(
      index.members(named: "sheet", of: "View").first?.parameterTypes == ["Binding", nil, nil])
    #expect(
      index.members(named: "record", of: "-").first?.parameters == [.variadic, .optional])
    // A variadic list's type is its element's.
    #expect(index.members(named: "record", of: "-").first?.parameterTypes == ["Int", "String"])
    // Overloads with the same labels whose closures are handed different types say none.
    #expect(
      index.closureParameterTypes(call: "init", on: "Outline", label: "content", count: 1)
        == ["_"])
  }

  @Test(
    "says which properties are get-only, and keeps the labels of a tuple a call returns",
    .enabled(if: FileManager.default.isExecutableFile(atPath: python)))
  func storage() throws {
    let index = try Self.generated()
    #expect(
      index.ownMembers(named: "translation", of: "DragGesture.Value").first?.isGetOnly == true)
    #expect(index.ownMembers(named: "date", of: "TimelineView.Context").first?.isGetOnly == true)
    #expect(index.ownMembers(named: "minimumDistance", of: "DragGesture").first?.isGetOnly == false)
    #expect(index.ownMembers(named: "openURL", of: "EnvironmentValues").first?.isGetOnly == false)
    #expect(
      index.memberType(named: "split", labels: ["at"], on: "ScrollViewProxy")
        == "(head:String,tail:Int)")
  }

  @Test(
    "names a nested type by its outer type's name, in owners, closures and members' types",
    .enabled(if: FileManager.default.isExecutableFile(atPath: python)))
  func qualifiedNames() throws {
    let index = try Self.generated()
    #expect(index.types.isSuperset(of: ["DragGesture.Value", "TimelineView.Context"]))
    #expect(!index.types.contains("Value") && !index.types.contains("Context"))
    #expect(
      index.memberType(named: "translation", labels: nil, on: "DragGesture.Value") == "CGSize")
    #expect(index.conformances["DragGesture.Value"]?.contains("Equatable") == true)
    // `Context` written inside `TimelineView` is its own nested type.
    #expect(
      index.closureParameterTypes(call: "init", on: "TimelineView", label: nil, count: 1)
        == ["TimelineView.Context"])
    #expect(
      index.memberType(named: "cadence", labels: nil, on: "TimelineView.Context")
        == "TimelineView.Context.Cadence")
    #expect(index.hasMember(named: "live", of: "TimelineView.Context.Cadence"))
    // A generic parameter is no nominal type.
    #expect(index.memberType(named: "value", labels: [], on: "TimelineView.Context") == nil)
    #expect(
      index.memberType(named: "openURL", labels: nil, on: "EnvironmentValues") == "OpenURLAction")
    #expect(index.memberType(named: "minimumDistance", labels: nil, on: "DragGesture") == "CGFloat")
    #expect(index.memberType(named: "navigationBarTitle", labels: ["_"], on: "View") == "View")
    #expect(index.hasOlderSource("DragGesture.Value"))
  }

  @Test(
    "reads documentation pages: newer members without the older source's flag, deprecations, cases",
    .enabled(if: FileManager.default.isExecutableFile(atPath: python)))
  func documentationPages() throws {
    let index = try Self.generated(docs: true)
    let scroll = try #require(index.members(named: "scrollPosition", of: "View").first)
    #expect(scroll.labels == ["id", "anchor"] && scroll.type == "View")
    // The documentation has a page for `View`: what only the older interface declares on it is
    // read as current too.
    #expect(!index.hasOlderSource("View"))
    let overlay = try #require(index.members(named: "overlay", of: "View").first)
    #expect(overlay.isDeprecated && overlay.replacement == "overlay(alignment:content:)")
    #expect(index.memberType(named: "location", labels: nil, on: "DragGesture.Value") == "CGPoint")
    #expect(index.hasMember(named: "translation", of: "DragGesture.Value"))
    #expect(index.conformances["DragGesture.Value"]?.contains("Sendable") == true)
    #expect(
      index.members(named: "adaptive", of: "GridItem.Size").contains {
        $0.labels == ["minimum", "maximum"] && $0.type == "GridItem.Size"
      })
    // A page for macOS alone is left out.
    #expect(index.members(named: "help", of: "CommandGroupPlacement").isEmpty)
  }

  @Test(
    "keeps a member deprecated for every type where only conforming types have a current one",
    .enabled(if: FileManager.default.isExecutableFile(atPath: python)))
  func constrainedOverloads() throws {
    let interface = try Self.generated()
    let glow = try #require(interface.members(named: "glow", of: "View").first)
    #expect(glow.isDeprecated)
    let docs = try Self.generated(docs: true)
    let shine = try #require(docs.members(named: "shine", of: "View").first)
    #expect(shine.isDeprecated && shine.replacement == "shine(_:value:)")
  }

  @Test(
    "gives a type member of a protocol's extension for one type that type, not `Self`",
    .enabled(if: FileManager.default.isExecutableFile(atPath: python)))
  func constrainedFactories() throws {
    let interface = try Self.generated()
    #expect(interface.members(named: "capsule", of: "Shape").first?.type == "Capsule")
    let docs = try Self.generated(docs: true)
    let rect = try #require(docs.members(named: "rect", of: "Shape").first)
    #expect(rect.isStatic && rect.type == "RoundedRectangle")
    #expect(rect.parameters == [.required, .optional])
  }

  @Test(
    "reads a transcription of current pages as complete, where an interface may be older",
    .enabled(if: FileManager.default.isExecutableFile(atPath: python)))
  func currentDeclarations() throws {
    #expect(try Self.generated().hasOlderSource("ScrollViewProxy"))
    let current = try Self.generated(current: true)
    #expect(!current.hasOlderSource("ScrollViewProxy"))
    #expect(!current.hasOlderSource("DragGesture.Value"))
    #expect(
      current.members(named: "scrollTo", of: "ScrollViewProxy").first?.labels == ["_", "anchor"])
  }
}
