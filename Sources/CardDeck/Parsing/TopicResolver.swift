import Foundation

/// Cuts the topic off a lesson page's flash-card label, where it is glued to the prompt:
/// `SheetsShow a sheet…`, `Sheets.popover(…`, `Search"Vancouver"…`, `SizeViewThatFits {…`.
///
/// A cut can fall before any capital letter or punctuation that follows a letter. Topic names can
/// hold capitals themselves (`SwiftData`), so the first capital is not enough: a cut is trusted
/// when the page's own headings use the words before it, or when several cards of the page share
/// it.
struct TopicResolver {
  private let vocabulary: [String]
  private var recurrence: [Substring: Int] = [:]

  /// Creates a resolver for one page: its headings, and the labels of all its flash cards.
  init(vocabulary: [String], labels: [Substring]) {
    self.vocabulary = vocabulary.map { $0.lowercased() }
    for label in labels {
      for topic in Set(Self.candidates(label)) { recurrence[topic, default: 0] += 1 }
    }
  }

  /// The topic and the prompt of `label`, with a warning when the cut is a guess.
  func resolve(
    _ label: Substring, at location: SourceLocation, into diagnostics: inout [Diagnostic]
  ) -> (topic: String, prompt: String) {
    let candidates = Self.candidates(label)
    guard !candidates.isEmpty else {
      diagnostics.append(
        .warning(
          "no topic can be cut from the label '\(label.prefix(40))'; using 'General'", at: location)
      )
      return ("General", String(label))
    }
    let named = candidates.filter(isNamedInHeadings)
    let chosen: Substring
    if named.count == 1 {
      chosen = named[0]
    } else if named.count > 1 {
      chosen = named.max { $0.count < $1.count }!
      diagnostics.append(
        .warning(
          "the topic could be \(named.map { "'\($0)'" }.joined(separator: " or ")); took '\(chosen)'",
          at: location))
    } else {
      let shared = candidates.filter { recurrence[$0, default: 0] >= 2 }
      chosen =
        shared.max {
          (recurrence[$0, default: 0], $0.count) < (recurrence[$1, default: 0], $1.count)
        } ?? candidates[0]
      diagnostics.append(
        .warning(
          "the page's headings do not name this card's topic; took '\(chosen)' from '\(label.prefix(40))'",
          at: location))
    }
    let prompt = label.dropFirst(chosen.count).trimmingWhitespace()
    return (String(chosen), String(prompt))
  }

  /// Every prefix of `label` that ends where a new word visibly begins without a space.
  static func candidates(_ label: Substring) -> [Substring] {
    var result: [Substring] = []
    var previous: Character?
    for index in label.indices {
      let character = label[index]
      defer { previous = character }
      guard let previous, previous.isLetter || previous.isNumber, index != label.startIndex
      else { continue }
      if character.isUppercase || ".\"“'‘(@[$`#_".contains(character) {
        result.append(label[..<index])
      }
    }
    return result
  }

  private func isNamedInHeadings(_ topic: Substring) -> Bool {
    let needle = topic.lowercased()
    return vocabulary.contains { heading in
      var searchStart = heading.startIndex
      while let range = heading.range(of: needle, range: searchStart..<heading.endIndex) {
        let before =
          range.lowerBound == heading.startIndex
          ? nil : heading[heading.index(before: range.lowerBound)]
        let after = range.upperBound == heading.endIndex ? nil : heading[range.upperBound]
        if !(before?.isLetter ?? false) && !(after?.isLetter ?? false) { return true }
        searchStart = heading.index(after: range.lowerBound)
      }
      return false
    }
  }
}
