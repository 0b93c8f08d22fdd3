import AnswerJudging
import CardDeck

extension CardPresenter {
  /// How an attempt compares with the expected code: the verdict, the expected code's lines
  /// that hold something wrong or missing, marked, and the names of the attempt's own that were
  /// accepted.
  ///
  /// With colour, only what is wrong or missing is coloured; without, it is written
  /// `[-card's-]{+yours+}`.
  func comparison(_ judgement: Judgement) -> String {
    var parts: [String] = []
    // Wrapped before the code spans are dressed, so that escape codes take no columns; the
    // suggestion kept whole, on the reason's last line if it fits there, else on its own.
    var headline = wrapper.wrap("Your attempt: \(judgement.reason)", columns: style.shownColumns)
    if let grade = judgement.grade {
      let suggestion = "Suggested grade: \(grade)."
      let last =
        headline.split(separator: "\n", omittingEmptySubsequences: false).last
        .map(style.shownColumns) ?? 0
      headline +=
        last + 1 + suggestion.count <= wrapper.width ? " " + suggestion : "\n" + suggestion
    }
    parts.append(style.inlineMarkdown(headline))
    let lines = markedLines(judgement.code, marks: judgement.marks)
    if !lines.isEmpty {
      // The legend names the marks shown, in their own colours, or without colour in the
      // brackets they are written in (a missing part is the card's alone: `[-missing-]`).
      // Coloured whole, on one line or, on a narrow terminal, two: a wrap inside "the card's"
      // would leave nothing to colour.
      let marks = judgement.marks.values
      let replaced = marks.contains {
        switch $0 {
        case .wrong, .typo: true
        default: false
        }
      }
      var keys: [(plain: String, shown: String)] = []
      if replaced {
        keys.append(
          style.usesColor
            ? (
              "the card's→yours",
              style.apply(.bad, "the card's") + style.apply(.dim, "→")
                + style.apply(.warn, "yours")
            ) : ("[-the card's-]{+yours+}", "[-the card's-]{+yours+}"))
      }
      if marks.contains(.missing) {
        keys.append(
          style.usesColor
            ? ("missing", style.apply(.missing, "missing")) : ("[-missing-]", "[-missing-]"))
      }
      if keys.isEmpty {
        parts.append("The card's code, marked:")
      } else {
        let plain = keys.map(\.plain).joined(separator: ", ")
        let key = "(" + keys.map(\.shown).joined(separator: ", ") + "):"
        let fits = "The card's code, marked (\(plain)):".count <= wrapper.width
        parts.append("The card's code, marked" + (fits ? " " : "\n") + key)
      }
      parts.append(lines.joined(separator: "\n"))
    }
    // The findings the headline does not already say: its reason is one of them, mostly the
    // first, not always (the SDK's words, an older API named first).
    // (A reason may say one with more after it: "Missing `step:`, which the question asks
    // for.")
    let more = judgement.findings.filter { finding in
      finding.severity > .note && finding.sentence != judgement.reason
        && !judgement.reason.hasPrefix(finding.sentence.dropLast() + ",")
    }
    .prefix(4)
    if !more.isEmpty {
      parts.append(
        more.map { finding in
          // A hanging indent: the lines after the first start under the text, not the dot.
          let text = wrapper.wrap(finding.message, indent: "    ", columns: style.shownColumns)
          return style.inlineMarkdown("  · " + text.dropFirst(4))
        }
        .joined(separator: "\n"))
    }
    if !judgement.renamings.isEmpty {
      let names = judgement.renamings.map { "`\($0.attempt)` for `\($0.expected)`" }
      parts.append(
        style.inlineMarkdown(
          wrapper.wrap(
            "Your own names, accepted: " + names.joined(separator: ", "),
            columns: style.shownColumns)))
    }
    return parts.joined(separator: "\n")
  }

  /// A piece of a rendered line: its text as written, and how many columns it takes.
  private struct Piece {
    var text: String
    var columns: Int
  }

