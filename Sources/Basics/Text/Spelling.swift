/// How far apart two spellings are, for "did you mean" hints.
public enum Spelling {
  /// The Levenshtein distance: how many characters to insert, delete or replace to turn `a`
  /// into `b`.
  public static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
      var previous = row[0]
      row[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let current = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = current
      }
    }
    return row[b.count]
  }

  /// The names among `names` closest to `typed`, ignoring case: those one or two edits away (one
  /// for names of four letters or fewer), or that `typed` begins; the closest first.
  public static func suggestions(for typed: String, among names: [String]) -> [String] {
    let lowered = typed.lowercased()
    guard !lowered.isEmpty else { return [] }
    let scored = names.compactMap { name -> (String, Int)? in
      let candidate = name.lowercased()
      let distance = distance(lowered, candidate)
      let limit = candidate.count <= 4 ? 1 : 2
      if distance <= limit { return (name, distance) }
      if candidate.hasPrefix(lowered) && lowered.count >= 2 { return (name, limit + 1) }
      return nil
    }
    guard let best = scored.map(\.1).min() else { return [] }
    return scored.filter { $0.1 == best }.map(\.0)
  }
}
