extension SDKCheck.Code {
  /// The properties held by `@ObservedObject`, `@StateObject` or `@EnvironmentObject` whose
  /// type is a class the code declares `@Observable` and not `ObservableObject`: those wrappers
  /// take an `ObservableObject` alone, so the code does not compile. The wrapper and the type.
  func objectWrappersOnObservable() -> [(wrapper: Substring, type: Substring)] {
    let observable = observableClasses()
    guard !observable.isEmpty else { return [] }
    var found: [(Substring, Substring)] = []
    for index in tokens.indices where tokens[index].kind == .attribute {
      let wrapper = text(index).dropFirst()
      guard ["ObservedObject", "StateObject", "EnvironmentObject"].contains(wrapper) else {
        continue
      }
      // `@StateObject private var cart = Cart()`, `@ObservedObject var cart: Cart`.
      var position = index + 1
      while position < tokens.count, position < index + 8, !isByte(position, "{") {
        if let type = observable.first(where: { $0 == text(position) }) {
          found.append((wrapper, type))
          break
        }
        position += 1
      }
    }
    return found
  }

  /// The classes the code declares with `@Observable` and without `ObservableObject`.
  private func observableClasses() -> Set<Substring> {
    var classes: Set<Substring> = []
    for index in tokens.indices where text(index) == "@Observable" {
      var position = index + 1
      while position < tokens.count, position < index + 4, text(position) != "class" {
        position += 1
      }
      guard position + 1 < tokens.count, text(position) == "class",
        tokens[position + 1].kind == .identifier
      else { continue }
      let name = text(position + 1)
      var end = position + 2
      var conforms = false
      while end < tokens.count, !isByte(end, "{") {
        if text(end) == "ObservableObject" { conforms = true }
        end += 1
      }
      if !conforms { classes.insert(name) }
    }
    return classes
  }
}
