import AnkiPackage
import Basics
import CardDeck
import Foundation
import Glibc
import ReviewStorage
import Scheduler
import Testing

@testable import QuizApp

/// `quiz import` of packages from strangers: deck files, ids and progress that are the user's
/// are never lost, and nothing is written when something is in the way.
@Suite("quiz import of hostile Anki packages")
struct AnkiImportHardeningTests {
  static let now = "2026-11-29T12:00:00Z"

  /// A package of Basic notes, one per entry of `notes` (GUID, Anki deck name), each in its own
  /// deck id unless the names repeat; the card of `reviewed` is a review card with a review-log
  /// line at `reviewedAt` (milliseconds since 1970).
  func package(
    in folder: TemporaryFolder, _ notes: [(guid: String, deck: String)],
    reviewed: String? = nil, reviewedAt: Int64 = 1_796_000_000_000, name: String = "p.apkg"
  ) throws -> String {
    var collection = AnkiCollection(created: Date(timeIntervalSince1970: 1_790_000_000))
    collection.notetypes[1] = AnkiNotetype(
      id: 1, name: "Basic", fields: ["Front", "Back"],
      templates: [AnkiNotetype.Template(name: "Card 1", front: "{{Front}}", back: "{{Back}}")])
    var deckIDs: [String: Int64] = [:]
    for (index, note) in notes.enumerated() {
      let deck = deckIDs[note.deck] ?? Int64(100 + deckIDs.count)
      deckIDs[note.deck] = deck
      collection.decks[deck] = note.deck
      let id = Int64(index + 1)
      collection.notes.append(
        AnkiNote(id: id, guid: note.guid, notetype: 1, fields: ["Q \(note.guid)?", "A."]))
      let isReviewed = note.guid == reviewed
      collection.cards.append(
        AnkiCard(
          id: id, note: id, deck: deck, ordinal: 0, kind: isReviewed ? .review : .new,
          queue: isReviewed ? 2 : 0, due: isReviewed ? 90 : id, interval: isReviewed ? 30 : 0,
          factor: isReviewed ? 2600 : 0, reviews: isReviewed ? 4 : 0))
      if isReviewed {
        collection.reviews.append(
          AnkiReview(
            id: reviewedAt, card: id, ease: 3, interval: 30, lastInterval: 10, factor: 2600,
            milliseconds: 4_000, kind: .review))
      }
    }
    let path = folder.path + "/" + name
    try AnkiPackageWriter().write(collection, toNewFileAt: path)
    return path
  }

