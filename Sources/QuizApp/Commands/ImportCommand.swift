import AnkiPackage
import Basics
import CardDeck
import CommandLineKit
import FoundationEssentials
import ReviewStorage
import Scheduler

/// `quiz import`: converts lesson pages, and Anki packages, into native deck files.
struct ImportCommand: Command {
  /// The options of an import, beside the state's.
  enum Keys {
    /// `--output DIR`.
    static let output = OptionKey.option(
      "--output", "DIR", completion: .folders,
      help: "Where to write the decks (default: the current folder).")
    /// `--force`.
    static let force = OptionKey.flag("--force", help: "Replace deck files that already exist.")
    /// `--no-progress`.
    static let noProgress = OptionKey.flag(
      "--no-progress", help: "Leave an Anki package's scheduling out.")
    /// `--replace-progress`.
    static let replaceProgress = OptionKey.flag(
      "--replace-progress",
      help: "Let an Anki package's scheduling replace what the state folder has for the same cards."
    )
  }

  static let declaration = CommandDeclaration(
    name: "import",
    summary: "Turn lesson pages and Anki packages into native decks.",
    discussion: """
      Reads each lesson page (a .txt file) and writes its cards as a native deck, \
      DIR/lesson-N.md, with every card's id written out. New ids are readable: the lesson, the \
      kind and a few words of the question (l23-syntax-sheet-selected-item). A card already \
      reviewed on the page keeps the id its progress is kept under, so the imported deck keeps \
      the page's review history. A page with errors is not written.

      An Anki package (a .apkg file, or a whole collection, .colpkg) becomes one deck per Anki \
      deck, DIR/NAME.md, and, unless --no-progress, its scheduling becomes the cards' progress \
      in the state folder; importing it again adds nothing. An Anki deck too large for one deck \
      file (quiz reads files of up to \(ReportText.size(DeckLoader.largestFile))) is split into \
      parts of at most \(ReportText.size(AnkiImport.partBudget(limit: DeckLoader.largestFile))), \
      DIR/NAME.md, DIR/NAME.part-2.md and on, with the same ids; with --force, a later import \
      removes the parts it no longer needs, if no one changed them. A damaged package, or a \
      card too large for a deck file alone, writes nothing (docs/anki.md).
      """,
    arguments: [
      ArgumentDeclaration(
        name: "FILE", help: "A lesson page or an Anki package (.apkg, .colpkg) to import.",
        isRepeatable: true, completion: .files)
    ],
    options: [Keys.output, Keys.force, Keys.noProgress, Keys.replaceProgress]
      + StateOptions.options,
    examples: [
      (
        "quiz import lesson-23.txt lesson-24.txt --output ~/my-decks",
        "Two lesson pages as two decks in ~/my-decks."
      ),
      ("quiz import Swift.apkg --output ~/my-decks", "An Anki deck, with its progress."),
    ])

  var output: String
  var force: Bool
  var pages: [String]
  var packages: [String]
  var withProgress: Bool
  /// Whether a package's progress may replace the progress cards already have.
  var replaceProgress: Bool
  /// Where an Anki package's progress goes, and the progress that decides which lesson-page
  /// cards keep their ids.
  var state: StateOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    output = arguments[Keys.output] ?? "."
    force = arguments[Keys.force]
    packages = arguments.positionals.filter(Self.isAnkiPackage)
    pages = arguments.positionals.filter { !Self.isAnkiPackage($0) }
    withProgress = !arguments[Keys.noProgress]
    replaceProgress = arguments[Keys.replaceProgress]
    state = try StateOptions(arguments)
    guard !arguments.positionals.isEmpty else {
      throw UsageError(
        "name at least one lesson page or Anki package to import", command: arguments.command)
    }
  }

  /// Whether `path` names an Anki package: a deck package (`.apkg`) or a whole collection
  /// (`.colpkg`, the same format).
  static func isAnkiPackage(_ path: String) -> Bool {
    let lowered = path.lowercased()
    return lowered.hasSuffix(".apkg") || lowered.hasSuffix(".colpkg")
  }

  func run(in context: CommandContext) throws(UsageError) -> ExitCode {
    let console = context.console
    var status = ExitCode.success
    var written: [String: String] = [:]
    for package in packages where try importPackage(package, in: context) != .success {
      status = .failure
    }
    guard !pages.isEmpty else { return status }
    guard let store = try context.openForReading(state) else { return .failure }
    for page in pages {
      // The name as printed: a control character in it is shown, not sent to the terminal.
      let shown = ControlCharacters.visible(page)
      // Read as the deck loader reads a deck file: a FIFO must not hang the import, nor a huge
      // file be read whole.
      let data: [UInt8]
      do {
        guard let bytes = try DeckLoader.existingFile(at: page) else {
          console.printError("\(shown): cannot be read: no such file")
          status = .failure
          continue
        }
        data = bytes
      } catch {
        console.printError("\(shown): \(error.reason); not imported")
        status = .failure
        continue
      }
      let stem = URL(fileURLWithPath: page).deletingPathExtension().lastPathComponent
      let (parsed, diagnostics) = LessonPageParser(fallbackName: stem).parse(
        SourceText(bytes: data, path: page))
      let deck = parsed.withReadableIDs { card in
        store.state(of: card.id) != nil || store.isSuspended(card.id)
      }
      for diagnostic in diagnostics { console.printError(diagnostic.description) }
      guard !diagnostics.contains(where: { $0.severity == .error }) else {
        console.printError("\(shown): not imported, because of the errors above")
        status = .failure
        continue
      }
      let writer = NativeDeckWriter()
      let target = output.joiningPath(writer.fileName(for: deck))
      if let other = written[target] {
        console.printError(
          "\(shown): not imported: \(ControlCharacters.visible(other)) was already written to \(target)"
        )
        status = .failure
        continue
      }
      do {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
      } catch {
        console.printError("\(output): cannot be created: \(SystemReason.text(of: error))")
        status = .failure
        continue
      }
      do throws(AtomicFile.Failure) {
        try AtomicFile.write(Data(writer.write(deck).utf8), to: target, replacing: force)
      } catch {
        console.printError(error.message(for: target))
        status = .failure
        continue
      }
      written[target] = page
      console.print("\(target): \(ReportText.count(deck.cards.count, "card")) from \(shown)")
    }
    return status
  }
}
