// swift-format-ignore-file
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

// Missing from the dump, which has PhotoKit's articles but not PhotosUI's symbol pages. The
// initialisers: a label view, a title key or a title; one item or many; the system's library or
// one given (`photoLibrary:`), as the pages below show each way.
// https://developer.apple.com/documentation/photosui/photospicker
// https://developer.apple.com/documentation/photosui/photospicker/init(selection:matching:preferreditemencoding:label:)
// https://developer.apple.com/documentation/photosui/photospicker/init(selection:maxselectioncount:selectionbehavior:matching:preferreditemencoding:label:)
@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
public struct PhotosPicker<Label> : View where Label : View {
    public init(selection: Binding<PhotosPickerItem?>, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic, @ViewBuilder label: @Sendable () -> Label)
    public init(selection: Binding<PhotosPickerItem?>, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic, photoLibrary: PHPhotoLibrary, @ViewBuilder label: @Sendable () -> Label)
    public init(selection: Binding<[PhotosPickerItem]>, maxSelectionCount: Int? = nil, selectionBehavior: PhotosPickerSelectionBehavior = .default, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic, @ViewBuilder label: @Sendable () -> Label)
    public init(selection: Binding<[PhotosPickerItem]>, maxSelectionCount: Int? = nil, selectionBehavior: PhotosPickerSelectionBehavior = .default, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic, photoLibrary: PHPhotoLibrary, @ViewBuilder label: @Sendable () -> Label)
}

// https://developer.apple.com/documentation/photosui/photospicker/init(_:selection:matching:preferreditemencoding:)-7jbef
// https://developer.apple.com/documentation/photosui/photospicker/init(_:selection:matching:preferreditemencoding:)-48f7l
// https://developer.apple.com/documentation/photosui/photospicker/init(_:selection:maxselectioncount:selectionbehavior:matching:preferreditemencoding:)-8ac23
// https://developer.apple.com/documentation/photosui/photospicker/init(_:selection:matching:preferreditemencoding:photolibrary:)-bu7c
// https://developer.apple.com/documentation/photosui/photospicker/init(_:selection:matching:preferreditemencoding:photolibrary:)-6bm2n
@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
extension PhotosPicker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<PhotosPickerItem?>, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic)
    public init<S>(_ title: S, selection: Binding<PhotosPickerItem?>, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic) where S : StringProtocol
    public init(_ titleKey: LocalizedStringKey, selection: Binding<PhotosPickerItem?>, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic, photoLibrary: PHPhotoLibrary)
    public init<S>(_ title: S, selection: Binding<PhotosPickerItem?>, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic, photoLibrary: PHPhotoLibrary) where S : StringProtocol
    public init(_ titleKey: LocalizedStringKey, selection: Binding<[PhotosPickerItem]>, maxSelectionCount: Int? = nil, selectionBehavior: PhotosPickerSelectionBehavior = .default, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic)
    public init<S>(_ title: S, selection: Binding<[PhotosPickerItem]>, maxSelectionCount: Int? = nil, selectionBehavior: PhotosPickerSelectionBehavior = .default, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic) where S : StringProtocol
    public init(_ titleKey: LocalizedStringKey, selection: Binding<[PhotosPickerItem]>, maxSelectionCount: Int? = nil, selectionBehavior: PhotosPickerSelectionBehavior = .default, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic, photoLibrary: PHPhotoLibrary)
    public init<S>(_ title: S, selection: Binding<[PhotosPickerItem]>, maxSelectionCount: Int? = nil, selectionBehavior: PhotosPickerSelectionBehavior = .default, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic, photoLibrary: PHPhotoLibrary) where S : StringProtocol
}

// https://developer.apple.com/documentation/photosui/photospickeritem
// https://developer.apple.com/documentation/photosui/photospickeritem/loadtransferable(type:)
// https://developer.apple.com/documentation/photosui/photospickeritem/loadtransferable(type:completionhandler:)
@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
public struct PhotosPickerItem : Equatable, Hashable, Transferable {
    public init(itemIdentifier: String)
    public var itemIdentifier: String? { get }
    public var supportedContentTypes: [UTType] { get }
    public func loadTransferable<T>(type: T.Type) async throws -> T? where T : Transferable
    public func loadTransferable<T>(type: T.Type, completionHandler: @escaping @Sendable (Result<T?, any Error>) -> Void) -> Progress where T : Transferable
}

