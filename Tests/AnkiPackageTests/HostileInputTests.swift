import Foundation
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
}
