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
      guard !awaits, let (name, type) = loopedName(before: inToken, types: types) else {
        continue
      }
      let supertypes = index.supertypes(of: type)
      if supertypes.contains("AsyncSequence"), !supertypes.contains("Sequence") {
        found.append(name)
      }
    }
    return found
  }

  /// The `for await … in name` loops without `try` over a name whose SDK type is an
  /// asynchronous sequence that throws (`AsyncThrowingStream`, `URLSession.AsyncBytes`): only
  /// `for try await` reads one. Returns the names.
  func untriedLoops(types: [Substring: String]) -> [Substring] {
    var found: [Substring] = []
    for position in tokens.indices where text(position) == "for" {
      var inToken = position + 1
      var awaits = false
      var tries = false
      while inToken < tokens.count, text(inToken) != "in", inToken < position + 12 {
        if text(inToken) == "await" { awaits = true }
        if text(inToken) == "try" { tries = true }
        inToken += 1
      }
      guard awaits, !tries, let (name, type) = loopedName(before: inToken, types: types),
        Self.isThrowingSequence(type)
      else { continue }
      found.append(name)
    }
    return found
  }

  /// Whether the SDK's asynchronous sequence `type` throws: the standard library names its
  /// throwing sequences so (the index cannot say: every iterator's `next` is declared with a
  /// generic error, `Never` for those that do not throw), and Foundation's byte sequences do.
  static func isThrowingSequence(_ type: String) -> Bool {
    type.hasPrefix("AsyncThrowing")
      || ["URLSession.AsyncBytes", "URL.AsyncBytes", "FileHandle.AsyncBytes"].contains(type)
  }

  /// The name a loop reads, `in name {`, with its type, where the `in` is at `inToken`.
  private func loopedName(before inToken: Int, types: [Substring: String])
    -> (Substring, String)?
  {
    guard inToken + 2 < tokens.count, text(inToken) == "in",
      tokens[inToken + 1].kind == .identifier, isByte(inToken + 2, "{"),
      let type = types[text(inToken + 1)]
    else { return nil }
    return (text(inToken + 1), type)
  }
}
