import ReviewStorage
import Scheduler

/// What a session did: the grades given, in order, and how it ended.
struct SessionResult: Equatable {
  /// One graded card.
  struct Graded: Equatable {
    var card: String
    var topic: String
    var grade: Grade
    var seconds: Double
    var timedOut = false
    /// What was typed as the attempt; nil when nothing was.
    var attempt: String? = nil
  }

  /// How a session ended.
  enum Ending: Equatable {
    /// No card was left to show.
    case finished
    /// The user quit (`:quit` or Ctrl-D, or the input ended).
    case quit
    /// A signal arrived.
    case interrupted(Int32)
    /// A grade could not be saved; the message says why.
    case failed(String)
  }

  var graded: [Graded] = []
  var skipped = 0
  var suspended = 0
  var ending = Ending.finished
  var seconds: Double = 0

  /// The grades that count as recalled (``Grade/isRecalled``).
  var recalled: [Graded] { graded.filter(\.grade.isRecalled) }

  /// The share of grades that count as recalled.
  var accuracy: Double? {
    graded.isEmpty ? nil : Double(recalled.count) / Double(graded.count)
  }
}
