extension ProgramDeclaration {
  /// The man page, in roff (the `man` macros): NAME, SYNOPSIS, DESCRIPTION, a section per
  /// command with its options, ENVIRONMENT, FILES, EXIT STATUS and EXAMPLES.
  public func manual() -> String {
    var page = [
      ".TH \(roff(name.uppercased())) 1 \"\" \"\(roff(name)) \(roff(version))\" \"User Commands\"",
      ".SH NAME", "\(roff(name)) \\- \(roff(summary))",
      ".SH SYNOPSIS",
      ".B \(roff(name))", "[\\fIcommand\\fR] [\\fIoptions\\fR]", ".br",
      ".B \(roff(name))", "\\fB\\-\\-version\\fR",
      ".SH DESCRIPTION",
    ]
    page += paragraphs(discussion)
    page.append(".SH COMMANDS")
    for command in commands {
      page.append(".SS \"\(roff(command.usage))\"")
      page += paragraphs(command.summary + "\n\n" + command.discussion)
      for argument in command.arguments {
        page += [".TP", "\\fI\(roff(argument.name))\\fR", roff(argument.help)]
      }
      for option in command.allOptions {
        let names =
          (option.short.map { "\\fB\\-\($0)\\fR, " } ?? "") + "\\fB\(roff(option.name))\\fR"
        page += [
          ".TP", names + (option.valueName.map { " \\fI\(roff($0))\\fR" } ?? ""), roff(option.help),
        ]
      }
    }
    page.append(".SH ENVIRONMENT")
    for variable in environment {
      page += [".TP", "\\fB\(roff(variable.name))\\fR", roff(variable.meaning)]
    }
    page.append(".SH FILES")
    for file in files { page += [".TP", "\\fI\(roff(file.path))\\fR", roff(file.meaning)] }
    page.append(".SH EXIT STATUS")
    for status in exitStatuses { page += [".TP", "\(status.status)", roff(status.meaning)] }
    let examples = commands.flatMap(\.examples)
    if !examples.isEmpty {
      page.append(".SH EXAMPLES")
      for example in examples {
        page += [".TP", "\\fB\(roff(example.command))\\fR", roff(example.meaning)]
      }
    }
    return page.joined(separator: "\n") + "\n"
  }

  /// Paragraphs as `.PP` blocks; one whose lines start with two spaces is kept as written.
  private func paragraphs(_ text: String) -> [String] {
    text.split(separator: "\n\n", omittingEmptySubsequences: true).flatMap { paragraph in
      paragraph.hasPrefix("  ")
        ? [".PP", ".nf"] + paragraph.split(separator: "\n").map { roff(String($0)) } + [".fi"]
        : [".PP", roff(paragraph.split(separator: "\n").joined(separator: " "))]
    }
  }

  /// Text that roff prints as written: backslashes and dashes escaped, characters beyond ASCII
  /// as `\[uXXXX]` (troff reads ASCII), and a line that would start with a control character
  /// (`.` or `'`) guarded.
  private func roff(_ text: some StringProtocol) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case _ where scalar.value > 127:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out.first == "." || out.first == "'" ? "\\&" + out : out
  }
}
