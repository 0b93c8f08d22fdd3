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
    var walk = FolderWalk()
    walk.visit(folder, isRoot: true)
    if let failure = walk.rootFailure { throw .unreadable(folder, reason: failure) }
    var files: [File] = []
    var diagnostics = walk.diagnostics
    for path in walk.paths {
      switch Self.read(path) {
      case .success(let bytes): files.append(File(path: path, bytes: bytes))
      case .failure(let problem):
        diagnostics.append(
          .error(
            problem.reason, at: SourceLocation(path: ControlCharacters.visible(path), line: 1)))
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
    for parsed in Self.parse(files) {
      var (deck, diagnostics) = parsed
      defer { collection.diagnostics += diagnostics.sorted { $0.location < $1.location } }
      if let other = deckPaths[deck.name] {
        diagnostics.append(
          .error(
            "another deck is already called '\(deck.name)' (\(other)); rename one of the files",
            at: SourceLocation(path: deck.path, line: 1)))
        continue
      }
      deckPaths[deck.name] = deck.path
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

  /// The largest deck file read: far beyond any deck (the shipped ones are 30 to 60 KB), and
  /// small enough that a stray file cannot exhaust memory.
  public static let largestFile = 16 << 20

  /// Why a deck file was not read.
  struct ReadProblem: Error {
    var reason: String
  }

  /// The bytes of the deck file `path`, opened without blocking (a FIFO in a shared folder must
  /// not hang quiz) and read only if it is a regular file of at most ``largestFile`` bytes.
  static func read(_ path: String) -> Result<[UInt8], ReadProblem> {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      return .failure(
        ReadProblem(reason: "the file cannot be read: \(String(cString: strerror(errno)))"))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      return .failure(ReadProblem(reason: "not a regular file; a deck is a text file"))
    }
    guard status.st_size <= largestFile else {
      return .failure(
        ReadProblem(
          reason: "the file has \(status.st_size) bytes; a deck has at most \(largestFile)"))
    }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled)
      }
      if count < 0, errno == EINTR { continue }
      if count < 0 {
        return .failure(
          ReadProblem(reason: "the file cannot be read: \(String(cString: strerror(errno)))"))
      }
      if count == 0 { break }
      filled += count
    }
    return .success(Array(bytes.prefix(filled)))
  }
}

/// The deck files below a folder, found by following links (to files and to folders) with each
/// folder read once, so that a link back up the tree ends instead of looping; every folder or
/// entry that cannot be read is a diagnostic.
struct FolderWalk {
  /// The deck files found, sorted.
  private(set) var paths: [String] = []
  /// What could not be read, or was skipped, and why.
  private(set) var diagnostics: [Diagnostic] = []
  /// Why the folder the walk started at could not be listed, if it could not.
  private(set) var rootFailure: String?
  /// The folders read, by device and inode.
  private var visited: Set<[UInt64]> = []
  /// The most folders read: a link to `/` or `/proc` in a shared decks folder must not make quiz
  /// walk the whole machine.
  static let mostFolders = 10_000

  /// Reads the folder `path` and, below it, every folder not read yet.
  mutating func visit(_ path: String, isRoot: Bool = false) {
    var status = stat()
    guard stat(path, &status) == 0 else { return }
    guard visited.count < Self.mostFolders else {
      if visited.count == Self.mostFolders {
        visited.insert([UInt64.max, UInt64.max])
        diagnostics.append(
          .error(
            "more than \(Self.mostFolders) folders below the decks folder (a link to / or /proc?); "
              + "the rest is not read",
            at: SourceLocation(path: ControlCharacters.visible(path), line: 1)))
      }
      return
    }
    guard visited.insert([UInt64(status.st_dev), UInt64(status.st_ino)]).inserted else {
      diagnostics.append(
        .warning(
          "a link leads to a folder already read (a loop, or the same folder twice); skipped",
          at: SourceLocation(path: ControlCharacters.visible(path), line: 1)))
      return
    }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      let reason = (error as NSError).localizedDescription
      if isRoot {
        rootFailure = reason
      } else {
        diagnostics.append(
          .error(
            "the folder cannot be read: \(reason)",
            at: SourceLocation(path: ControlCharacters.visible(path), line: 1)))
      }
      return
    }
    for name in names.sorted() where !name.hasPrefix(".") {
      let child = (path as NSString).appendingPathComponent(name)
      var entry = stat()
      guard stat(child, &entry) == 0 else {
        diagnostics.append(
          .warning(
            "cannot be read: \(String(cString: strerror(errno))) (a link to nothing?)",
            at: SourceLocation(path: ControlCharacters.visible(child), line: 1)))
        continue
      }
      if entry.st_mode & S_IFMT == S_IFDIR {
        visit(child)
      } else if name.hasSuffix(".md") || name.hasSuffix(".txt"), name.lowercased() != "readme.md" {
        paths.append(child)
      }
    }
    if isRoot { paths.sort() }
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
