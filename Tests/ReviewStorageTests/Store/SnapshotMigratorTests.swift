import Foundation
import Scheduler
import Testing

@testable import ReviewStorage

@Suite("state.json versions")
struct SnapshotMigratorTests {
  @Test("Each step runs in turn and the version is raised to the current one")
  func stepsRunInOrder() throws {
    let migrator = SnapshotMigrator(
      currentVersion: 3,
      steps: [
        1: { object in object["renamed"] = object.removeValue(forKey: "original") },
        2: { object in
          guard case .integer(let renamed) = object["renamed"] else { return }
          object["added"] = .integer(renamed + 1)
        },
      ])
    let data = try migrator.migrate(Data(#"{"version":1,"original":41}"#.utf8), from: 1)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["version"] as? Int == 3)
    #expect(object["renamed"] as? Int == 41)
    #expect(object["added"] as? Int == 42)
    #expect(object["original"] == nil)
  }

  @Test("A version with no step up from it is an error")
  func missingStep() {
    let migrator = SnapshotMigrator(currentVersion: 2, steps: [:])
    #expect(throws: SnapshotMigrator.Failure.self) {
      try migrator.migrate(Data(#"{"version":1}"#.utf8), from: 1)
    }
  }

  @Test("A version-1 file loads through a version-2 migrator's step")
  func loadsThroughMigration() throws {
    try withTemporaryDirectory { folder in
      let url = folder.appending(path: "state.json")
      try Data(#"{"version":1,"journalBytes":0,"cardStates":{"a":{"repetitions":3}}}"#.utf8)
        .write(to: url)
      let migrator = SnapshotMigrator(
        currentVersion: 2,
        steps: [1: { object in object["cards"] = object.removeValue(forKey: "cardStates") }])
      let snapshot = try #require(try Snapshot.read(url, migrator: migrator))
      #expect(snapshot.version == 2)
      #expect(snapshot.state.cards["a"]?.repetitions == 3)
      // Version 1 is current today, so the standard migrator reads the file as it is.
      #expect(Snapshot.currentVersion == 1)
      #expect(try Snapshot.read(url)?.state.cards.isEmpty == true)
    }
  }
}
