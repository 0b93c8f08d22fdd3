/// Tells the prose, code, console output, tables and screenshot captions of a lesson page apart.
///
/// Lesson pages are plain text with no markup: code is not fenced and captions are glued to the
/// text around them. These rules were drawn from the course's pages; each is covered by a
/// fixture test.
enum LessonPageText {
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
      let form = line.form
      if isCaption(line, form) {
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
        runIsASCII = runIsASCII && form == .ascii
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
    /// every one is ASCII without "\r" (see ``LineForm/ascii``), whose form is then not looked
    /// at again.
    mutating func flushRun(_ run: ArraySlice<SourceLine>, isASCII: Bool) {
      guard let first = run.first else { return }
      let form: LineForm? = isASCII ? .ascii : nil
      if run.count == 1 && isLogCaption(first, form) {
        flushCode()
        blocks.append(.text(logLabel))
        inLog = true
        return
      }
      if inLog {
        let text = joined(run.lazy.map(\.trimmedBytes), separator: 0x20)
        if case .console(let earlier) = blocks.last {
          // A `Note:` paragraph goes on with the message; anything else is the answer again.
          if startsLogLine(first) {
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
      let prose = run.contains { looksLikeProse($0, form) }
      let code = !prose && run.contains { looksLikeCode($0, form) }
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
      if !prose && run.count >= 2 && run.allSatisfy({ isTableRow($0, form) }) {
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

  /// Lines without the blank ones at either end, joined.
  static func trimmedText(_ lines: some BidirectionalCollection<SourceLine>) -> String {
    guard let start = lines.firstIndex(where: { !$0.isBlank }),
      let end = lines.lastIndex(where: { !$0.isBlank })
    else { return "" }
    return joined(lines[start...end].lazy.map(\.bytes), separator: 0x0A)
  }
}
