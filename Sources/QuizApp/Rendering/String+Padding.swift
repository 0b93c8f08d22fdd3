extension String {
  /// The string, cut with an ellipsis if it is longer than `width` characters.
  func truncated(to width: Int) -> String {
    count <= width ? self : String(prefix(width - 1)) + "…"
  }

  /// The string, padded with spaces to `width` characters, or cut to fit.
  func padded(to width: Int) -> String {
    let cut = truncated(to: width)
    return cut + String(repeating: " ", count: max(0, width - cut.count))
  }

  /// The string, with spaces in front to make it `width` characters wide.
  func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
