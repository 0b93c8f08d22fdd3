/// Free-form card text: paragraphs, code, console output and small tables, in reading order.
public struct Passage: Hashable, Sendable {
  /// One block of a passage.
  public enum Block: Hashable, Sendable {
    /// Prose; may hold inline code in backquotes.
    case text(String)
    /// A code block.
    case code(CodeBlock)
    /// What a program printed.
    case console(String)
    /// A small table; the first row is the header.
    case table([[String]])
  }

  /// The blocks, in reading order.
  public var blocks: [Block]

  /// Creates a passage.
  public init(_ blocks: [Block] = []) {
    self.blocks = blocks
  }

  /// Whether there is nothing to show.
  public var isEmpty: Bool { blocks.isEmpty }

  /// The code blocks, in order.
  public var codeBlocks: [CodeBlock] {
    blocks.compactMap { if case .code(let code) = $0 { code } else { nil } }
  }

  /// The prose paragraphs joined by blank lines; console output and tables are left out.
  public var prose: String {
    blocks.compactMap { if case .text(let text) = $0 { text } else { nil } }
      .joined(separator: "\n\n")
  }
}

/// A block of source code and the language it is written in.
public struct CodeBlock: Hashable, Sendable {
  /// The language named on the fence, such as `swift`; nil when none was named.
  public var language: String?
  /// The code, without a trailing newline.
  public var text: String

  /// Creates a code block.
  public init(_ text: String, language: String? = "swift") {
    self.text = text
    self.language = language
  }
}
