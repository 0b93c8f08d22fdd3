import Testing

@testable import Scheduler

@Suite("FSRS parameters")
struct FSRSParametersTests {
  @Test("The defaults are py-fsrs's: 21 weights within bounds, 90%, 1 and 10 minutes, 100 years")
  func defaults() {
    let standard = FSRSParameters.standard
    #expect(standard.weights.count == 21)
    #expect(zip(standard.weights, FSRSParameters.weightBounds).allSatisfy { $1.contains($0) })
    #expect(standard.weights[20] == 0.1542)
    #expect(standard.desiredRetention == 0.9)
    #expect(standard.learningSteps == [.seconds(60), .seconds(600)])
    #expect(standard.relearningSteps == [.seconds(600)])
    #expect(standard.maximumInterval == 36_500)
    #expect(standard.isFuzzingEnabled)
  }

  @Test("A weight list of another length is refused")
  func weightCount() {
    #expect(throws: FSRSParameterError.weightCount(19)) {
      try FSRSParameters(weights: Array(FSRSParameters.defaultWeights.prefix(19)))
    }
    #expect(throws: FSRSParameterError.weightCount(22)) {
      try FSRSParameters(weights: FSRSParameters.defaultWeights + [0.5])
    }
    #expect(FSRSParameterError.weightCount(19).description == "FSRS-6 has 21 weights, not 19.")
  }

  @Test("Each weight just outside its bounds, infinite or NaN is refused, naming the weight")
  func weightBounds() throws {
    for (index, bounds) in FSRSParameters.weightBounds.enumerated() {
      let outside = [
        bounds.lowerBound.nextDown, bounds.upperBound.nextUp, .infinity, -.infinity, .nan,
      ]
      for value in outside {
        var weights = FSRSParameters.defaultWeights
        weights[index] = value
        #expect {
          try FSRSParameters(weights: weights)
        } throws: { error in
          guard case .weightOutOfBounds(index, let found) = error as? FSRSParameterError
          else { return false }
          return found.bitPattern == value.bitPattern
        }
      }
      // The bounds themselves are accepted.
      for value in [bounds.lowerBound, bounds.upperBound] {
        var weights = FSRSParameters.defaultWeights
        weights[index] = value
        _ = try FSRSParameters(weights: weights)
      }
    }
    let error = FSRSParameterError.weightOutOfBounds(index: 5, value: 7.5)
    #expect(error.description == "FSRS weight w5 is 7.5, outside 0.001…4.0.")
  }

  @Test("A desired retention of 0, 1, outside them or NaN is refused")
  func retention() throws {
    for value in [0, 1, -0.1, 1.5, .nan, .infinity] {
      #expect(throws: FSRSParameterError.self) { try FSRSParameters(desiredRetention: value) }
    }
    #expect(throws: FSRSParameterError.desiredRetention(1)) {
      try FSRSParameters(desiredRetention: 1)
    }
    _ = try FSRSParameters(desiredRetention: 0.001)
    _ = try FSRSParameters(desiredRetention: 0.999)
    #expect(
      FSRSParameterError.desiredRetention(1.5).description
        == "The desired retention is 1.5; it must be strictly between 0 and 1.")
  }

  @Test("Steps must be whole seconds, from 1 second to 36,500 days; none at all is allowed")
  func steps() throws {
    let bad: [Duration] = [
      .zero, .seconds(-60), .milliseconds(1_500), .seconds(36_500 * 86_400 + 1),
    ]
    for step in bad {
      #expect(throws: FSRSParameterError.learningStep(index: 1, step)) {
        try FSRSParameters(learningSteps: [.seconds(60), step])
      }
      #expect(throws: FSRSParameterError.relearningStep(index: 0, step)) {
        try FSRSParameters(relearningSteps: [step])
      }
    }
    let empty = try FSRSParameters(learningSteps: [], relearningSteps: [])
    #expect(empty.learningSteps.isEmpty && empty.relearningSteps.isEmpty)
    _ = try FSRSParameters(learningSteps: [.seconds(1), FSRSParameters.maximumStep])
    let message = FSRSParameterError.learningStep(index: 1, .milliseconds(1_500)).description
    #expect(message.hasPrefix("Learning step 2 is 1.5 seconds; a step is a whole number"))
  }

  @Test("The maximum interval is 1 to 36,500 days")
  func maximumInterval() throws {
    for days in [0, -1, 36_501, .max] {
      #expect(throws: FSRSParameterError.maximumInterval(days)) {
        try FSRSParameters(maximumInterval: days)
      }
    }
    _ = try FSRSParameters(maximumInterval: 1)
    #expect(
      FSRSParameterError.maximumInterval(0).description
        == "The maximum interval is 0 days; it must be 1 to 36500 days.")
  }

  @Test("A weight's message is readable even for an index FSRS-6 does not have")
  func foreignIndex() {
    let error = FSRSParameterError.weightOutOfBounds(index: 30, value: 1)
    #expect(error.description == "FSRS-6 has no weight w30 (given 1.0).")
  }
}