  /// The lines of `code` that hold a mark, dedented, marked, and wrapped to the width.
  private func markedLines(_ code: String, marks: [Int: Judgement.Mark]) -> [String] {
    guard !marks.isEmpty else { return [] }
    var lines: [[Piece]] = [[]]
    var marked: [Bool] = [false]
    // Lines holding a part the attempt has elsewhere: said once, after the line's code, where
    // it cannot read as part of the code (`.searchable(elsewhere)(text:` and, without colour,
    // `.[-searchable-]{+elsewhere+}(text:` did).
    var misplaced: Set<Int> = []
    var significant = 0
    // Missing tokens with nothing between them are one run, marked once: `[-path.count-]`, not
    // `[-path-][-.-][-count-]`.
    var missingRun: String?
    for token in SwiftLexer.tokens(in: code) {
      let text = code[token.range]
      var mark: Judgement.Mark?
      if token.isSignificant {
        mark = marks[significant]
        significant += 1
      }
      for (index, part) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        if index > 0 {
          lines.append([])
          marked.append(false)
          missingRun = nil
        }
        guard !part.isEmpty else { continue }
        if mark == .missing, let run = missingRun, !lines[lines.count - 1].isEmpty {
          lines[lines.count - 1].removeLast()
          missingRun = run + part
          lines[lines.count - 1] += render(run + part, .missing)
          continue
        }
        missingRun = mark == .missing ? String(part) : nil
        if let mark {
          lines[lines.count - 1] += render(String(part), mark)
          marked[marked.count - 1] = true
          if case .misplaced = mark { misplaced.insert(lines.count - 1) }
        } else {
          lines[lines.count - 1].append(Piece(text: String(part), columns: part.count))
        }
      }
    }
    let note = "  ← yours has it elsewhere"
    for index in misplaced {
      lines[index].append(Piece(text: style.apply(.dim, note), columns: note.count))
    }
    let shown = lines.indices.filter { marked[$0] }
    let indent =
      shown.map { index in
        lines[index].first.map { $0.text.prefix(while: { $0 == " " || $0 == "\t" }).count } ?? 0
      }.min() ?? 0
    var out: [String] = []
    for index in shown.prefix(8) {
      var pieces = lines[index]
      if var first = pieces.first, indent > 0, first.text.count >= indent {
        first.text = String(first.text.dropFirst(indent))
        first.columns -= indent
        pieces[0] = first
      }
      out += wrapped(pieces, prefix: "    ")
    }
    if shown.count > 8 { out.append(style.apply(.dim, "    … and \(shown.count - 8) more lines")) }
    return out
  }

  private func render(_ text: String, _ mark: Judgement.Mark) -> [Piece] {
    let plain: String
    let coloured: String
    switch mark {
    case .missing:
      plain = "[-\(text)-]"
      coloured = style.apply(.missing, text)
    case .wrong(let typed), .typo(let typed):
      plain = "[-\(text)-]{+\(typed)+}"
      // The card's side in the legend's colour, a typo's as another name's.
      coloured = style.apply(.bad, text) + style.apply(.dim, "→") + style.apply(.warn, typed)
    case .misplaced:
      // The card's part, and after the line a note: a word in the code would read as code.
      plain = "[-\(text)-]"
      coloured = style.apply(.warn, text)
    }
    let columns =
      switch mark {
      case .missing: text.count
      case .wrong(let typed), .typo(let typed): text.count + 1 + typed.count
      case .misplaced: text.count
      }
    return [
      style.usesColor
        ? Piece(text: coloured, columns: columns) : Piece(text: plain, columns: plain.count)
    ]
  }

  /// Pieces laid out on lines no wider than the width: a break goes between pieces, and the
  /// continuation is indented.
  private func wrapped(_ pieces: [Piece], prefix: String) -> [String] {
    let available = max(20, width - prefix.count)
    var lines: [String] = []
    var current = ""
    var columns = 0
    // A plain piece longer than a line (a long string literal) is cut into lines of its own.
    let pieces = pieces.flatMap { piece -> [Piece] in
      guard piece.columns > available - 2, piece.columns == piece.text.count else { return [piece] }
      var chunks: [Piece] = []
      var rest = Substring(piece.text)
      while !rest.isEmpty {
        let chunk = rest.prefix(available - 2)
        chunks.append(Piece(text: String(chunk), columns: chunk.count))
        rest = rest.dropFirst(chunk.count)
      }
      return chunks
    }
    for piece in pieces {
      if columns + piece.columns > available, columns > 0 {
        lines.append(prefix + current)
        let trimmed = piece.text.drop(while: { $0 == " " })
        current = "  " + trimmed
        columns = 2 + piece.columns - (piece.text.count - trimmed.count)
        continue
      }
      current += piece.text
      columns += piece.columns
    }
    lines.append(prefix + current)
    return lines
  }
}
