import CardDeck
import Foundation
import ReviewStorage
import Scheduler

/// Anki's own scheduler on the same cards, through `Scripts/bench/anki_bench.py`: a measuring
/// stick only, run in a virtual environment that the script makes under /tmp.
struct AnkiComparison {
  let bench: Bench
  let script: String

  init(bench: Bench) {
    self.bench = bench
    script = bench.package.appending(path: "Scripts/bench/anki_bench.py").path
  }

  /// The collection and the Python that opens it, once prepared.
  struct Prepared {
    var python: String
    var collection: URL
    var version: String
    var buildOutput: String
  }

  /// Sets up the virtual environment (the script does it) and builds a collection of `cards`
  /// with their states from `state` and `reviews` entries of review log.
  func prepare(cards: [Card], state: ReviewState, today: Day, reviews: Int) throws -> Prepared {
    let (python, version) = try setUp()
    let folder = bench.work.appending(path: "anki")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let cardsFile = folder.appending(path: "cards.json")
    try writeCards(cards, state: state, today: today, to: cardsFile)
    let collection = folder.appending(path: "collection.anki2")
    bench.log("building an Anki collection of \(cards.count) cards")
    let built = try runScript(
      python,
      [
        "build", "--cards", cardsFile.path, "--collection", collection.path, "--reviews",
        "\(reviews)",
      ])
    return Prepared(
      python: python, collection: collection, version: version,
      buildOutput: built.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The start-up program: a fresh Python that opens the collection and takes its first card.
  func program(_ prepared: Prepared) -> Bench.Program {
    Bench.Program(
      name: "Anki \(prepared.version) (open collection, sched.getCard())",
      executable: prepared.python,
      arguments: [script, "first-card", "--collection", prepared.collection.path],
      environment: ["PATH": "/usr/bin:/bin", "HOME": bench.work.path, "LANG": "C.UTF-8"],
      marker: "FIRST-CARD")
  }

  /// Times answering `count` cards in one process, on a copy of the collection in `folder`.
  func answers(_ prepared: Prepared, in folder: URL, count: Int) throws -> [String: Double] {
    try answer(
      prepared.python, prepared.collection, copy: folder.appending(path: "answer.anki2"),
      count: "\(count)")
  }

  private func setUp() throws -> (python: String, version: String) {
    bench.log("setting up Anki's virtual environment (python3 \(script) setup)")
    let output = try runScript(bench.options.python, ["setup"], timeout: 900)
    guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("PYTHON ") })
    else {
      throw ChildProcess.Failure(
        description: "anki_bench.py setup printed no PYTHON line:\n\(output)")
    }
    let fields = line.split(separator: " ", maxSplits: 2)
    return (String(fields[1]), fields.count > 2 ? String(fields[2]) : "")
  }

  private func answer(
    _ python: String, _ collection: URL, copy: URL, count: String
  ) throws -> [String: Double] {
    for suffix in ["", "-wal", "-shm"] { unlink(copy.path + suffix) }
    try FileManager.default.copyItem(at: collection, to: copy)
    defer { for suffix in ["", "-wal", "-shm"] { unlink(copy.path + suffix) } }
    let output = try runScript(python, ["answer", "--collection", copy.path, "--count", count])
    guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("RESULT ") }),
      let object = try JSONSerialization.jsonObject(with: Data(line.dropFirst(7).utf8))
        as? [String: Double]
    else {
      throw ChildProcess.Failure(description: "anki_bench.py answer printed no RESULT:\n\(output)")
    }
    return object
  }

  /// Runs the script to its end; its output, or a failure that quotes its error output.
  private func runScript(
    _ python: String, _ arguments: [String], timeout: Double = 600
  ) throws -> String {
    let errors = bench.work.appending(path: "anki.err")
    var environment = ProcessInfo.processInfo.environment
    environment["PYTHONUNBUFFERED"] = "1"
    let executable = python.hasPrefix("/") ? python : bench.findExecutable(python) ?? python
    let child = try ChildProcess(
      executable, [script] + arguments, environment: environment, standardError: errors.path)
    let ending = try child.finish(timeout: timeout)
    guard ending.succeeded else {
      let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      throw ChildProcess.Failure(
        description:
          "\(python) \(script) \(arguments.joined(separator: " ")) exited with \(ending.exitCode):\n\(child.outputText.suffix(3000))\(text.suffix(3000))"
      )
    }
    return child.outputText
  }

  /// The cards as the script reads them: front and back as plain text, and each card's state
  /// relative to the session day.
  private func writeCards(_ cards: [Card], state: ReviewState, today: Day, to url: URL) throws {
    let objects: [[String: Any]] = cards.map { card in
      var object: [String: Any] = ["id": card.id, "front": front(card), "back": back(card)]
      if let card = state.cards[card.id] {
        object["state"] = [
          "dueIn": card.due - today, "interval": card.interval, "ease": card.easeFactor,
          "repetitions": card.repetitions, "lapses": card.lapses, "reviews": card.reviews,
        ]
      }
      return object
    }
    try JSONSerialization.data(withJSONObject: ["cards": objects]).write(to: url)
  }

  private func front(_ card: Card) -> String {
    let prompt = card.prompt
    return [prompt.text, prompt.code.map { "```\n\($0.text)\n```" }].compactMap { $0 }
      .joined(separator: "\n\n")
  }

  private func back(_ card: Card) -> String {
    var parts: [String] = []
    func add(_ passage: Passage) {
      for block in passage.blocks {
        switch block {
        case .text(let text): parts.append(text)
        case .code(let code): parts.append("```\n\(code.text)\n```")
        case .console(let text): parts.append(text)
        case .table(let rows):
          parts.append(rows.map { $0.joined(separator: " | ") }.joined(separator: "\n"))
        }
      }
    }
    switch card.content {
    case .syntax(let syntax):
      parts.append("```\n\(syntax.code.text)\n```")
      add(syntax.explanation)
    case .trick(let trick): add(trick.answer)
    case .edge(let edge):
      add(edge.answer)
      parts.append("Source: \(edge.source)")
    case .interview(let interview):
      add(interview.modelAnswer)
      parts.append("Listen for: \(interview.listenFor)")
    }
    return parts.joined(separator: "\n\n")
  }
}
