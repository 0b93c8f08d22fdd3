import FoundationEssentials
import Scheduler

/// The keys of a card's state in every file quiz writes (journal, snapshot, export), in the
/// order of their bytes, which is the order the files write them in.
enum CardStateKey: String, CaseIterable, CodingKey {
  case due, easeFactor, fsrs, interval, lapses, lastReview, needsExtraReview, repetitions, reviews
}

/// A card's FSRS memory as the files hold it (the object under `fsrs`), before it is checked.
struct FSRSFields: Equatable {
  var state: FSRSCard.State
  var step: Int?
  var stability: Double?
  var difficulty: Double?
  var due: Date

  /// The keys of the object, in the order of their bytes.
  enum Key: String, CaseIterable, CodingKey {
    case difficulty, due, stability, state, step
  }

  init(state: FSRSCard.State, step: Int?, stability: Double?, difficulty: Double?, due: Date) {
    self.state = state
    self.step = step
    self.stability = stability
    self.difficulty = difficulty
    self.due = due
  }

  init(_ card: FSRSCard) {
    self.init(
      state: card.state, step: card.step, stability: card.stability,
      difficulty: card.difficulty, due: card.due)
  }

  /// The name the files give a state: py-fsrs's, in lowercase.
  static func name(of state: FSRSCard.State) -> String {
    switch state {
    case .learning: "learning"
    case .review: "review"
    case .relearning: "relearning"
    }
  }

  /// The state named `name`.
  static func state(named name: String) -> FSRSCard.State? {
    FSRSCard.State.allCases.first { Self.name(of: $0) == name }
  }

  var jsonValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    if let difficulty { members.append((Key.difficulty.rawValue, .number(difficulty))) }
    members.append((Key.due.rawValue, .string(Timestamp.format(due))))
    if let stability { members.append((Key.stability.rawValue, .number(stability))) }
    members.append((Key.state.rawValue, .string(Self.name(of: state))))
    if let step { members.append((Key.step.rawValue, .integer(step))) }
    return .object(members)
  }
}

extension CardState {
  /// A value that a state's key may not hold, and why.
  struct FieldProblem: Error, Equatable {
    let key: CardStateKey
    let reason: String
  }

  /// The state with these values, if each is one that SM-2 gives and the files may hold: the
  /// one statement of what a file may hold, checked by every reader (the JSON decoder, the fast
  /// readers of the journal and the snapshot, the snapshot's binary sidecar). A value left out
  /// is that of a card never reviewed.
  static func checked(
    repetitions: Int = 0, easeFactor: Double = SM2.initialEaseFactor, interval: Int = 0,
    due: Day, needsExtraReview: Bool = false, lapses: Int = 0, reviews: Int = 0,
    lastReview: Date? = nil, fsrs: FSRSFields? = nil
  ) -> Result<CardState, FieldProblem> {
    guard easeFactor.isFinite, easeFactor >= SM2.minimumEaseFactor else {
      return .failure(
        FieldProblem(
          key: .easeFactor,
          reason: "\(easeFactor) is below SM-2's minimum of \(SM2.minimumEaseFactor)"))
    }
    for (key, value, range) in [
      (CardStateKey.repetitions, repetitions, 0...maximumCount),
      (.interval, interval, 0...SM2.maximumInterval), (.lapses, lapses, 0...maximumCount),
      (.reviews, reviews, 0...maximumCount),
    ] where !range.contains(value) {
      return .failure(
        FieldProblem(
          key: key, reason: "\(value) is outside \(range.lowerBound)...\(range.upperBound)"))
    }
    if let lastReview,
      !Timestamp.supportedMilliseconds.contains(Timestamp.milliseconds(lastReview))
    {
      return .failure(
        FieldProblem(key: .lastReview, reason: "the moment is outside the years the files hold"))
    }
    var memory: FSRSCard?
    if let fsrs {
      do throws(FSRSCardError) {
        memory = try FSRSCard(
          state: fsrs.state, step: fsrs.step, stability: fsrs.stability,
          difficulty: fsrs.difficulty, due: fsrs.due,
          lastReview: fsrs.stability == nil ? nil : lastReview)
      } catch {
        return .failure(FieldProblem(key: .fsrs, reason: "\(error)"))
      }
    }
    return .success(
      CardState(
        repetitions: repetitions, easeFactor: easeFactor, interval: interval, due: due,
        needsExtraReview: needsExtraReview, lapses: lapses, reviews: reviews,
        lastReview: lastReview, fsrs: memory))
  }

