import Basics
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

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
  ///
  /// With a `cache`, the files that have not changed since it stored them are not parsed again,
  /// and the cache is brought up to date; the decks are the same with or without it.
  public func load(folder: String, cache: DeckCache? = nil) throws(FolderError) -> DeckCollection {
    var status = stat()
    guard stat(folder, &status) == 0 else { throw .notFound(folder) }
    guard status.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(folder) }
    let (walk, stored) = Self.walk(folder, reading: cache)
    if let failure = walk.rootFailure { throw .unreadable(folder, reason: failure) }
    // Each file's identity as the walk found it: no second `stat` a file.
    let candidates = zip(walk.paths, walk.identities).map { path, identity in
      stored.entries[path].flatMap { identity != nil && $0.identity == identity ? $0 : nil }
    }
    let cached = Self.inParallel(Array(zip(walk.paths, candidates))) { path, entry in
      entry.flatMap { DeckCache.decode($0, in: stored, origin: .file(path)) }
    }
    var results: [Loaded?] = cached
    var files: [(index: Int, file: File, identity: FileIdentity)] = []
    var diagnostics = walk.diagnostics
    // Before the files are read: a file changed shortly before it is not stored, however late
    // the cache is written or long the reads take (a change within the same tick as a read
    // may leave the file's identity as it was).
    let readAt = cache?.clock() ?? 0
    for (index, path) in walk.paths.enumerated() where cached[index] == nil {
      switch Self.read(path) {
      case .success(let (bytes, identity)):
        files.append((index, File(path: path, bytes: bytes), identity))
      case .failure(let problem):
        diagnostics.append(
          .error(
            problem.reason, at: SourceLocation(path: ControlCharacters.visible(path), line: 1)))
      }
    }
    let parsed = Self.parse(files.map(\.file))
    for (file, result) in zip(files, parsed) { results[file.index] = Self.loaded(result) }
    // Every deck from one cache file that vouches for its ids: they need no look-up.
    var (collection, distinct) = combine(
      results.compactMap { $0 }, idsKnownDistinct: files.isEmpty && stored.idsAreDistinct)
    collection.diagnostics.insert(contentsOf: diagnostics, at: 0)
    if let cache, !files.isEmpty || stored.entries.count != cached.count(where: { $0 != nil }) {
      var entries: [DeckCache.Update.Source] = []
      for (index, path) in walk.paths.enumerated() {
        if cached[index] != nil, let entry = candidates[index] {
          entries.append(.kept(path: path, entry))
        }
      }
      for (file, result) in zip(files, parsed) {
        entries.append(.parsed(path: file.file.path, identity: file.identity, result))
      }
      cache.save(
        .init(
          decks: folder, readAt: readAt, stored: stored, entries: entries,
          idsAreDistinct: distinct))
    }
    return collection
  }

  /// The deck files below `folder`, and what `cache` holds for it: the folder is listed while
  /// the cache file is read, as neither needs the other.
  private static func walk(
    _ folder: String, reading cache: DeckCache?
  ) -> (FolderWalk, DeckCache.Stored) {
    enum Part: Sendable {
      case walk(FolderWalk)
      case stored(DeckCache.Stored)
    }
    let parts = inParallel([true, false]) { walks -> Part in
      guard walks else { return .stored(cache?.read(for: folder) ?? DeckCache.Stored()) }
      var walk = FolderWalk()
      walk.visit(folder, isRoot: true)
      return .walk(walk)
    }
    guard case .walk(let walk) = parts[0], case .stored(let stored) = parts[1] else {
      preconditionFailure("each part in its place")
    }
    return (walk, stored)
  }

  /// The decks in `files`, each read by the format its extension names.
  ///
  /// The files are parsed on all cores at once (each file on its own); the checks across files
  /// (deck names, ids) then run in file order, so the result does not depend on the threads.
  public func load(files: [File]) -> DeckCollection {
    combine(Self.parse(files).map(Self.loaded)).collection
  }

  /// The decks in `files`, as ``load(files:)`` reads them, with the parses of files whose bytes
  /// `cache` holds (for the same path and the same size and hash) taken from it, and the cache
  /// brought up to date. For the decks built into quiz, which are the same bytes on every start.
  public func load(files: [File], cache: DeckCache?) -> DeckCollection {
    guard let cache else { return load(files: files) }
    let key = "(built in)"
    let stored = cache.read(for: key)
    let identities = files.map { FileIdentity(contents: $0.bytes) }
    let cached = Self.inParallel(Array(zip(files, identities))) { file, identity in
      stored.entries[file.path].flatMap {
        $0.identity == identity ? DeckCache.decode($0, in: stored, origin: .memory(file)) : nil
      }
    }
    let missing = files.indices.filter { cached[$0] == nil }
    let readAt = cache.clock()
    let parsed = Self.parse(missing.map { files[$0] })
    var results = cached
    for (index, result) in zip(missing, parsed) { results[index] = Self.loaded(result) }
    let (collection, distinct) = combine(
      results.map { $0! }, idsKnownDistinct: missing.isEmpty && stored.idsAreDistinct)
    if !missing.isEmpty || stored.entries.count != files.count {
      let parses = Dictionary(uniqueKeysWithValues: zip(missing, parsed))
      let entries = files.indices.compactMap { index -> DeckCache.Update.Source? in
        let path = files[index].path
        if let parse = parses[index] {
          return .parsed(path: path, identity: identities[index], parse)
        }
        return stored.entries[path].map { .kept(path: path, $0) }
      }
      cache.save(
        .init(
          decks: key, readAt: readAt, stored: stored, entries: entries, idsAreDistinct: distinct))
    }
    return collection
  }

  /// A file's deck and its diagnostics, as parsed, before the checks across files.
  typealias Parsed = (deck: Deck, diagnostics: [Diagnostic])

  /// A file's deck as loaded (parsed, or its headings read from the deck cache) and its
  /// diagnostics, before the checks across files.
  typealias Loaded = (deck: LoadedDeck, diagnostics: [Diagnostic])

  /// The parse `parsed` as loaded: its cards' content held in memory.
  static func loaded(_ parsed: Parsed) -> Loaded {
    (LoadedDeck(parsed.deck), parsed.diagnostics)
  }

  /// The decks of `parsed`, in order, checked across files: a deck name or card id already used
  /// is an error, and the later deck or card is left out. With `idsKnownDistinct` (the deck
  /// cache vouches for them), the ids are not looked up. `distinct` says whether no deck name
  /// and no id was used twice.
  private func combine(
    _ parsed: [Loaded], idsKnownDistinct: Bool = false
  ) -> (collection: DeckCollection, distinct: Bool) {
    var collection = DeckCollection()
    var deckPaths: [String: String] = [:]
    var ids: Set<String> = []
    var distinct = true
    if !idsKnownDistinct { ids.reserveCapacity(parsed.reduce(0) { $0 + $1.deck.cards.count }) }
    for parsed in parsed {
      var (deck, diagnostics) = parsed
      defer { collection.diagnostics += diagnostics.sorted { $0.location < $1.location } }
      if let other = deckPaths[deck.name] {
        diagnostics.append(
          .error(
            "another deck is already called '\(deck.name)' (\(other)); rename one of the files",
            at: SourceLocation(path: deck.path, line: 1)))
        distinct = false
        continue
      }
      deckPaths[deck.name] = deck.path
      if idsKnownDistinct {
        collection.decks.append(deck)
        continue
      }
      // One look-up a card, of its id alone (no card copied out of the array for it, no place
      // stored beside it: the first place is looked for only when an id repeats), and the cards
      // copied only when one is left out: they are almost never.
      var leftOut: Set<Int> = []
      for index in deck.cards.indices where !ids.insert(deck.cards[index].id).inserted {
        let card = deck.cards[index]
        // The card that took the id first: in an earlier deck, or earlier in this one.
        let first =
          collection.decks.lazy.flatMap(\.cards).first { $0.id == card.id }?.location
          ?? deck.cards[..<index].first { $0.id == card.id }?.location ?? card.location
        diagnostics.append(
          .error("the id '\(card.id)' is already used at \(first)", at: card.location))
        leftOut.insert(index)
      }
      if !leftOut.isEmpty {
        distinct = false
        deck.removeCards(at: leftOut)
      }
      collection.decks.append(deck)
    }
    return (collection, distinct)
  }

  /// Each file parsed by the format its extension names, in the order of `files`.
  static func parse(_ files: [File]) -> [Parsed] {
    inParallel(files) { file in
      let source = SourceText(bytes: file.bytes, path: file.path)
      let stem = ControlCharacters.visible(
        URL(fileURLWithPath: file.path).deletingPathExtension().lastPathComponent)
      return file.path.hasSuffix(".txt")
        ? LessonPageParser(fallbackName: stem).parse(source)
        : NativeDeckParser(deckName: stem).parse(source)
    }
  }

  /// `transform` of each of `items`, in their order, worked out on all cores at once.
  private static func inParallel<Item: Sendable, Result: Sendable>(
    _ items: [Item], _ transform: @escaping @Sendable (Item) -> Result
  ) -> [Result] {
    guard items.count > 1 else { return items.map(transform) }
    let results = ParallelResults<Result>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
      results.store(transform(items[index]), at: index)
    }
    return results.all
  }

  /// The largest deck file read: far beyond any deck (the shipped ones are 30 to 60 KB), and
  /// small enough that a stray file cannot exhaust memory.
  public static let largestFile = 16 << 20

  /// Why a deck file was not read.
  public struct ReadProblem: Error {
    /// Why, in a sentence for people (without the file's name).
    public var reason: String
    /// Whether it is a regular file larger than ``largestFile``, which was not read.
    public var isTooLarge = false
  }

  /// The bytes of the deck file at `path`, or nil when nothing is there; something there that
  /// is not a deck file that can be read (a folder, a FIFO, a file without read permission) is
  /// a ``ReadProblem``, never taken for nothing.
  public static func existingFile(at path: String) throws(ReadProblem) -> [UInt8]? {
    var status = stat()
    if lstat(path, &status) != 0 && errno == ENOENT { return nil }
    switch read(path) {
    case .success(let (bytes, _)): return bytes
    case .failure(let problem): throw problem
    }
  }

  /// The bytes of the deck file `path`, opened without blocking (a FIFO in a shared folder must
  /// not hang quiz) and read only if it is a regular file of at most ``largestFile`` bytes.
  static func read(_ path: String) -> Result<([UInt8], FileIdentity), ReadProblem> {
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
          reason: "the file has \(status.st_size) bytes; a deck has at most \(largestFile)",
          isTooLarge: true))
    }
    var failure: Int32 = 0
    // Read into place, not zeroed first and copied after.
    let bytes = [UInt8](unsafeUninitializedCapacity: Int(status.st_size)) { buffer, initialized in
      var filled = 0
      while filled < buffer.count {
        let count = Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
        if count < 0, errno == EINTR { continue }
        if count < 0 {
          failure = errno
          break
        }
        if count == 0 { break }
        filled += count
      }
      initialized = filled
    }
    if failure != 0 {
      return .failure(
        ReadProblem(reason: "the file cannot be read: \(String(cString: strerror(failure)))"))
    }
    return .success((bytes, FileIdentity(status)))
  }
}

