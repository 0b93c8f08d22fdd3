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

  /// The properties and parameters a type writes under a requirement of a protocol it conforms
  /// to with the card's name but not the card's type, as no witness can: optional where the
  /// card's is not or the other way round, for a property whose type the protocol fixes (`var
  /// errorDescription: String` for `LocalizedError`'s `String?`); or an opaque parameter where
  /// the card names the protocol's type (`body(content: some View)` for `ViewModifier`'s
  /// `Content`). A type the protocol leaves to an associated type (`PreferenceKey`'s
  /// `defaultValue`) may be another, optional or not, and is left to the comparison.
  func mistypedRequirements(in typed: Code) -> [Problem] {
    guard !cardRequirementTypes.isEmpty else { return [] }
    var found: [Problem] = []
    for written in typed.requirementTypes() {
      guard let card = cardRequirementTypes[written.key], card.protocols == written.protocols,
        card.type != written.type
      else { continue }
      let theirs = card.type
      let yours = written.type
      let isMethod = written.key.contains("(")
      let requirement = written.key.prefix { $0 != "#" }
      let protocols = written.protocols.flatMap { Self.protocolAliases[$0] ?? [$0] }
      let fixed = protocols.first { owner in
        index.isProtocol(owner)
          && index.ownMembers(named: written.name, of: owner).contains { member in
            guard member.isCall == isMethod else { return false }
            if isMethod {
              return member.name + "(" + member.labels.map { $0 + ":" }.joined() + ")"
                == requirement
            }
            // The protocol's own type, not an associated one: what the card writes, bare.
            return member.type.map { !$0.hasPrefix("Self") && theirs.hasPrefix($0) } ?? false
          }
      }
      guard let owner = fixed else { continue }
      let optionality = !isMethod && (theirs == yours + "?" || yours == theirs + "?")
      let opaque = isMethod && yours.hasPrefix("some ") && !theirs.hasPrefix("some ")
      guard optionality || opaque else { continue }
      let says = isMethod ? "takes `\(theirs)`, not `\(yours)`" : "is `\(theirs)`, not `\(yours)`"
      found.append(Problem(message: "`\(owner)`'s `\(requirement)` \(says)"))
    }
    return found
  }

  /// The protocols a standard library alias names, which the index lists as a type alias alone.
  static let protocolAliases = ["Codable": ["Decodable", "Encodable"]]
}

extension SDKCheck.Code {
  /// A type written for a requirement a conforming type declares (``requirementTypes()``).
  struct RequirementType {
    /// `errorDescription`, or `body(content:)#0` for a method's first parameter.
    var key: String
    var name: String
    var type: String
    /// The conformances of the type that declares it.
    var protocols: [String]
  }

  /// The types the code's conforming types write for their properties (`var errorDescription:
  /// String?`) and their methods' parameters, at the first level of each body, the words of
  /// each type joined by one space but for `any`: the same witness either way.
  func requirementTypes() -> [RequirementType] {
    var found: [RequirementType] = []
    for (protocols, body) in conformingBodies() {
      var position = body.lowerBound
      while position < body.upperBound {
        if isByte(position, "{") || isByte(position, "[") {
          position = close(of: position) + 1
          continue
        }
        let keyword = text(position)
        if keyword == "var" || keyword == "let", position + 2 < body.upperBound,
          tokens[position + 1].kind == .identifier, isByte(position + 2, ":")
        {
          let name = String(text(position + 1))
          let (type, end) = typeText(from: position + 3, until: body.upperBound)
          found.append(RequirementType(key: name, name: name, type: type, protocols: protocols))
          position = end
          continue
        }
        // `func name(` or `init(`: where the parentheses open.
        let open = keyword == "init" ? position + 1 : position + 2
        guard keyword == "func" || keyword == "init", open < body.upperBound,
          isByte(open, "("), keyword == "init" || tokens[position + 1].kind == .identifier
        else {
          position += 1
          continue
        }
        let name = keyword == "init" ? "init" : String(text(position + 1))
        let end = min(close(of: open), body.upperBound)
        var parameters: [(label: String, type: String)] = []
        var start = open + 1
        while start < end {
          // `label name: Type = default`, then on past the next comma at this level.
          var colon = start
          while colon < end, !isByte(colon, ":") { colon += 1 }
          guard colon < end else { break }
          var (type, next) = typeText(from: colon + 1, until: end)
          parameters.append((String(text(start)), type))
          while next < end, !isByte(next, ",") {
            next = isByte(next, "(") || isByte(next, "[") ? close(of: next) + 1 : next + 1
          }
          start = next + 1
        }
        let signature = name + "(" + parameters.map { $0.label + ":" }.joined() + ")"
        for (offset, parameter) in parameters.enumerated() {
          found.append(
            RequirementType(
              key: "\(signature)#\(offset)", name: name, type: parameter.type,
              protocols: protocols))
        }
        position = end + 1
      }
    }
    return found
  }

  /// What ends a written type at its own level: punctuation, or the next declaration's word.
  private static let typeEnds: Set<Substring> = [
    "{", "=", ",", ")", "}", ";", "var", "let", "func", "static", "init", "case", "private",
    "public", "internal", "fileprivate", "subscript", "typealias", "mutating", "nonisolated",
    "override", "class", "struct", "enum", "actor", "where", "throws", "async",
  ]

  /// The type written from `start`: its words up to what ends it at its own level (`{`, `=`,
  /// `,`, `)` or the next declaration), and where it ends.
  private func typeText(from start: Int, until limit: Int) -> (String, Int) {
    let ends = Self.typeEnds
    var words: [Substring] = []
    var position = start
    while position < limit, !ends.contains(text(position)), tokens[position].kind != .attribute {
      if isByte(position, "[") || isByte(position, "(") || isByte(position, "<") {
        let close =
          isByte(position, "<") ? min(closeAngle(position), limit - 1) : close(of: position)
        words += (position...min(close, limit - 1)).map(text)
        position = close + 1
        continue
      }
      if text(position) != "any" || !words.isEmpty { words.append(text(position)) }
      position += 1
    }
    var type = ""
    for word in words {
      let glued =
        ["?", "!", ".", "]", ">", ")", ",", ":"].contains(word)
        || type.hasSuffix("[") || type.hasSuffix(".") || type.hasSuffix("<") || type.hasSuffix("(")
      type += (type.isEmpty || glued ? "" : " ") + word
    }
    return (type, position)
  }
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
