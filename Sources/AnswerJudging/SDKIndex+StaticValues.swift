/// The static members that stand for a type's values: `.rect` for `Rectangle()`,
/// `.periodic(from:by:)` for `PeriodicTimelineSchedule(from:by:)`; and an enumeration's cases.
extension SDKIndex {
  /// The one static property, of the protocols `type` conforms to, whose value is a `type`
  /// (`Shape`'s `rect`, a `Rectangle`): what `.rect` stands for where such a protocol is asked
  /// for. Nil where there is none, or more than one.
  public func staticValueName(of type: String) -> String? {
    caches.staticValues.value(for: type) { readStaticValueName(of: type) }
  }

  private func readStaticValueName(of type: String) -> String? {
    var found: Set<Substring> = []
    // `View` declares no such value, and has thousands of members to read.
    for owner in conformances[type] ?? [] where owner != "View" {
      for line in memberLines[Substring(owner)] ?? [] {
        let fields = line.fields
        guard fields.count > 7, fields[3].contains("s"), fields[3].contains("v"),
          fields[7] == type
        else { continue }
        found.insert(line.signature)
      }
    }
    return found.count == 1 ? found.first.map(String.init) : nil
  }

  /// The one static method, of the protocols `type` conforms to, that makes a `type` from the
  /// arguments its initialiser takes with `labels` (`TimelineSchedule`'s `periodic(from:by:)`
  /// for `PeriodicTimelineSchedule(from:by:)`, `Shape`'s `rect(cornerRadius:style:)` for
  /// `RoundedRectangle(cornerRadius:)`, its style defaulted): what the implicit member stands
  /// for. Nil where there is none, or more than one.
  public func staticFactoryName(of type: String, labels: [String]) -> String? {
    let signature = "(" + labels.map { $0 + ":" }.joined() + ")"
    return caches.staticValues.value(for: type + signature) {
      var found: Set<Substring> = []
      for owner in conformances[type] ?? [] where owner != "View" {
        for line in memberLines[Substring(owner)] ?? [] {
          let fields = line.fields
          guard fields.count > 7, fields[3].contains("s"), fields[3].contains("f"),
            fields[7] == type,
            line.signature.hasSuffix(signature) || Self.member(fields).takes(written: labels),
            case let name = line.signature.prefix(while: { $0 != "(" }),
            staticTypes(named: name, of: owner).count == 1
          else { continue }
          found.insert(name)
        }
      }
      return found.count == 1 ? found.first.map(String.init) : nil
    }
  }

  /// The type an implicit member call makes where the protocol declaring it makes other types
  /// with static members of the same name (`Shape`'s `.rect(cornerRadius:)`, a
  /// `RoundedRectangle`, beside `.rect`, a `Rectangle`): there the type's initialiser, taking
  /// the same labels, is the spelling both are read as. Nil where there is no such one type.
  public func ambiguousFactoryType(named name: String, labels: [String]) -> String? {
    let signature = "(" + labels.map { $0 + ":" }.joined() + ")"
    return caches.staticValues.value(for: "." + name + signature) {
      var found: Set<String> = []
      for (owner, member) in membersOfAnyType(named: name)
      where member.isStatic && member.isCall && member.takes(written: labels) {
        guard let type = member.type, type != "Self", type != owner,
          staticTypes(named: Substring(name), of: owner).count > 1,
          members(named: "init", of: type).contains(where: { $0.takes(written: labels) })
        else { continue }
        found.insert(type)
      }
      return found.count == 1 ? found.first : nil
    }
  }

  /// The types `owner`'s static members named `name` make.
  private func staticTypes(named name: Substring, of owner: String) -> Set<Substring> {
    var types: Set<Substring> = []
    for line in memberLines[Substring(owner)] ?? []
    where line.signature.prefix(while: { $0 != "(" }) == name {
      let fields = line.fields
      if fields.count > 7, fields[3].contains("s") { types.insert(fields[7]) }
    }
    return types
  }

  /// Whether a type the index declares has two cases, `one` and `other`, and no more: a
  /// comparison with one says "not" the other (`== .compact` is `!= .regular`).
  public func areTheOnlyCases(_ one: String, _ other: String) -> Bool {
    caches.onlyCases.value(for: one + " " + other) {
      types(declaring: one).contains { owner in
        let cases = (memberLines[Substring(owner)] ?? []).filter {
          Self.member($0.fields).isCase
        }
        return Set(cases.map { String(Self.baseName($0.signature)) }) == [one, other]
      }
    }
  }
}
