/// What an FSRS scheduler is set to: the model's 21 weights and the scheduling around them.
///
/// Every value is checked when the parameters are made, before any arithmetic, so that weights
/// read from a file or another program cannot make the scheduler compute a NaN, an infinite
/// interval or a trap. The defaults are py-fsrs 6.3.2's `Scheduler()`.
public struct FSRSParameters: Hashable, Sendable {
  /// The weights w0…w20 of FSRS-6, each within ``weightBounds``.
  public let weights: [Double]
  /// The probability of recall at which a card in review falls due, strictly between 0 and 1.
  public let desiredRetention: Double
  /// The waits of a new card before it graduates to review, each whole seconds; may be empty.
  public let learningSteps: [Duration]
  /// The waits of a forgotten card before it returns to review, each whole seconds; may be empty.
  public let relearningSteps: [Duration]
  /// The longest interval, in days, that a card in review is given: 1…``maximumIntervalLimit``.
  public let maximumInterval: Int
  /// Whether intervals of 3 days and more are moved a little at random, so that cards learnt
  /// together do not stay together.
  public let isFuzzingEnabled: Bool

  /// Parameters with the given values, checked in the order of the arguments; the defaults are
  /// py-fsrs's.
  ///
  /// - Throws: The first value out of its bounds, as ``FSRSParameterError``.
  public init(
    weights: [Double] = FSRSParameters.defaultWeights,
    desiredRetention: Double = 0.9,
    learningSteps: [Duration] = [.seconds(60), .seconds(600)],
    relearningSteps: [Duration] = [.seconds(600)],
    maximumInterval: Int = 36_500,
    fuzzing: Bool = true
  ) throws(FSRSParameterError) {
    try Self.check(weights: weights)
    // The comparisons are false for a NaN, which is refused with the rest.
    guard desiredRetention > 0, desiredRetention < 1 else {
      throw .desiredRetention(desiredRetention)
    }
    try Self.check(steps: learningSteps, relearning: false)
    try Self.check(steps: relearningSteps, relearning: true)
    guard (1...Self.maximumIntervalLimit).contains(maximumInterval) else {
      throw .maximumInterval(maximumInterval)
    }
    self.weights = weights
    self.desiredRetention = desiredRetention
    self.learningSteps = learningSteps
    self.relearningSteps = relearningSteps
    self.maximumInterval = maximumInterval
    self.isFuzzingEnabled = fuzzing
  }

  /// py-fsrs's defaults, fuzz included.
  public static let standard = try! FSRSParameters()

  /// These parameters with another desired retention.
  ///
  /// - Throws: A retention not strictly between 0 and 1, as ``FSRSParameterError``.
  public func with(desiredRetention: Double) throws(FSRSParameterError) -> FSRSParameters {
    try FSRSParameters(
      weights: weights, desiredRetention: desiredRetention, learningSteps: learningSteps,
      relearningSteps: relearningSteps, maximumInterval: maximumInterval,
      fuzzing: isFuzzingEnabled)
  }

  /// The longest maximum interval accepted, in days: py-fsrs's default, 100 years.
  ///
  /// py-fsrs accepts any; a bound keeps every due moment within what quiz's files write.
  public static let maximumIntervalLimit = 36_500

  /// The longest learning or relearning step accepted, as long as the longest interval.
  public static let maximumStep = Duration.seconds(Int64(maximumIntervalLimit) * 86_400)

  /// The steps in milliseconds, the unit the scheduler counts in.
  var learningStepMilliseconds: [Int64] { learningSteps.map(Self.milliseconds) }

  /// The relearning steps in milliseconds.
  var relearningStepMilliseconds: [Int64] { relearningSteps.map(Self.milliseconds) }

  private static func milliseconds(_ step: Duration) -> Int64 {
    step.components.seconds * 1000
  }

  private static func check(weights: [Double]) throws(FSRSParameterError) {
    guard weights.count == weightBounds.count else { throw .weightCount(weights.count) }
    // py-fsrs's `_validate_parameters` compares `lower <= w <= upper`, which refuses NaN and
    // the infinities as well.
    for (index, weight) in weights.enumerated() where !weightBounds[index].contains(weight) {
      throw .weightOutOfBounds(index: index, value: weight)
    }
  }

  private static func check(steps: [Duration], relearning: Bool) throws(FSRSParameterError) {
    // Whole seconds, as py-fsrs's `Scheduler.to_dict` keeps them: then a Hard step's half or
    // one and a half times is whole milliseconds, as quiz's files keep moments.
    for (index, step) in steps.enumerated()
    where step.components.attoseconds != 0 || step <= .zero || step > maximumStep {
      throw relearning ? .relearningStep(index: index, step) : .learningStep(index: index, step)
    }
  }
}
