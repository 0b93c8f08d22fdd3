extension SDKCheck.Code {
  /// The `for … in name` loops without `await` over a name whose SDK type is an asynchronous
  /// sequence and not a sequence (`for n in stream` over an `AsyncStream`): only `for await`
  /// reads one, so the code does not compile. Returns the names.
  func unawaitedLoops(types: [Substring: String], index: SDKIndex) -> [Substring] {
    var found: [Substring] = []
    for position in tokens.indices where text(position) == "for" {
      var inToken = position + 1
      var awaits = false
      while inToken < tokens.count, text(inToken) != "in", inToken < position + 12 {
        if text(inToken) == "await" { awaits = true }
        inToken += 1
      }
      guard !awaits, inToken + 2 < tokens.count, text(inToken) == "in",
        tokens[inToken + 1].kind == .identifier, isByte(inToken + 2, "{"),
        let type = types[text(inToken + 1)]
      else { continue }
      let supertypes = index.supertypes(of: type)
      if supertypes.contains("AsyncSequence"), !supertypes.contains("Sequence") {
        found.append(text(inToken + 1))
      }
    }
    return found
  }
}
