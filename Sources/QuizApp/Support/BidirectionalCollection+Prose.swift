extension BidirectionalCollection<String> {
  /// The words as a sentence lists them, the last two joined by `conjunction`: `json, csv, md or
  /// apkg`, `bash, zsh and fish`; one word alone; none, empty. Help and messages list an enum's
  /// `allCases` with it, so that a case added is listed everywhere.
  func listed(joinedBy conjunction: String) -> String {
    guard count > 1, let last else { return first ?? "" }
    return dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }
}
