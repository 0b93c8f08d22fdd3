// Dumps the whole parse (every field of every card, every diagnostic) of the deck files and
// folders given, then of COPIES (default 600) mangled copies of them, seeded by SEED (CRLF, lone
// CR, BOM, controls, invalid UTF-8, tabs, marks, moved and removed lines, odd settings and
// fences), as read by SourceText and NativeDeckParser or LessonPageParser. With LOADS=N it
// instead runs DeckLoader().load(files:) N times (for callgrind). Compiled with
// Sources/CardDeck as one module by compare.sh (main.swift, for its top-level code).
//
// FoundationEssentials only, as CardDeck itself: in one module, Foundation's String methods
// (`contains`, `components(separatedBy:)`) would be chosen for CardDeck's own calls, and the
// dump would read decks otherwise than quiz does.
import FoundationEssentials
import Glibc

struct SplitMix64 {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func int(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
}

func parse(path: String, bytes: [UInt8]) -> String {
  let source = SourceText(bytes: bytes, path: path)
  let stem = ControlCharacters.visible(
    URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
  let result =
    path.hasSuffix(".txt")
    ? LessonPageParser(fallbackName: stem).parse(source)
    : NativeDeckParser(deckName: stem).parse(source)
  var out = "=== \(path)\n"
  dump(result.deck, to: &out)
  dump(result.diagnostics, to: &out)
  return out
}

let insertions: [[UInt8]] = [
  [0x00], [0x1B], [0x7F], [0x07], [0x0D], [0x0D, 0x0A], [0x09], Array("\u{0085}".utf8),
  Array("\u{202E}".utf8), Array("\u{2066}".utf8), [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80],
  [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], Array("\u{0301}".utf8), Array("\u{0308}".utf8),
  Array("\u{200D}".utf8), Array("\u{00A0}".utf8), Array("\u{0387}".utf8), Array(" · ".utf8),
  Array("漢字".utf8), Array("🇫🇷".utf8), Array("👩‍💻".utf8), Array("e\u{0301}".utf8),
  Array("\u{0600}".utf8), Array("\u{1100}\u{1161}".utf8), Array("`".utf8), Array("```".utf8),
  Array("~~~".utf8), Array("|".utf8), Array("---".utf8), Array(":".utf8), Array("\\".utf8),
  Array("\u{FEFF}".utf8), Array("\u{1FEF}".utf8), Array("\u{1FEF}\u{1FEF}\u{1FEF}".utf8),
  Array("\u{212A}".utf8), Array("\u{0300}".utf8), Array("\u{00B7}".utf8), Array("  ".utf8),
]

let lineVariants: [String] = [
  "```", "~~~", "````swift", "```swift ", "``` swift", "```\tconsole", "```text x",
  "```\u{00A0}swift",
  "```\u{0085}swift", "``` `x`", "  ```", "\t```", "```\u{0301}", "`\u{0301}``", "---", " --- ",
  "---\t", "--\u{0301}-", "-- -", "essential: a, b", "essential :a", "essential:  a  ",
  "Essential: x",
  "also:", "also: x", "context:\tfoo", "optional: bar.baz", "section: S", "title:  T ",
  "es-sential: x", "essentialé: x", "lesson: 3", "lesson: x", "lesson:", "unknown: 1", "é: x",
  "source: x", "Source: here", "Source:", "Listen for: this", "\\Source: x", "\\", " \\ x",
  "| a | b |", "|---|---|", "| - |", "|", "|\u{0301}a|", "## Syntax · T", "## Trick · T · id-1",
  "## Edge · T · x", "## Interview | T", "## Syntax · T ·", "## Syntax · T · a · b", "## Foo · T",
  "## Syntax", "## Syntax ·", "##  Syntax · T", "## Syntax\u{0387}T", "## Syntax · T · bad id",
  "## Trick · 漢字 · 👩‍💻", "# Title", "#\u{0301} Title", "", " ", "\t", "\u{0301}",
  "\u{1FEF}\u{1FEF}\u{1FEF}swift", "``\u{1FEF}", "\u{1FEF}\u{1FEF}\u{1FEF}\u{1FEF}", "~~\u{0303}~",
  "## Syntax · T\u{0301}", "## Syntax · T · \u{0301}", "##\u{0301} Syntax · T",
]

/// `bytes` with each `needle`, found from the left, replaced.
func replacing(_ needle: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
  var out: [UInt8] = []
  var index = 0
  while index < bytes.count {
    if index + needle.count <= bytes.count && Array(bytes[index..<index + needle.count]) == needle {
      out += replacement
      index += needle.count
    } else {
      out.append(bytes[index])
      index += 1
    }
  }
  return out
}

func mangle(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
  var bytes = bytes
  let kind = rng.int(12)
  switch kind {
  case 0:  // CRLF
    var out: [UInt8] = []
    for b in bytes {
      if b == 0x0A { out.append(0x0D) }
      out.append(b)
    }
    bytes = out
  case 1:  // lone CR
    bytes = bytes.map { $0 == 0x0A ? 0x0D : $0 }
  case 2:  // BOM + a few insertions
    bytes = [0xEF, 0xBB, 0xBF] + bytes
  case 3:  // leading spaces to tabs, tabs around separators
    bytes = replacing(Array("  ".utf8), with: Array("\t".utf8), in: bytes)
    bytes = replacing(Array(" · ".utf8), with: Array(" \t· \t".utf8), in: bytes)
  default: break
  }
  var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
  let edits = 1 + rng.int(6)
  for _ in 0..<edits {
    guard !lines.isEmpty else { break }
    var at = rng.int(lines.count)
    if rng.int(2) == 0 {
      let headings = lines.indices.filter { lines[$0].first == UInt8(ascii: "#") }
      if !headings.isEmpty {
        at = min(lines.count - 1, headings[rng.int(headings.count)] + 1 + rng.int(2))
      }
    }
    switch rng.int(8) {
    case 0: lines.remove(at: at)
    case 1:
      let line = lines.remove(at: at)
      lines.insert(line, at: rng.int(lines.count + 1))
    case 2, 3: lines.insert(Array(lineVariants[rng.int(lineVariants.count)].utf8), at: at)
    case 4: lines[at] = Array(lineVariants[rng.int(lineVariants.count)].utf8)
    case 5, 6:
      let ins = insertions[rng.int(insertions.count)]
      let pos = rng.int(lines[at].count + 1)
      lines[at].insert(contentsOf: ins, at: pos)
    default:
      // a fence line somewhere removed
      if let fence = lines.indices.filter({ lines[$0].starts(with: Array("```".utf8)) })
        .randomElement(using: &rng)
      {
        lines.remove(at: fence)
      }
    }
  }
  if rng.int(4) == 0 {
    // more raw insertions anywhere
    var flat = Array(lines.joined(separator: [0x0A]))
    for _ in 0..<(1 + rng.int(4)) {
      flat.insert(contentsOf: insertions[rng.int(insertions.count)], at: rng.int(flat.count + 1))
    }
    return flat
  }
  var flat = Array(lines.joined(separator: [0x0A]))
  if rng.int(10) == 0 && !flat.isEmpty { flat = Array(flat[..<rng.int(flat.count)]) }
  return flat
}

extension SplitMix64: RandomNumberGenerator {}

let args = CommandLine.arguments.dropFirst()
var files: [(String, [UInt8])] = []
for arg in args {
  var isDir = false
  _ = FileManager.default.fileExists(atPath: arg, isDirectory: &isDir)
  if isDir {
    for name in (try! FileManager.default.contentsOfDirectory(atPath: arg)).sorted()
    where name.hasSuffix(".md") || name.hasSuffix(".txt") {
      files.append(
        (arg + "/" + name, Array(FileManager.default.contents(atPath: arg + "/" + name)!)))
    }
  } else {
    files.append((arg, Array(FileManager.default.contents(atPath: arg)!)))
  }
}
if let n = ProcessInfo.processInfo.environment["LOADS"].flatMap(Int.init) {
  let loaderFiles = files.map { DeckLoader.File(path: $0.0, bytes: $0.1) }
  var cards = 0
  for _ in 0..<n {
    cards += DeckLoader().load(files: loaderFiles).decks.reduce(0) { $0 + $1.cards.count }
  }
  print(cards, files.reduce(0) { $0 + $1.1.count })
  exit(0)
}
var out = ""
for (path, bytes) in files { out += parse(path: path, bytes: bytes) }
var rng = SplitMix64(state: UInt64(ProcessInfo.processInfo.environment["SEED"] ?? "42")!)
let copies = Int(ProcessInfo.processInfo.environment["COPIES"] ?? "600")!
let small = files.filter { $0.1.count < 200_000 }
for copy in 0..<copies {
  let (path, bytes) = small[rng.int(small.count)]
  let mangled = mangle(bytes, &rng)
  out += parse(
    path: path + ".mangled\(copy)" + (path.hasSuffix(".txt") ? ".txt" : ".md"), bytes: mangled)
}
out.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, stdout) }
