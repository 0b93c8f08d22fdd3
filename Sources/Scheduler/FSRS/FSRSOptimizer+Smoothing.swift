import Glibc

extension FSRSOptimizer {
  /// fsrs-rs's `smooth_and_fill`: the first stabilities w0…w3 from those fitted for the first
  /// ratings seen (`counts` says how many first intervals each had), nil if none.
  ///
  /// A worse rating's stability above a better one's is replaced by it, the rating with fewer
  /// first intervals giving way. A rating not seen gets a stability between its neighbours on a
  /// logarithmic scale, with fsrs-rs's weights 0.41 and 0.54; one rating alone scales all four
  /// defaults. Each ends within 0.001…100 days.
  static func smoothAndFill(_ fitted: [Int: Double], counts: [Int: Int]) -> [Double]? {
    var known = fitted.filter { counts[$0.key] != nil }
    for (worse, better) in [(1, 2), (2, 3), (3, 4), (1, 3), (2, 4), (1, 4)] {
      guard let low = known[worse], let high = known[better], low > high else { continue }
      if counts[worse, default: 0] > counts[better, default: 0] {
        known[better] = low
      } else {
        known[worse] = high
      }
    }
    let filled: [Double]
    switch known.count {
    case 0:
      return nil
    case 1:
      let (rating, value) = known.first!
      let defaults = (0..<4).map { Double(Float(FSRSParameters.defaultWeights[$0])) }
      filled = defaults.map { $0 * (value / defaults[rating - 1]) }.sorted()
    default:
      filled = fill([known[1], known[2], known[3], known[4]])
    }
    return filled.map { min(max($0, 0.001), 100) }
  }

  /// The missing of four stabilities (two or three known), as fsrs-rs's cases fill them.
  private static func fill(_ given: [Double?]) -> [Double] {
    let (w1, w2) = (0.41, 0.54)
    func mix(_ a: Double, _ x: Double, _ b: Double, _ y: Double) -> Double {
      pow(a, x) * pow(b, y)
    }
    var s = given
    switch (s[0], s[1], s[2], s[3]) {
    case (nil, nil, let r3?, let r4?):
      s[1] = mix(r3, 1 / (1 - w2), r4, 1 - 1 / (1 - w2))
      s[0] = mix(s[1]!, 1 / w1, r3, 1 - 1 / w1)
    case (nil, let r2?, nil, let r4?):
      s[2] = mix(r2, 1 - w2, r4, w2)
      s[0] = mix(r2, 1 / w1, s[2]!, 1 - 1 / w1)
    case (nil, let r2?, let r3?, nil):
      s[3] = mix(r2, 1 - 1 / w2, r3, 1 / w2)
      s[0] = mix(r2, 1 / w1, r3, 1 - 1 / w1)
    case (let r1?, nil, nil, let r4?):
      let k = w1 + w2 - w1 * w2
      s[1] = mix(r1, w1 / k, r4, 1 - w1 / k)
      s[2] = mix(r1, 1 - w2 / k, r4, w2 / k)
    case (let r1?, nil, let r3?, nil):
      s[1] = mix(r1, w1, r3, 1 - w1)
      s[3] = mix(s[1]!, 1 - 1 / w2, r3, 1 / w2)
    case (let r1?, let r2?, nil, nil):
      s[2] = mix(r1, 1 - 1 / (1 - w1), r2, 1 / (1 - w1))
      s[3] = mix(r2, 1 - 1 / w2, s[2]!, 1 / w2)
    // Three known: fsrs-rs's arms, in its order.
    case (nil, let r2?, let r3?, _):
      s[0] = mix(r2, 1 / w1, r3, 1 - 1 / w1)
    case (_, nil, let r3?, _) where s[0] != nil:
      s[1] = mix(s[0]!, w1, r3, 1 - w1)
    case (_, let r2?, nil, let r4?):
      s[2] = mix(r2, 1 - w2, r4, w2)
    case (_, let r2?, let r3?, nil):
      s[3] = mix(r2, 1 - 1 / w2, r3, 1 / w2)
    default:
      break
    }
    return s.map { $0 ?? 0 }
  }
}
