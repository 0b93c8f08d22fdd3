import CardDeck
import Foundation
import Testing

@testable import AnswerJudging

/// The graded attempts of `Fixtures/judge-corpus.txt`: what an expert reviewer would accept as
/// the grade of each attempt at a shipped or fixture syntax card.
struct JudgeCorpus {
  struct Entry: CustomTestStringConvertible, Sendable {
    var card: String
    var kind: String
    var grades: ClosedRange<Int>
    /// A second reviewer's grade, given blind to the first's and to the judge's, where the set
    /// has one (`second:`).
    var second: Int?
    var attempt: String
    var note: String
    /// Why the judge's grade is outside the range, for an attempt it is known to miss.
    var known: String?
    /// The one-line reason the judge must give, where a reviewer checked that it names the
    /// difference that decides the grade.
    var reason: String?
    var line: Int

    var testDescription: String { "line \(line), \(card): \(attempt.prefix(60))" }

    /// The grades from the lowest to the highest either reviewer gives.
    var reviewersGrades: ClosedRange<Int> {
      guard let second else { return grades }
      return min(grades.lowerBound, second)...max(grades.upperBound, second)
    }
  }

  var entries: [Entry] = []

  /// Reads the corpus: blank-line separated entries of `key: value` lines (`card`, `class`,
  /// `grade` as `N` or `N-M`, `second` for a second reviewer's, `attempt`, `note`, `known` for
  /// a known miss, and `reason` for the reason the judge must give); a multi-line
  /// attempt is `attempt:` followed by lines starting `| `.
  init(_ text: String) {
    var current: [String: String] = [:]
    var attemptLines: [String] = []
    var start = 0
    func finish() {
      defer {
        current = [:]
        attemptLines = []
      }
      guard let card = current["card"], let grade = current["grade"] else { return }
      let bounds = grade.split(separator: "-").compactMap { Int($0) }
      guard let low = bounds.first, let high = bounds.last else { return }
      let attempt =
        attemptLines.isEmpty ? current["attempt"] ?? "" : attemptLines.joined(separator: "\n")
      entries.append(
        Entry(
          card: card, kind: current["class"] ?? "", grades: low...high,
          second: current["second"].flatMap { Int($0) }, attempt: attempt,
          note: current["note"] ?? "", known: current["known"], reason: current["reason"],
          line: start))
    }
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      if line.trimmingCharacters(in: .whitespaces).isEmpty {
        finish()
        continue
      }
      if current.isEmpty && attemptLines.isEmpty { start = index + 1 }
      if line.hasPrefix("| ") || line == "|" {
        attemptLines.append(String(line.dropFirst(2)))
      } else if let colon = line.firstIndex(of: ":") {
        current[String(line[..<colon])] = line[line.index(after: colon)...]
          .trimmingCharacters(in: .whitespaces)
      }
    }
    finish()
  }

  /// The corpus the judge was built against.
  static let shipped = JudgeCorpus((try? fixture("judge-corpus.txt")) ?? "")
  /// Attempts written by another reviewer after the judge was built, never tuned to.
  static let heldOut = JudgeCorpus((try? fixture("judge-holdout.txt")) ?? "")

  /// Attempts at cards about APIs the decks do not teach, written blind by reviewers who had
  /// read only docs/deck-format.md and Apple's documentation. Read by the lead from `c975343`
  /// on, to find what the judge misses on APIs nobody here had seen: a development set since,
  /// no longer a fair figure (docs/judging.md, "The blind corpus").
  static let blind = JudgeCorpus((try? fixture("judge-blind.txt")) ?? "")
  /// A second such set, by another reviewer on other APIs (charts, maps, gestures, animation,
  /// formatting, concurrency, regexes), measured first when the judge had its SDK checks.
  static let blind2 = JudgeCorpus((try? fixture("judge-blind2.txt")) ?? "")
  /// A third, by a fourth reviewer on still other APIs (controls, drag and drop, styles, UIKit
  /// interop, Swift Testing, collections, Foundation, logging, async streams, symbols, lists),
  /// written before the judge's types and question names and measured first on the commit
  /// before them. A development set since the second session of 2026-12-05, when its totals
  /// were used to find a regression (its attempts were not read).
  static let blind3 = JudgeCorpus((try? fixture("judge-blind3.txt")) ?? "")
  /// A fourth, by a fifth reviewer (layout, text, input, SwiftData, concurrency, Foundation),
  /// written before the judge learnt which arguments a call needs, and measured first on the
  /// commit before that.
  static let blind4 = JudgeCorpus((try? fixture("judge-blind4.txt")) ?? "")
  /// A fifth, by two more reviewers (SwiftUI controls, lists, effects and layout; concurrency,
  /// Foundation formatting, collections, SwiftData, Swift Testing, atomics), written for the
  /// round of 2026-12-05's second session and measured first on the commit before it.
  static let blind5 = JudgeCorpus((try? fixture("judge-blind5.txt")) ?? "")
  /// A sixth, written with the fifth by another reviewer (controls, animation, layout, scroll
  /// views, timers, strings, integers, typed throws, wrappers, streams, clocks): a development
  /// set from the start, read by the lead to find what the judge misses.
  static let blind6 = JudgeCorpus((try? fixture("judge-blind6.txt")) ?? "")
  /// A seventh, by two more reviewers (SwiftUI views, scenes and commands; collections,
  /// concurrency, Foundation, SwiftData queries, Observation), written for the third session of
  /// 2026-12-05 and measured first on the commit before it; each attempt graded blind by a
  /// second reviewer too. Fair: its attempts are not read here.
  static let blind7 = JudgeCorpus((try? fixture("judge-blind7.txt")) ?? "")
  /// An eighth, by another reviewer in the same session (`-k.md`: SwiftUI effects, hit testing,
  /// geometry, key presses; sets, sequences, Base64, JSON, bundles, dispatch, date formats),
  /// written **as a development set**: read here, to find what the judge misses.
  static let blind8 = JudgeCorpus((try? fixture("judge-blind8.txt")) ?? "")
  /// A ninth, the same way (`-l.md`: custom shapes, preference keys, modifiers, gestures,
  /// trees, generic containers; conformances written by hand, sequences, errors, actors,
  /// collections), **a development set**.
  static let blind9 = JudgeCorpus((try? fixture("judge-blind9.txt")) ?? "")
  /// A tenth, by two more reviewers (`-m.md`: menus with a primary action, formatted text
  /// fields, keyboards, horizontal grids, keyboard dismissal, animation completions, animatable
  /// shapes, rotation, adjustable actions, accessibility focus, inspectors, menu bar extras, app
  /// delegates, deleting queried models; `-n.md`: dictionaries from pairs, discarding task
  /// groups, task values, date formats, calendars, query items, directory listings, single-value
  /// decoding, localized sorting, regex matches, external storage, fetch counts, ignored
  /// observation, confirmations), written for the evening session of 2026-12-05 and measured
  /// first on `5069276`, before any change; each attempt graded blind by a second reviewer too.
  /// Fair: its attempts are not read here.
  static let blind10 = JudgeCorpus((try? fixture("judge-blind10.txt")) ?? "")
  /// An eleventh, by two more reviewers the same way (`-o.md`: list selection, scroll
  /// backgrounds, trimmed strokes, uneven corners, asymmetric transitions, exclusive gestures,
  /// focus, file export, dynamic type ranges, the settings scene, queries built in `init`,
  /// prominent buttons, reserved lines, baselines; `-p.md`: index searches, replacing, user
  /// defaults, constrained extensions, decoding errors, range patterns, cancellation,
  /// measurements, files, optional encoding, notifications, predicates in `init`,
  /// `Observations`, test tags), written at the end of the evening session of 2026-12-05 and
  /// measured once, on its last judge: a fair figure of that judge, with no "before".
  static let blind11 = JudgeCorpus((try? fixture("judge-blind11.txt")) ?? "")
  static let blind12 = JudgeCorpus((try? fixture("judge-blind12.txt")) ?? "")
  /// A thirteenth, by two more reviewers the same way, every attempt graded blind by a second
  /// (`-s.md`: adaptive layouts, grid column alignment, system fonts, images filled and
  /// clipped, variable symbols, clip shapes, icon-only labels, destructive buttons, gestures
  /// of high priority, header traits, the enabled state, scroll bounce, the keyboard's safe
  /// area, row insets; `-t.md`: enumerated sequences, `allSatisfy`, optional `map`, formatted
  /// strings, reading files, calendar days, status codes, Info.plist values, suite defaults,
  /// observers, timers, `@Transient`, a scene's model container, `Result`), written at the
  /// start of the session of 2026-12-06 and measured once before it changed the judge, once
  /// after. Fair: its attempts are not read here.
  static let blind13 = JudgeCorpus((try? fixture("judge-blind13.txt")) ?? "")
  /// A fourteenth, by two more reviewers the same way, every attempt graded blind by a second
  /// (`-u.md`: scoped animations, custom transitions and alignments, scroll visibility, pushes
  /// from a Boolean, title menus, sheet backgrounds, multi-date pickers, toggles over many
  /// sources, list bindings, focused values, accessibility representations, undo, deferred
  /// system gestures; `-v.md`: `count(where:)`, range sets, `addTaskUnlessCancelled`, custom
  /// async sequences, appending to files, name components, the next matching date, folding,
  /// JSON5, whole matches, SwiftData indexes and original names, serialized suites,
  /// signposts), written in the fourth session of 2026-12-06 and measured once on the
  /// session's first judge, once on its last. Fair: its attempts are not read here.
  static let blind14 = JudgeCorpus((try? fixture("judge-blind14.txt")) ?? "")
  /// A fifteenth, by two more reviewers the same way, every attempt graded blind by a second
  /// (`-w.md`: SwiftUI text selection, timers in text, sortable tables, header prominence,
  /// toolbar backgrounds, menus kept open, sheet scrolling, canvas symbols, mesh gradients,
  /// edit mode, command groups, previewable state, symbol variants; `-x.md`: result builders,
  /// primary associated types, dynamic member lookup, lazy sequences, unkeyed containers,
  /// parsing currency, directories, week intervals, async sequence operators, isolated
  /// parameters, SwiftData migration and prefetching, test traits, conditional conformance),
  /// written in the fifth session of 2026-12-06 and measured once on `9a1fa20`, the judge
  /// before it, once on its last. Fair: its attempts are not read here.
  static let blind15 = JudgeCorpus((try? fixture("judge-blind15.txt")) ?? "")
  /// A sixteenth, the same way (`-y.md`: SwiftUI scroll geometry and phases, clipping, safe-area
  /// padding, grid dividers, layout values, zoom transitions, inner shadows, accessibility
  /// announcements and input labels, text scaling and tracking, writing tools, blur
  /// transitions; `-z.md`: partitions, collection differences, prefixes, regexes from strings,
  /// duration and date-range formats, downloads, ephemeral sessions, backup exclusion, async
  /// properties, unsafe globals, SwiftData uniqueness and identifiers, recorded issues), written
  /// in the sixth session of 2026-12-06 and measured once on `66d14eb`, the judge before it,
  /// once on its last. Fair: its attempts are not read here.
  static let blind16 = JudgeCorpus((try? fixture("judge-blind16.txt")) ?? "")
  /// A seventeenth, the same way (`-ca.md`: SwiftUI default focus, paste buttons, repeating
  /// buttons, palette pickers, background tasks, user activities, anchor preferences, shaders,
  /// text renderers, image interpolation, monospaced digits, colour-blind differentiation,
  /// hover effects, system overlays; `-cb.md`: custom units, attribute containers, durations,
  /// stream buffering, writable key paths, prefixes, localized strings, URL host and path,
  /// property wrappers, result-builder conditionals, SwiftData paging, switch expressions,
  /// `callAsFunction`, hex digests), written in the seventh session of 2026-12-06 and measured
  /// once on `daa558b`, the judge before it, once on its last. Fair: its attempts are not read
  /// here.
  static let blind17 = JudgeCorpus((try? fixture("judge-blind17.txt")) ?? "")
  /// An eighteenth, the same way (`-cc.md`: SwiftUI text editors, text scale, tiled images,
  /// window sizes, split-view column widths, list section spacing, table selection menus, tab
  /// bar visibility, scale transitions, double taps, accessibility sort priority, layout
  /// direction, aspect ratios, the refresh action; `-cd.md`: suffixes, generic constraints,
  /// availability, yielding, async `compactMap`, sign strategies, calendar granularity, URL
  /// path extensions, UTF-8 round trips, non-finite floats in JSON, directory enumerators,
  /// `TryCapture`, SwiftData transactions, suite setup in Swift Testing), written in the
  /// eighth session of 2026-12-06 and measured once on `eee2bcf`, the judge before it. Fair:
  /// its attempts are not read here.
  static let blind18 = JudgeCorpus((try? fixture("judge-blind18.txt")) ?? "")
  /// A nineteenth, the same way (`-ce.md`: window resizability, the back button hidden, rows
  /// that cannot move, the sidebar toggle removed, dashed strikethrough, delayed animation, a
  /// drag's predicted end, focusable swatches, proxy drag representations, accessibility
  /// rotors, accessibility text sizes, donut charts, shadows, timer progress; `-cf.md`:
  /// `flatMap`, `ranges(of:)`, grouping in format styles, setting a date's hour, copying files,
  /// decoding errors, regex references, a task's result, stream termination, clock instants,
  /// hand-written observation, discarding SwiftData edits, test descriptions, actor isolation
  /// preconditions), written in the ninth session of 2026-12-06 and measured once on
  /// `bfda91e`, the judge before it. Fair: its attempts are not read here.
  static let blind19 = JudgeCorpus((try? fixture("judge-blind19.txt")) ?? "")
  /// A twentieth, the same way (`-cg.md`: SwiftUI steppers with closures, custom toggle
  /// styles, menu order, the search toolbar kept, one-time-code fields, submit scopes, a
  /// layout's preferred spacing, named coordinate spaces, blend modes, scroll positions by
  /// edge, rows that cannot be selected, an app group's default storage, widget families, app
  /// intent parameters; `-ch.md`: `lastIndex(where:)`, subsets, `updateValue(_:forKey:)`,
  /// padding, whole-number values, transliteration, `mapError`, a decoder's user info, cache
  /// policies, weekends, async `contains(where:)`, atomics, exit tests, attributed runs'
  /// links), written in the tenth session, of 2026-12-07, and measured once on `76f918e`, the
  /// judge before it. Fair: its attempts are not read here.
  static let blind20 = JudgeCorpus((try? fixture("judge-blind20.txt")) ?? "")
  /// A twenty-first, the same way (`-ci.md`: SwiftUI title modes inside the toolbar, the
  /// environment's presentation flag, toolbar roles, keyboard toolbars, tab sections,
  /// transactions by value, keyframe timelines, simultaneous gestures, data representations,
  /// focus sections, custom accessibility content, container values, batched enumeration and
  /// autosave in SwiftData; `-cj.md`: rounding format styles, verbatim date formats, file
  /// attributes, date encoding strategies, unaligned loads, named regex captures,
  /// `firstRange(of:)`, clamped ranges, `sequence(first:next:)`, `replaceSubrange`,
  /// synthesised `Comparable`, key paths as functions, `@unchecked Sendable`, cancellation
  /// errors), written in the eleventh session, of 2026-12-07, and measured once on `a1a1669`,
  /// the judge before it. Fair: its attempts are not read here.
  static let blind21 = JudgeCorpus((try? fixture("judge-blind21.txt")) ?? "")
  /// A twenty-second, the same way (`-ck.md`: SwiftUI layout caches, grid cell anchors,
  /// scroll target visibility, text drawn in a canvas, shape subtraction, angular gradients,
  /// slider value labels, share previews, chart rule marks, label styles, window positions,
  /// open-URL handlers, widget timelines, duration components; `-cl.md`: dynamic coding keys,
  /// a day's ordinality, attribute replacement, disjoint sets, discarding task groups,
  /// `drop(while:)` on async sequences, `Mutex.withLockIfAvailable`, noncopyable types,
  /// parameter packs, `CaseIterable` wrap-around, emoji presentation, overflow operators,
  /// `Result.flatMap`, web-socket tasks), written in the twelfth session, of 2026-12-07, and
  /// measured once on `ae5de94`, the judge before it. Fair: its attempts are not read here.
  static let blind22 = JudgeCorpus((try? fixture("judge-blind22.txt")) ?? "")
  /// A twenty-third, the same way (`-cm.md`: navigation container backgrounds, custom sheet
  /// detents, customisable toolbars, paged tab views, transaction entries, indefinite symbol
  /// effects, gesture modifier keys, file representations, focus state bindings, the large
  /// content viewer, fetched properties, values kept on deletion, fetched identifiers,
  /// observation streams; `-cn.md`: currency ISO codes, the application support folder, custom
  /// date decoding, data prefixes, regex builder repeats, `NSRange` conversion, range overlaps,
  /// moving subranges, `Strideable` conformance, `buildArray`, key-path appending, stream yield
  /// results, inherited isolation, test scoping traits), written in the thirteenth session, of
  /// 2026-12-07, and measured once on `5e86c71`, the judge before it. Fair: its attempts are
  /// not read here.
  static let blind23 = JudgeCorpus((try? fixture("judge-blind23.txt")) ?? "")
  /// A twenty-fourth, written the same way in the same session but **as a development set**:
  /// read here, to find what the judge misses on APIs nobody here had seen (`-co.md`: proposal
  /// fallbacks, custom scroll target behaviours, canvas strokes, pie wedges, radial gradients,
  /// symbols inside text, navigation-link pickers, toggles with symbols, capacity gauges, area
  /// marks, primitive button styles, settings links, dismissed windows, widget configurations;
  /// `-cp.md`: nested encoding containers, weekdays, hex digit values, overflow-reporting
  /// addition, `formUnion`, merging duplicate keys, `dropFirst` on async sequences, atomics,
  /// raw-value fallbacks, custom sort comparators, argument combinations, `nextResult()`,
  /// attribute merging, measurement sums).
  static let blind24 = JudgeCorpus((try? fixture("judge-blind24.txt")) ?? "")
  /// A twenty-fifth, written the same way (`-cq.md`: rows kept from deletion,
  /// privacy-sensitive values, file movers, alerts from a localised error, graphical date
  /// pickers, table column widths, app-group stores without CloudKit, hidden menu indicators,
  /// grouped forms, badge prominence, rename buttons, custom fonts that scale, Handoff
  /// activities, search focus; `-cr.md`: parsing localised numbers, a duration's components,
  /// banker's rounding of decimals, a locale's currency, time zone offsets, UUIDs from text,
  /// environment variables, `sequence(state:next:)`, `Optional.flatMap`, `for case … where`,
  /// indirect enums, protocol extensions' defaults, `rethrows`, `defer`), written in the
  /// fourteenth session, of 2026-12-07, and measured once on `5856eb4`, the judge before it.
  /// Fair: its attempts are not read here.
  static let blind25 = JudgeCorpus((try? fixture("judge-blind25.txt")) ?? "")
  /// A twenty-sixth, written beside it **as a development set**, read here, with the three
  /// cards whose APIs the twenty-fifth also teaches taken out before it was graded (`-cs.md`:
  /// Spotlight attributes, SwiftData document groups, batched fetches, the save notification,
  /// history after a token, external events, preview modifiers, PDF rendering, suggested file
  /// names, appearing and disappearing, `ForEach` by `\.self`, previews that fit; `-ct.md`:
  /// custom interpolation, debug descriptions, `joined`, inserting at the front, ASCII values,
  /// clamping, elapsed seconds, `JSONSerialization` options, property-list decoding, shared
  /// tasks in an actor, `min()` of an async sequence, `#expect` with a comment, computed ids).
  static let blind26 = JudgeCorpus((try? fixture("judge-blind26.txt")) ?? "")
  /// A twenty-seventh, written the same way (`-cu.md`: backgrounds kept inside the safe
  /// area, blur filters in a canvas, insettable shapes, elliptical gradients, timing curves,
  /// continuous hover, focused scene values, principal toolbar items, accessibility values
  /// and children, transformed environment values, container-relative shapes, drag velocity,
  /// geometry groups; `-cv.md`: regexes anchored at line ends, sort descriptors, date and time
  /// styles, dates at a calendar interval, URL query items, snake-case keys, date intervals,
  /// radix conversion, string literals, file URLs, quotient and remainder, backward searches,
  /// caches, waiting for a task group), written in the fifteenth session, of 2026-12-07, and
  /// measured once on `177240c`, the judge before it. Fair: its attempts are not read here.
  static let blind27 = JudgeCorpus((try? fixture("judge-blind27.txt")) ?? "")
  /// A twenty-eighth, written beside it **as a development set**, read here, with the card
  /// whose API one of the twenty-seventh's attempts writes taken out (`-cw.md`: countdown
  /// timers in text, inflected counts, hidden labels, wheel pickers, gradient tints, sharing
  /// many items, the photos picker modifier, opening a URL with a completion, capsule buttons,
  /// labels with a custom icon, palette symbols, symbol transitions, covers for an item, tab
  /// customization; `-cx.md`: prefixes and suffixes, the first uppercase letter, a page of an
  /// array, files in the temporary folder, reading data, request headers, atomic flags, logged
  /// decimals, raw values, switching over a tuple, `guard let` shorthand, property observers,
  /// lazy properties).
  static let blind28 = JudgeCorpus((try? fixture("judge-blind28.txt")) ?? "")
  /// Attempts at 30 more cards (`judge-blind-cards-cy.md`, `-cz.md`) by two reviewers who read
  /// only docs/deck-format.md and Apple's documentation, graded blind by two more: fair,
  /// measured once on `d9dcf5f` when written.
  static let blind29 = JudgeCorpus((try? fixture("judge-blind29.txt")) ?? "")

  /// Every syntax card the corpus is about: the shipped decks' and the fixture deck's, by id.
  static let cards: [String: SyntaxCard] = {
    var files: [DeckLoader.File] = []
    let decks = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Decks")
    let paths = (try? FileManager.default.contentsOfDirectory(atPath: decks.path)) ?? []
    for name in paths where name.hasSuffix(".md") {
      let url = decks.appending(path: name)
      if let data = try? Data(contentsOf: url) {
        files.append(.init(path: url.path, bytes: Array(data)))
      }
    }
    for name in [
      "judge-cards.md", "judge-blind-cards-a.md", "judge-blind-cards-b.md",
      "judge-blind-cards-c.md", "judge-blind-cards-d.md", "judge-blind-cards-e.md",
      "judge-blind-cards-f.md", "judge-blind-cards-g.md", "judge-blind-cards-h.md",
      "judge-blind-cards-i.md", "judge-blind-cards-j.md", "judge-blind-cards-k.md",
      "judge-blind-cards-l.md", "judge-blind-cards-m.md", "judge-blind-cards-n.md",
      "judge-blind-cards-o.md", "judge-blind-cards-p.md", "judge-blind-cards-q.md",
      "judge-blind-cards-r.md", "judge-blind-cards-s.md", "judge-blind-cards-t.md",
      "judge-blind-cards-u.md", "judge-blind-cards-v.md", "judge-blind-cards-w.md",
      "judge-blind-cards-x.md", "judge-blind-cards-y.md", "judge-blind-cards-z.md",
      "judge-blind-cards-ca.md", "judge-blind-cards-cb.md", "judge-blind-cards-cc.md",
      "judge-blind-cards-cd.md", "judge-blind-cards-ce.md", "judge-blind-cards-cf.md",
      "judge-blind-cards-cg.md", "judge-blind-cards-ch.md",
      "judge-blind-cards-ci.md", "judge-blind-cards-cj.md",
      "judge-blind-cards-ck.md", "judge-blind-cards-cl.md",
      "judge-blind-cards-cm.md", "judge-blind-cards-cn.md",
      "judge-blind-cards-co.md", "judge-blind-cards-cp.md",
      "judge-blind-cards-cq.md", "judge-blind-cards-cr.md",
      "judge-blind-cards-cs.md", "judge-blind-cards-ct.md",
      "judge-blind-cards-cu.md", "judge-blind-cards-cv.md",
      "judge-blind-cards-cw.md", "judge-blind-cards-cx.md",
      "judge-blind-cards-cy.md", "judge-blind-cards-cz.md",
    ] {
      if let text = try? fixture(name) {
        files.append(.init(path: name, bytes: Array(text.utf8)))
      }
    }
    var cards: [String: SyntaxCard] = [:]
    // Parsed in memory: reading their content cannot fail.
    let collection = DeckLoader().load(files: files)
    for card in (try? collection.cards(collection.cards)) ?? [] {
      if case .syntax(let syntax) = card.content { cards[card.id] = syntax }
    }
    return cards
  }()
}
