import Basics
import FoundationEssentials
import Glibc

/// Parsed decks kept between runs, so that a start does not parse again the files that did not
/// change. A cache, never a source: each entry is used only for the file it was made from,
/// unchanged (same device, inode, size, modification and change times to the nanosecond) and
/// parsed by the same program, and only if its bytes check out; anything else is parsed from the
/// file as if there were no cache. Nothing about the cache (missing, damaged, stale, unwritable,
/// rewritten meanwhile) can change what the decks are.
///
/// One file a decks folder, `decks-<hash of the folder's path>.cache`, in a folder that only its
/// owner may write in; written to a temporary file there and renamed over the old one. See
/// docs/caches.md for the format.
public struct DeckCache: Sendable {
  /// The cache folder, such as `~/.cache/quiz`.
  public var folder: String
  /// What tells this build of the parsers from any other: a cache made by another build is not
  /// read. The executable passes its own file's identity.
  public var program: [UInt8]

  /// How long, in nanoseconds by the file system's clock, a file must have been left unchanged
  /// before its parse is stored: a change within the same tick of a coarse clock would leave its
  /// times as they were. Files changed since are parsed again next time, and stored then.
  public var settleTime: Int

  /// The wall clock, in nanoseconds since 1970, read before a load reads its files: a file
  /// changed within ``settleTime`` before that is not stored, however late the cache is written.
  public var clock: @Sendable () -> Int

  /// The updates that loads left to write, when writes wait for ``writePending()``; nil when
  /// each load writes its update itself.
  private let pending: PendingUpdates?

  /// Creates a cache in `folder` for the parsers of `program`.
  ///
  /// With `deferringWrites`, a load only notes what the cache file should now hold, and
  /// ``writePending()`` writes it: the executable calls it once the first card is on screen, or
  /// before it exits. A process that ends first leaves the cache as it was, to be brought up to
  /// date by the next load.
  public init(
    folder: String, program: some Sequence<UInt8>, settleTime: Int = 2_000_000_000,
    deferringWrites: Bool = false, clock: @escaping @Sendable () -> Int = DeckCache.realTime
  ) {
    self.folder = folder
    self.program = Array(program)
    self.settleTime = settleTime
    self.clock = clock
    pending = deferringWrites ? PendingUpdates() : nil
  }

  /// `CLOCK_REALTIME` in nanoseconds: the clock file times are stamped from (the kernel's
  /// coarse copy of it, which is never ahead of it).
  public static let realTime: @Sendable () -> Int = {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
  }

  /// The format of the cache file; another one is not read. 3: the cards' headings apart from
  /// their content, which is read a card at a time. 4: the claim that no card id repeats.
  static let formatVersion: UInt64 = 4
  static let magic = Array("quiz deck cache\n".utf8)
  /// The largest cache file read: far more than the decks of any collection take, and a bound
  /// on what a stray file can make a start read.
  static let largestFile = 1 << 30
  /// The bytes before the front part: the magic line, the version and the front part's length.
  static let headLength = magic.count + 16

  /// One entry: the file it was made from, where its headings lie in the front part, and where
  /// its cards' content lies in the content part.
  struct Entry: Sendable {
    var identity: FileIdentity
    /// The entry's deck, card headings and diagnostics, in ``Stored/bytes``.
    var payload: Range<Int>
    /// The hash of the payload, checked before it is decoded.
    var hash: UInt64
    /// The entry's content, in ``Stored/content``.
    var content: Range<Int>
    /// The hash of the content, checked when it is copied into a new cache file; each card's
    /// content has its own hash, checked when it is read.
    var contentHash: UInt64
  }

  /// The entries read from a cache file, by path.
  struct Stored: Sendable {
    /// The file's bytes up to its content part.
    var bytes: [UInt8] = []
    var entries: [String: Entry] = [:]
    /// The content part, read on demand.
    var content: CacheContent?
    /// Whether no card id appears twice among all the entries' cards, as the load that wrote
    /// them found: the file says so with a hash of its entries' heading hashes, in order, which
    /// damage to either would not match. The checks across files then need not look the ids up.
    var idsAreDistinct = false
  }

