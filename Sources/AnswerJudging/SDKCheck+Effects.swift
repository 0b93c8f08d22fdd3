import CardDeck

extension SDKCheck {
  /// The calls the card marks with `await` or `try` that the attempt `typed` writes without:
  /// by the index, where its declarations may be the one called (`URL(string:)` beside a card's
  /// `try` for `URLSession`'s `data(from:)` is not); by the card alone for a method of a value
  /// neither types (`feed.reload()`) and for a macro (`#require`), which no declaration says.
  func unmarkedCalls(
    _ calls: [Code.WrittenCall], ownTypes: Set<Substring>, types: [Substring: String],
    in typed: Code
  ) -> [Problem] {
    var found: [Problem] = []
    for macro in typed.macroCalls() {
      let name = typed.text(macro)
      if awaitedMacros.contains(name), !typed.isMarked(macro, by: "await") {
        found.append(Problem(message: "`\(name)` is `async`: the card writes `await` before it"))
      } else if triedMacros.contains(name), !typed.isMarked(macro, by: "try") {
        found.append(Problem(message: "`\(name)` can throw: the card writes `try` before it"))
      }
    }
    for call in calls
    where !ownTypes.contains(Substring(call.owner ?? "-")) && !typed.isCasePattern(call) {
      let name = typed.text(call.token)
      let onValue =
        markedOnValues.contains(name) && typed.untypedReceiver(of: call, types: types) != nil
      // A method of a typed value is that type's (`encoder.container(keyedBy:)`, which does not
      // throw, beside the card's `try decoder.container(keyedBy:)`).
      var call = call
      if call.owner == nil, !call.isImplicit, call.token >= 2, typed.isByte(call.token - 1, "."),
        let type = types[typed.text(call.token - 2)]
      {
        call.owner = type
      }
      // By its labels the call may be one that has no such effect (`URL(string:)` beside a
      // card's `try` for `URLSession`'s `data(from:)`).
      if awaited.contains(name), !typed.isMarked(call.token, by: "await"),
        onValue
          || index.mayBe(
            .async, call.name, labels: call.labels, on: call.owner,
            trailing: typed.trailingClosures(after: call.token))
      {
        found.append(Problem(message: "`\(name)` is `async`: the card writes `await` before it"))
      } else if tried.contains(name), !typed.isMarked(call.token, by: "try"),
        onValue
          || index.mayBe(
            .throwing, call.name, labels: call.labels, on: call.owner,
            trailing: typed.trailingClosures(after: call.token))
      {
        found.append(Problem(message: "`\(name)` can throw: the card writes `try` before it"))
      }
    }
    return found
  }
}