  func files(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  @Test("decks whose names differ in case or number get files of their own, the same each time")
  func collidingDeckNames() throws {
    let folder = try TemporaryFolder()
    let package = try package(
      in: folder, [("one", "A"), ("two", "a"), ("three", "A 2"), ("four", "a")])
    let decks = folder.path + "/decks"
    let variables = ["QUIZ_STATE": folder.path + "/state", "QUIZ_NOW": Self.now]
    let first = runQuiz(["import", package, "--output", decks], variables: variables)
    #expect(first.status == .success, "\(first.error)")
    #expect(files(decks) == ["a-2.md", "a-3.md", "a.md"])
    let cards = runQuiz(["cards", "--decks", decks], variables: variables)
    #expect(cards.status == .success, "\(cards.error)")
    for guid in ["one", "two", "three", "four"] { #expect(cards.out.contains("anki-\(guid)")) }
    let again = runQuiz(["import", package, "--output", decks], variables: variables)
    #expect(again.status == .success)
    #expect(again.out.contains("up to date"))
  }

  @Test("a deck file of the folder spelt in another case is neither replaced nor refused")
  func otherCaseInTheFolder() throws {
    let folder = try TemporaryFolder()
    let package = try package(in: folder, [("one", "A")])
    try FileManager.default.createDirectory(
      atPath: folder.path + "/decks", withIntermediateDirectories: true)
    let mine = try folder.write("decks/A.md", "# Mine\n")
    let result = runQuiz(
      ["import", package, "--output", folder.path + "/decks"],
      variables: ["QUIZ_STATE": folder.path + "/state", "QUIZ_NOW": Self.now])
    #expect(result.status == .success, "\(result.error)")
    #expect(files(folder.path + "/decks") == ["A.md", "a-2.md"])
    #expect(try String(contentsOfFile: mine, encoding: .utf8) == "# Mine\n")
  }

  @Test(
    "a folder or a FIFO where a deck file goes is an error, and nothing is written",
    arguments: ["folder", "fifo"])
  func somethingInTheWay(_ kind: String) throws {
    let folder = try TemporaryFolder()
    let package = try package(
      in: folder, [("one", "Alpha"), ("two", "Beta")], reviewed: "one",
      reviewedAt: 1_795_000_000_000)
    let decks = folder.path + "/decks"
    try FileManager.default.createDirectory(
      atPath: decks + (kind == "folder" ? "/beta.md" : ""), withIntermediateDirectories: true)
    if kind == "fifo" { #expect(mkfifo(decks + "/beta.md", 0o600) == 0) }
    let result = runQuiz(
      ["import", package, "--output", decks, "--force"],
      variables: ["QUIZ_STATE": folder.path + "/state", "QUIZ_NOW": Self.now])
    #expect(result.status == .failure)
    #expect(result.error.contains("\(decks)/beta.md: not a regular file"))
    #expect(result.error.contains("nothing imported"))
    #expect(files(decks) == ["beta.md"])
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/state"))
  }

  @Test("a card with the id of a card in another deck file is refused, and nothing is written")
  func idOfACardTheFolderHas() throws {
    let folder = try TemporaryFolder()
    let package = try package(in: folder, [("one", "Alpha"), ("mine", "Beta")])
    let mine = "# Mine\n\n## Trick · Mine · anki-mine\n\nQ?\n\n---\n\nA.\n"
    try FileManager.default.createDirectory(
      atPath: folder.path + "/decks", withIntermediateDirectories: true)
    let path = try folder.write("decks/my-own.md", mine)
    let result = runQuiz(
      ["import", package, "--output", folder.path + "/decks"],
      variables: ["QUIZ_STATE": folder.path + "/state", "QUIZ_NOW": Self.now])
    #expect(result.status == .failure)
    #expect(result.error.contains("anki-mine has the id of a card in \(path)"))
    #expect(files(folder.path + "/decks") == ["my-own.md"])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == mine)
  }

  @Test("progress a card already has is kept, and reported, unless --replace-progress")
  func progressOfACardTheStateHas() throws {
    let folder = try TemporaryFolder()
    let state = folder.path + "/state"
    let variables = ["QUIZ_STATE": state, "QUIZ_NOW": Self.now]
    // The user's own progress on anki-one, older than the package's review of it.
    let first = try package(
      in: folder, [("one", "Alpha")], reviewed: "one", reviewedAt: 1_790_500_000_000,
      name: "first.apkg")
    #expect(
      runQuiz(["import", first, "--output", folder.path + "/d1"], variables: variables)
        .status == .success)
    let before = try ReviewStore.openReadOnly(folder: URL(fileURLWithPath: state)).state
    let stranger = try package(
      in: folder, [("one", "Alpha")], reviewed: "one", reviewedAt: 1_796_000_000_000,
      name: "stranger.apkg")
    let kept = runQuiz(
      ["import", stranger, "--output", folder.path + "/d2"], variables: variables)
    #expect(kept.status == .success, "\(kept.error)")
    #expect(kept.error.contains("1 card already with progress"))
    #expect(kept.error.contains("anki-one"))
    let after = try ReviewStore.openReadOnly(folder: URL(fileURLWithPath: state)).state
    #expect(after.cards["anki-one"] == before.cards["anki-one"])
    let replaced = runQuiz(
      ["import", stranger, "--output", folder.path + "/d2", "--replace-progress"],
      variables: variables)
    #expect(replaced.status == .success, "\(replaced.error)")
    let last = try ReviewStore.openReadOnly(folder: URL(fileURLWithPath: state)).state
    #expect(last.cards["anki-one"]?.lastReview == Date(timeIntervalSince1970: 1_796_000_000))
  }

  @Test(
    "what a killed export left beside its package is removed by the next one; a live one's is not")
  func scratchFilesSwept() throws {
    let history = try ReviewHistory.twoDeckHistory()
    let folder = try TemporaryFolder()
    let prefix = AtomicFile.temporaryPrefix(for: "quiz.apkg")
    // No process has this pid (Linux's largest is 2^22).
    let dead = try folder.write(prefix + "99999999-1a2b.collection", "scratch")
    let libzip = try folder.write(prefix + "99999999-1a2b.Xy12Za", "half a zip")
    let live = try folder.write(prefix + "\(getpid())-3c4d.collection", "in use")
    let other = try folder.write(".other.apkg.quiz-tmp-99999999-5e6f", "another file's")
    let result = runQuiz(
      ["export", "--output", folder.path + "/quiz.apkg"], variables: history.variables,
      shipped: twoDecks)
    #expect(result.status == .success, "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: dead))
    #expect(!FileManager.default.fileExists(atPath: libzip))
    #expect(FileManager.default.fileExists(atPath: live))
    #expect(FileManager.default.fileExists(atPath: other))
  }
}
