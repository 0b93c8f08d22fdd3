/// The static members that stand for a type's values: `.rect` for `Rectangle()`,
/// `.periodic(from:by:)` for `PeriodicTimelineSchedule(from:by:)`.
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
  /// for `PeriodicTimelineSchedule(from:by:)`): what the implicit member stands for. Nil where
  /// there is none, or more than one.
  public func staticFactoryName(of type: String, labels: [String]) -> String? {
    let signature = "(" + labels.map { $0 + ":" }.joined() + ")"
    return caches.staticValues.value(for: type + signature) {
      var found: Set<Substring> = []
      for owner in conformances[type] ?? [] where owner != "View" {
        for line in memberLines[Substring(owner)] ?? [] {
          let fields = line.fields
          guard fields.count > 7, fields[3].contains("s"), fields[3].contains("f"),
            fields[7] == type, line.signature.hasSuffix(signature)
          else { continue }
          found.insert(line.signature.prefix { $0 != "(" })
        }
      }
      return found.count == 1 ? found.first.map(String.init) : nil
    }
  }
}
