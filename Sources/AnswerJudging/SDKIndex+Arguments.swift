extension SDKIndex {
  /// What a call must pass for one parameter, as its declaration says.
  public enum Parameter: Sendable, Equatable {
    /// A value with no default.
    case required
    /// A value with a default, or a variadic list: the call may leave it out.
    case optional
    /// A closure with no default: an argument or a trailing closure.
    case closure
    /// A closure with a default.
    case optionalClosure
    /// A variadic list (`for forTypes: any PersistentModel.Type...`): the call may leave it out,
    /// or give it several values, the ones after the first without labels.
    case variadic

    /// Reads a letter of the listing's last field: `r`, `d`, `f`, `g` or `v`.
    init?(code: UInt8) {
      switch code {
      case UInt8(ascii: "r"): self = .required
      case UInt8(ascii: "d"): self = .optional
      case UInt8(ascii: "f"): self = .closure
      case UInt8(ascii: "g"): self = .optionalClosure
      case UInt8(ascii: "v"): self = .variadic
      default: return nil
      }
    }

    var isOptional: Bool { self == .optional || self == .optionalClosure || self == .variadic }
    var isClosure: Bool { self == .closure || self == .optionalClosure }
  }

  /// The closures written after a call's argument list: an unlabelled one first, then labelled
  /// ones (`} message: {`).
  public struct TrailingClosures: Sendable, Equatable {
    /// Whether there is an unlabelled closure, the first.
    public var unlabelled = false
    /// The labels of the labelled closures, in order.
    public var labels: [String] = []

    /// An unlabelled closure if `unlabelled`, then one labelled each of `labels`; none by default.
    public init(unlabelled: Bool = false, labels: [String] = []) {
      self.unlabelled = unlabelled
      self.labels = labels
    }
  }

  /// Whether a call written with `labels` and `trailing` closures may be a call of `member`: its
  /// labels in order, and nothing it needs left out (as far as the index says).
  static func fits(
    _ member: Member, written labels: [String], trailing: TrailingClosures = .init()
  ) -> Bool {
    member.accepts(written: labels)
      && missing(in: member, written: labels, trailing: trailing) == nil
  }

  /// The parameters a call written with `labels` (`_` for an argument without one) and
  /// `trailing` closures leaves out though `member` needs them, by label; nil when it may be a
  /// call of `member`, or the index does not say what `member` needs. Empty when the labels
  /// themselves do not fit.
  ///
  /// Arguments are matched to parameters in order, as the compiler does; the unlabelled
  /// trailing closure goes to the first closure parameter left that needs one (else the first
  /// left), as Swift's forward scan does. A trailing closure no parameter takes is let be: a
  /// `{` after a condition's call (`if isValid(x) {`) reads the same.
  static func missing(
    in member: Member, written labels: [String], trailing: TrailingClosures = .init()
  ) -> [String]? {
    guard let parameters = member.parameters, parameters.count == member.labels.count else {
      return nil
    }
    var missing: [String] = []
    var next = 0
    // Takes the parameter labelled `label`, noting those it passes over that need an argument.
    func take(_ label: String) -> Bool {
      guard let found = member.labels[next...].firstIndex(of: label) else { return false }
      missing += (next..<found).filter { !parameters[$0].isOptional }.map { member.labels[$0] }
      next = found + 1
      return true
    }
    for label in labels where !take(label) {
      // More values of a variadic parameter.
      guard label == "_", next > 0, parameters[next - 1] == .variadic else { return [] }
    }
    if trailing.unlabelled {
      let rest = next..<parameters.count
      if let closure = rest.first(where: { parameters[$0] == .closure })
        ?? rest.first(where: { parameters[$0].isClosure })
      {
        // By place, not label: `accessibilityAction(_:_:)` has two `_`, the first defaulted.
        missing += (next..<closure).filter { !parameters[$0].isOptional }.map { member.labels[$0] }
        next = closure + 1
      }
    }
    for label in trailing.labels where !take(label) { return [] }
    missing += (next..<parameters.count).filter { !parameters[$0].isOptional }.map {
      member.labels[$0]
    }
    return missing.isEmpty ? nil : missing
  }
}

extension SDKIndex {
  /// Whether some declaration takes an argument labelled `label` (`systemImage`), gathered
  /// once as ``declaresMember(named:)``'s names are.
  public func declaresLabel(_ label: String) -> Bool {
    caches.allLabels.value(for: "") {
      // Read by bytes, each label kept as the listing's own text: splitting every signature
      // into Strings took 89 ms in a debug build, on the first judgement of a process.
      var labels: Set<Substring> = []
      for line in memberLines.values.joined() {
        let signature = line.signature
        guard let open = signature.utf8.firstIndex(of: UInt8(ascii: "(")) else { continue }
        var start = signature.utf8.index(after: open)
        var position = start
        while position != signature.utf8.endIndex {
          let byte = signature.utf8[position]
          if byte == UInt8(ascii: ":") || byte == UInt8(ascii: ")") {
            if position != start { labels.insert(signature[start..<position]) }
            start = signature.utf8.index(after: position)
          }
          position = signature.utf8.index(after: position)
        }
      }
      labels.remove("_")
      return labels
    }.contains(Substring(label))
  }
}
