import Foundation
import Scheduler
import SchedulerTestSupport
import Testing

@testable import ReviewStorage

/// JournalLineReader is a shortcut: whatever it reads, the generic decoder must read to the same
/// event, bit for bit.
@Suite("The journal line reader")
struct JournalLineReaderTests {
  /// Checks the shortcut's promise on `line`: it may decline, but never disagree. Returns
  /// whether it read the line.
  @discardableResult
  private func expectAgreement(
    _ line: Data, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    guard let fast = JournalLineReader.read(line) else { return false }
    let text = String(decoding: line, as: UTF8.self)
    let slow = try? JournalEvent.decodeGenerically(line: line)
    #expect(slow == fast, "\(text)", sourceLocation: sourceLocation)
    // Equal doubles may differ in their bits (0 and -0); their shortest texts do not.
    #expect(
      (try? slow?.encodedLine()) == (try? fast.encodedLine()), "\(text)",
      sourceLocation: sourceLocation)
    return true
  }

  private static let importEvent = JournalEvent.imported(
    ImportEvent(
      id: UUID(), card: "anki-a", at: moment("2026-11-30T10:00:00Z"), origin: "anki",
      state: CardState(due: day("2026-12-05"))))

  @Test("reads every kind of event that the coding tests write, as the decoder does")
  func readsWhatQuizWrites() throws {
    for event in JournalEventCodingTests.events + [Self.importEvent] {
      let line = try event.encodedLine()
      #expect(JournalLineReader.read(line) == event)
      #expect(expectAgreement(line))
    }
  }

  @Test("reads thousands of random events as they were written, as the decoder does")
  func readsRandomEvents() throws {
    var random = SeededGenerator(seed: 11)
    for _ in 0..<5000 {
      let event = Self.randomEvent(&random)
      let line = try event.encodedLine()
      #expect(JournalLineReader.read(line) == event, "\(String(decoding: line, as: UTF8.self))")
      expectAgreement(line)
    }
  }

  @Test("reads a line that is a slice of a larger buffer")
  func readsSlices() throws {
    let event = JournalEventCodingTests.events[0]
    let file = Data("x\n".utf8) + (try event.encodedLine()) + Data("\n".utf8)
    #expect(JournalLineReader.read(file[2..<file.count - 1]) == event)
  }

  @Test(
    "declines what it does not read exactly as quiz writes it, leaving it to the decoder",
    arguments: [
      // No version, a newer or no version, white space, upper-case ids, other moments.
      #"{"id":"0d9a3c2e-0000-4000-8000-000000000001","type":"torn","at":"2026-11-29T10:00:00.000Z","offset":1}"#,
      #"{"v":4,"type":"torn","id":"0d9a3c2e-0000-4000-8000-000000000001","at":"2026-11-29T10:00:00.000Z","offset":1}"#,
      #"{"v":0,"type":"torn","id":"0d9a3c2e-0000-4000-8000-000000000001","at":"2026-11-29T10:00:00.000Z","offset":1}"#,
      #"{"v":1, "type":"torn","id":"0d9a3c2e-0000-4000-8000-000000000001","at":"2026-11-29T10:00:00.000Z","offset":1}"#,
      #"{"v":1,"type":"torn","id":"0D9A3C2E-0000-4000-8000-000000000001","at":"2026-11-29T10:00:00.000Z","offset":1}"#,
      #"{"v":1,"type":"torn","id":"0d9a3c2e-0000-4000-8000-000000000001","at":"2026-11-29T10:00:00Z","offset":1}"#,
      #"{"v":1,"type":"torn","id":"0d9a3c2e-0000-4000-8000-000000000001","at":"2026-11-29T10:00:00.000Z","offset":1.0}"#,
      #"{"v":1,"type":"torn","id":"0d9a3c2e-0000-4000-8000-000000000001","at":"2026-11-29T10:00:00.000Z","offset":01}"#,
      #"{"v":1,"type":"torn","id":"0d9a3c2e-0000-4000-8000-000000000001","at":"2026-11-29T10:00:00.000Z","offset":99999999999999999999}"#,
      #"{"v":1,"type":"torn","id":"0d9a3c2e-0000-4000-8000-000000000001","at":"2026-11-29T10:00:00.000Z","offset":1} "#,
      #"{"v":1,"type":"torn","id":"0d9a3c2e-0000-4000-8000-000000000001","offset":1,"at":"2026-11-29T10:00:00.000Z"}"#,
      #"{"v":1,"type":"review","id":"0d9a3c2e-0000-4000-8000-000000000001","card":"a","at":"2026-11-29T10:00:00.000Z"}"#,
      #"{"v":1,"type":"nap","id":"0d9a3c2e-0000-4000-8000-000000000001","card":"a","at":"2026-11-29T10:00:00.000Z"}"#,
      // A card id the decoder refuses, a lone surrogate, an unknown escape.
      #"{"v":1,"type":"suspend","id":"0d9a3c2e-0000-4000-8000-000000000001","card":"a\u0001","at":"2026-11-29T10:00:00.000Z"}"#,
      #"{"v":1,"type":"suspend","id":"0d9a3c2e-0000-4000-8000-000000000001","card":"a\ud800","at":"2026-11-29T10:00:00.000Z"}"#,
      #"{"v":1,"type":"suspend","id":"0d9a3c2e-0000-4000-8000-000000000001","card":"a\x","at":"2026-11-29T10:00:00.000Z"}"#,
      #"{"v":1,"type":"suspend","id":"0d9a3c2e-0000-4000-8000-000000000001","card":"","at":"2026-11-29T10:00:00.000Z"}"#,
      // A grade, an ease factor, a day that SM-2 or the decoder would not take.
      #"{"v":1,"id":"0d9a3c2e-0000-4000-8000-000000000001","card":"a","at":"2026-11-29T10:00:00.000Z","day":"2026-11-29","grade":6,"before":{},"after":{}}"#,
      #"{"v":1,"type":"import","id":"0d9a3c2e-0000-4000-8000-000000000001","card":"a","at":"2026-11-29T10:00:00.000Z","from":"anki","state":{"due":"2026-11-29","easeFactor":1.2,"interval":0,"lapses":0,"needsExtraReview":false,"repetitions":0,"reviews":0}}"#,
      #"{"v":1,"type":"undo","id":"0d9a3c2e-0000-4000-8000-000000000001","undoes":"0d9a3c2e-0000-4000-8000-000000000002","card":"a","at":"2026-11-29T10:00:00.000Z","reviewDay":"2026-02-30","restored":{"due":"2026-11-29","easeFactor":2.5,"interval":0,"lapses":0,"needsExtraReview":false,"repetitions":0,"reviews":0}}"#,
    ])
  func declines(line: String) {
    #expect(JournalLineReader.read(Data(line.utf8)) == nil)
  }

  @Test(
    "reads a state short of a key, or with its keys in another order, as the decoder does",
    arguments: [
      #"{"due":"2026-11-29","easeFactor":2.5,"interval":0,"lapses":0,"needsExtraReview":false,"repetitions":0}"#,
      #"{"reviews":3,"repetitions":2,"due":"2026-11-29","interval":6,"easeFactor":2.6}"#,
      #"{}"#,
    ])
  func shortState(state: String) throws {
    let line =
      #"{"v":1,"type":"import","id":"0d9a3c2e-0000-4000-8000-000000000001","card":"a","#
      + #""at":"2026-11-29T10:00:00.000Z","from":"anki","state":\#(state)}"#
    #expect(JournalLineReader.read(Data(line.utf8)) != nil)
    #expect(expectAgreement(Data(line.utf8)))
  }

  @Test("reads escapes as the decoder does")
  func escapes() throws {
    let line =
      #"{"v":2,"type":"import","id":"0d9a3c2e-0000-4000-8000-000000000001","card":"a\"\\\/\u00e9\ud83d\ude00b","#
      + #""at":"2026-11-29T10:00:00.000Z","from":"x\n\t\r\b\f\u0001","state":{"due":"2026-11-29","#
      + #""easeFactor":2.5,"interval":0,"lapses":0,"needsExtraReview":false,"repetitions":0,"reviews":0}}"#
    guard case .imported(let event) = try #require(JournalLineReader.read(Data(line.utf8))) else {
      Issue.record("Not an import")
      return
    }
    #expect(event.card == "a\"\\/é😀b")
    #expect(event.origin == "x\n\t\r\u{8}\u{C}\u{1}")
    #expect(expectAgreement(Data(line.utf8)))
  }

  @Test(
    "reads numbers bit for bit as the decoder does",
    arguments: [
      "0", "-0", "12.5", "0.1", "1e22", "1e23", "9007199254740993", "2.3600000000000003",
      "0.0006592790014110506", "5e-324", "1.7976931348623157e308", "2.5E-7", "1e+20", "-3.25",
      "123456789012345678901234567890", "1.00000000000000011102230246251565404236316680908203125",
    ])
  func numbers(text: String) throws {
    let line =
      #"{"v":1,"id":"0d9a3c2e-0000-4000-8000-000000000001","card":"a","#
      + #""at":"2026-11-29T10:00:00.000Z","day":"2026-11-29","grade":4,"seconds":\#(text),"#
      + #""before":{"due":"2026-11-29","easeFactor":2.5,"interval":0,"lapses":0,"#
      + #""needsExtraReview":false,"repetitions":0,"reviews":0},"after":{"due":"2026-11-29","#
      + #""easeFactor":2.5,"interval":0,"lapses":0,"needsExtraReview":false,"repetitions":0,"#
      + #""reviews":0}}"#
    guard case .review(let review) = try #require(JournalLineReader.read(Data(line.utf8))) else {
      Issue.record("Not a review")
      return
    }
    #expect(review.seconds?.bitPattern == Double(text)?.bitPattern)
    #expect(expectAgreement(Data(line.utf8)))
  }

  @Test("never disagrees with the decoder on cut, changed, reordered or spaced lines")
  func neverDisagreesOnMangledLines() throws {
    var random = SeededGenerator(seed: 13)
    let alphabet = Array(#"{}[]:,"0123456789.-+eE truefalsnul\/uabcdefABCDEF"#.utf8)
    var read = 0
    for round in 0..<4000 {
      let event =
        round < 200
        ? (JournalEventCodingTests.events + [Self.importEvent])[round % 7]
        : Self.randomEvent(&random)
      var bytes = Array(try event.encodedLine())
      switch random.next() % 5 {
      case 0:
        bytes.removeLast(1 + Int(random.next() % UInt64(bytes.count - 1)))
      case 1:
        bytes[Int(random.next() % UInt64(bytes.count))] =
          alphabet[Int(random.next() % UInt64(alphabet.count))]
      case 2:
        bytes.insert(UInt8(ascii: " "), at: Int(random.next() % UInt64(bytes.count + 1)))
      case 3:
        bytes = Self.reordered(bytes, &random)
      default:
        for _ in 0..<(1 + Int(random.next() % 3)) where !bytes.isEmpty {
          let index = Int(random.next() % UInt64(bytes.count))
          if random.next() % 2 == 0 {
            bytes.remove(at: index)
          } else {
            bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: index)
          }
        }
      }
      if expectAgreement(Data(bytes)) { read += 1 }
    }
    // Some changes leave a line quiz could have written (a digit for a digit): those are read.
    #expect(read > 100)
  }

  /// The line with two neighbouring members of its top level swapped (split at the commas
  /// outside strings and objects).
  private static func reordered(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
    var members: [[UInt8]] = [[]]
    var depth = 0
    var inString = false
    var escaped = false
    for byte in bytes.dropFirst().dropLast() {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: "{") {
        depth += 1
      } else if byte == UInt8(ascii: "}") {
        depth -= 1
      } else if byte == UInt8(ascii: ","), depth == 0 {
        members.append([])
        continue
      }
      members[members.count - 1].append(byte)
    }
    let index = Int(random.next() % UInt64(members.count - 1))
    members.swapAt(index, index + 1)
    return [UInt8(ascii: "{")] + Array(members.joined(separator: [UInt8(ascii: ",")]))
      + [UInt8(ascii: "}")]
  }

  // MARK: Random events

  private static func randomEvent(_ random: inout SeededGenerator) -> JournalEvent {
    let id = uuid(&random)
    let card = text(&random, nonEmpty: true)
    let at = randomMoment(&random)
    switch random.next() % 6 {
    case 0, 1:
      return .review(
        ReviewEvent(
          id: id, card: card, at: at, day: randomDay(&random),
          grade: Grade(rawValue: Int(random.next() % 6))!,
          seconds: random.next() % 4 == 0 ? nil : double(&random), before: state(&random),
          after: state(&random)))
    case 2:
      return .undo(
        UndoEvent(
          id: id, at: at, undoes: uuid(&random), card: card, reviewDay: randomDay(&random),
          restored: state(&random)))
    case 3:
      return .suspension(
        SuspensionEvent(id: id, card: card, at: at, isSuspended: random.next() % 2 == 0))
    case 4:
      let offsets = [0, 1, Int.max, Int.min, -5, Int(truncatingIfNeeded: random.next())]
      return .tornLine(
        TornLineEvent(id: id, at: at, offset: offsets[Int(random.next() % 6)]))
    default:
      return .imported(
        ImportEvent(
          id: id, card: card, at: at, origin: text(&random, nonEmpty: false),
          state: state(&random)))
    }
  }

  private static func uuid(_ random: inout SeededGenerator) -> UUID {
    var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &uuid) { bytes in
      for index in 0..<16 { bytes[index] = UInt8(truncatingIfNeeded: random.next()) }
    }
    return UUID(uuid: uuid)
  }

  /// A card id or origin: letters, quotes, back slashes, slashes, accents, emoji, and (for an
  /// origin, where the decoder takes them) control characters.
  private static func text(_ random: inout SeededGenerator, nonEmpty: Bool) -> String {
    let pieces = ["a", "Z", "9", "-", "\"", "\\", "/", " ", "é", "ü", "😀", "日本", "::"]
    let controls = ["\n", "\t", "\u{1}", "\u{7F}", "\u{2028}"]
    var text = ""
    for _ in 0..<(Int(random.next() % 12) + (nonEmpty ? 1 : 0)) {
      text +=
        !nonEmpty && random.next() % 4 == 0
        ? controls[Int(random.next() % UInt64(controls.count))]
        : pieces[Int(random.next() % UInt64(pieces.count))]
    }
    return text
  }

  /// A moment to the millisecond, from 1900 to 2200.
  private static func randomMoment(_ random: inout SeededGenerator) -> Date {
    let milliseconds = -2_208_988_800_000 + Int64(random.next() % 9_467_280_000_000)
    return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  private static func randomDay(_ random: inout SeededGenerator) -> Day {
    Day(daysSince1970: -25_000 + Int(random.next() % 110_000))
  }

  /// A double of the kinds the journal holds: SM-2's sums, whole numbers, tiny and huge ones.
  private static func double(_ random: inout SeededGenerator) -> Double {
    let unit = Double(random.next() >> 11) / Double(1 << 53)
    switch random.next() % 5 {
    case 0: return (unit * 600).rounded()
    case 1: return (unit * 6000).rounded() / 10
    case 2: return unit * 1e-7
    case 3: return unit * 1e25
    default: return unit * 100
    }
  }

  private static func state(_ random: inout SeededGenerator) -> CardState {
    var ease = SM2.initialEaseFactor
    for _ in 0..<(random.next() % 30) {
      ease = max(
        SM2.minimumEaseFactor, ease + [0.1, 0, -0.14, -0.32, -0.54][Int(random.next() % 5)])
    }
    let counts = [0, 1, 7, CardState.maximumCount, Int(random.next() % 1000)]
    return CardState(
      repetitions: counts[Int(random.next() % 5)],
      easeFactor: random.next() % 8 == 0 ? SM2.minimumEaseFactor + double(&random) : ease,
      interval: Int(random.next() % UInt64(SM2.maximumInterval + 1)), due: randomDay(&random),
      needsExtraReview: random.next() % 2 == 0, lapses: counts[Int(random.next() % 5)],
      reviews: counts[Int(random.next() % 5)],
      lastReview: random.next() % 3 == 0 ? nil : randomMoment(&random))
  }
}
