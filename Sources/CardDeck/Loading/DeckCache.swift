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
/// docs/performance.md for the format.
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

  /// Creates a cache in `folder` for the parsers of `program`.
  public init(folder: String, program: some Sequence<UInt8>, settleTime: Int = 2_000_000_000) {
    self.folder = folder
    self.program = Array(program)
    self.settleTime = settleTime
  }

  /// The format of the cache file; another one is not read.
  static let formatVersion: UInt64 = 2
  static let magic = Array("quiz deck cache\n".utf8)
  /// The largest cache file read: 100,000 cards take about 80 MB.
  static let largestFile = 1 << 30

  /// One entry: the file it was made from, and where its parse lies in the cache's bytes.
  struct Entry {
    var identity: FileIdentity
    var payload: Range<Int>
    var hash: UInt64
  }

  /// The entries read from a cache file, by path.
  struct Stored {
    var bytes: [UInt8] = []
    var entries: [String: Entry] = [:]
  }

  /// An entry to write: a path, its file's identity, and its parse's bytes.
  struct NewEntry {
    var path: String
    var identity: FileIdentity
    var bytes: [UInt8]
    var payload: Range<Int>
  }

  /// The cache file for the decks folder `decks`.
  func file(for decks: String) -> String {
    let absolute = realpath(decks, nil).map { pointer in
      defer { free(pointer) }
      return String(cString: pointer)
    }
    let key = Array((absolute ?? decks).utf8)
    let hash = CacheBytes.hash(key, 0..<key.count)
    let hex = String(hash, radix: 16)
    return folder + "/decks-" + String(repeating: "0", count: 16 - hex.count) + hex + ".cache"
  }

  // MARK: Reading

  /// The entries cached for the decks folder `decks`; none when there is no usable cache file.
  func read(for decks: String) -> Stored {
    guard isPrivateFolder(folder, create: false),
      let bytes = Self.readFile(file(for: decks))
    else { return Stored() }
    return (try? Self.parse(bytes, program: program, decks: decks)) ?? Stored()
  }

  /// The entries of a cache file's `bytes`, checked to be for `program` and `decks`. The entries'
  /// own bytes are checked when they are used.
  ///
  /// Touches no file: the fuzz target in `Fuzz/` calls it with arbitrary bytes.
  static func parse(
    _ bytes: [UInt8], program: [UInt8], decks: String
  ) throws(CacheBytes.Malformed) -> Stored {
    guard bytes.starts(with: magic) else { throw CacheBytes.Malformed() }
    var input = CacheBytes(reading: bytes, in: magic.count..<bytes.count)
    guard try input.uint64() == formatVersion,
      bytes[try input.range()].elementsEqual(program),
      try input.string() == decks
    else { throw CacheBytes.Malformed() }
    var stored = Stored(bytes: bytes)
    for _ in 0..<(try input.count()) {
      let path = try input.string()
      let identity = try FileIdentity(&input)
      let hash = try input.uint64()
      let payload = try input.range()
      stored.entries[path] = Entry(identity: identity, payload: payload, hash: hash)
    }
    guard input.isAtEnd else { throw CacheBytes.Malformed() }
    return stored
  }

  /// The parse an entry holds, if its bytes are sound.
  static func decode(_ entry: Entry, in stored: Stored) -> (deck: Deck, diagnostics: [Diagnostic])?
  {
    guard CacheBytes.hash(stored.bytes, entry.payload) == entry.hash else { return nil }
    return try? decode(stored.bytes, in: entry.payload)
  }

  /// The bytes of the cache file `path`: a regular file of the user's, not a link, or nil.
  private static func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_uid == geteuid(), status.st_size <= largestFile
    else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return nil }
      filled += count
    }
    return bytes
  }

  // MARK: Writing

  /// Replaces the cache file of `decks` with `entries`, leaving out files changed within
  /// ``settleTime`` of now by the file system's clock. Failing is silent: the cache is then only
  /// not used.
  func write(_ entries: [NewEntry], for decks: String) {
    guard isPrivateFolder(folder, create: true) else { return }
    let target = file(for: decks)
    let temporary = target + ".tmp-\(getpid())"
    var descriptor = open(
      temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    if descriptor < 0, errno == EEXIST {
      // Left by a run of the same process id that did not finish: no live process writes it.
      unlink(temporary)
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    }
    guard descriptor >= 0 else { return }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      close(descriptor)
      unlink(temporary)
      return
    }
    let now = Int(status.st_ctim.tv_sec) * 1_000_000_000 + Int(status.st_ctim.tv_nsec)
    let settled = entries.filter { $0.identity.latestChange + settleTime <= now }
    var fields = CacheBytes()
    fields.append(Self.formatVersion)
    fields.append(bytes: program)
    fields.append(decks)
    fields.append(settled.count)
    for entry in settled {
      fields.append(entry.path)
      entry.identity.encode(into: &fields)
      fields.append(CacheBytes.hash(entry.bytes, entry.payload))
      fields.append(bytes: entry.bytes[entry.payload])
    }
    // Two writes rather than one copy of megabytes.
    let written =
      Self.writeAll(Self.magic, to: descriptor) && Self.writeAll(fields.bytes, to: descriptor)
    close(descriptor)
    guard written, rename(temporary, target) == 0 else {
      unlink(temporary)
      return
    }
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
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

  /// Whether `path` is a folder the user owns that no one else may write in (a link to it only
  /// if the user or root made it); with `create`, made first (0700, parents as `mkdir -p`).
  private func isPrivateFolder(_ path: String, create: Bool) -> Bool {
    if create { Self.makeFolder(path) }
    var link = stat()
    guard lstat(path, &link) == 0 else { return false }
    if link.st_mode & S_IFMT == S_IFLNK, link.st_uid != geteuid(), link.st_uid != 0 {
      return false
    }
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      && status.st_uid == geteuid() && status.st_mode & 0o022 == 0
  }

  /// `mkdir -p`: the folder itself 0700, its parents as the umask makes them.
  private static func makeFolder(_ path: String, mode: mode_t = 0o700) {
    guard mkdir(path, mode) != 0, errno == ENOENT else { return }
    var parent = path
    while parent.count > 1, parent.last == "/" { parent.removeLast() }
    guard let slash = parent.lastIndex(of: "/"), slash > parent.startIndex else { return }
    makeFolder(String(parent[..<slash]), mode: 0o777)
    mkdir(path, mode)
  }
}
