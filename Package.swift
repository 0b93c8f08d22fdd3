// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "quiz",
  products: [
    .executable(name: "quiz", targets: ["quiz"]),
    .executable(name: "quiz-bench", targets: ["quiz-bench"]),
    .library(name: "Basics", targets: ["Basics"]),
    .library(name: "CardDeck", targets: ["CardDeck"]),
    .library(name: "AnswerJudging", targets: ["AnswerJudging"]),
    .library(name: "Scheduler", targets: ["Scheduler"]),
    .library(name: "ReviewStorage", targets: ["ReviewStorage"]),
  ],
  targets: [
    // Not `pkgConfig: "readline"`: Debian's readline.pc adds -D flags that SwiftPM refuses with a
    // warning on every build. The headers and library are in the default paths.
    .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
    // SQLite, zstd and libzip read and write Anki packages (docs/anki.md); headers and libraries
    // in the default paths, like readline's.
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CZstd", providers: [.apt(["libzstd-dev"])]),
    .systemLibrary(name: "CZip", providers: [.apt(["libzip-dev"])]),
    .target(
      name: "AnkiPackage",
      dependencies: [
        "Basics", "CardDeck", "Scheduler", "ReviewStorage", "CSQLite", "CZstd", "CZip",
      ]),
    // What every module needs: hashes, binary reading and writing, safe files, folder listing,
    // paths, spelling distances: docs/architecture.md.
    .target(name: "Basics"),
    .target(name: "CardDeck", dependencies: ["Basics"]),
    // Reads a typed attempt at a syntax card as a Swift reviewer would, knowing the SDK from an
    // index generated from its declarations: docs/judging.md.
    .target(name: "AnswerJudging", dependencies: ["Basics", "CardDeck"]),
    // When each card is next due: the review state, SM-2 behind one protocol, the session queue.
    .target(name: "Scheduler", dependencies: ["Basics"]),
    // Where reviews are kept: the journal, the snapshot and its caches, merging and the export.
    .target(name: "ReviewStorage", dependencies: ["Basics", "Scheduler"]),
    // Commands declared once (name, options as typed keys, help), and the parser that reads
    // them back: shared by quiz and quiz-bench.
    .target(name: "CommandLineKit", dependencies: ["Basics"]),
    // The app: its commands, the review session, rendering, the terminal and the settings.
    .target(
      name: "QuizApp",
      dependencies: [
        "Basics", "CardDeck", "AnswerJudging", "Scheduler", "ReviewStorage", "CommandLineKit",
        "CReadline", "AnkiPackage",
      ]),
    // Wires the live process to QuizApp, with the decks of Decks/ built in by EmbedDecks.
    .executableTarget(name: "quiz", dependencies: ["QuizApp"], plugins: ["EmbedDecks"]),
    // Measures parsing, start-up, answers and export against Anki: docs/performance.md.
    .executableTarget(
      name: "quiz-bench",
      dependencies: ["CardDeck", "AnswerJudging", "Scheduler", "ReviewStorage", "CommandLineKit"]),
    // Turns Decks/ into Swift source, so that an installed binary carries its decks with it.
    .executableTarget(name: "DeckEmbedder", path: "Plugins/DeckEmbedder"),
    .plugin(
      name: "EmbedDecks",
      capability: .buildTool(),
      dependencies: ["DeckEmbedder"]
    ),
    .testTarget(name: "BasicsTests", dependencies: ["Basics"]),
    .testTarget(
      name: "CardDeckTests", dependencies: ["Basics", "CardDeck"], exclude: ["Fixtures"]),
    .testTarget(
      name: "AnswerJudgingTests", dependencies: ["AnswerJudging", "CardDeck"],
      exclude: ["Fixtures"]),
    // A clock that tests move by hand, moments and days written as text, and a second scheduler.
    .target(
      name: "SchedulerTestSupport", dependencies: ["Scheduler"], path: "Tests/SchedulerTestSupport"),
    .testTarget(name: "SchedulerTests", dependencies: ["Scheduler", "SchedulerTestSupport"]),
    .testTarget(
      name: "ReviewStorageTests",
      dependencies: ["Basics", "Scheduler", "ReviewStorage", "SchedulerTestSupport"]),
    .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
    .testTarget(
      name: "AnkiPackageTests",
      dependencies: ["AnkiPackage", "CardDeck", "Scheduler", "ReviewStorage", "CZip", "CZstd"],
      exclude: ["Fixtures"]),
    // The test doubles of QuizApp's inputs and outputs: scripted lines, a clock moved by hand,
    // a console that keeps what is written. Built for tests only, never part of a product.
    .target(name: "QuizTestSupport", dependencies: ["QuizApp"], path: "Tests/QuizTestSupport"),
    // Also runs the quiz executable, which `swift test` builds with every other target.
    .testTarget(
      name: "QuizTests",
      dependencies: [
        "QuizApp", "QuizTestSupport", "Basics", "CardDeck", "AnswerJudging", "Scheduler",
        "ReviewStorage", "CommandLineKit", "AnkiPackage", "SchedulerTestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
