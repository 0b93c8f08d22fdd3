// Invariants shared by the state fuzz targets. Compiled into the Scheduler module together with
// Sources/Scheduler, so internal declarations are visible; never part of the package build.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Stops the process with `message`, so that libFuzzer records the input as a crash.
func fuzzFailure(_ message: @autoclosure () -> String) -> Never {
  fputs("FUZZ INVARIANT FAILED: \(message())\n", stderr)
  abort()
}

/// Fails unless `condition` holds.
func fuzzRequire(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fuzzFailure(message()) }
}

/// A fuzz input for the state: `state.json`, a NUL byte, then `reviews.jsonl`. Without a NUL the
/// whole input is the journal and there is no snapshot; an empty part after the NUL means there
/// is no journal.
struct StateInput {
  var snapshot: Data?
  var journal: Data?

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    if let nul = bytes.firstIndex(of: 0) {
      snapshot = Data(bytes[..<nul])
      let rest = bytes[(nul + 1)...]
      journal = rest.isEmpty ? nil : Data(rest)
    } else {
      snapshot = nil
      journal = Data(bytes)
    }
  }
}

enum StateChecks {
  static let snapshotURL = URL(fileURLWithPath: "/fuzz/state.json")

  /// A card state that SM-2 could have produced.
  static func card(_ id: String, _ card: CardState, _ context: String) {
    fuzzRequire(
      card.easeFactor.isFinite && card.easeFactor >= SM2.minimumEaseFactor,
      "\(context): card \(id.debugDescription) has easeFactor \(card.easeFactor)")
  }

  /// Every card is a possible SM-2 state, and the state survives being written as a snapshot
  /// and read back.
  static func state(_ state: ReviewState, _ context: String) {
    for (id, card) in state.cards { Self.card(id, card, context) }
    snapshotRoundTrip(Snapshot(state: state), context)
  }

  /// The snapshot encodes, and decodes back to itself.
  static func snapshotRoundTrip(_ snapshot: Snapshot, _ context: String) {
    let data = snapshot.encoded()
    do {
      let back = try Snapshot.decode(data, file: snapshotURL)
      fuzzRequire(
        back == snapshot,
        "\(context): the snapshot changed when written and read back:\n"
          + String(decoding: data, as: UTF8.self))
    } catch {
      fuzzFailure(
        "\(context): a written snapshot cannot be read back: \(error)\n"
          + String(decoding: data, as: UTF8.self))
    }
  }

  /// JournalLineReader's promise: it may decline a line, but what it reads, the generic decoder
  /// reads the same, bit for bit (equal events whose lines are equal too: 0 and -0 differ there).
  static func lineReaderAgreement(_ line: Data) {
    guard let fast = JournalLineReader.read(line) else { return }
    let slow = try? JournalEvent.decodeGenerically(line: line)
    fuzzRequire(
      slow == fast && (try? slow?.encodedLine()) == (try? fast.encodedLine()),
      "the line reader disagrees with the decoder: \(String(decoding: line, as: UTF8.self))")
  }

  /// The event's card states are possible SM-2 states, and the event survives being written as a
  /// journal line and read back.
  static func event(_ event: JournalEvent) {
    switch event {
    case .review(let review):
      card(review.card, review.before, "review before")
      card(review.card, review.after, "review after")
    case .undo(let undo):
      card(undo.card, undo.restored, "undo restored")
    case .imported(let imported):
      card(imported.card, imported.state, "imported state")
    case .history(let history):
      fuzzRequire(
        JournalEvent.problem(withCardID: history.card) == nil, "history of card \(history.card)")
    case .suspension, .tornLine:
      break
    }
    let line: Data
    do {
      line = try event.encodedLine()
    } catch {
      fuzzFailure("an event that was read cannot be written: \(error)")
    }
    fuzzRequire(!line.contains(UInt8(ascii: "\n")), "an encoded event spans lines")
    do {
      let back = try JournalEvent.decode(line: line)
      fuzzRequire(
        back == event,
        "the event changed when written and read back: \(String(decoding: line, as: UTF8.self))")
    } catch {
      fuzzFailure(
        "a written event cannot be read back (\(error)): \(String(decoding: line, as: UTF8.self))")
    }
  }
}
