import CardDeck

extension SDKCheck {
  /// The methods a type writes under the name of a requirement of a protocol it conforms to,
  /// with labels no requirement of that name has (`updateUIView(uiView:context:)` for
  /// `UIViewRepresentable`'s `updateUIView(_:context:)`): another method, so the type does not
  /// conform.
  func misnamedRequirements(in typed: Code) -> [Problem] {
    var found: [Problem] = []
    for (protocols, body) in typed.conformingBodies() {
      // Only a name the card's conforming types declare: the index cannot tell a protocol's
      // requirements from its extension's methods (a view's own `opacity(at:)` helper).
      for (name, labels) in typed.methods(in: body)
      where cardMethods.contains(where: { $0.hasPrefix(name + "(") }) {
        for type in protocols where index.isProtocol(type) {
          let required = index.ownMembers(named: name, of: type).filter(\.isCall)
          guard let first = required.first, !required.contains(where: { $0.labels == labels })
          else { continue }
          // A property under a method's name (`var body` in a `ViewModifier`) is no method.
          let written = labels.map { name + "(" + $0.map { $0 + ":" }.joined() + ")" }
          // As the card writes it, it is right, whatever the index says.
          if let written, cardMethods.contains(written) { continue }
          let theirs = first.name + "(" + first.labels.map { $0 + ":" }.joined() + ")"
          found.append(
            Problem(
              message: "`\(type)` requires `\(theirs)`, not "
                + (written.map { "`\($0)`" } ?? "a property `\(name)`")
            ))
        }
      }
    }
    return found
  }
}

extension SDKCheck.Code {
  /// Each type declaration with conformances (`struct Spinner: UIViewRepresentable { … }`):
  /// the names before its body (the protocols, and any generic argument or `where` clause's,
  /// which callers sift), and the tokens of its body.
  func conformingBodies() -> [(protocols: [String], body: Range<Int>)] {
    var found: [(protocols: [String], body: Range<Int>)] = []
    for index in tokens.indices.dropLast(3)
    where ["struct", "class", "enum", "actor", "extension"].contains(text(index))
      && tokens[index + 1].kind == .identifier && isByte(index + 2, ":")
    {
      var protocols: [String] = []
      var position = index + 3
      while position < tokens.count, !isByte(position, "{") {
        if tokens[position].kind == .identifier { protocols.append(String(text(position))) }
        position += 1
      }
      guard position < tokens.count else { continue }
      found.append((protocols, (position + 1)..<close(of: position)))
    }
    return found
  }

  /// The methods the code's conforming types declare, as written (`updateUIView(_:context:)`).
  func conformingMethods() -> Set<String> {
    Set(
      conformingBodies().flatMap { methods(in: $0.body) }.compactMap { method in
        method.labels.map { method.name + "(" + $0.map { $0 + ":" }.joined() + ")" }
      })
  }

  /// The methods declared at the first level of `body`: each name, with its parameters'
  /// argument labels (`_` where there is none); and its properties, without labels.
  func methods(in body: Range<Int>) -> [(name: String, labels: [String]?)] {
    var found: [(name: String, labels: [String]?)] = []
    var position = body.lowerBound
    while position < body.upperBound {
      if isByte(position, "{") || isByte(position, "(") || isByte(position, "[") {
        position = close(of: position) + 1
        continue
      }
      if text(position) == "var" || text(position) == "let", position + 1 < body.upperBound,
        tokens[position + 1].kind == .identifier
      {
        found.append((String(text(position + 1)), nil))
        position += 2
        continue
      }
      guard text(position) == "func", position + 2 < body.upperBound,
        tokens[position + 1].kind == .identifier, isByte(position + 2, "(")
      else {
        position += 1
        continue
      }
      let open = position + 2
      let end = min(close(of: open), body.upperBound)
      var labels: [String] = []
      var start = open + 1
      var inner = start
      while inner <= end {
        if isByte(inner, "(") || isByte(inner, "[") {
          inner = close(of: inner) + 1
          continue
        }
        if inner == end || isByte(inner, ",") {
          // `label name: Type` or `name: Type`: the first word is the label.
          if start < inner,
            [.identifier, .keyword].contains(tokens[start].kind) || text(start) == "_"
          {
            labels.append(String(text(start)))
          }
          start = inner + 1
        }
        inner += 1
      }
      found.append((String(text(position + 1)), labels))
      position = end + 1
    }
    return found
  }
}
