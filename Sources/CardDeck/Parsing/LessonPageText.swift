import Glibc

/// Tells the prose, code, console output, tables and screenshot captions of a lesson page apart.
///
/// Lesson pages are plain text with no markup: code is not fenced and captions are glued to the
/// text around them. These rules were drawn from the course's pages; each is covered by a
/// fixture test.
enum LessonPageText {
  /// A line announcing that the code just above it was run; it ends that code.
  static let codeRunMarker = "Screenshot of this code running"

  /// Whether a line is a screenshot caption, which belongs to no answer.
  static func isCaption(_ line: Substring) -> Bool {
    line.withBytes(captionByBytes) ?? isCaptionByCharacter(line)
  }

  /// ``isCaption(_:)`` of a line read by its offsets.
  static func isCaption(_ line: SourceLine) -> Bool {
    captionByBytes(line.bytes) ?? isCaptionByCharacter(line.text)
  }

  /// ``isCaption(_:)`` by the line's Characters.
  private static func isCaptionByCharacter(_ line: Substring) -> Bool {
    line == codeRunMarker || line.contains("Screenshot · ") || line.hasSuffix(" — screenshot")
  }

  /// ``isCaption(_:)`` by bytes; nil when they do not decide it.
  private static func captionByBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    captionByBytes(bytes, isASCII: isASCIILine(bytes))
  }

  /// ``captionByBytes(_:)`` of a line whose ``isASCIILine(_:)`` is `isASCII`.
  private static func captionByBytes(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Bool? {
    // An ASCII line, most of a page, holds none of the marks below, and its bytes are its
    // Characters: it is a caption only if it is the marker.
    if isASCII {
      guard bytes.count == codeRunMarkerBytes.count, bytes.first == UInt8(ascii: "S") else {
        return false
      }
      return memcmp(bytes.baseAddress!, codeRunMarkerBytes, bytes.count) == 0
    }
    // "·" (C2 B7) or the Greek ano teleia that equals it (CE 87) is in "Screenshot · ", and
    // "—" (E2 80 94) in " — screenshot": a line with none of their bytes, nearly every line, is
    // a caption only if it is the marker, which is ASCII without "K", ";" and "`" (which other
    // scalars equal): only the same bytes are its Characters.
    if bytes.isEmpty
      || (memchr(bytes.baseAddress!, 0xB7, bytes.count) == nil
        && memchr(bytes.baseAddress!, 0x87, bytes.count) == nil
        && memchr(bytes.baseAddress!, 0xE2, bytes.count) == nil)
    {
      if let first = bytes.first, first < 0x80, first != UInt8(ascii: "S") { return false }
      if isCodeRunMarker(bytes) { return true }
      // Other bytes equal ASCII text only through scalars longer than the byte they equal.
      if bytes.count <= codeRunMarker.utf8.count { return false }
      for byte in bytes where byte >= 0x80 || byte == 0x0D { return nil }
      return false
    }
    // A simple line (see `isSimpleText`) cannot hold "—"; its bytes are its Characters.
    guard Substring.isSimple(bytes) else { return nil }
    if isCodeRunMarker(bytes) { return true }
    // A caption's " · " holds 0xB7: most lines have none, and are not searched.
    guard bytes.contains(0xB7) else { return false }
    let needle = screenshotMark
    guard bytes.count >= needle.count else { return false }
    for start in 0...(bytes.count - needle.count)
    where bytes[start] == needle[0] && bytes[start..<start + needle.count].elementsEqual(needle) {
      return true
    }
    return false
  }

  /// The bytes of ``codeRunMarker``.
  private static let codeRunMarkerBytes = Array(codeRunMarker.utf8)

  /// Whether `bytes` are those of ``codeRunMarker``.
  private static func isCodeRunMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count == codeRunMarkerBytes.count
      && memcmp(bytes.baseAddress!, codeRunMarkerBytes, bytes.count) == 0
  }

  /// The bytes of a caption's mark, `Screenshot · `.
  private static let screenshotMark = Array("Screenshot · ".utf8)

  /// Whether a line reads as an English sentence rather than code.
  static func looksLikeProse(_ line: Substring) -> Bool {
    line.withBytes(asciiLooksLikeProse) ?? looksLikeProseByCharacter(line)
  }

  /// ``looksLikeProse(_:)`` of a line read by its offsets.
  static func looksLikeProse(_ line: SourceLine) -> Bool {
    asciiLooksLikeProse(line.bytes) ?? looksLikeProseByCharacter(line.text)
  }

  private static func looksLikeProseByCharacter(_ line: Substring) -> Bool {
    guard let first = line.first, first != " ", first != "\t", !line.hasPrefix("//") else {
      return false
    }
    let words = plainWordCount(outsideStringLiterals: line)
    guard words >= 4 else { return false }
    let end = line.last { !"\"”’')".contains($0) }
    return words >= 8 || end.map { ".?!:".contains($0) } == true
  }

  /// Whether a line reads as Swift code.
  static func looksLikeCode(_ line: Substring) -> Bool {
    line.withBytes { asciiLooksLikeCode($0) } ?? looksLikeCodeByCharacter(line)
  }

  /// ``looksLikeCode(_:)`` of a line read by its offsets.
  static func looksLikeCode(_ line: SourceLine) -> Bool {
    asciiLooksLikeCode(line.bytes) ?? looksLikeCodeByCharacter(line.text)
  }

  /// Whether a line reads as code and not as prose: `looksLikeCode(line) && !looksLikeProse(line)`.
  static func looksLikeCodeRatherThanProse(_ line: SourceLine) -> Bool {
    // On an ASCII line prose is told first: it stops after a few words, where code reads the
    // whole line. On another, the Character rules, code first: prose counts every word.
    if isASCIILine(line.bytes) {
      return !asciiLineLooksLikeProse(line.bytes) && asciiLineLooksLikeCode(line.bytes)
    }
    return looksLikeCode(line) && !looksLikeProse(line)
  }

  private static func looksLikeCodeByCharacter(_ line: Substring) -> Bool {
    guard let first = line.first else { return false }
    if first == " " || first == "\t" || "@.}{)]/#$…\"".contains(first) { return true }
    let word = line.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    if codeKeywords.contains(word) { return true }
    let afterWord = line.dropFirst(word.count).drop { $0 == " " }
    if !word.isEmpty, let next = afterWord.first {
      if next == "(" || next == "{" { return true }
      if next == ".", afterWord.dropFirst().first?.isLetter == true { return true }
    }
    if let last = line.last, "{}()[],;".contains(last) { return true }
    return line.containsASCII(" = ") || line.containsASCII("->")
  }

  private static let codeKeywords: Set<Substring> = [
    "import", "struct", "class", "enum", "protocol", "extension", "func", "let", "var", "if",
    "guard", "for", "while", "return", "switch", "case", "default", "private", "public", "final",
    "init", "some", "try", "await", "static", "typealias",
  ]

  /// Whether the `length` bytes at `word`, ASCII letters, digits and "_", are one of
  /// ``codeKeywords``: by their first byte, then their bytes, with no array to walk (each of an
  /// array of arrays is retained as it is read).
  private static func isCodeKeyword(_ word: UnsafePointer<UInt8>, length: Int) -> Bool {
    func equals(_ keyword: StaticString) -> Bool {
      keyword.utf8CodeUnitCount == length && memcmp(word, keyword.utf8Start, length) == 0
    }
    switch word[0] {
    case UInt8(ascii: "a"): return equals("await")
    case UInt8(ascii: "c"): return equals("class") || equals("case")
    case UInt8(ascii: "d"): return equals("default")
    case UInt8(ascii: "e"): return equals("enum") || equals("extension")
    case UInt8(ascii: "f"): return equals("func") || equals("for") || equals("final")
    case UInt8(ascii: "g"): return equals("guard")
    case UInt8(ascii: "i"): return equals("import") || equals("if") || equals("init")
    case UInt8(ascii: "l"): return equals("let")
    case UInt8(ascii: "p"): return equals("protocol") || equals("private") || equals("public")
    case UInt8(ascii: "r"): return equals("return")
    case UInt8(ascii: "s"):
      return equals("struct") || equals("switch") || equals("some") || equals("static")
    case UInt8(ascii: "t"): return equals("try") || equals("typealias")
    case UInt8(ascii: "v"): return equals("var")
    case UInt8(ascii: "w"): return equals("while")
    default: return false
    }
  }

  /// ``looksLikeProse(_:)`` for a line of ASCII bytes (each a Character); nil for another line.
  private static func asciiLooksLikeProse(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    isASCIILine(bytes) ? asciiLineLooksLikeProse(bytes) : nil
  }

  /// ``looksLikeProse(_:)`` of a line that ``isASCIILine(_:)``.
  fileprivate static func asciiLineLooksLikeProse(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, first != 0x20, first != 0x09,
      !(bytes.count >= 2 && bytes[0] == UInt8(ascii: "/") && bytes[1] == UInt8(ascii: "/"))
    else { return false }
    let end = bytes.last {
      $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: ")")
    }
    let endsSentence =
      end.map {
        $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "!")
          || $0 == UInt8(ascii: ":")
      } == true
    // Four plain words make a sentence prose, eight any line: the count goes no further.
    let needed = endsSentence ? 4 : 8
    return asciiPlainWordCount(bytes, upTo: needed) >= needed
  }

  /// ``looksLikeCode(_:)`` for a line of ASCII bytes (each a Character); nil for another line.
  private static func asciiLooksLikeCode(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    isASCIILine(bytes) ? asciiLineLooksLikeCode(bytes) : nil
  }

  /// ``looksLikeCode(_:)`` of a line that ``isASCIILine(_:)``.
  fileprivate static func asciiLineLooksLikeCode(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first else { return false }
    switch first {
    case 0x20, 0x09, UInt8(ascii: "@"), UInt8(ascii: "."), UInt8(ascii: "}"), UInt8(ascii: "{"),
      UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "/"), UInt8(ascii: "#"), UInt8(ascii: "$"),
      UInt8(ascii: "\""):
      return true
    default: break
    }
    func isWordByte(_ byte: UInt8) -> Bool {
      isASCIILetter(byte) || isASCIIDigit(byte) || byte == UInt8(ascii: "_")
    }
    var wordEnd = 0
    while wordEnd < bytes.count && isWordByte(bytes[wordEnd]) { wordEnd += 1 }
    // ``codeKeywords``, by their bytes: no Substring to hash.
    if wordEnd > 0 && isCodeKeyword(bytes.baseAddress!, length: wordEnd) { return true }
    var next = wordEnd
    while next < bytes.count && bytes[next] == 0x20 { next += 1 }
    if wordEnd > 0, next < bytes.count {
      let byte = bytes[next]
      if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") { return true }
      if byte == UInt8(ascii: "."), next + 1 < bytes.count, isASCIILetter(bytes[next + 1]) {
        return true
      }
    }
    switch bytes.last {
    case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"),
      UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ";"):
      return true
    default: break
    }
    // " = " and "->", in one pass.
    for index in 0..<bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "=") && index > 0 && index + 1 < bytes.count
        && bytes[index - 1] == 0x20 && bytes[index + 1] == 0x20
      {
        return true
      }
      if byte == UInt8(ascii: ">") && index > 0 && bytes[index - 1] == UInt8(ascii: "-") {
        return true
      }
    }
    return false
  }

  /// Whether every byte is ASCII and none is "\r": then every byte is a Character.
  static func isASCIILine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    if count < 8 {
      for index in 0..<count where base[index] >= 0x80 || base[index] == 0x0D { return false }
      return true
    }
    // Eight bytes at a time: a high bit set, or a byte of the word XOR "\r\r…" that is zero,
    // leaves a high bit in `flags`.
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func flags(at offset: Int) -> UInt64 {
      let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
      let carriageReturns = word ^ (0x0D * ones)
      return word | ((carriageReturns &- ones) & ~carriageReturns)
    }
    var index = 0
    while index + 16 <= count {
      if (flags(at: index) | flags(at: index + 8)) & highs != 0 { return false }
      index += 16
    }
    var seen: UInt64 = 0
    if index + 8 <= count {
      seen = flags(at: index)
      index += 8
    }
    // The last eight bytes, some of them read already: no byte at a time.
    if index < count { seen |= flags(at: count - 8) }
    return seen & highs == 0
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  private static func isASCIIDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// ``plainWordCount(outsideStringLiterals:)`` for ASCII bytes, each a Character: letters are
  /// A–Z and a–z, numbers 0–9, upper case A–Z. The count stops at `limit`.
  static func asciiPlainWordCount(_ bytes: UnsafeBufferPointer<UInt8>, upTo limit: Int = 8)
    -> Int
  {
    guard let base = bytes.baseAddress else { return 0 }
    let count = bytes.count
    var words = 0
    var inWord = false
    var wordIsPlain = false
    var index = 0
    while index < count {
      let byte = base[index]
      index += 1
      if byte &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "'") {
        if !inWord {
          inWord = true
          wordIsPlain = true
        }
        // The rest of a word's lower-case letters change nothing.
        while index < count && base[index] &- UInt8(ascii: "a") < 26 { index += 1 }
      } else if byte &- UInt8(ascii: "A") < 26 || byte &- UInt8(ascii: "0") < 10
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "$")
      {
        inWord = true
        wordIsPlain = false
      } else {
        if inWord && wordIsPlain {
          words += 1
          if words == limit { return words }
        }
        inWord = false
        if byte == UInt8(ascii: "\"") {
          // A string literal's text is no word: it is skipped to its closing quote, or the end.
          while index < count && base[index] != UInt8(ascii: "\"") { index += 1 }
          index += 1
        }
      }
    }
    if inWord && wordIsPlain { words += 1 }
    return words
  }

  /// Counts lowercase alphabetic words, skipping text inside straight double quotes.
  private static func plainWordCount(outsideStringLiterals line: Substring) -> Int {
    var count = 0
    var inString = false
    var wordIsPlain = false
    var wordLength = 0
    func endWord() {
      if wordLength > 0 && wordIsPlain { count += 1 }
      wordLength = 0
    }
    for character in line {
      if character == "\"" {
        endWord()
        inString.toggle()
        continue
      }
      if inString { continue }
      if character.isLetter || character == "'" || character == "’" {
        if wordLength == 0 { wordIsPlain = true }
        if character.isUppercase { wordIsPlain = false }
        wordLength += 1
      } else if character.isNumber || character == "_" || character == "\\" || character == "$" {
        wordIsPlain = false
        wordLength += 1
      } else {
        endWord()
      }
    }
    endWord()
    return count
  }

  /// Turns the lines of an answer into blocks: code, console output, tables and prose.
  ///
  /// Captions are dropped. The lines just before a "this code running" marker are code unless
  /// they read as prose, and code paragraphs separated only by blank lines are one block. Each
  /// block's text is made once, from the lines' bytes.
  static func passage(_ lines: ArraySlice<SourceLine>) -> Passage {
    var builder = PassageBuilder()
    // The paragraph being read is `lines[runStart..<index]`: its lines follow each other.
    var runStart = lines.startIndex
    var runIsASCII = true
    var index = lines.startIndex
    while index < lines.endIndex {
      let line = lines[index]
      let isASCII = isASCIILine(line.bytes)
      if captionByBytes(line.bytes, isASCII: isASCII) ?? isCaptionByCharacter(line.text) {
        builder.flushRun(lines[runStart..<index], isASCII: runIsASCII)
        builder.flushCode()
        builder.pendingBlanks = 0
        runStart = index + 1
        runIsASCII = true
      } else if line.isBlank {
        if runStart < index {
          builder.flushRun(lines[runStart..<index], isASCII: runIsASCII)
          builder.pendingBlanks = 0
        }
        builder.pendingBlanks += 1
        runStart = index + 1
        runIsASCII = true
      } else {
        runIsASCII = runIsASCII && isASCII
      }
      index += 1
    }
    builder.flushRun(lines[runStart..<lines.endIndex], isASCII: runIsASCII)
    builder.flushCode()
    return Passage(builder.blocks)
  }

  /// The state of ``passage(_:)`` between its paragraphs: a value, not captured variables, so
  /// that no box is made for them.
  private struct PassageBuilder {
    var blocks: [Passage.Block] = []
    var codeLines: [UnsafeBufferPointer<UInt8>] = []
    var pendingBlanks = 0
    var expectsConsole = false
    /// After a log caption: the log's message is read, and `Note:`-style lines that go on with it.
    var inLog = false

    mutating func flushCode() {
      guard !codeLines.isEmpty else { return }
      blocks.append(.code(CodeBlock(joined(codeLines, separator: 0x0A))))
      codeLines.removeAll(keepingCapacity: true)
    }

    /// Reads a paragraph: lines that follow each other, none blank or a caption; `isASCII` when
    /// every one is ASCII without "\r" (see ``isASCIILine(_:)``).
    mutating func flushRun(_ run: ArraySlice<SourceLine>, isASCII: Bool) {
      guard let first = run.first else { return }
      if run.count == 1 && isLogCaption(first) {
        flushCode()
        blocks.append(.text(logLabel))
        inLog = true
        return
      }
      if inLog {
        let text = joined(run.lazy.map(\.trimmedBytes), separator: 0x20)
        if case .console(let earlier) = blocks.last {
          // A `Note:` paragraph goes on with the message; anything else is the answer again.
          if startsLogLine(first.text) {
            blocks[blocks.count - 1] = .console(earlier + "\n" + text)
            return
          }
          inLog = false
        } else {
          blocks.append(.console(text))
          return
        }
      }
      let startsConsole = first.equals("Console", in: 0..<first.bytes.count)
      if expectsConsole || startsConsole {
        flushCode()
        let output = startsConsole ? run.dropFirst() : run
        expectsConsole = output.isEmpty
        if !output.isEmpty {
          blocks.append(.console(joined(output.lazy.map(\.bytes), separator: 0x0A)))
        }
        return
      }
      if run.count == 1 && first.equals("The console", in: 0..<first.bytes.count) { return }
      // On ASCII lines the byte rules decide, without checking each line is ASCII again.
      let prose =
        isASCII
        ? run.contains { asciiLineLooksLikeProse($0.bytes) } : run.contains { looksLikeProse($0) }
      let code =
        !prose
        && (isASCII
          ? run.contains { asciiLineLooksLikeCode($0.bytes) }
          : run.contains { looksLikeCode($0) })
      if code {
        if !codeLines.isEmpty {
          codeLines.append(
            contentsOf: repeatElement(
              UnsafeBufferPointer(start: nil, count: 0), count: pendingBlanks))
        }
        codeLines.append(contentsOf: run.lazy.map(\.bytes))
        return
      }
      flushCode()
      if !prose && run.count >= 2 && run.allSatisfy(isTableRow) {
        blocks.append(
          .table(run.map { [String(decoding: $0.trimmedBytes, as: UTF8.self)] }))
      } else {
        blocks.append(.text(joined(run.lazy.map(\.trimmedBytes), separator: 0x20)))
      }
    }
  }

  /// The pieces' bytes with `separator` between each two, as text (`joined(separator:)` on
  /// their texts).
  ///
  /// Pieces that follow each other in the file, `separator` between them there (the lines of
  /// a paragraph or of code, nearly always), are copied as one stretch of the file.
  static func joined<Pieces: Collection<UnsafeBufferPointer<UInt8>>>(
    _ pieces: Pieces, separator: UInt8
  ) -> String {
    guard let first = pieces.first else { return "" }
    if pieces.count == 1 { return String(decoding: first, as: UTF8.self) }
    if let start = first.baseAddress {
      var end = start + first.count
      var spanned = true
      for piece in pieces.dropFirst() {
        // The byte at `end` lies in the file when the next piece starts after it.
        guard let next = piece.baseAddress, next == end + 1, end.pointee == separator else {
          spanned = false
          break
        }
        end = next + piece.count
      }
      if spanned {
        return String(
          decoding: UnsafeBufferPointer(start: start, count: start.distance(to: end)),
          as: UTF8.self)
      }
    }
    var count = pieces.count - 1
    for piece in pieces { count += piece.count }
    // Written into the string's own storage, which validates it as `String(decoding:)` would.
    return String(unsafeUninitializedCapacity: count) { buffer in
      var written = 0
      var isFirst = true
      for piece in pieces {
        if !isFirst {
          buffer[written] = separator
          written += 1
        }
        isFirst = false
        if let base = piece.baseAddress, piece.count > 0 {
          (buffer.baseAddress! + written).initialize(from: base, count: piece.count)
          written += piece.count
        }
      }
      return written
    }
  }

  /// The label put before a log's message, in place of the caption that introduced it.
  static let logLabel = "What the app logged:"

  /// Whether a line is a caption introducing log output (`SwiftUI wrote this to the log while the
  /// app ran`): a short line, not a sentence, that names the log or the console.
  static func isLogCaption(_ line: Substring) -> Bool {
    let text = line.trimmingWhitespace()
    if let decided = text.withBytes(asciiIsLogCaption) { return decided }
    return isLogCaptionByCharacter(text)
  }

  /// ``isLogCaption(_:)`` of a line read by its offsets.
  static func isLogCaption(_ line: SourceLine) -> Bool {
    let trimmed = line.trimmed
    return asciiIsLogCaption(line.trimmedBytes)
      ?? isLogCaptionByCharacter(line.text(trimmed))
  }

  /// ``isLogCaption(_:)`` of a trimmed line, a Character at a time.
  static func isLogCaptionByCharacter(_ text: Substring) -> Bool {
    guard text.count <= 80, let last = text.last, !".:?!;,".contains(last) else { return false }
    let words = text.lowercased().split { !$0.isLetter }
    return words.contains("wrote") || words.contains("logged") || words.contains("printed")
      ? (words.contains("log") || words.contains("console")) : false
  }

  /// ``isLogCaption(_:)`` for a trimmed line of ASCII bytes (each a Character, and a letter
  /// when it is A–Z or a–z); nil for another line.
  private static func asciiIsLogCaption(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard isASCIILine(bytes) else { return nil }
    switch bytes.last {
    case nil, UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "?"), UInt8(ascii: "!"),
      UInt8(ascii: ";"), UInt8(ascii: ","):
      return false
    default: guard bytes.count <= 80 else { return false }
    }
    var namesWriting = false
    var namesLog = false
    var start = 0
    for end in 0...bytes.count where end == bytes.count || !isASCIILetter(bytes[end]) {
      defer { start = end + 1 }
      // The words looked for have three to seven letters.
      guard (3...7).contains(end - start) else { continue }
      var word = Array(bytes[start..<end])
      for index in word.indices where (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(word[index])
      {
        word[index] |= 0x20
      }
      switch String(decoding: word, as: UTF8.self) {
      case "wrote", "logged", "printed": namesWriting = true
      case "log", "console": namesLog = true
      default: break
      }
    }
    return namesWriting && namesLog
  }

  /// Whether a paragraph goes on with a log message: `Note: …`, `Warning: …`, `Error: …`.
  private static func startsLogLine(_ line: Substring) -> Bool {
    let word = line.trimmingWhitespace().prefix { $0.isLetter }
    return ["Note", "Warning", "Error", "Fault"].contains(word)
      && line.trimmingWhitespace().dropFirst(word.count).first == ":"
  }

  /// Whether `line` can be a row of a table in a native deck: a cell holds no `|`, and a row of
  /// only dashes and colons would read as the separator under the header.
  static func isTableRow(_ line: Substring) -> Bool {
    !(line.simpleContains(byte: UInt8(ascii: "|")) ?? line.contains("|"))
      && !((line.simpleContains(byte: UInt8(ascii: "-")) ?? line.contains("-"))
        && line.allSatisfy { "-: \t".contains($0) })
  }

  /// ``isTableRow(_:)`` of a line read by its offsets: by bytes on a simple line (see
  /// `isSimpleText`), whose bytes are its Characters.
  static func isTableRow(_ line: SourceLine) -> Bool {
    guard line.isSimple else { return isTableRow(line.text) }
    var hasDash = false
    var onlyDashes = true
    for byte in line.bytes {
      switch byte {
      case UInt8(ascii: "|"): return false
      case UInt8(ascii: "-"): hasDash = true
      case UInt8(ascii: ":"), 0x20, 0x09: break
      default: onlyDashes = false
      }
    }
    return !(hasDash && onlyDashes)
  }

  /// Lines without the blank ones at either end, joined.
  static func trimmedText(_ lines: some BidirectionalCollection<SourceLine>) -> String {
    guard let start = lines.firstIndex(where: { !$0.isBlank }),
      let end = lines.lastIndex(where: { !$0.isBlank })
    else { return "" }
    return joined(lines[start...end].lazy.map(\.bytes), separator: 0x0A)
  }
}
