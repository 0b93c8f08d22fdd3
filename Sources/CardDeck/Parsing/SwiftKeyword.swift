import Glibc

/// Swift's keywords, each written once with the roles in which readers of Swift code look for
/// it: the lexer, the judge's parser and SDK check, and the lesson-page reader.
public enum SwiftKeyword {
  /// What a reader of Swift code takes a keyword for.
  struct Roles: OptionSet, Sendable {
    let rawValue: UInt8
    /// A reserved word, as far as code on a card uses them: a keyword token, not a name.
    static let reserved = Roles(rawValue: 1 << 0)
    /// A declaration modifier; `indirect`, `required` and `convenience` are names elsewhere.
    static let modifier = Roles(rawValue: 1 << 1)
    /// A word that declares a type's name: `struct Item`, `typealias ID`.
    static let declaresType = Roles(rawValue: 1 << 2)
    /// A word that makes a lesson page's line read as code when the line starts with it.
    static let startsCodeLine = Roles(rawValue: 1 << 3)
  }

  /// Every keyword, and its roles.
  private static let table: [(word: String, roles: Roles)] = [
    ("actor", [.reserved, .declaresType]), ("any", .reserved), ("as", .reserved),
    ("associatedtype", .reserved), ("async", .reserved), ("await", [.reserved, .startsCodeLine]),
    ("break", .reserved), ("case", [.reserved, .startsCodeLine]), ("catch", .reserved),
    ("class", [.reserved, .declaresType, .startsCodeLine]), ("continue", .reserved),
    ("convenience", .modifier), ("default", [.reserved, .startsCodeLine]), ("defer", .reserved),
    ("deinit", .reserved), ("do", .reserved), ("else", .reserved),
    ("enum", [.reserved, .declaresType, .startsCodeLine]),
    ("extension", [.reserved, .startsCodeLine]), ("fallthrough", .reserved),
    ("false", .reserved), ("fileprivate", [.reserved, .modifier]),
    ("final", [.reserved, .modifier, .startsCodeLine]), ("for", [.reserved, .startsCodeLine]),
    ("func", [.reserved, .startsCodeLine]), ("get", .reserved),
    ("guard", [.reserved, .startsCodeLine]), ("if", [.reserved, .startsCodeLine]),
    ("import", [.reserved, .startsCodeLine]), ("in", .reserved), ("indirect", .modifier),
    ("init", [.reserved, .startsCodeLine]), ("inout", .reserved),
    ("internal", [.reserved, .modifier]), ("is", .reserved), ("lazy", [.reserved, .modifier]),
    ("let", [.reserved, .startsCodeLine]), ("mutating", [.reserved, .modifier]),
    ("nil", .reserved), ("nonisolated", [.reserved, .modifier]), ("open", [.reserved, .modifier]),
    ("operator", .reserved), ("override", [.reserved, .modifier]),
    ("private", [.reserved, .modifier, .startsCodeLine]),
    ("protocol", [.reserved, .declaresType, .startsCodeLine]),
    ("public", [.reserved, .modifier, .startsCodeLine]), ("repeat", .reserved),
    ("required", .modifier), ("rethrows", .reserved), ("return", [.reserved, .startsCodeLine]),
    ("self", .reserved), ("Self", .reserved), ("set", .reserved),
    ("some", [.reserved, .startsCodeLine]),
    ("static", [.reserved, .modifier, .startsCodeLine]),
    ("struct", [.reserved, .declaresType, .startsCodeLine]), ("subscript", .reserved),
    ("super", .reserved), ("switch", [.reserved, .startsCodeLine]), ("throw", .reserved),
    ("throws", .reserved), ("true", .reserved), ("try", [.reserved, .startsCodeLine]),
    ("typealias", [.reserved, .declaresType, .startsCodeLine]),
    ("var", [.reserved, .startsCodeLine]),
    ("weak", [.reserved, .modifier]), ("where", .reserved),
    ("while", [.reserved, .startsCodeLine]),
  ]

  /// The keywords that have `role`.
  static func words(_ role: Roles) -> Set<Substring> {
    Set(table.filter { $0.roles.contains(role) }.map { Substring($0.word) })
  }

  /// The reserved words: what the lexer reads as keyword tokens.
  public static let reserved = words(.reserved)
  /// The declaration modifiers, the contextual ones among them.
  public static let modifiers = words(.modifier)
  /// The words that declare a type's name.
  public static let typeDeclarations = words(.declaresType)

  /// Whether `word` is a reserved word, by its bytes.
  static func isReserved(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    reservedBytes.contains(word)
  }

  /// Whether a lesson page's line that starts with `word` reads as code, by its bytes.
  static func startsCodeLine(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    codeLineStartBytes.contains(word)
  }

  private static let reservedBytes = ASCIIWords(words(.reserved))
  private static let codeLineStartBytes = ASCIIWords(words(.startsCodeLine))
}

/// A few ASCII words, looked up by their bytes without making a string of them.
struct ASCIIWords: Sendable {
  /// The words' bytes, one after another, ordered by their first byte.
  private let bytes: [UInt8]
  /// Each word's place in ``bytes``, in the same order.
  private let words: [Range<Int>]
  /// For each ASCII byte, the range of ``words`` that start with it.
  private let byFirstByte: [Range<Int>]

  init(_ set: Set<Substring>) {
    let sorted = set.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    bytes = sorted.flatMap { $0 }
    var start = 0
    words = sorted.map { word in
      defer { start += word.count }
      return start..<start + word.count
    }
    byFirstByte = (0..<128).map { byte in
      let first = sorted.firstIndex { $0.first == UInt8(byte) } ?? 0
      return first..<first + sorted.count { $0.first == UInt8(byte) }
    }
  }

  /// Whether `word` is one of the words.
  func contains(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = word.first, first < 0x80 else { return false }
    return bytes.withUnsafeBufferPointer { all in
      for index in byFirstByte[Int(first)] where words[index].count == word.count {
        if memcmp(all.baseAddress! + words[index].lowerBound, word.baseAddress!, word.count) == 0 {
          return true
        }
      }
      return false
    }
  }
}
