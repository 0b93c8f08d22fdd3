import AnswerJudging
import CardDeck
import CommandLineKit

/// Turns cards into terminal text: the question, the answer, and the comparison of an attempt.
struct CardPresenter {
  var style: Style
  var width: Int
  /// The terminal's height in rows, when output is a terminal.
  var height: Int? = nil

  var wrapper: TextWrapper { TextWrapper(width: width) }

  /// The header line: position, a progress bar, and what the card is.
  func header(for card: Card, position: Int, total: Int) -> String {
    let counter = "[\(position)/\(total)]"
    // The id is typed back (--card), so it is never cut: the topic gives way on a narrow
    // terminal, and an id too long even then goes on a line of its own.
    let kind = card.kind.rawValue
    let shortest = min(card.topic.count, 8)
    let idFits = counter.count + 1 + shortest + 3 + kind.count + 3 + card.id.count <= width
    let fixed = counter.count + 1 + 3 + kind.count + (idFits ? 3 + card.id.count : 0)
    let topic = card.topic.truncated(to: max(8, width - fixed))
    let what = ([topic, kind] + (idFits ? [card.id] : [])).joined(separator: " · ")
    // The bar gives way first on a narrow terminal, so that the line does not wrap.
    let barWidth = max(0, min(20, width - counter.count - what.count - 3))
    let filled = total == 0 ? 0 : min(barWidth, (position - 1) * barWidth / total)
    let bar =
      String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
    return [style.apply(.accent, counter), style.apply(.dim, bar), style.apply(.dim, what)]
      .filter { !$0.isEmpty }.joined(separator: " ")
      + (idFits ? "" : "\n" + style.apply(.dim, card.id))
  }

  /// A one-line reminder of the question, for above the grade prompt when `shown` (the card's
  /// question and answer as printed) is taller than the terminal and the question has scrolled
  /// away; nil when it is still on the screen.
  func reminder(of card: Card, below shown: [String]) -> String? {
    guard let height else { return nil }
    // The legend and the prompt take three more rows.
    let rows = shown.reduce(0) {
      $0 + $1.split(separator: "\n", omittingEmptySubsequences: false).count
    }
    guard rows + 3 > height else { return nil }
    let text = card.title ?? (card.prompt.text.isEmpty ? card.prompt.code?.text : card.prompt.text)
    let firstLine = text?.split(separator: "\n").first.map(String.init) ?? card.id
    return style.apply(.heading, "Question: ")
      + style.headingText(firstLine.truncated(to: max(10, width - 10)))
  }

  /// A one-line reminder of the suggested grade and its reason, for above the grade prompt
  /// when what `answer` (as printed) shows below the reason is taller than the terminal and the
  /// reason has scrolled away; nil when it is still on the screen, or there is none.
  func reminder(of judgement: Judgement?, in answer: String) -> String? {
    guard let height, let judgement, let grade = judgement.grade else { return nil }
    let lines = answer.split(separator: "\n", omittingEmptySubsequences: false)
    guard let headline = lines.firstIndex(where: { $0.contains("Your attempt:") }) else {
      return nil
    }
    // The question's reminder, the legend and the prompt take four more rows.
    guard lines.count - headline + 4 > height else { return nil }
    let text = "Suggested \(grade): " + judgement.reason.replacing("`", with: "")
    return style.apply(.dim, text.truncated(to: max(10, width - 1)))
  }

  /// The question side of `card`.
  func question(_ card: Card) -> String {
    var parts: [String] = []
    if let title = card.title {
      parts.append(style.apply(.heading, style.headingText(wrapper.wrap(title.capitalizedFirst))))
    }
    if !card.prompt.text.isEmpty {
      parts.append(style.apply(.heading, style.headingText(wrapper.wrap(card.prompt.text))))
    }
    if let code = card.prompt.code { parts.append(self.code(code.text)) }
    return parts.joined(separator: "\n\n")
  }

  /// The answer side of `card`, with how an attempt compares on syntax cards.
  func answer(_ card: Card, judgement: Judgement? = nil) -> String {
    var parts = [rule("Answer")]
    switch card.content {
    case .syntax(let syntax):
      parts.append(code(syntax.code.text))
      if let judgement, judgement.grade != nil {
        parts.append(comparison(judgement))
      }
      parts += syntax.explanation.blocks.map(block)
      if !syntax.hints.alternatives.isEmpty {
        parts.append(
          style.apply(.dim, "Also right:") + "\n"
            + syntax.hints.alternatives.map { alternative in
              // A long one-line answer reads better laid out than wrapped at the edge.
              code(alternative.count > width - 4 ? CodeLayout.laidOut(alternative) : alternative)
            }.joined(separator: "\n"))
      }
      if let source = syntax.source {
        parts.append(sourceLine(source))
      }
    case .trick(let trick):
      parts += trick.answer.blocks.map(block)
      if let source = trick.source {
        parts.append(sourceLine(source))
      }
    case .edge(let edge):
      parts += edge.answer.blocks.map(block)
      parts.append(sourceLine(edge.source))
    case .interview(let interview):
      parts += interview.modelAnswer.blocks.map(block)
      // Wrapped with its label, so that the first line fits too; then the label is dressed.
      let label = "What interviewers listen for:"
      let text = wrapper.wrap(label + " " + interview.listenFor, columns: style.shownColumns)
      parts.append(
        style.apply(.warn, label) + style.inlineMarkdown(String(text.dropFirst(label.count))))
      if let source = interview.source {
        parts.append(sourceLine(source))
      }
    }
    return parts.joined(separator: "\n\n")
  }

  /// Where a card's facts come from, dimmed. With colour, code is not marked out in a dimmed
  /// line, so its backticks go, as they do where the explanation shows code in bold.
  func sourceLine(_ source: String) -> String {
    let text = style.usesColor ? source.filter { $0 != "`" } : source
    return style.apply(.dim, wrapper.wrap("Source: \(text)"))
  }

  /// A horizontal rule with a label.
  func rule(_ label: String) -> String {
    let line = String(repeating: "─", count: max(4, min(width, 72) - label.count - 4))
    return style.apply(.dim, "── \(label) \(line)")
  }

  private func block(_ block: Passage.Block) -> String {
    switch block {
    case .text(let text):
      // With colour, a code span's backticks do not show: the line may hold them.
      style.inlineMarkdown(wrapper.wrap(text, columns: style.shownColumns))
    case .code(let code): self.code(code.text)
    case .console(let text):
      // A line that fits is kept as it is (output aligns with spaces); a longer one, such as a
      // log message, is wrapped at spaces.
      text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
        line.count <= width - 4
          ? [String(line)]
          : TextWrapper(width: width - 4).wrap(String(line)).split(separator: "\n").map(String.init)
      }
      .map { style.apply(.dim, "  │ ") + $0 }.joined(separator: "\n")
    case .table(let rows): table(rows)
    }
  }

  private func code(_ text: String) -> String {
    style.highlightedLines(text, width: width - 4).map { "    " + $0 }.joined(separator: "\n")
  }

  private func table(_ rows: [[String]]) -> String {
    let columns = rows.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in
      rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
    }
    return rows.enumerated().map { index, row in
      let line = "  " + row.enumerated().map { $1.padded(to: widths[$0]) }.joined(separator: "  ")
      return index == 0 && rows.count > 1 ? style.apply(.heading, line) : line
    }.joined(separator: "\n")
  }
}

extension String {
  /// The string with its first letter in upper case.
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
