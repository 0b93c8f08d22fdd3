@testable import AnkiPackage

/// ``HTMLText`` as it read a field before it read bytes: by Characters, a millisecond for 5 KB.
/// Kept as the model the byte reading must agree with (`HTMLTextTests`), on text where no
/// combining mark follows an ASCII character the reading looks for; it decodes entities as
/// ``HTMLText`` does, and merges a decoded carriage return with the line end after it.
struct CharacterHTMLText: Equatable {
  /// The pieces, in order; no empty ones.
  var blocks: [HTMLText.Block] = []
  /// The media files named (`<img src>`, `[sound:…]`), in order.
  var media: [String] = []

  /// The text of `html`.
  init(_ html: String) {
    var prose = ""
    var code = ""
    var preDepth = 0
    var codeStart: String.Index?
    var index = html.startIndex
    // A "<" after the last ">" starts no tag: looking for its end would read the rest of the
    // field again for each one (a field of 100,000 "<").
    let lastClose = html.lastIndex(of: ">")
    func flushProse() {
      for line in prose.split(separator: "\n", omittingEmptySubsequences: true) {
        let folded = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(
          separator: " ")
        if !folded.isEmpty { blocks.append(.text(folded)) }
      }
      prose = ""
    }
    func flushCode() {
      var text = code
      while text.hasSuffix("\n") { text.removeLast() }
      while text.hasPrefix("\n") { text.removeFirst() }
      if !text.isEmpty { blocks.append(.code(text)) }
      code = ""
    }
    while index < html.endIndex {
      let character = html[index]
      if character == "<", let lastClose, index < lastClose,
        let end = html[index...].firstIndex(of: ">")
      {
        let tagStart = index
        let tag = HTMLTag(html[html.index(after: index)..<end])
        index = html.index(after: end)
        switch (tag.name, tag.isClosing) {
        case ("pre", false):
          if preDepth == 0 { flushProse() }
          preDepth += 1
        case ("pre", true):
          preDepth = max(0, preDepth - 1)
          if preDepth == 0 { flushCode() }
        case ("code", false) where preDepth == 0:
          codeStart = index
        case ("code", true) where preDepth == 0:
          if let start = codeStart {
            // A <code> over several lines is a block; a short one stays in its sentence.
            let inner = CharacterHTMLText.plain(String(html[start..<tagStart]))
            if inner.contains("\n") {
              flushProse()
              code = inner
              flushCode()
            } else {
              prose += "`" + inner + "`"
            }
            codeStart = nil
          }
        case ("br", _), ("div", _), ("p", _), ("li", _), ("tr", _), ("h1", _), ("h2", _),
          ("h3", _):
          if codeStart != nil { continue }
          if preDepth > 0 { code += "\n" } else { prose += "\n" }
        case ("img", _):
          if let source = tag.attribute("src") {
            media.append(source)
            if codeStart == nil { prose += "[image: \(source)]" }
          }
        default: break
        }
        continue
      }
      index = html.index(after: index)
      if codeStart != nil { continue }
      var piece = String(character)
      if character == "&" {
        let (decoded, next) = CharacterHTMLText.entity(in: html, at: html.index(before: index))
        piece = decoded
        index = next
      }
      if preDepth > 0 {
        code += piece
      } else {
        prose += piece
      }
    }
    if codeStart != nil { prose += "`" }
    if preDepth > 0 { flushCode() }
    flushProse()
    for block in blocks {
      guard case .text(let text) = block else { continue }
      var rest = text[...]
      while let start = rest.firstRange(of: "[sound:") {
        guard let end = rest[start.upperBound...].firstIndex(of: "]") else { break }
        media.append(String(rest[start.upperBound..<end]))
        rest = rest[rest.index(after: end)...]
      }
    }
  }

  /// The text of `html` with tags dropped (`<br>` and `<div>` as line ends) and entities decoded.
  static func plain(_ html: String) -> String {
    var out = ""
    var index = html.startIndex
    let lastClose = html.lastIndex(of: ">")
    while index < html.endIndex {
      let character = html[index]
      if character == "<", let lastClose, index < lastClose,
        let end = html[index...].firstIndex(of: ">")
      {
        let name = HTMLTag(html[html.index(after: index)..<end]).name
        if ["br", "div", "p", "li"].contains(name), !(out.isEmpty || out.hasSuffix("\n")) {
          out += "\n"
        } else if name == "br" {
          out += "\n"
        }
        index = html.index(after: end)
      } else if character == "&" {
        let (decoded, next) = entity(in: html, at: index)
        out += decoded
        index = next
      } else {
        out.append(character)
        index = html.index(after: index)
      }
    }
    return out
  }

  /// The entity starting at `start` (an `&`) and the index after it; a lone `&` stays itself.
  static func entity(in html: String, at start: String.Index) -> (String, String.Index) {
    let after = html.index(after: start)
    guard let end = html[after...].prefix(12).firstIndex(of: ";") else { return ("&", after) }
    let name = html[after..<end]
    guard let (text, isReturn) = HTMLText.decoded(entity: name) else { return ("&", after) }
    var next = html.index(after: end)
    if isReturn, next < html.endIndex, html[next] == "\n" { next = html.index(after: next) }
    return (text, next)
  }
}
