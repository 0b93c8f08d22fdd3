import Foundation
import Scheduler
import Testing

@testable import ReviewStorage

/// SnapshotReader reads counts and moments from their bytes: it must take what JSONDecoder takes
/// the same way, and leave to it everything else.
@Suite("The snapshot reader's numbers and moments")
struct SnapshotReaderNumberTests {
  /// A snapshot of one card whose state has `member` (a key and its value) among its members.
  private static func snapshot(_ member: String) -> Data {
    Data(
      (#"{"cards":{"a":{"due":"2026-12-05","#
        + member + #"}},"journalBytes":10,"version":1}"#).utf8)
  }

  @Test(
    "reads a count or an interval as the decoder does",
    arguments: [
      (#""reviews":0"#, 0), (#""reviews":7"#, 7), (#""lapses":1000"#, 1000),
      (#""interval":365"#, 365), (#""repetitions" : 12"#, 12),
    ])
  func readsIntegers(member: String, value: Int) throws {
    let data = Self.snapshot(member)
    let read = try #require(SnapshotReader.read(data))
    #expect(read == (try JSONDecoder().decode(Snapshot.self, from: data)))
    let state = try #require(read.state.cards["a"])
    #expect([state.reviews, state.lapses, state.interval, state.repetitions].contains(value))
  }

  @Test(
    "leaves to the decoder an integer written otherwise, or out of range",
    arguments: [
      #""reviews":007"#, #""reviews":1e2"#, #""reviews":1.0"#,
      #""reviews":-1"#, #""reviews":9223372036854775808"#, #""reviews":99999999999999999999"#,
      #""reviews":-9223372036854775809"#, #""interval":-"#, #""reviews":"#,
    ])
  func declinesOtherIntegers(member: String) {
    #expect(SnapshotReader.read(Self.snapshot(member)) == nil)
  }

  @Test(
    "reads a moment in any form the decoder takes, to the same instant",
    arguments: [
      "2026-11-29T21:04:05.678Z", "2026-11-29T21:04:05Z", "2026-11-29T22:04:05.678+01:00",
      "2026-11-29T21:04:05.6789Z",
    ])
  func readsMoments(text: String) throws {
    let data = Self.snapshot(#""lastReview":""# + text + #"""#)
    let read = try #require(SnapshotReader.read(data))
    #expect(read == (try JSONDecoder().decode(Snapshot.self, from: data)))
    #expect(read.state.cards["a"]?.lastReview == Timestamp.parse(text))
  }

  @Test("leaves to the decoder a moment it cannot read")
  func declinesOtherMoments() {
    for text in ["2026-11-29", "2026-11-29T25:04:05.678Z", "yesterday", ""] {
      #expect(SnapshotReader.read(Self.snapshot(#""lastReview":""# + text + #"""#)) == nil)
    }
  }
}
