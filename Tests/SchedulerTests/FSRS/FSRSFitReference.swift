import Foundation
import Scheduler

/// A history and what fsrs-rs made of it, as Scripts/fsrs-reference/fit.py writes them; the
/// script describes the format.
struct FSRSFitReference {
  /// A set of weights and fsrs-rs's evaluation of them.
  struct Weights {
    let weights: [Double]
    let logLoss: Double
    let rmse: Double
  }

  struct FormatError: Error, CustomStringConvertible {
    let line: Int
    let text: String
    var description: String { "line \(line): cannot read \(text)" }
  }

  private(set) var cards: [[FSRSHistoryReview]] = []
  private(set) var itemCount = 0
  /// What fsrs-rs's `filter_outlier` leaves: first intervals, and items to train on.
  private(set) var outliers = (firstIntervals: 0, training: 0)
  private(set) var weights: [String: Weights] = [:]
  private(set) var seconds: [String: Double] = [:]

  /// The committed fixture, read once for all the tests.
  static let small: Result<FSRSFitReference, any Error> = Result {
    // Read from the source tree rather than as a bundle resource, so Package.swift needs no entry.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try FSRSFitReference(url: root.appending(path: "Scripts/fsrs-reference/fit-small.txt"))
  }

  init(url: URL) throws {
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    for (index, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
      let fields = line.split(separator: " ").map(String.init)
      guard try read(fields) else { throw FormatError(line: index + 1, text: String(line)) }
    }
  }

  /// Takes in one line's fields; false if they are not a record of the format.
  private mutating func read(_ fields: [String]) throws -> Bool {
    switch fields.first {
    case "days": return fields == ["days", "elapsed"]
    case "items":
      guard fields.count == 2, let count = Int(fields[1]) else { return false }
      itemCount = count
    case "outliers":
      guard fields.count == 3, let first = Int(fields[1]), let training = Int(fields[2]) else {
        return false
      }
      outliers = (first, training)
    case "p":
      let numbers = fields.dropFirst(2).compactMap(Double.init)
      guard fields.count == 25, numbers.count == 23 else { return false }
      weights[fields[1]] = Weights(
        weights: Array(numbers.prefix(21)), logLoss: numbers[21], rmse: numbers[22])
    case "time":
      guard fields.count == 3, let value = Double(fields[2]) else { return false }
      seconds[fields[1]] = value
    case "c":
      guard let card = Self.card(fields.dropFirst()) else { return false }
      cards.append(card)
    default: return false
    }
    return true
  }

  private static func card(_ fields: ArraySlice<String>) -> [FSRSHistoryReview]? {
    let numbers = fields.compactMap { Int64($0) }
    guard numbers.count == fields.count, numbers.count % 2 == 1, var moment = numbers.first else {
      return nil
    }
    var reviews: [FSRSHistoryReview] = []
    for pair in stride(from: 1, to: numbers.count, by: 2) {
      guard let rating = FSRSRating(rawValue: Int(numbers[pair])) else { return nil }
      moment += numbers[pair + 1]
      reviews.append(
        FSRSHistoryReview(
          moment: Date(timeIntervalSince1970: TimeInterval(moment)), rating: rating))
    }
    return reviews
  }
}
