import Synchronization

/// Answers kept by key for the life of their owner, safe to share between threads: each is
/// worked out once (or, when two threads ask at once, twice, to the same value).
final class Memo<Value: Sendable>: Sendable {
  private let answers = Mutex<[String: Value]>([:])

  /// The answer for `key`, worked out by `make` the first time it is asked for.
  func value(for key: String, _ make: () -> Value) -> Value {
    if let known = answers.withLock({ $0[key] }) { return known }
    let answer = make()
    answers.withLock { $0[key] = answer }
    return answer
  }
}
