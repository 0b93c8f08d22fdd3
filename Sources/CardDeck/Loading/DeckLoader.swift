import Foundation

/// Loads every deck of a folder, or of files given in memory, and checks them together.
public struct DeckLoader: Sendable {
  /// A deck file's path and bytes.
  public struct File: Sendable {
    /// The path shown in diagnostics.
    public var path: String
    /// The file's bytes.
    public var bytes: [UInt8]

    /// Creates a file.
    public init(path: String, bytes: [UInt8]) {
      self.path = path
      self.bytes = bytes
    }
  }

  /// A folder that cannot be used as a decks folder.
  public enum FolderError: Error, Equatable, CustomStringConvertible {
    /// Nothing is at the path.
    case notFound(String)
    /// The path is a file, not a folder.
    case notAFolder(String)
    /// The folder cannot be listed.
    case unreadable(String, reason: String)

    /// The problem, naming the folder.
    public var description: String {
      switch self {
      case .notFound(let path): "\(path): no such folder"
      case .notAFolder(let path): "\(path): not a folder"
      case .unreadable(let path, let reason): "\(path): cannot be read: \(reason)"
      }
    }
  }

  /// Creates a loader.
  public init() {}

  /// The decks of `folder` and its subfolders: `.md` files as native decks, `.txt` files as lesson
  /// pages, in path order. `README.md` files and hidden files are skipped.
  public func load(folder: String) throws(FolderError) -> DeckCollection {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
      throw .notFound(folder)
    }
    guard isFolder.boolValue else { throw .notAFolder(folder) }
    let paths: [String]
    do {
      paths = try deckPaths(in: folder)
    } catch {
      throw .unreadable(folder, reason: error.localizedDescription)
    }
    var files: [File] = []
    var diagnostics: [Diagnostic] = []
    for path in paths {
      if let data = FileManager.default.contents(atPath: path) {
        files.append(File(path: path, bytes: Array(data)))
      } else {
        diagnostics.append(
          .error("the file cannot be read", at: SourceLocation(path: path, line: 1)))
      }
    }
    var collection = load(files: files)
    collection.diagnostics.insert(contentsOf: diagnostics, at: 0)
    return collection
  }

  /// The decks in `files`, each read by the format its extension names.
  ///
  /// The files are parsed on all cores at once (each file on its own); the checks across files
  /// (deck names, ids) then run in file order, so the result does not depend on the threads.
  public func load(files: [File]) -> DeckCollection {
    var collection = DeckCollection()
    var deckPaths: [String: String] = [:]
    var idLocations: [String: SourceLocation] = [:]
    for (file, parsed) in zip(files, Self.parse(files)) {
      var (deck, diagnostics) = parsed
      defer { collection.diagnostics += diagnostics.sorted { $0.location < $1.location } }
      if let other = deckPaths[deck.name] {
        diagnostics.append(
          .error(
            "another deck is already called '\(deck.name)' (\(other)); rename one of the files",
            at: SourceLocation(path: file.path, line: 1)))
        continue
      }
      deckPaths[deck.name] = file.path
      deck.cards.removeAll { card in
        if let first = idLocations[card.id] {
          diagnostics.append(
            .error("the id '\(card.id)' is already used at \(first)", at: card.location))
          return true
        }
        idLocations[card.id] = card.location
        return false
      }
      collection.decks.append(deck)
    }
    return collection
  }

  /// Each file parsed by the format its extension names, in the order of `files`.
  private static func parse(_ files: [File]) -> [(deck: Deck, diagnostics: [Diagnostic])] {
    @Sendable func parse(_ file: File) -> (deck: Deck, diagnostics: [Diagnostic]) {
      let source = SourceText(bytes: file.bytes, path: file.path)
      let stem = ControlCharacters.visible(
        URL(fileURLWithPath: file.path).deletingPathExtension().lastPathComponent)
      return file.path.hasSuffix(".txt")
        ? LessonPageParser(fallbackName: stem).parse(source)
        : NativeDeckParser(deckName: stem).parse(source)
    }
    guard files.count > 1 else { return files.map(parse) }
    let results = ParseResults(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      results.store(parse(files[index]), at: index)
    }
    return results.all
  }

  private func deckPaths(in folder: String) throws -> [String] {
    let base = URL(fileURLWithPath: folder)
    let enumerator = FileManager.default.enumerator(
      at: base, includingPropertiesForKeys: [.isRegularFileKey],
      options: [.skipsHiddenFiles])
    var paths: [String] = []
    while let url = enumerator?.nextObject() as? URL {
      let name = url.lastPathComponent
      guard name.hasSuffix(".md") || name.hasSuffix(".txt"), name.lowercased() != "readme.md",
        (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
      else { continue }
      let relative = url.path.dropFirst(base.path.count).drop { $0 == "/" }
      paths.append((folder as NSString).appendingPathComponent(String(relative)))
    }
    return paths.sorted()
  }
}

/// The parsed files, each written once by the iteration that parsed it, read after all are done.
private final class ParseResults: @unchecked Sendable {
  private var results: [(deck: Deck, diagnostics: [Diagnostic])?]
  private let lock = NSLock()

  init(count: Int) {
    results = Array(repeating: nil, count: count)
  }

  func store(_ result: (deck: Deck, diagnostics: [Diagnostic]), at index: Int) {
    lock.withLock { results[index] = result }
  }

  var all: [(deck: Deck, diagnostics: [Diagnostic])] {
    lock.withLock { results.map { $0! } }
  }
}