  /// An entry to write: a path, its file's identity, and its parse's headings and content.
  struct NewEntry {
    var path: String
    var identity: FileIdentity
    var headings: ArraySlice<UInt8>
    var content: [UInt8]

    /// The entry for a parse of the file at `path`.
    init(path: String, identity: FileIdentity, encoded: Encoded) {
      self.path = path
      self.identity = identity
      headings = encoded.headings[...]
      content = encoded.content
    }

    /// A stored entry copied into the new file as it is, if its content is still sound.
    init?(path: String, stored entry: Entry, in stored: Stored) {
      guard let content = stored.content?.read(entry.content),
        StableHash.of(content) == entry.contentHash
      else { return nil }
      self.path = path
      identity = entry.identity
      headings = stored.bytes[entry.payload]
      self.content = content
    }
  }

  /// A file's parse in the cache's form: its headings (read at every start) and its cards'
  /// content (read when a card's content is asked for).
  struct Encoded {
    var headings: [UInt8]
    var content: [UInt8]
  }

  /// The cache file for the decks folder `decks`.
  func file(for decks: String) -> String {
    let absolute = realpath(decks, nil).map { pointer in
      defer { free(pointer) }
      return String(cString: pointer)
    }
    let key = Array((absolute ?? decks).utf8)
    let hash = StableHash.of(key)
    let hex = String(hash, radix: 16)
    return folder + "/decks-" + String(repeating: "0", count: 16 - hex.count) + hex + ".cache"
  }

  // MARK: Reading

  /// The entries cached for the decks folder `decks`; none when there is no usable cache file.
  /// Only the front part is read; the content part stays in the file, kept open.
  func read(for decks: String) -> Stored {
    guard isPrivateFolder(folder, create: false) else { return Stored() }
    return Self.readFile(file(for: decks), program: program, decks: decks) ?? Stored()
  }

  /// The entries of a whole cache file's `bytes`, checked to be for `program` and `decks`. The
  /// entries' own bytes are checked when they are used.
  ///
  /// Touches no file: the fuzz target in `Fuzz/` calls it with arbitrary bytes.
  static func parse(
    _ bytes: [UInt8], program: [UInt8], decks: String
  ) throws(ByteReader.Malformed) -> Stored {
    let front = try frontLength(bytes)
    guard front <= bytes.count - headLength else { throw ByteReader.Malformed() }
    let end = headLength + front
    var stored = try parseFront(
      bytes, end: end, contentCount: bytes.count - end, program: program, decks: decks)
    stored.content = CacheContent(bytes: bytes, start: end)
    return stored
  }

  /// The length of the front part that the head of `bytes` gives.
  private static func frontLength(_ bytes: [UInt8]) throws(ByteReader.Malformed) -> Int {
    guard bytes.starts(with: magic) else { throw ByteReader.Malformed() }
    return try ByteReader.read(bytes, in: magic.count..<min(bytes.count, headLength)) {
      (input: inout ByteReader) throws(ByteReader.Malformed) in
      guard try input.uint64() == formatVersion else { throw ByteReader.Malformed() }
      let length = try input.int()
      guard length >= 0 else { throw ByteReader.Malformed() }
      return length
    }
  }

  /// The entries of the front part, `bytes[headLength..<end]`, whose content parts must fill
  /// exactly `contentCount` bytes.
  private static func parseFront(
    _ bytes: [UInt8], end: Int, contentCount: Int, program: [UInt8], decks: String
  ) throws(ByteReader.Malformed) -> Stored {
    try ByteReader.read(bytes, in: headLength..<end) {
      (input: inout ByteReader) throws(ByteReader.Malformed) in
      guard bytes[try input.range()].elementsEqual(program), try input.string() == decks
      else { throw ByteReader.Malformed() }
      var stored = Stored(bytes: bytes)
      var contentEnd = 0
      var hashes: [UInt64] = []
      for _ in 0..<(try input.count()) {
        let path = try input.string()
        let identity = try FileIdentity(&input)
        let hash = try input.uint64()
        hashes.append(hash)
        let payload = try input.range()
        let length = try input.int()
        guard length >= 0, length <= contentCount - contentEnd else { throw ByteReader.Malformed() }
        let content = contentEnd..<contentEnd + length
        contentEnd += length
        stored.entries[path] = Entry(
          identity: identity, payload: payload, hash: hash, content: content,
          contentHash: try input.uint64())
      }
      let claim = try input.uint64()
      guard input.isAtEnd, contentEnd == contentCount else { throw ByteReader.Malformed() }
      stored.idsAreDistinct = claim == distinctClaim(hashes)
      return stored
    }
  }

