/// A command typed at any prompt of a session, such as `:undo`.
enum SessionCommand: String, CaseIterable {
  case undo, skip, suspend, edit, compose, help, quit

  /// What the command does, for `:help`.
  var summary: String {
    switch self {
    case .undo: "take back the last grade and show that card again"
    case .skip: "leave this card for another session"
    case .suspend: "never show this card again (until 'quiz unsuspend ID')"
    case .edit: "open the card's file at its line in $EDITOR, then reload it"
    case .compose: "write your answer in $EDITOR, starting from what is typed so far"
    case .help: "show these commands"
    case .quit: "end the session; everything graded is saved (Ctrl-D too)"
    }
  }

  /// The command a line names, if it starts with `:`; `.unknown` for a `:` line that names none.
  static func parse(_ line: String) -> Parsed? {
    let trimmed = line.trimmingSpaces()
    guard trimmed.hasPrefix(":") else { return nil }
    let name = trimmed.dropFirst().lowercased()
    if let command = SessionCommand(rawValue: name) { return .command(command) }
    if name == "q" { return .command(.quit) }
    return .unknown(trimmed)
  }

  /// What a `:` line means.
  enum Parsed: Equatable {
    case command(SessionCommand)
    case unknown(String)
  }

  /// The commands as typed, for completion and help.
  static var typed: [String] { allCases.map { ":\($0.rawValue)" } }
}
