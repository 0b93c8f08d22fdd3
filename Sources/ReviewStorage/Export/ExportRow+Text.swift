import FoundationEssentials
import Scheduler

extension ExportRow {
  /// The rows as RFC 4180 CSV: a header row, every line ended by CRLF; a field is quoted when
  /// it holds a comma, a quote, or a line break, its quotes doubled. A text field that a
  /// spreadsheet would read as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage
  /// return) is written after a `'`, as OWASP advises, so that opening the export runs nothing.
  public static func csv(_ rows: [ExportRow]) -> String {
    func field(_ text: String) -> String {
      var text = text
      if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first),
        Double(text) == nil
      {
        text = "'" + text
      }
      return text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline })
        ? "\"" + text.replacing("\"", with: "\"\"") + "\"" : text
    }
    return ([columns] + rows.map(\.fields)).map { $0.map(field).joined(separator: ",") + "\r\n" }
      .joined()
  }

  /// The rows as a Markdown report: a summary line, then a table per deck, then the cards that
  /// are in no deck.
  public static func markdown(
    _ rows: [ExportRow], decks: [TrackedDeck], state: ReviewState, today: Day, exportedAt: Date
  ) -> String {
    func cell(_ text: String) -> String {
      text.replacing("|", with: "\\|").split(whereSeparator: \.isNewline)
        .joined(separator: " ")
    }
    let inDecks = rows.filter { $0.card != nil }
    let counts = StageCounts(inDecks.map(\.id), in: state, today: today)
    let deckCount = Set(inDecks.compactMap(\.card?.deck)).count
    let orphans = rows.filter { $0.card == nil }
    var text = "# quiz export\n\n"
    text +=
      "\(ReportText.count(counts.cards, "card")) in \(ReportText.count(deckCount, "deck")): "
      + "\(inDecks.filter { $0.state != nil }.count) reviewed, \(counts.new) new, \(counts.dueToday) due today, "
      + "\(counts.suspended) suspended"
      + (orphans.isEmpty
        ? ""
        : "; \(orphans.count) more with a review history \(orphans.count == 1 ? "is" : "are") in no deck")
      + ". Exported \(Timestamp.format(exportedAt)), for \(today).\n"
    let header =
      "| id | topic | kind | repetitions | ease | interval | due | lapses | reviews "
      + "| last review | suspended |\n"
      + "| --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: | --- | --- |\n"
    func table(_ rows: [ExportRow]) -> String {
      header
        + rows.map { row in
          let fields = row.fields
          let shown = [
            fields[0], fields[2], fields[3], fields[4],
            twoDecimals(row.shownState.easeFactor), fields[6],
            fields[7].isEmpty ? "new" : fields[7], fields[8], fields[9], fields[10],
            row.isSuspended ? "yes" : "",
          ]
          return "| " + shown.map(cell).joined(separator: " | ") + " |\n"
        }.joined()
    }
    for deck in decks {
      let deckRows = rows.filter { $0.card?.deck == deck.name }
      guard !deckRows.isEmpty else { continue }
      text += "\n## \(cell(deck.title))\n\n`\(deck.name)`, \(cell(deck.location))\n\n"
      text += table(deckRows)
    }
    if !orphans.isEmpty {
      text +=
        "\n## In no deck\n\nCards with a review history that no deck read this time has: their "
        + "folder was not loaded this time (see --decks), or the card was removed.\n\n"
      text += table(orphans)
    }
    return text
  }
}

/// `2.50`: the number rounded to hundredths, without a formatter (and so without ICU). A value
/// too large for hundredths to be counted in an `Int` (no ease SM-2 reaches) is written as it is.
func twoDecimals(_ value: Double) -> String {
  guard value.isFinite, abs(value) < 1e15 else { return String(value) }
  let hundredths = Int((abs(value) * 100).rounded())
  let cents = hundredths % 100
  return (value < 0 && hundredths > 0 ? "-" : "") + "\(hundredths / 100)."
    + (cents < 10 ? "0" : "") + "\(cents)"
}
