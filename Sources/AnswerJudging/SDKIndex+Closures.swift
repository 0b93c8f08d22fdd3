extension SDKIndex {
  /// The types a closure passed to a call of `name` on `owner` (a type, `View` for a modifier,
  /// `-` for a free function) is handed, as every overload with such a closure agrees; nil when
  /// they disagree or no overload says. `label` is the closure's label, nil for a trailing one.
  public func closureParameterTypes(
    call name: String, on owner: String, label: String?, count: Int,
    followedBy following: [String] = []
  ) -> [String]? {
    let key = [owner, name, label ?? "", String(count), following.joined(separator: ",")]
      .joined(separator: "\u{1}")
    return caches.closureTypes.value(for: key) {
      readClosureParameterTypes(
        call: name, on: owner, label: label, count: count, followedBy: following)
    }
  }

  private func readClosureParameterTypes(
    call name: String, on owner: String, label: String?, count: Int, followedBy following: [String]
  ) -> [String]? {
    var answer: [Substring]?
    for line in lines(named: name, of: owner) {
      let closures = Self.closures(line.fields).filter {
        (label == nil || $0.label == label![...]) && $0.types.count == count
      }
      var closure = closures.first
      if label == nil {
        // A trailing closure is the argument before the labelled ones that follow it, or the
        // last: an overload that ends otherwise (`placeholder:` after `content:`) is not the
        // one called.
        let labels = Self.member(line.fields).labels
        let next = following.first.flatMap { labels.firstIndex(of: $0) } ?? labels.endIndex
        guard following.allSatisfy(labels.contains), next > 0 else { continue }
        closure = closures.first { String($0.label) == labels[next - 1] }
      }
      guard let closure else { continue }
      if answer == nil {
        answer = closure.types
      } else if answer != closure.types {
        return nil
      }
    }
    return answer.map { $0.map(String.init) }
  }
}
