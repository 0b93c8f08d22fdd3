/// A `Duration` written in any unit, read in seconds: `.milliseconds(500)` says what
/// `.seconds(0.5)` says, and a reviewer reads them so.
extension CodeNode {
  /// `Duration`'s static factories with a literal, and each one's length in seconds.
  static let durationUnits: [String: Double] = [
    "seconds": 1, "milliseconds": 1e-3, "microseconds": 1e-6, "nanoseconds": 1e-9,
  ]

  /// `nodes` with each duration of a literal length (`.milliseconds(500)`,
  /// `Duration.milliseconds(500)`) written as `.seconds` of that length (`0.5`). The tokens
  /// stay the attempt's: marks and messages show what was written.
  static func normalizingDurations(_ nodes: [CodeNode]) -> [CodeNode] {
    nodes.map { node in
      var node = node.mappingSequences(normalizingDurations)
      guard [.member, .modifier].contains(node.kind), let scale = durationUnits[node.name],
        node.arguments.count == 1, node.arguments[0].label == nil,
        node.arguments[0].value.count == 1, node.arguments[0].value[0].kind == .literal,
        let length = Double(node.arguments[0].value[0].name.filter { $0 != "_" }),
        length.isFinite
      else { return node }
      node.name = "seconds"
      // Rounded to the nanosecond, the finest unit: `0.1` ms and `100` µs are one length.
      let seconds = (length * scale * 1e9).rounded() / 1e9
      node.arguments[0].value[0].name =
        seconds == seconds.rounded() && abs(seconds) < 1e15
        ? String(Int64(seconds)) : String(seconds)
      return node
    }
  }
}
