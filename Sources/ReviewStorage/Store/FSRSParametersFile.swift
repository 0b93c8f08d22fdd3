import Basics
import FoundationEssentials
import Glibc
import Scheduler

/// FSRS weights fitted to the user's reviews and kept in the state folder,
/// `fsrs-parameters.json`, for FSRS to schedule with: see docs/state-format.md.
public struct SavedFSRSParameters: Equatable, Sendable {
  /// The 21 weights, each within ``FSRSParameters/weightBounds``.
  public let weights: [Double]
  /// When they were fitted.
  public let fittedAt: Date
  /// The predicted reviews they were fitted to.
  public let items: Int

  /// Saved parameters of `weights`, checked as ``FSRSParameters`` checks them.
  public init(weights: [Double], fittedAt: Date, items: Int) throws(FSRSParameterError) {
    _ = try FSRSParameters(weights: weights)
    self.weights = weights
    self.fittedAt = fittedAt
    self.items = max(0, items)
  }

  /// The file's name in the state folder.
  public static let fileName = "fsrs-parameters.json"

  /// The format version this quiz writes and reads.
  public static let currentVersion = 1

  /// The largest file read: a file quiz writes is under 1 KiB.
  static let largestFile = 64 * 1024

  /// The file in `folder`.
  public static func url(in folder: URL) -> URL {
    folder.appending(path: fileName)
  }

  /// The parameters saved in the state folder `folder`, or nil when there are none.
  ///
  /// - Throws: A file that is not such parameters (damaged, foreign, of a newer version, a
  ///   weight out of its bounds) as ``StateError/unreadableParameters(file:line:reason:)`` or
  ///   ``StateError/newerVersion(file:line:found:supported:)``, naming the line; a link or other
  ///   non-regular file as ``StateError/notRegularFile(file:found:)``. Nothing is written.
  public static func load(in folder: URL) throws(StateError) -> SavedFSRSParameters? {
    let url = url(in: folder)
    guard let file = try StateFile.openForReadingIfPresent(url) else { return nil }
    let size = try file.size()
    guard size <= largestFile else {
      throw .unreadableParameters(
        file: url, line: nil, reason: "it holds \(size) bytes, more than such a file ever does")
    }
    return try decode(Array(try file.read(from: 0, to: size)), file: url)
  }

  /// Reads the bytes of a parameters file, named `url` in errors; touches no file.
  static func decode(_ bytes: [UInt8], file url: URL) throws(StateError) -> SavedFSRSParameters {
    let json: LocatedJSON
    do throws(LocatedJSON.Failure) {
      json = try LocatedJSON.parse(bytes)
    } catch {
      throw .unreadableParameters(file: url, line: error.line, reason: "not JSON: \(error.reason)")
    }
    func fail(_ value: LocatedJSON, _ reason: String) -> StateError {
      .unreadableParameters(file: url, line: value.line, reason: reason)
    }
    guard case .object = json.value else {
      throw fail(json, "not a JSON object of FSRS parameters")
    }
    guard let version = json["version"] else {
      throw fail(json, "no \"version\": not FSRS parameters that quiz wrote")
    }
    guard case .number(let number) = version.value, let found = Int(exactly: number), found >= 1
    else { throw fail(version, "\"version\" is not a version quiz ever wrote") }
    guard found <= currentVersion else {
      throw .newerVersion(file: url, line: version.line, found: found, supported: currentVersion)
    }
    guard let list = json["weights"], case .array(let elements) = list.value else {
      throw fail(json["weights"] ?? json, "no \"weights\" list")
    }
    var weights: [Double] = []
    for element in elements {
      guard case .number(let weight) = element.value else {
        throw fail(element, "weight w\(weights.count) is not a number")
      }
      weights.append(weight)
    }
    let fittedAt = try moment(json["fittedAt"], in: json, fail)
    var items = 0
    if let count = json["items"] {
      guard case .number(let number) = count.value, let whole = Int(exactly: number), whole >= 0
      else { throw fail(count, "\"items\" is not a count") }
      items = whole
    }
    do throws(FSRSParameterError) {
      return try SavedFSRSParameters(weights: weights, fittedAt: fittedAt, items: items)
    } catch {
      if case .weightOutOfBounds(let index, _) = error, elements.indices.contains(index) {
        throw fail(elements[index], error.description)
      }
      throw fail(list, error.description)
    }
  }

  /// `fittedAt`'s moment, which must be there.
  private static func moment(
    _ value: LocatedJSON?, in json: LocatedJSON, _ fail: (LocatedJSON, String) -> StateError
  ) throws(StateError) -> Date {
    guard let value else { throw fail(json, "no \"fittedAt\" moment") }
    guard case .string(let text) = value.value, let date = Timestamp.parse(text) else {
      throw fail(value, "\"fittedAt\" is not an ISO 8601 moment")
    }
    return date
  }

  /// The file's text: pretty JSON, keys sorted, one weight a line so that an error names its
  /// line, each weight in the shortest form that reads back to the same Double.
  public func encoded() -> Data {
    var text = "{\n"
    text += "  \"fittedAt\" : \"\(Timestamp.format(fittedAt))\",\n"
    text += "  \"items\" : \(items),\n"
    text += "  \"version\" : \(Self.currentVersion),\n"
    text += "  \"weights\" : [\n"
    text += weights.map { "    \($0)" }.joined(separator: ",\n")
    text += "\n  ]\n}\n"
    return Data(text.utf8)
  }

  /// Writes the parameters to the state folder `folder`, replacing any saved before: whole or
  /// not at all (``AtomicFile``), readable by the user only.
  ///
  /// Makes the folder if needed, as a session does, and refuses one that is not private.
  public func save(in folder: URL) throws(StateError) {
    try StateFile.createFolder(folder)
    try StateFile.checkFolderIsPrivate(folder)
    let url = Self.url(in: folder)
    // AtomicFile's own temporary name (not the store's `.quiz-tmp-`), so that a session opening
    // the folder meanwhile does not sweep it away: this write holds no lock.
    do throws(AtomicFile.Failure) {
      try AtomicFile.write(
        encoded(), to: url.path, AtomicFile.Options(replacing: true, permissions: 0o600))
    } catch {
      switch error {
      case .failed(let operation, let code):
        throw .io(file: url, operation: operation, code: code)
      case .exists, .abandoned:
        // Neither happens when replacing data that is all there.
        throw .io(file: url, operation: "replace it", code: EIO)
      }
    }
  }
}
