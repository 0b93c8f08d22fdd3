// Declarations newer than the index's other sources (the iOS 18.4-era documentation dump and the
// Xcode 15 interface), or missing from them, transcribed from Apple's documentation pages, one
// page a declaration: only names, labels, types and availability. regenerate.sh reads this file
// as an interface. Add a declaration here only with the page it was read from.

import SwiftUI

// https://developer.apple.com/documentation/swiftui/toolbaroverflowmenu
// https://developer.apple.com/documentation/swiftui/toolbaroverflowmenu/init(content:)
@available(iOS 27.0, macCatalyst 27.0, visionOS 27.0, *)
public struct ToolbarOverflowMenu<Content> : ToolbarContent where Content : View {
    public init(@ViewBuilder content: () -> Content)
}

// https://developer.apple.com/documentation/swiftui/view/toolbaroverflowmenu(content:)
@available(iOS 27.0, macCatalyst 27.0, visionOS 27.0, *)
extension View {
    public func toolbarOverflowMenu<C>(@ViewBuilder content: () -> C) -> some View where C : View
}

// https://developer.apple.com/documentation/swiftui/toolbarspacer/init(_:placement:)
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
public struct ToolbarSpacer : ToolbarContent {
    public init(_ sizing: SpacerSizing = .flexible, placement: ToolbarItemPlacement = .automatic)
}

// https://developer.apple.com/documentation/swiftui/spacersizing
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
public struct SpacerSizing {
    public static let fixed: SpacerSizing
    public static let flexible: SpacerSizing
}

// https://developer.apple.com/documentation/swiftui/view/searchtoolbarbehavior(_:)
// https://developer.apple.com/documentation/swiftui/searchtoolbarbehavior/minimize
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, tvOS 26.0, visionOS 26.0, watchOS 26.0, *)
public struct SearchToolbarBehavior {
    public static var automatic: SearchToolbarBehavior { get }
    public static var minimize: SearchToolbarBehavior { get }
}

@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, tvOS 26.0, visionOS 26.0, watchOS 26.0, *)
extension View {
    public func searchToolbarBehavior(_ behavior: SearchToolbarBehavior) -> some View
}

// https://developer.apple.com/documentation/swiftui/view/tabbarminimizebehavior(_:)
// https://developer.apple.com/documentation/swiftui/tabbarminimizebehavior/onscrolldown
@available(iOS 26.0, macCatalyst 26.0, *)
public struct TabBarMinimizeBehavior {
    public static let automatic: TabBarMinimizeBehavior
    public static let never: TabBarMinimizeBehavior
    public static let onScrollDown: TabBarMinimizeBehavior
    public static let onScrollUp: TabBarMinimizeBehavior
}

@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, tvOS 26.0, visionOS 26.0, watchOS 26.0, *)
extension View {
    public func tabBarMinimizeBehavior(_ behavior: TabBarMinimizeBehavior) -> some View
}

// https://developer.apple.com/documentation/swiftui/toolbarcontent/visibilitypriority(_:)
// https://developer.apple.com/documentation/swiftui/toolbaritemvisibilitypriority
@available(iOS 27.0, macCatalyst 27.0, macOS 26.1, tvOS 27.0, visionOS 27.0, watchOS 27.0, *)
public struct ToolbarItemVisibilityPriority {
    public static let automatic: ToolbarItemVisibilityPriority
    public static let low: ToolbarItemVisibilityPriority
    public static let high: ToolbarItemVisibilityPriority
    public init(higherThan other: ToolbarItemVisibilityPriority)
}

@available(iOS 27.0, macCatalyst 27.0, macOS 26.1, tvOS 27.0, visionOS 27.0, watchOS 27.0, *)
extension ToolbarContent {
    public func visibilityPriority(_ priority: ToolbarItemVisibilityPriority) -> some ToolbarContent
}

// https://developer.apple.com/documentation/swiftui/button/init(role:action:)
extension Button {
    @available(iOS 26.0, macCatalyst 26.0, macOS 26.0, tvOS 26.0, visionOS 26.0, watchOS 26.0, *)
    public init(role: ButtonRole, action: @escaping () -> Void)
}

// https://developer.apple.com/documentation/swiftui/buttonrole/close
// https://developer.apple.com/documentation/swiftui/buttonrole/confirm
extension ButtonRole {
    @available(iOS 26.0, macCatalyst 26.0, macOS 26.0, tvOS 26.0, visionOS 26.0, watchOS 26.0, *)
    public static let close: ButtonRole
    @available(iOS 26.0, macCatalyst 26.0, macOS 26.0, tvOS 26.0, visionOS 26.0, watchOS 26.0, *)
    public static let confirm: ButtonRole
}

// Missing from the dump, which has Foundation's pages but not these of Swift's `AsyncSequence`:
// https://developer.apple.com/documentation/swift/asyncsequence/lines
// https://developer.apple.com/documentation/swift/asyncsequence/characters
// https://developer.apple.com/documentation/swift/asyncsequence/unicodescalars
extension AsyncSequence where Self.Element == UInt8 {
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public var lines: AsyncLineSequence<Self> { get }
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public var characters: AsyncCharacterSequence<Self> { get }
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public var unicodeScalars: AsyncUnicodeScalarSequence<Self> { get }
}
