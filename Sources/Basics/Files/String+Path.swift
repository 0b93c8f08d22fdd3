extension String {
  /// The path of the entry `name` in the folder at this path, as
  /// `NSString.appendingPathComponent` joined them: `name` alone after an empty path, no second
  /// slash after one that ends in a slash.
  public func joiningPath(_ name: String) -> String {
    isEmpty || hasSuffix("/") ? self + name : self + "/" + name
  }

  /// The folder that holds this path, as `NSString.deletingLastPathComponent` gives it: `""`
  /// for a bare name, `/` for a name at the root.
  public var parentPath: String {
    var trimmed = Substring(self)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    var parent = trimmed[..<slash]
    while parent.hasSuffix("/") { parent.removeLast() }
    return parent.isEmpty ? "/" : String(parent)
  }
}