  /// What a cache file holds to say that no card id repeats among its entries, whose headings
  /// hash to `hashes` (in the file's order); never 0, which says nothing.
  static func distinctClaim(_ hashes: [UInt64]) -> UInt64 {
    var bytes = ByteWriter()
    bytes.append("no id twice")
    for hash in hashes { bytes.append(hash) }
    return StableHash.of(bytes.bytes) | 1
  }

  /// The parse an entry holds, its cards' content to be read when asked for, if its headings
  /// are sound. A card whose content turns out unsound then is parsed again from `origin`.
  static func decode(
    _ entry: Entry, in stored: Stored, origin: CachedDeck.Origin?
  ) -> DeckLoader.Loaded? {
    guard StableHash.of(stored.bytes[entry.payload]) == entry.hash, let content = stored.content
    else { return nil }
    let cached = CachedDeck(content: content, block: entry.content, origin: origin)
    return try? decode(stored.bytes, in: entry.payload, content: cached)
  }

  /// The cache file `path`, if it is a regular file of the user's, not a link, and its front
  /// part reads; the file is kept open for its content part.
  private static func readFile(_ path: String, program: [UInt8], decks: String) -> Stored? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    var owned = true
    defer { if owned { close(descriptor) } }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_uid == geteuid(), status.st_size <= largestFile, status.st_size >= headLength
    else { return nil }
    let size = Int(status.st_size)
    guard let head = readAll(descriptor, from: 0, count: headLength),
      let front = try? frontLength(head), front <= size - headLength,
      let bytes = readAll(descriptor, from: 0, count: headLength + front)
    else { return nil }
    let end = headLength + front
    guard
      var stored = try? parseFront(
        bytes, end: end, contentCount: size - end, program: program, decks: decks)
    else { return nil }
    owned = false
    stored.content = CacheContent(descriptor: descriptor, start: end, count: size - end)
    return stored
  }

  /// `count` bytes of the file `descriptor` from `offset`, or nil if there are fewer.
  static func readAll(_ descriptor: Int32, from offset: Int, count: Int) -> [UInt8]? {
    var complete = true
    // Not zeroed first (a store for every byte, only to be overwritten): every byte is read
    // into place, or the whole is dropped.
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      var filled = 0
      while filled < count {
        let read = pread(
          descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
        if read < 0, errno == EINTR { continue }
        guard read > 0 else {
          complete = false
          break
        }
        filled += read
      }
      initialized = filled
    }
    return complete ? bytes : nil
  }

  // MARK: Writing

  /// What a load found the cache file of `decks` should now hold: the stored entries it used
  /// and the parses of the files it read, in path order.
  struct Update: Sendable {
    /// An entry of the update.
    enum Source: Sendable {
      /// A stored entry, copied as it is (its content read back from the open cache file).
      case kept(path: String, Entry)
      /// A file's parse, as read when its identity was taken.
      case parsed(path: String, identity: FileIdentity, DeckLoader.Parsed)
    }

    var decks: String
    /// When the files were read, by ``clock``.
    var readAt: Int
    /// The cache file the kept entries come from.
    var stored: Stored
    var entries: [Source]
    /// Whether the load found no card id twice (and no deck name twice) among all the entries.
    var idsAreDistinct: Bool
  }

  /// Writes `update` now, or with ``writePending()`` when writes are deferred; a later update of
  /// the same decks folder replaces one still waiting.
  func save(_ update: Update) {
    if let pending { pending.add(update) } else { write(update) }
  }

  /// Writes the updates that loads left, when writes are deferred; nothing otherwise. Failing is
  /// silent, as for every write of the cache.
  public func writePending() {
    for update in pending?.takeAll() ?? [] { write(update) }
  }

  /// Replaces the cache file of `update.decks` with the entries of `update` that are still
  /// sound (a kept entry whose content no longer matches its hash is left out).
  private func write(_ update: Update) {
    let entries = update.entries.compactMap { source -> NewEntry? in
      switch source {
      case .kept(let path, let entry):
        return NewEntry(path: path, stored: entry, in: update.stored)
      case .parsed(let path, let identity, let parse):
        return NewEntry(
          path: path, identity: identity, encoded: Self.encode(parse.deck, parse.diagnostics))
      }
    }
    write(entries, for: update.decks, readAt: update.readAt, idsAreDistinct: update.idsAreDistinct)
  }

  /// Replaces the cache file of `decks` with `entries`, leaving out files changed within
  /// ``settleTime`` of the earlier of `readAt` and now by the file system's clock. With
  /// `idsAreDistinct`, the file says that no card id repeats among the entries. Failing is
  /// silent: the cache is then only not used.
  func write(
    _ entries: [NewEntry], for decks: String, readAt: Int = .max, idsAreDistinct: Bool = false
  ) {
    guard isPrivateFolder(folder, create: true) else { return }
    // Not flushed to the disk: after a crash, a cache that is lost or stale is parsed again.
    try? AtomicFile.write(
      to: file(for: decks), AtomicFile.Options(replacing: true, permissions: 0o600, durable: false)
    ) { (temporary) throws(AtomicFile.Failure) in
      let descriptor = open(
        temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      var status = stat()
      guard fstat(descriptor, &status) == 0 else { return false }
      let now = min(
        readAt, Int(status.st_ctim.tv_sec) * 1_000_000_000 + Int(status.st_ctim.tv_nsec))
      let settled = entries.filter { $0.identity.latestChange + settleTime <= now }
      // Written piece by piece rather than copied into one buffer of megabytes first.
      return Self.fileParts(
        settled, program: program, decks: decks, idsAreDistinct: idsAreDistinct
      ).allSatisfy { Self.writeAll($0, to: descriptor) }
    }
  }

  /// A cache file's bytes, in pieces: the head, the front part (the program, the decks folder,
  /// then for each entry its path, identity, headings and the length and hash of its content,
  /// then the claim that no id repeats or 0), then each entry's content.
  static func fileParts(
    _ entries: [NewEntry], program: [UInt8], decks: String, idsAreDistinct: Bool = false
  ) -> [ArraySlice<UInt8>] {
    var front = ByteWriter()
    front.append(bytes: program)
    front.append(decks)
    front.append(entries.count)
    var hashes: [UInt64] = []
    for entry in entries {
      front.append(entry.path)
      entry.identity.encode(into: &front)
      hashes.append(StableHash.of(entry.headings))
      front.append(hashes[hashes.count - 1])
      front.append(bytes: entry.headings)
      front.append(entry.content.count)
      front.append(StableHash.of(entry.content))
    }
    front.append(idsAreDistinct ? distinctClaim(hashes) : 0)
    var head = ByteWriter()
    head.append(formatVersion)
    head.append(front.bytes.count)
    return [magic[...], head.bytes[...], front.bytes[...]] + entries.map { $0.content[...] }
  }

  private static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) -> Bool {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      written += count
    }
    return true
  }

  /// Whether `path` is a folder the user owns that no one else may write in, by the rule of
  /// the state folder; with `create`, made first (0700, parents as `mkdir -p`).
  private func isPrivateFolder(_ path: String, create: Bool) -> Bool {
    let url = URL(fileURLWithPath: path)
    if create { try? OpenFile<FileError>.createFolder(url) }
    return (try? OpenFile<FileError>.checkFolderIsPrivate(url)) != nil
  }
}
