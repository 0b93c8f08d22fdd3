import CardDeck
import Foundation

/// `quiz import`: converts lesson pages into native deck files.
struct ImportCommand {
  var environment: Environment
  var console: Console

  static let help = """
    Usage: quiz import PAGE... [--output DIR] [--force]

    Reads each lesson page (a .txt file) and writes its cards as a native deck, DIR/lesson-N.md,
    with every card's id written out, so the imported deck keeps the page's review history.
    A page with errors is not written.

    Options:
      --output DIR     Where to write the decks (default: the current folder).
      --force          Replace deck files that already exist.
      -h, --help       Show this help.
    """

  func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
    var arguments = arguments
    let output = try arguments.value("--output") ?? "."
    let force = arguments.flag("--force")
    let pages = arguments.positionals()
    try arguments.finish()
    guard !pages.isEmpty else {
      throw UsageError("name at least one lesson page to import", command: arguments.command)
    }

    var status = ExitCode.success
    var written: [String: String] = [:]
    for page in pages {
      guard let data = FileManager.default.contents(atPath: page) else {
        console.printError("\(page): cannot be read")
        status = .failure
        continue
      }
      let stem = URL(fileURLWithPath: page).deletingPathExtension().lastPathComponent
      let (deck, diagnostics) = LessonPageParser(fallbackName: stem).parse(
        SourceText(bytes: data, path: page))
      for diagnostic in diagnostics { console.printError(diagnostic.description) }
      guard !diagnostics.contains(where: { $0.severity == .error }) else {
        console.printError("\(page): not imported, because of the errors above")
        status = .failure
        continue
      }
      let writer = NativeDeckWriter()
      let target = (output as NSString).appendingPathComponent(writer.fileName(for: deck))
      if let other = written[target] {
        console.printError("\(page): not imported: \(other) was already written to \(target)")
        status = .failure
        continue
      }
      if FileManager.default.fileExists(atPath: target) && !force {
        console.printError("\(target): already exists; pass --force to replace it")
        status = .failure
        continue
      }
      do {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try Data(writer.write(deck).utf8).write(to: URL(fileURLWithPath: target), options: .atomic)
      } catch {
        console.printError("\(target): cannot be written: \(error.localizedDescription)")
        status = .failure
        continue
      }
      written[target] = page
      console.print("\(target): \(deck.cards.count) cards from \(page)")
    }
    return status
  }
}
