import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

extension ExportCommand {
  /// The forms of export; help, completions and messages list them from here.
  enum Format: String, CaseIterable {
    case json, csv, md, apkg

    /// Its name in a sentence: `JSON`, `an Anki package`.
    var title: String {
      switch self {
      case .json: "JSON"
      case .csv: "CSV"
      case .md: "Markdown"
      case .apkg: "an Anki package"
      }
    }

    /// What it holds, for help: a line or two, as help shows them.
    var explanation: [String] {
      switch self {
      case .json:
        [
          #"{"version":\#(ExportDocument.currentVersion),"exportedAt":…,"#
            + #""cards":[…],"reviews":[…]}:"#,
          "the cards, and every journal event (grades, undos, suspensions).",
        ]
      case .csv: ["the cards, RFC 4180: a header row, CRLF line ends, UTF-8."]
      case .md: ["a report: a summary line, then a table per deck."]
      case .apkg:
        [
          "an Anki package (needs --output): each card a note, with its scheduling",
          "and review log; imported again, it updates the notes (docs/anki.md).",
        ]
      }
    }

    /// `json, csv, md or apkg`.
    static let names = allCases.map(\.rawValue).listed(joinedBy: "or")

    /// Every format and what it holds, a paragraph kept as written in help.
    static var table: String {
      let width = allCases.map(\.rawValue.count).max() ?? 0
      return allCases.flatMap { format in
        format.explanation.enumerated().map { index, line in
          "  " + (index == 0 ? format.rawValue : "").padded(to: width) + "  " + line
        }
      }.joined(separator: "\n")
    }
  }

  /// The format named by --format, else the one the output file's extension suggests, else JSON.
  static func format(
    named name: String?, output: String?, command: String
  ) throws(UsageError) -> Format {
    let named = try name.map { name throws(UsageError) in
      let lowered = name.lowercased()
      guard let format = Format(rawValue: lowered == "markdown" ? "md" : lowered) else {
        throw UsageError("--format takes \(Format.names), not '\(name)'", command: command)
      }
      return format
    }
    guard let output else { return named ?? .json }
    let suffix = URL(fileURLWithPath: output).pathExtension.lowercased()
    let implied = Format(rawValue: suffix == "markdown" ? "md" : suffix)
    switch (named, implied) {
    case (let named?, let implied?) where named != implied:
      throw UsageError(
        "--format \(named.rawValue) does not match --output \(output), a .\(suffix) file; "
          + "name a .\(named.rawValue) file, or leave --format out", command: command)
    case (let named?, _): return named
    case (nil, let implied?): return implied
    case (nil, nil):
      let extensions = Format.allCases.map { "." + $0.rawValue }.listed(joinedBy: "or")
      throw UsageError(
        "--output \(output): "
          + (suffix.isEmpty ? "a file without an extension" : "a .\(suffix) file")
          + " does not say which format to write; end it in \(extensions), or "
          + "give --format", command: command)
    }
  }
}
