import CardDeck
import CommandLineKit

extension Quiz {
  /// The program as its completion scripts and man page describe it.
  static var program: ProgramDeclaration {
    ProgramDeclaration(
      name: "quiz", summary: "spaced-repetition flash cards in the terminal",
      version: Version.current,
      discussion: """
        quiz shows the cards that are due, takes your attempt, shows the answer and takes a \
        grade from 0 to 5, which SM-2 turns into the day the card comes back. Cards are typed: \
        \(CardKind.allCases.map(\.plural).listed(joinedBy: "and")). On a syntax card, what you \
        type is compared with the card's code as a Swift reviewer would, and a grade is \
        suggested.

        Every grade is in the journal when it is acknowledged; the commands that only read \
        (stats, decks, topics, export, fsrs) run while a session is open.
        """,
      commands: commands.map { $0.declaration },
      environment: environmentVariables, files: files,
      exitStatuses: [
        (0, "All went well."),
        (1, "A failure: a deck with errors, a state that cannot be read, a file not written."),
        (64, "A usage error: an unknown command or option, a bad value."),
      ],
      valuesCommand: "quiz completions --values")
  }

  /// Every environment variable quiz reads, with what it does: the man page's ENVIRONMENT.
  static var environmentVariables: [(name: String, meaning: String)] {
    [
      (
        "QUIZ_DECKS",
        "The decks folder when --decks is not given; else 'decks' in the config file, else the "
          + "decks built in."
      ),
      (
        "QUIZ_SHIPPED_DECKS",
        "Whether the decks built in are read when --shipped-decks is not given: "
          + "\(Settings.shippedDecks.expected); else 'shipped-decks' in the config file, else "
          + "\(Settings.shippedDecks.defaultValue.rawValue)."
      ),
      ("XDG_CONFIG_HOME", "The config file is $XDG_CONFIG_HOME/quiz/config when it is set."),
      ("QUIZ_STATE", "The state folder when --state is not given."),
      ("XDG_DATA_HOME", "The state folder is $XDG_DATA_HOME/quiz when neither is given."),
      ("HOME", "Else the state folder is ~/.local/share/quiz."),
      (
        "XDG_CACHE_HOME",
        "The deck cache is in $XDG_CACHE_HOME/quiz when it is set, else in ~/.cache/quiz."
      ),
      (
        "QUIZ_CACHE",
        "When 'off', no deck cache is read or written: every deck file is parsed at every start."
      ),
      ("QUIZ_DAY_START", "The hour (0 to 23) at which a new day starts; default 4."),
      (
        "QUIZ_SCHEDULER",
        "The scheduler when --scheduler is not given: \(Settings.scheduler.expected); else "
          + "'scheduler' in the config file, else \(Settings.scheduler.defaultValue.rawValue)."
      ),
      ("QUIZ_FSRS_FUZZ", "When '0', FSRS's intervals are not fuzzed, for scripts and tests."),
      ("QUIZ_NOW", "An ISO 8601 moment that replaces the clock, for scripts and tests."),
      ("TZ", "The time zone whose days reviews count for."),
      ("NO_COLOR", "When set and not empty, no colour."),
      ("COLUMNS", "The width to fit when standard output is not a terminal."),
      ("VISUAL, EDITOR", "The editor that :edit and :compose open; else vi."),
      (
        "LC_ALL, LC_CTYPE, LANG",
        "The locale, whose character set prompts are written in. When it is not UTF-8, a UTF-8 "
          + "locale of the system is taken (and set in LC_CTYPE, or LC_ALL when that is set, "
          + "for readline and the editor); else prompts are ASCII."
      ),
    ]
  }

  /// Every file quiz reads or writes by itself, with what it holds: the man page's FILES.
  static var files: [(path: String, meaning: String)] {
    [
      (
        "~/.config/quiz/config",
        "Settings, 'key = value' a line ('quiz config --help' lists them); options and the "
          + "environment beat it."
      ),
      ("~/.local/share/quiz/reviews.jsonl", "The journal: every grade, undo and suspension."),
      ("~/.local/share/quiz/state.json", "A snapshot of the journal, rebuilt from it."),
      (
        "~/.local/share/quiz/state.bin",
        "The same snapshot in binary form, read instead of state.json when it was made from it."
      ),
      (
        "~/.local/share/quiz/journal-index.bin",
        "Where each day begins in the journal, for 'quiz stats'; rebuilt from the journal."
      ),
      (
        "~/.local/share/quiz/fsrs-parameters.json",
        "FSRS's weights fitted to your reviews by 'quiz fsrs fit --save', which --scheduler "
          + "fsrs schedules with; FSRS's defaults when it is not there."
      ),
      ("~/.local/share/quiz/history", "The line history of sessions on a terminal."),
      ("~/.local/share/quiz/lock", "Held while a session writes."),
      (
        "~/.local/share/quiz/reviews-before-merge-*.jsonl",
        "The journal as it was before a 'quiz merge' added to it."
      ),
      (
        "~/.local/share/quiz/answer.swift, answer.md",
        "The answer that :compose opens in the editor; removed once it is read back."
      ),
      (
        "~/.cache/quiz/decks-*.cache",
        "Parsed decks, a file per decks folder, used again only for deck files that have not "
          + "changed since: a cache, never a source."
      ),
    ]
  }
}