  /// The state as the files write it: every key, `lastReview` only when there is one, in the
  /// order of ``CardStateKey``.
  public var jsonValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    members.reserveCapacity(CardStateKey.allCases.count)
    for key in CardStateKey.allCases {
      switch key {
      case .due: members.append((key.rawValue, .string(due.description)))
      case .easeFactor: members.append((key.rawValue, .number(easeFactor)))
      case .fsrs: if let fsrs { members.append((key.rawValue, FSRSFields(fsrs).jsonValue)) }
      case .interval: members.append((key.rawValue, .integer(interval)))
      case .lapses: members.append((key.rawValue, .integer(lapses)))
      case .lastReview:
        if let lastReview {
          members.append((key.rawValue, .string(Timestamp.format(lastReview))))
        }
      case .needsExtraReview: members.append((key.rawValue, .boolean(needsExtraReview)))
      case .repetitions: members.append((key.rawValue, .integer(repetitions)))
      case .reviews: members.append((key.rawValue, .integer(reviews)))
      }
    }
    return .object(members)
  }
}

extension JSONScanner {
  /// A card's state, its keys in any order, each at most once, every value checked by
  /// ``CardState/checked(repetitions:easeFactor:interval:due:needsExtraReview:lapses:reviews:lastReview:)``.
  mutating func cardState() -> CardState? {
    guard consume("{") else { return nil }
    var due = Day(daysSince1970: 0)
    var (repetitions, interval, lapses, reviews) = (0, 0, 0, 0)
    var easeFactor = SM2.initialEaseFactor
    var needsExtraReview = false
    var lastReview: Date?
    var fsrs: FSRSFields?
    var seen: UInt16 = 0
    if !consume("}") {
      repeat {
        // The key's bytes, not a String: making and freeing eight strings a card is most of
        // reading the cards.
        guard let range = rawString(), consume(":"), let (key, bit) = Self.key(bytes, range),
          seen & bit == 0
        else { return nil }
        seen |= bit
        switch key {
        case .due:
          guard let value = day() else { return nil }
          due = value
        case .easeFactor:
          guard let value = double() else { return nil }
          easeFactor = value
        case .fsrs:
          guard let value = fsrsFields() else { return nil }
          fsrs = value
        case .interval:
          guard let value = integer() else { return nil }
          interval = value
        case .lapses:
          guard let value = integer() else { return nil }
          lapses = value
        case .lastReview:
          guard let value = anyMoment() else { return nil }
          lastReview = value
        case .needsExtraReview:
          guard let value = boolean() else { return nil }
          needsExtraReview = value
        case .repetitions:
          guard let value = integer() else { return nil }
          repetitions = value
        case .reviews:
          guard let value = integer() else { return nil }
          reviews = value
        }
      } while consume(",")
      guard consume("}") else { return nil }
    }
    return try? CardState.checked(
      repetitions: repetitions, easeFactor: easeFactor, interval: interval, due: due,
      needsExtraReview: needsExtraReview, lapses: lapses, reviews: reviews, lastReview: lastReview,
      fsrs: fsrs
    ).get()
  }

  /// The object under a state's `fsrs`, its keys in any order, each at most once.
  private mutating func fsrsFields() -> FSRSFields? {
    guard consume("{") else { return nil }
    var state: FSRSCard.State?
    var (step, stability, difficulty, due): (Int?, Double?, Double?, Date?) = (nil, nil, nil, nil)
    var seen: Set<String> = []
    repeat {
      guard let key = string(), seen.insert(key).inserted, consume(":") else { return nil }
      switch FSRSFields.Key(rawValue: key) {
      case .difficulty: difficulty = double()
      case .due: due = anyMoment()
      case .stability: stability = double()
      case .state: state = string().flatMap(FSRSFields.state(named:))
      case .step: step = integer()
      case nil: return nil
      }
      guard key == "step" ? step != nil : true, key == "difficulty" ? difficulty != nil : true,
        key == "stability" ? stability != nil : true
      else { return nil }
    } while consume(",")
    guard consume("}"), let state, let due else { return nil }
    return FSRSFields(
      state: state, step: step, stability: stability, difficulty: difficulty, due: due)
  }

  /// The key whose name is the bytes of `range`, and a bit of its own.
  private static func key(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
  ) -> (CardStateKey, UInt16)? {
    for (place, key) in CardStateKey.allCases.enumerated()
    where JSONBytes.matches(bytes, range, key.staticName) {
      return (key, 1 << place)
    }
    return nil
  }
}

extension CardStateKey {
  /// The key's name, for comparing with bytes without making a string.
  fileprivate var staticName: StaticString {
    switch self {
    case .due: "due"
    case .easeFactor: "easeFactor"
    case .fsrs: "fsrs"
    case .interval: "interval"
    case .lapses: "lapses"
    case .lastReview: "lastReview"
    case .needsExtraReview: "needsExtraReview"
    case .repetitions: "repetitions"
    case .reviews: "reviews"
    }
  }
}