/// The deck files below a folder, found by following links (to files and to folders) with each
/// folder read once, so that a link back up the tree ends instead of looping; every folder or
/// entry that cannot be read is a diagnostic.
struct FolderWalk {
  /// The deck files found, sorted.
  private(set) var paths: [String] = []
  /// The identity of each of ``paths`` when the walk found it, nil for what is not a regular
  /// file (which reading then reports).
  private(set) var identities: [FileIdentity?] = []
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
    switch Folder.names(in: path) {
    case .success(let found):
      names = found
    case .failure(let failure):
      let reason = failure.reason
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
      let child = path.joiningPath(name)
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
        identities.append(entry.st_mode & S_IFMT == S_IFREG ? FileIdentity(entry) : nil)
      }
    }
    if isRoot {
      let order = paths.indices.sorted { paths[$0] < paths[$1] }
      paths = order.map { paths[$0] }
      identities = order.map { identities[$0] }
    }
  }
}

/// The results of a parallel loop, each written once by the iteration that made it, read after
/// all are done.
private final class ParallelResults<Result: Sendable>: Sendable {
  private let results: Mutex<[Result?]>

  init(count: Int) {
    results = Mutex(Array(repeating: nil, count: count))
  }

  func store(_ result: Result, at index: Int) {
    results.withLock { $0[index] = result }
  }

  var all: [Result] {
    results.withLock { $0.map { $0! } }
  }
}
