import Foundation

@testable import Scheduler

/// The vectors that Scripts/fsrs-reference/generate.py makes with py-fsrs 6.3.2, in
/// Scripts/fsrs-reference/fsrs-reference.txt; the script describes the format.
struct FSRSReference {
  /// One review and what py-fsrs made of it.
  struct Review {
    let line: Int
    let rating: FSRSRating
    /// Milliseconds after the previous review (after the card's creation for the first).
    let gap: Int64
    /// What py-fsrs's `random()` gave the fuzz; nil if it drew nothing.
    let draw: Double?
    let state: FSRSCard.State
    let step: Int?
    let stability: Double
    let difficulty: Double
    /// Milliseconds from the review to the new due moment.
    let due: Int64
  }

  /// A retrievability asked of the card a sequence left.
  struct Check {
    let gap: Int64
    let retrievability: Double
  }

  /// A new card and its reviews.
  struct Sequence {
    let line: Int
    let scheduler: Int
    let start: Int64
    var reviews: [Review] = []
    var check: Check?
  }

  struct FormatError: Error, CustomStringConvertible {
    let line: Int
    let text: String
    var description: String { "fsrs-reference.txt:\(line): cannot read \(text)" }
  }

  private(set) var schedulers: [FSRSScheduler] = []
  private(set) var sequences: [Sequence] = []

  /// The file in the source tree, read once for all the tests.
  static let shared: Result<FSRSReference, any Error> = Result { try load() }

  static func load() throws -> FSRSReference {
    // Read from the source tree rather than as a bundle resource, so Package.swift needs no entry.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let url = root.appending(path: "Scripts/fsrs-reference/fsrs-reference.txt")
    return try FSRSReference(text: String(decoding: Data(contentsOf: url), as: UTF8.self))
  }

  init(text: String) throws {
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let number = index + 1
      let fields = line.split(separator: " ")
      guard let kind = fields.first, kind != "#" else { continue }
      let values = fields.dropFirst()
      let error = FormatError(line: number, text: String(line))
      switch kind {
      case "p":
        schedulers.append(FSRSScheduler(parameters: try Self.parameters(values, error)))
      case "c":
        guard !schedulers.isEmpty, values.count == 1, let start = Int64(values.first!) else {
          throw error
        }
        sequences.append(Sequence(line: number, scheduler: schedulers.count - 1, start: start))
      case "r":
        guard !sequences.isEmpty else { throw error }
        sequences[sequences.count - 1].reviews.append(try Self.review(values, number, error))
      case "t":
        let values = Array(values)
        guard !sequences.isEmpty, values.count == 2, let gap = Int64(values[0]),
          let retrievability = Double(values[1])
        else { throw error }
        sequences[sequences.count - 1].check = Check(gap: gap, retrievability: retrievability)
      default:
        throw error
      }
    }
  }

  private static func parameters(
    _ fields: ArraySlice<Substring>, _ error: FormatError
  ) throws -> FSRSParameters {
    let fields = Array(fields)
    guard fields.count == 26 else { throw error }
    let weights = fields[0..<21].compactMap { Double($0) }
    guard weights.count == 21, let retention = Double(fields[21]),
      let maximum = Int(fields[22]), let learning = steps(fields[24]),
      let relearning = steps(fields[25])
    else { throw error }
    return try FSRSParameters(
      weights: weights, desiredRetention: retention, learningSteps: learning,
      relearningSteps: relearning, maximumInterval: maximum, fuzzing: fields[23] == "1")
  }

  /// Whole seconds, comma-separated, or `-` for none.
  private static func steps(_ text: Substring) -> [Duration]? {
    if text == "-" { return [] }
    var steps: [Duration] = []
    for part in text.split(separator: ",") {
      guard let seconds = Int64(part) else { return nil }
      steps.append(.seconds(seconds))
    }
    return steps
  }

  private static func review(
    _ fields: ArraySlice<Substring>, _ line: Int, _ error: FormatError
  ) throws -> Review {
    let fields = Array(fields)
    guard fields.count == 7, let rawRating = Int(fields[0]),
      let rating = FSRSRating(rawValue: rawRating), let gap = Int64(fields[1]),
      let stability = Double(fields[4]), let difficulty = Double(fields[5]),
      let place = Self.state(fields[3]), let due = Self.due(fields[6])
    else { throw error }
    let draw = fields[2] == "-" ? nil : Double(fields[2])
    guard fields[2] == "-" || draw != nil else { throw error }
    return Review(
      line: line, rating: rating, gap: gap, draw: draw, state: place.state, step: place.step,
      stability: stability, difficulty: difficulty, due: due)
  }

  /// `R`, or `L` or `X` and a step.
  private static func state(_ text: Substring) -> (state: FSRSCard.State, step: Int?)? {
    switch text.first {
    case "R": return text == "R" ? (.review, nil) : nil
    case "L": return Int(text.dropFirst()).map { (.learning, $0) }
    case "X": return Int(text.dropFirst()).map { (.relearning, $0) }
    default: return nil
    }
  }

  /// `Nd` for whole days, otherwise milliseconds.
  private static func due(_ text: Substring) -> Int64? {
    if text.last == "d" {
      return Int64(text.dropLast()).map { $0 * 86_400_000 }
    }
    return Int64(text)
  }
}
