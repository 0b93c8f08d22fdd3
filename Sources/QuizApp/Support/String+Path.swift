extension String {
  /// The path of the entry `name` in the folder at this path, as
  /// `NSString.appendingPathComponent` joined them: `name` alone after an empty path, no second
  /// slash after one that ends in a slash.
  func joiningPath(_ name: String) -> String {
    isEmpty || hasSuffix("/") ? self + name : self + "/" + name
  }
}
