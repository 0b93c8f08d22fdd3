extension SDKCheck {
  /// A member read or called on a value an API handed to a closure.
  struct MemberUse: Sendable {
    /// The token of its name.
    var token: Int
    var type: String
    /// As written: `scroll(to:)`, `isCancelled`.
    var written: String
    /// The declaration it calls or reads, when there is one.
    var declared: String?
    var exists: Bool { declared != nil }
    /// The base name: `scroll`, `isCancelled`.
    var name: String { String(written.prefix { $0 != "(" }) }
  }

  /// The members the code reads or calls on names whose SDK types it says
  /// (``Code/typedNames(index:)``), and on such members of them (`value.translation.width`).
  static func members(
    used code: Code, typed: [Substring: String], index: SDKIndex
  ) -> [MemberUse] {
    let anonymous = code.anonymousParameterTypes(index: index)
    var uses: [MemberUse] = []
    var open: [Int] = []
    for position in code.tokens.indices {
      if code.isByte(position, "{") { open.append(position) }
      if code.isByte(position, "}") { _ = open.popLast() }
      let name = code.text(position)
      // `$0` is the innermost closure's own.
      let anonymousType =
        name.hasPrefix("$")
        ? open.last.flatMap { anonymous[$0] }.flatMap { types in
          name.dropFirst().first?.wholeNumberValue.flatMap { $0 < types.count ? types[$0] : nil }
        } : nil
      // Not a declaration's name, nor one a modifier on the next line follows (a fragment).
      guard let root = anonymousType ?? typed[name] ?? staticRoot(at: position),
        !(position > 0 && code.isByte(position - 1, ".")),
        !(position > 0 && ["var", "let"].contains(code.text(position - 1))),
        position + 1 < code.tokens.count,
        code.tokens[position + 1].line == code.tokens[position].line
      else { continue }
      var type = root
      // After `Type.shared`, the links are the value's.
      var dot = typed[name] == nil && anonymousType == nil ? position + 3 : position + 1
      // An optional's member is read through `?` or `!` written against it
      // (`item?.loadTransferable`); a spaced `?` is a ternary's.
      func unwrapping(_ dot: Int) -> Int {
        guard dot + 1 < code.tokens.count, code.isByte(dot, "?") || code.isByte(dot, "!"),
          !code.tokens[dot].followsSpace, !code.tokens[dot + 1].followsSpace
        else { return dot }
        return dot + 1
      }
      dot = unwrapping(dot)
      while dot + 1 < code.tokens.count, code.isByte(dot, "."),
        // A member may be named by a contextual keyword (`open`).
        [.identifier, .keyword].contains(code.tokens[dot + 1].kind)
      {
        // A labelled tuple has its elements and nothing else (`result.overflow`).
        if let labels = SDKIndex.tupleLabels(type) {
          let member = String(code.text(dot + 1))
          let element = labels.firstIndex(of: member)
          uses.append(
            MemberUse(
              token: dot + 1, type: type, written: member, declared: element.map { labels[$0] }))
          guard let element, let next = SDKIndex.tupleElements(type)?[element].type, next != "_"
          else { break }
          type = next
          dot = unwrapping(dot + 2)
          continue
        }
        guard index.describes(type) else { break }
        let member = String(code.text(dot + 1))
        let labels = code.labels(after: dot + 1)
        // A value has no static members (`MainActor.shared.run`).
        // A property is called only where its value can be (`dismiss()`, a closure's).
        let declared = index.members(named: member, of: type).first {
          !$0.isStatic
            && (labels == nil
              || $0.accepts(written: labels!)
                && ($0.isCall || Self.isCallable($0.type, index: index)))
        }
        let written = labels.map { member + "(" + $0.map { $0 + ":" }.joined() + ")" } ?? member
        uses.append(
          MemberUse(token: dot + 1, type: type, written: written, declared: declared?.signature))
        // On through what a call returns (`Calendar.current.dateComponents(…).day`).
        guard declared != nil, let next = index.memberType(named: member, labels: labels, on: type)
        else { break }
        if next != "Self" { type = next }
        dot += 2
        if labels != nil {
          guard dot < code.tokens.count, code.isByte(dot, "(") else { break }
          dot = code.close(of: dot) + 1
        }
        dot = unwrapping(dot)
      }
    }
    return uses

    /// The type of `Type.member` at `position` when a member of that value follows
    /// (`MainActor.shared.run`): the static property's type, as the index says.
    func staticRoot(at position: Int) -> String? {
      // The punctuation first: it is one byte to look at, where most tokens are not followed
      // by a `.`.
      guard position + 4 < code.tokens.count, code.isByte(position + 1, "."),
        code.isByte(position + 3, ".")
      else { return nil }
      let name = code.text(position)
      guard name.first?.isUppercase == true, code.tokens[position + 2].kind == .identifier,
        code.isByte(position + 3, "."), index.describes(String(name)),
        let type = index.memberType(
          named: String(code.text(position + 2)), labels: nil, on: String(name))
      else { return nil }
      return type == "Self" ? String(name) : type
    }
  }
}
