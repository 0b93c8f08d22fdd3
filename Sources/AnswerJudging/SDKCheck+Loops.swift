extension SDKCheck.Code {
  /// A `for … in sequence {` loop: how it is marked, and what it reads.
  struct Loop {
    var awaits: Bool
    var tries: Bool
    /// The `in` token.
    var inToken: Int
    /// The sequence's tokens' texts, from after `in` to before the body's `{` or a `where`.
    var sequence: [Substring]

    /// The name a reader of the loop calls its sequence: its last member (`lines` in
    /// `url.lines`), else its text.
    var sequenceName: Substring {
      sequence.count >= 2 && sequence[sequence.count - 2] == "." && sequence.last != ")"
        ? sequence[sequence.count - 1] : Substring(sequence.joined())
    }
  }

  /// The code's `for … in … {` loops, in order.
  func loops() -> [Loop] {
    var found: [Loop] = []
    for position in tokens.indices where text(position) == "for" {
      var loop = Loop(awaits: false, tries: false, inToken: position + 1, sequence: [])
      while loop.inToken < tokens.count, text(loop.inToken) != "in",
        loop.inToken < position + 12
      {
        if text(loop.inToken) == "await" { loop.awaits = true }
        if text(loop.inToken) == "try" { loop.tries = true }
        loop.inToken += 1
      }
      guard loop.inToken < tokens.count, text(loop.inToken) == "in" else { continue }
      var end = loop.inToken + 1
      while end < tokens.count, !isByte(end, "{"), text(end) != "where", end < loop.inToken + 16 {
        if isByte(end, "(") {
          let close = close(of: end)
          guard close < tokens.count else { break }
          loop.sequence += (end...close).map(text)
          end = close + 1
          continue
        }
        loop.sequence.append(text(end))
        end += 1
      }
      guard end < tokens.count, isByte(end, "{") || text(end) == "where", !loop.sequence.isEmpty
      else { continue }
      found.append(loop)
    }
    return found
  }

  /// The `for … in name` loops without `await` over a name whose SDK type is an asynchronous
  /// sequence and not a sequence (`for n in stream` over an `AsyncStream`): only `for await`
  /// reads one, so the code does not compile. Returns the names.
  func unawaitedLoops(types: [Substring: String], index: SDKIndex) -> [Substring] {
    loops().filter { !$0.awaits }.compactMap { loop in
      guard let (name, type) = loopedName(loop, types: types) else { return nil }
      let supertypes = index.supertypes(of: type)
      return supertypes.contains("AsyncSequence") && !supertypes.contains("Sequence")
        ? name : nil
    }
  }

  /// The `for await … in name` loops without `try` over a name whose SDK type is an
  /// asynchronous sequence that throws (`AsyncThrowingStream`, `URLSession.AsyncBytes`): only
  /// `for try await` reads one. Returns the names.
  func untriedLoops(types: [Substring: String]) -> [Substring] {
    loops().filter { $0.awaits && !$0.tries }.compactMap { loop in
      guard let (name, type) = loopedName(loop, types: types), Self.isThrowingSequence(type)
      else { return nil }
      return name
    }
  }

  /// Whether the SDK's asynchronous sequence `type` throws: the standard library names its
  /// throwing sequences so (the index cannot say: every iterator's `next` is declared with a
  /// generic error, `Never` for those that do not throw), and Foundation's byte sequences do.
  static func isThrowingSequence(_ type: String) -> Bool {
    type.hasPrefix("AsyncThrowing")
      || ["URLSession.AsyncBytes", "URL.AsyncBytes", "FileHandle.AsyncBytes"].contains(type)
  }

  /// The name `loop` reads, `in name {`, with its type.
  private func loopedName(_ loop: Loop, types: [Substring: String]) -> (Substring, String)? {
    guard loop.sequence.count == 1, tokens[loop.inToken + 1].kind == .identifier,
      let type = types[loop.sequence[0]]
    else { return nil }
    return (loop.sequence[0], type)
  }
}

extension SDKCheck {
  /// The attempt's loops over a sequence the card reads with `for await` or `for try await`,
  /// written with less: the card's loop tells what its sequence needs where the index cannot
  /// type it (`url.lines`, a stream the author passes in). A loop is the card's where it reads
  /// a sequence of the same name, or where each code has one loop over a name the attempt
  /// does not bind and the card does not write (its own array, or the card's `urls` beside a
  /// `while let … = try await group.next()`, is no renamed stream).
  func unmarkedLoops(in typed: Code) -> [Problem] {
    // Only a loop the card marks has marks to keep: most cards have none, and no reading.
    guard cardLoops.contains(where: \.awaits) else { return [] }
    let loops = typed.loops()
    let isLone = cardLoops.count == 1 && loops.count == 1 && cardLoops[0].sequence.count == 1
    return loops.compactMap { loop in
      let renamed =
        isLone && loop.sequence.count == 1 && !typed.boundNames().contains(loop.sequence[0])
        && !cardNames.contains(loop.sequence[0])
      // The card's loop over the same sequence, else the one over one of the same name where
      // the card reads no other of that name unmarked (`snapshot.values` inside a loop over a
      // publisher's `values`) and the attempt none as the card writes it.
      let named = cardLoops.filter { card in
        card.sequenceName == loop.sequenceName
          // One the attempt reads as the card writes it has its counterpart.
          && (card.sequence == loop.sequence || !loops.contains { $0.sequence == card.sequence })
      }
      let sameName = Set(named.map(\.awaits)).count == 1 ? named.first : nil
      guard
        let card = cardLoops.first(where: { $0.sequence == loop.sequence }) ?? sameName
          ?? (renamed ? cardLoops[0] : nil), card.awaits
      else { return nil }
      let name = loop.sequenceName
      if card.awaits, !loop.awaits {
        return Problem(
          message: "`\(name)` is an asynchronous sequence: it is read with `for await`")
      }
      if card.tries, !loop.tries {
        return Problem(message: "`\(name)` can throw: it is read with `for try await`")
      }
      return nil
    }
  }
}
