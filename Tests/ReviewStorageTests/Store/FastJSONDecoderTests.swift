import Foundation
import Scheduler
import Testing

@testable import ReviewStorage

/// FastJSONDecoder is a shortcut: whatever it decodes, JSONDecoder must decode to the same value.
@Suite("The fast JSON decoder")
struct FastJSONDecoderTests {
  /// Checks the shortcut's promise on `text`: it may decline, but never disagree.
  private func expectAgreement<T: Decodable & Equatable>(
    _ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let data = Data(text.utf8)
    guard let fast = try? FastJSONDecoder.decode(type, from: data) else { return }
    let slow = try? JSONDecoder().decode(type, from: data)
    #expect(slow == fast, "\(text)", sourceLocation: sourceLocation)
  }

  private func takes<T: Decodable>(_ type: T.Type, _ text: String) -> Bool {
    (try? FastJSONDecoder.decode(type, from: Data(text.utf8))) != nil
  }

  private static let state =
    #"{"due":"2026-12-05","easeFactor":2.3600000000000003,"interval":6,"lapses":1,"#
    + #""lastReview":"2026-11-29T21:04:05.678Z","needsExtraReview":true,"repetitions":2,"#
    + #""reviews":4}"#

  @Test func decodesWhatQuizWritesAsJSONDecoderDoes() throws {
    let snapshot = """
      {
        "cards" : {
          "a" : \(Self.state),
          "b" : {"due":"2026-11-30"},
          "c" : {"due":null,"easeFactor":1.3,"unknown":[1,{"x":[]}],"reviews":0}
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
    #expect(takes(Snapshot.self, snapshot))
    expectAgreement(Snapshot.self, snapshot)
    let decoded = try #require(
      try? FastJSONDecoder.decode(Snapshot.self, from: Data(snapshot.utf8)))
    #expect(decoded.state.cards.count == 3)
    #expect(decoded.state.cards["c"]?.due == Day(daysSince1970: 0))
    #expect(decoded.state.suspended == ["c"])
    #expect(decoded.journalBytes == 832)
  }

  /// Checks SnapshotReader's promise on `text`: it may decline, but never disagree.
  private func expectReaderAgreement(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let fast = SnapshotReader.read(Data(text.utf8)) else { return }
    let slow = try? JSONDecoder().decode(Snapshot.self, from: Data(text.utf8))
    #expect(slow == fast, "\(text)", sourceLocation: sourceLocation)
  }

  @Test func readsTheSnapshotsQuizWritesStraightFromTheirBytes() throws {
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
    // What init(from:) takes with defaults (keys left out) the reader takes too.
    let sparse = #"{"cards":{"a":{"due":"2026-11-30"},"b":{}},"suspended":[],"version":1}"#
    #expect(SnapshotReader.read(Data(sparse.utf8)) != nil)
    expectReaderAgreement(sparse)
    // What it would refuse, or might read otherwise, it leaves to the decoder.
    for text in [
      #"{"cards":{"a":{"due":null}}}"#, #"{"cards":{"a":{"interval":-1}}}"#,
      #"{"cards":{"a":{"easeFactor":1.0}}}"#, #"{"cards":{"":{}}}"#, #"{"version":2}"#,
      #"{"journalBytes":null}"#, #"{"suspended":["a\u0001"]}"#, #"{"lastEventID":"x"}"#,
      #"{"reviewsByDay":{"2026-13-01":1}}"#, #"{"cards":{"a":{"lastReview":"yesterday"}}}"#,
      #"{"cards":{"a":{}},"unknown":1,"version":1}"#, #"{"cards":{"a":{},"a":{}},"version":1}"#,
      #"{"cards":{"a":{"lapses":1,"lapses":2}},"version":1}"#, #"{"cards":{}}"#,
      #"{"cards":{"a":{"interval":1.0}},"version":1}"#, #"{"version":1} x"#,
    ] {
      #expect(SnapshotReader.read(Data(text.utf8)) == nil, "\(text)")
    }
  }

  @Test func agreesOnEveryJournalLineQuizWrites() throws {
    for event in JournalEventCodingTests.events {
      let line = String(decoding: try event.encodedLine(), as: UTF8.self)
      expectAgreement(JournalLineProbe.self, line)
      #expect(try JournalEvent.decode(line: Data(line.utf8)) == event)
    }
  }

  @Test func declinesWhatJSONDecoderMightReadOtherwise() {
    // Escapes, integers written as decimals, repeated keys, trailing text, control characters.
    for text in [
      #"{"card":"a\"b"}"#, #"{"version":1.0}"#, #"{"version":1,"version":2}"#, #"{} x"#,
      "{\"card\":\"a\u{1}\"}", #"{"version":01}"#, #"{"version":1e0}"#, #"{"a":[1,]}"#,
      #"{"a":tru}"#, #"[1"#, "", #"{"a":"\#u{FFFD}"}"#,
    ] {
      expectAgreement(VersionProbe.self, text)
    }
    #expect(!takes(VersionProbe.self, #"{"version":1.0}"#))
    #expect(!takes(VersionProbe.self, #"{"version":1,"version":1}"#))
    #expect(takes(VersionProbe.self, #"{"version":null}"#))
  }

  @Test func neverDisagreesOnMangledInput() {
    var random = SeededGenerator(seed: 7)
    let documents = [
      #"{"cards":{"a":\#(Self.state)},"journalBytes":10,"lastEventID":null,"version":1}"#,
      #"{"cards":{"a":\#(Self.state),"b":{"due":"2026-11-30"}},"journalBytes":10,"#
        + #""reviewsByDay":{"2026-11-29":2},"suspended":["a"],"version":1}"#,
      String(decoding: try! JournalEventCodingTests.events[0].encodedLine(), as: UTF8.self),
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
      expectAgreement(Snapshot.self, text)
      expectReaderAgreement(text)
      expectAgreement(JournalLineProbe.self, text)
    }
  }
}

/// The top-level keys of `state.json` that a version check reads.
private struct VersionProbe: Decodable, Equatable {
  let version: Int?
}

/// The keys of a review line, decoded the way DecodedLine does, to compare both decoders.
private struct JournalLineProbe: Decodable, Equatable {
  let v: Int?
  let type: String?
  let id: String
  let at: String
  let card: String?
  let day: Day?
  let grade: Grade?
  let seconds: Double?
  let before: CardState?
  let after: CardState?
  let restored: CardState?
  let offset: Int?
}
