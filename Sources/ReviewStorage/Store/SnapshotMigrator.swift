import FoundationEssentials
import Scheduler

/// Brings an older `state.json` up to the current version, one version at a time.
///
/// Version 1 is the first, so there are no steps yet. A version 2 adds a step from 1 to 2 that
/// edits the JSON object (rename a key, convert a value), raises `currentVersion`, and changes
/// ``Snapshot``'s coding to the new shape; files of every older version keep loading.
struct SnapshotMigrator: Sendable {
  /// Turns the JSON object of version `n` into that of version `n + 1`.
  typealias Step = @Sendable (inout [String: JSONValue]) throws -> Void

  enum Failure: Error, CustomStringConvertible {
    case notAnObject
    case noStep(from: Int)

    var description: String {
      switch self {
      case .notAnObject: "the top level is not a JSON object"
      case .noStep(let version): "no migration from version \(version)"
      }
    }
  }

  /// The version that ``Snapshot`` reads and writes.
  let currentVersion: Int
  /// The step from each older version to the next.
  let steps: [Int: Step]

  static let standard = SnapshotMigrator(currentVersion: Snapshot.currentVersion, steps: [:])

  /// The file's data brought from `version` to `currentVersion`.
  func migrate(_ data: Data, from version: Int) throws -> Data {
    guard case .object(let members) = try JSONDecoder().decode(JSONValue.self, from: data) else {
      throw Failure.notAnObject
    }
    var object = Dictionary(members, uniquingKeysWith: { _, last in last })
    for from in version..<currentVersion {
      guard let step = steps[from] else { throw Failure.noStep(from: from) }
      try step(&object)
      object["version"] = .integer(from + 1)
    }
    return try JSONEncoder().encode(JSONValue.object(object.map { (key: $0.key, value: $0.value) }))
  }
}
