extension FSRSParameters {
  /// FSRS-6's default weights w0…w20, py-fsrs 6.3.2's `DEFAULT_PARAMETERS`.
  public static let defaultWeights: [Double] = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835,
    0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ]

  /// The range each weight must fall in, py-fsrs 6.3.2's `LOWER_BOUNDS_PARAMETERS` and
  /// `UPPER_BOUNDS_PARAMETERS`.
  ///
  /// w0…w3 are the first stabilities, in days; w20 is the decay of the forgetting curve.
  public static let weightBounds: [ClosedRange<Double>] = [
    0.001...100, 0.001...100, 0.001...100, 0.001...100, 1...10, 0.001...4, 0.001...4,
    0.001...0.75, 0...4.5, 0...0.8, 0.001...3.5, 0.001...5, 0.001...0.25, 0.001...0.9, 0...4,
    0...1, 1...6, 0...2, 0...2, 0...0.8, 0.1...0.8,
  ]
}