// https://developer.apple.com/documentation/photosui/phpickerfilter-swift.struct
// https://developer.apple.com/documentation/photosui/phpickerfilter-swift.struct/images
// https://developer.apple.com/documentation/photosui/phpickerfilter-swift.struct/videos
// https://developer.apple.com/documentation/photosui/phpickerfilter-swift.struct/livephotos
// https://developer.apple.com/documentation/photosui/phpickerfilter-swift.struct/screenshots
// https://developer.apple.com/documentation/photosui/phpickerfilter-swift.struct/screenrecordings
// https://developer.apple.com/documentation/photosui/phpickerfilter-swift.struct/any(of:)
// https://developer.apple.com/documentation/photosui/phpickerfilter-swift.struct/all(of:)
// (`timelapseVideos`, `panoramas` and `spatialMedia` as the PhotosUI headers name them.)
@available(iOS 14.0, macOS 13.0, *)
public struct PHPickerFilter {
    public static let images: PHPickerFilter
    public static let videos: PHPickerFilter
    public static let livePhotos: PHPickerFilter
    @available(iOS 15.0, macOS 13.0, *)
    public static let screenshots: PHPickerFilter
    @available(iOS 15.0, macOS 13.0, *)
    public static let screenRecordings: PHPickerFilter
    @available(iOS 15.0, macOS 13.0, *)
    public static let panoramas: PHPickerFilter
    @available(iOS 15.0, macOS 13.0, *)
    public static let timelapseVideos: PHPickerFilter
    @available(iOS 15.0, macOS 13.0, *)
    public static let slomoVideos: PHPickerFilter
    @available(iOS 16.0, macOS 13.0, *)
    public static let bursts: PHPickerFilter
    @available(iOS 16.0, macOS 13.0, *)
    public static let cinematicVideos: PHPickerFilter
    @available(iOS 16.0, macOS 13.0, *)
    public static let depthEffectPhotos: PHPickerFilter
    @available(iOS 18.0, macOS 15.0, *)
    public static let spatialMedia: PHPickerFilter
    public static func any(of subfilters: [PHPickerFilter]) -> PHPickerFilter
    @available(iOS 15.0, macOS 13.0, *)
    public static func all(of subfilters: [PHPickerFilter]) -> PHPickerFilter
    @available(iOS 15.0, macOS 13.0, *)
    public static func not(_ filter: PHPickerFilter) -> PHPickerFilter
    @available(iOS 15.0, macOS 13.0, *)
    public static func playbackStyle(_ playbackStyle: PHAsset.PlaybackStyle) -> PHPickerFilter
}

// https://developer.apple.com/documentation/swiftui/view/photospicker(ispresented:selection:matching:preferreditemencoding:)
// https://developer.apple.com/documentation/swiftui/view/photospicker(ispresented:selection:matching:preferreditemencoding:photolibrary:)
@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
extension View {
    public func photosPicker(isPresented: Binding<Bool>, selection: Binding<PhotosPickerItem?>, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic) -> some View
    public func photosPicker(isPresented: Binding<Bool>, selection: Binding<PhotosPickerItem?>, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic, photoLibrary: PHPhotoLibrary) -> some View
    public func photosPicker(isPresented: Binding<Bool>, selection: Binding<[PhotosPickerItem]>, maxSelectionCount: Int? = nil, selectionBehavior: PhotosPickerSelectionBehavior = .default, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic) -> some View
    public func photosPicker(isPresented: Binding<Bool>, selection: Binding<[PhotosPickerItem]>, maxSelectionCount: Int? = nil, selectionBehavior: PhotosPickerSelectionBehavior = .default, matching filter: PHPickerFilter? = nil, preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic, photoLibrary: PHPhotoLibrary) -> some View
}

// https://developer.apple.com/documentation/swiftui/view/confirmationdialog(_:item:titlevisibility:actions:)
// https://developer.apple.com/documentation/swiftui/view/confirmationdialog(_:item:titlevisibility:actions:message:)
@available(iOS 15.0, macCatalyst 15.0, macOS 12.0, tvOS 15.0, visionOS 1.0, watchOS 8.0, *)
extension View {
    public func confirmationDialog<A, T>(_ title: Text, item data: Binding<T?>, titleVisibility: Visibility = .automatic, @ContentBuilder actions: (T) -> A) -> some View where A : View
    public func confirmationDialog<A, M, T>(_ title: Text, item data: Binding<T?>, titleVisibility: Visibility = .automatic, @ContentBuilder actions: (T) -> A, @ContentBuilder message: (T) -> M) -> some View where A : View, M : View
}
