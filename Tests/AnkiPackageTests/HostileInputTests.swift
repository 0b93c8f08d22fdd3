import Foundation
import ReviewStorage
import Scheduler
import Testing

@testable import AnkiPackage

/// Random fields and messages made of the pieces that the parsers look for, to show that none of
/// them traps on input Anki would never write.
@Suite("Hostile fields and messages")
struct HostileInputTests {
  static let pieces = [
    "<", ">", "</", "<pre>", "</pre>", "<code>", "</code>", "<code ", "<br>", "<div>", "</div>",
    "<img src=", "\"", "'", "&", "&amp;", "&#", "&#x", ";", "&#0;", "&#x110000;", "{{c", "{{c1::",
    "::", "}}", "{{", "[sound:", "]", "\n", " ", "a", "é", "👩‍💻", "\u{1F}", "\0",
  ]

  static func text(_ random: inout SeededGenerator) -> String {
    (0..<Int.random(in: 0...40, using: &random)).map { _ in
      pieces.randomElement(using: &random)!
    }.joined()
  }

  @Test(
    "HTML, clozes and templates from random pieces never trap; no block is empty", arguments: 0..<4)
  func fields(_ seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    for _ in 0..<2_000 {
      let html = Self.text(&random)
      let text = HTMLText(html)
      for block in text.blocks {
        switch block {
        case .text(let line):
          #expect(!line.isEmpty && !line.contains("\n"), "\(html.debugDescription)")
        case .code(let code): #expect(!code.isEmpty, "\(html.debugDescription)")
        }
      }
      _ = HTMLText.plain(html)
      let cloze = Cloze(html, number: Int.random(in: 1...3, using: &random))
      #expect(cloze.revealed.count <= html.count)
      _ = NoteCard.fieldNames(in: html)
    }
  }

  @Test(
    "random bytes as a protocol-buffer message are read or refused, never trap", arguments: 0..<4)
  func messages(_ seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    for _ in 0..<5_000 {
      let bytes = Data(
        (0..<Int.random(in: 0...24, using: &random)).map { _ in
          UInt8.random(in: 0...255, using: &random)
        })
      do {
        for case (_, .bytes(let inner)) in try ProtobufReader.fields(of: bytes, what: "m") {
          #expect(inner.count < bytes.count)
        }
      } catch {
        guard case .malformed = error else {
          Issue.record("unexpected \(error)")
          return
        }
      }
    }
  }

  @Test(
    "a package Anki made, with random bytes spoiled, is read or refused, never traps",
    arguments: ["current.apkg", "legacy.apkg"])
  func spoiledPackages(_ name: String) throws {
    let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixturePath(name))))
    let scratch = try ScratchFolder()
    var random = SeededGenerator(seed: 7)
    var refused = 0
    for round in 0..<150 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      }
      if round % 5 == 0 { bytes.removeLast(Int.random(in: 1..<bytes.count, using: &random)) }
      let path = scratch.file("spoiled-\(round).apkg")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      do {
        _ = try AnkiPackageReader(sizeLimit: 8 << 20).read(path: path)
      } catch {
        refused += 1
      }
    }
    // libzip checks the CRC of the entries read; a byte spoiled in one quiz does not read (the
    // dummy collection.anki2 of a current package, the media) goes unnoticed.
    #expect(refused > 50)
  }
}
