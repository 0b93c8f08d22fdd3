extension JournalDayIndex.Recent {
  /// The grades as `journal-index.json` writes them: one string, each grade
  /// `<id> <day> <learnt><recalled> <card's length in bytes> <card> `, the flags `1` or `0`.
  ///
  /// One string read by bytes, not an array of them: decoding 13,000 strings of an array, each
  /// then split, cost more than reading the journal lines they stand for.
  var gradesText: String {
    // Bytes appended, not strings interpolated: a fifth of the cost, with each snapshot.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(grades.count * 72)
    let space = UInt8(ascii: " ")
    for kept in grades {
      let grade = kept.grade
      bytes += kept.id.utf8
      bytes.append(space)
      bytes += grade.day.description.utf8
      bytes.append(space)
      bytes.append(grade.isOfLearntCard ? UInt8(ascii: "1") : UInt8(ascii: "0"))
      bytes.append(grade.isRecalled ? UInt8(ascii: "1") : UInt8(ascii: "0"))
      bytes.append(space)
      bytes += String(grade.card.utf8.count).utf8
      bytes.append(space)
      bytes += grade.card.utf8
      bytes.append(space)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The undos as written: `<undone id> <day> ` each.
  var undosText: String {
    undos.map { "\($0.undoes) \($0.day) " }.joined()
  }

  /// The grades and undos that `gradesText` and `undosText` wrote; nil for text of another form
  /// (an id not of 36 lowercase hex digits and dashes, a day or card id the journal would not
  /// take, a length that runs past the end).
  init?(grades gradesText: String, undos undosText: String, from: Day?) {
    self.init(from: from)
    var gradesText = gradesText
    var undosText = undosText
    let read = gradesText.withUTF8 { bytes -> [Grade]? in
      var scanner = Scanner(bytes: bytes)
      var grades: [Grade] = []
      while !scanner.isAtEnd {
        guard let id = scanner.id(), let day = scanner.day(), let flags = scanner.word(),
          flags.count == 2, let learnt = Self.flag(flags.first!),
          let recalled = Self.flag(flags.last!), let length = scanner.word().flatMap(Self.count),
          let card = scanner.card(length: length)
        else { return nil }
        grades.append(
          Grade(
            id: id,
            grade: CountedGrade(card: card, day: day, isOfLearntCard: learnt, isRecalled: recalled)
          ))
      }
      return grades
    }
    guard let read else { return nil }
    grades = read
    let readUndos = undosText.withUTF8 { bytes -> [Undo]? in
      var scanner = Scanner(bytes: bytes)
      var undos: [Undo] = []
      while !scanner.isAtEnd {
        guard let id = scanner.id(), let day = scanner.day() else { return nil }
        undos.append(Undo(undoes: id, day: day))
      }
      return undos
    }
    guard let readUndos else { return nil }
    undos = readUndos
  }

  private static func flag(_ byte: UInt8) -> Bool? {
    switch byte {
    case UInt8(ascii: "0"): false
    case UInt8(ascii: "1"): true
    default: nil
    }
  }

  private static func count(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
    guard (1...3).contains(digits.count) else { return nil }
    var value = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
      value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return value
  }

  /// Reads the space-separated fields of the text.
  private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
    }

    var isAtEnd: Bool { offset == bytes.count }

    /// The bytes up to the next space, and the space consumed.
    mutating func word() -> UnsafeBufferPointer<UInt8>? {
      guard let end = bytes[offset...].firstIndex(of: UInt8(ascii: " ")), end > offset else {
        return nil
      }
      defer { offset = end + 1 }
      return UnsafeBufferPointer(rebasing: bytes[offset..<end])
    }

    /// An id as the journal writes it: lowercase hex digits in groups of 8, 4, 4, 4 and 12.
    mutating func id() -> String? {
      guard let word = word(), word.count == 36 else { return nil }
      for (index, byte) in word.enumerated() {
        let isDash = index == 8 || index == 13 || index == 18 || index == 23
        let valid =
          isDash
          ? byte == UInt8(ascii: "-")
          : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        guard valid else { return nil }
      }
      return String(decoding: word, as: UTF8.self)
    }

    mutating func day() -> Day? {
      // The form the index writes by its bytes, without a string made for each grade's day.
      word().flatMap { Day.canonical($0) ?? Day(String(decoding: $0, as: UTF8.self)) }
    }

    /// A card id of `length` bytes and the space after it.
    mutating func card(length: Int) -> String? {
      guard length <= bytes.count - offset - 1, bytes[offset + length] == UInt8(ascii: " ")
      else { return nil }
      let content = UnsafeBufferPointer(rebasing: bytes[offset..<offset + length])
      let card = String(decoding: content, as: UTF8.self)
      // Printable ASCII, as almost every id is, is an id the journal reads if its length is.
      let isPrintableASCII = content.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
      guard card.utf8.count == length,
        isPrintableASCII
          ? (1...JournalEvent.maximumCardIDLength).contains(length)
          : JournalEvent.problem(withCardID: card) == nil
      else { return nil }
      offset += length + 1
      return card
    }
  }
}
