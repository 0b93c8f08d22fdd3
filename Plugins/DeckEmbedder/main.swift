import Foundation

// Usage: DeckEmbedder OUTPUT.swift DECK...
// Writes `enum ShippedDecks { static let files: [(name: String, text: String)] }`, each deck as a
// raw string literal whose delimiter is longer than any run of `#` in the deck, so no deck text can
// end the literal early.
let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
  FileHandle.standardError.write(Data("usage: DeckEmbedder OUTPUT DECK...\n".utf8))
  exit(64)
}
var source = "// Generated from Decks/ by the EmbedDecks plugin. Do not edit.\n"
source += "enum ShippedDecks {\n  static let files: [(name: String, text: String)] = [\n"
for path in arguments.dropFirst() {
  let text = try String(contentsOfFile: path, encoding: .utf8)
  var longest = 0
  var run = 0
  for character in text {
    run = character == "#" ? run + 1 : 0
    longest = max(longest, run)
  }
  let hashes = String(repeating: "#", count: longest + 1)
  let name = URL(fileURLWithPath: path).lastPathComponent
  source += "    (\"\(name)\", \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)),\n"
}
source += "  ]\n}\n"
try source.write(toFile: output, atomically: true, encoding: .utf8)
