import Foundation
import Scheduler
import Testing

@testable import ReviewStorage

/// SnapshotReader and JournalLineReader are shortcuts: whatever they read, JSONDecoder must
/// decode to the same value.
@Suite("The snapshot reader")
struct SnapshotReaderTests {
  private static let state =
    #"{"due":"2026-12-05","easeFactor":2.3600000000000003,"interval":6,"lapses":1,"#
    + #""lastReview":"2026-11-29T21:04:05.678Z","needsExtraReview":true,"repetitions":2,"#
    + #""reviews":4}"#

  /// Checks SnapshotReader's promise on `text`: it may decline, but never disagree.
  private func expectAgreement(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let fast = SnapshotReader.read(Data(text.utf8)) else { return }
    let slow = try? JSONDecoder().decode(Snapshot.self, from: Data(text.utf8))
    #expect(slow == fast, "\(text)", sourceLocation: sourceLocation)
  }

  /// Checks JournalLineReader's promise on `text`: it may decline, but never disagree.
  private func expectLineAgreement(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let fast = JournalLineReader.read(Data(text.utf8)) else { return }
    let slow = try? JournalEvent.decodeGenerically(line: Data(text.utf8))
    #expect(slow == fast, "\(text)", sourceLocation: sourceLocation)
  }

  @Test("reads the snapshots quiz writes straight from their bytes, as the decoder does")
  func readsWhatQuizWrites() throws {
    var snapshot = Snapshot(journalEntries: 3, journalBytes: 900, lastEventID: UUID())
    var random = SeededGenerator(seed: 11)
    for index in 0..<300 {
      snapshot.state.cards["card-\(index)"] = CardState(
        repetitions: Int(random.next() % 9), easeFactor: 1.3 + Double(random.next() % 170) / 100,
        interval: Int(random.next() % 400), due: Day(daysSince1970: 11_000 + index),
        needsExtraReview: random.next() % 2 == 0, lapses: Int(random.next() % 5),
        reviews: Int(random.next() % 50),
        lastReview: index % 3 == 0
          ? nil : Date(timeIntervalSince1970: 950_000_000 + Double(index) * 86_400.5))
    }
    snapshot.state.suspended = ["card-3", "card-7"]
    snapshot.state.newCardsByDay = [Day(daysSince1970: 11_000): 20]
    snapshot.state.reviewsByDay = [Day(daysSince1970: 11_000): 41, Day(daysSince1970: 11_001): 2]
    let data = snapshot.encoded()
    let read = try #require(SnapshotReader.read(data))
    #expect(read == snapshot)
    #expect(read == (try JSONDecoder().decode(Snapshot.self, from: data)))
  }

  @Test("reads white space, keys left out and keys in any order as the decoder does")
  func readsEditedFiles() throws {
    let snapshot = """
      {
        "cards" : {
          "a" : \(Self.state),
          "b" : {"due":"2026-11-30"},
          "c" : { "reviews" : 0, "easeFactor" : 1.3 }
        },
        "journalBytes" : 832,
        "journalEntries" : 2,
        "lastEventID" : "5bacf204-409c-4dc6-a212-0a292a3eea39",
        "newCardsByDay" : { "2026-11-29" : 2 },
        "reviewsByDay" : { "2026-11-29" : 2, "2026-11-30" : 7 },
        "suspended" : [ "c" ],
        "version" : 1
      }
      """
    let read = try #require(SnapshotReader.read(Data(snapshot.utf8)))
    #expect(read.state.cards["c"]?.due == Day(daysSince1970: 0))
    #expect(read.journalBytes == 832)
    expectAgreement(snapshot)
    let sparse = #"{"cards":{"a":{"due":"2026-11-30"},"b":{}},"suspended":[],"version":1}"#
    #expect(SnapshotReader.read(Data(sparse.utf8)) != nil)
    expectAgreement(sparse)
  }

  @Test(
    "leaves to the decoder what it would refuse or might read otherwise",
    arguments: [
      #"{"cards":{"a":{"due":null}}}"#, #"{"cards":{"a":{"interval":-1}}}"#,
      #"{"cards":{"a":{"easeFactor":1.0}}}"#, #"{"cards":{"":{}}}"#, #"{"version":2}"#,
      #"{"journalBytes":null}"#, #"{"suspended":["a\u0001"]}"#, #"{"lastEventID":"x"}"#,
      #"{"reviewsByDay":{"2026-13-01":1}}"#, #"{"cards":{"a":{"lastReview":"yesterday"}}}"#,
      #"{"cards":{"a":{}},"unknown":1,"version":1}"#, #"{"cards":{"a":{},"a":{}},"version":1}"#,
      #"{"cards":{"a":{"lapses":1,"lapses":2}},"version":1}"#, #"{"cards":{}}"#,
      #"{"cards":{"a":{"interval":1.0}},"version":1}"#, #"{"version":1} x"#,
      #"{"cards":{"a":{"due":"2026-11-30","unknown":[1,{"x":[]}]}},"version":1}"#,
    ])
  func declines(text: String) {
    #expect(SnapshotReader.read(Data(text.utf8)) == nil)
  }

  @Test("never disagrees with the decoder on mangled snapshots and journal lines")
  func mangled() throws {
    var random = SeededGenerator(seed: 7)
    let documents = [
      #"{"cards":{"a":\#(Self.state)},"journalBytes":10,"lastEventID":null,"version":1}"#,
      #"{"cards":{"a":\#(Self.state),"b":{"due":"2026-11-30"}},"journalBytes":10,"#
        + #""reviewsByDay":{"2026-11-29":2},"suspended":["a"],"version":1}"#,
      String(decoding: try JournalEventCodingTests.events[0].encodedLine(), as: UTF8.self),
    ]
    let alphabet = Array(#"{}[]:,"0123456789.-+eE truefalsnul\ "#.utf8)
    for _ in 0..<3000 {
      var bytes = Array(documents[Int(random.next() % UInt64(documents.count))].utf8)
      for _ in 0..<(1 + Int(random.next() % 3)) {
        let index = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 3 {
        case 0: bytes[index] = alphabet[Int(random.next() % UInt64(alphabet.count))]
        case 1: bytes.remove(at: index)
        default: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: index)
        }
        if bytes.isEmpty { break }
      }
      let text = String(decoding: bytes, as: UTF8.self)
      expectAgreement(text)
      expectLineAgreement(text)
    }
  }

  @Test(
    "tells JSON from what is not, whatever the size of its numbers",
    arguments: [
      (#"{"a":[1,2,{"b":null}],"c":1e400}"#, true), (#" [ true , false ] "#, true),
      (#""x\u00e9""#, true), (#"{"a":}"#, false), (#"[1,]"#, false), ("", false),
      (String(repeating: "[", count: 600) + String(repeating: "]", count: 600), false),
      (#"{"a":1} x"#, false), ("nul", false),
    ])
  func validation(text: String, isJSON: Bool) {
    #expect(JSONScanner.isJSON(Data(text.utf8)) == isJSON)
  }
}
