import Glibc
import Scheduler

/// Writes ``JSONValue``s as `JSONEncoder` writes them with `.prettyPrinted`, `.sortedKeys` and
/// `.withoutEscapingSlashes`, byte for byte, into a buffer of its own.
///
/// The JSON export writes every journal event; appending to an `[UInt8]` a few bytes at a time
/// costs a uniqueness and a capacity check each, and a retain of each string. The writer reserves
/// room once per value and stores through a pointer, and remembers in which order the keys of
/// the first few kinds of objects sort, and the text around their values, since an export's
/// objects are of few kinds.
final class PrettyJSONWriter {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// How many bytes are written.
  private(set) var count = 0
  /// The kinds of objects written, the first eight.
  private var shapes: [ObjectShape] = []
  /// The text of numbers written, by a hash of their bits (see ``writeNumber(_:)``).
  private var numberTexts = [(bits: UInt64, text: [UInt8])](repeating: (0, []), count: 16)

  /// A writer whose buffer starts with room for `capacity` bytes.
  init(capacity: Int = 1 << 16) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The bytes written so far.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try body(UnsafeBufferPointer(start: base, count: count))
  }

  /// Forgets the bytes written, keeping the buffer.
  func removeAll() { count = 0 }

  /// Appends `value`, nested `depth` levels deep: its first line not indented (it follows a key
  /// or the caller's indentation), its last without a newline.
  ///
  /// A number that is not finite is written as `null`; `JSONEncoder` refuses it, and no value
  /// quiz writes holds one (a card's state refuses them).
  func write(_ value: JSONValue, depth: Int = 0) {
    switch value {
    case .null: write("null")
    case .boolean(let value): value ? write("true") : write("false")
    case .integer(let value): writeInteger(value)
    case .number(let value): writeNumber(value)
    case .string(let value): writeString(value)
    case .object(let members):
      guard !members.isEmpty else { return writeEmpty("{\n\n", "}", depth: depth) }
      let shape = shape(of: members)
      let text = shape.text(atDepth: depth)
      text.bytes.withUnsafeBufferPointer { bytes in
        for (position, index) in shape.order.enumerated() {
          let piece = text.pieces[position]
          write(UnsafeBufferPointer(rebasing: bytes[piece]))
          write(members[index].value, depth: depth + 1)
        }
        write(UnsafeBufferPointer(rebasing: bytes[text.pieces[members.count]]))
      }
    case .array(let elements):
      guard !elements.isEmpty else { return writeEmpty("[\n\n", "]", depth: depth) }
      write("[\n")
      for (index, element) in elements.enumerated() {
        if index > 0 { write(",\n") }
        writeIndentation(depth + 1)
        write(element, depth: depth + 1)
      }
      writeByte(0x0A)
      writeIndentation(depth)
      writeByte(0x5D)
    }
  }

  /// Appends `bytes`.
  private func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    reserve(bytes.count)
    (base + count).update(from: bytes.baseAddress!, count: bytes.count)
    count += bytes.count
  }

  /// Appends the bytes of `text`.
  func write(_ text: StaticString) {
    let length = text.utf8CodeUnitCount
    reserve(length)
    (base + count).update(from: text.utf8Start, count: length)
    count += length
  }

  /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped, `/`
  /// not.
  func writeString(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      // At worst every byte takes six (`\u001f`), and the quotes two more.
      reserve(6 * utf8.count + 2)
      var end = base + count
      end.pointee = 0x22
      end += 1
      for byte in utf8 {
        if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
          end.pointee = byte
          end += 1
          continue
        }
        end[0] = 0x5C
        switch byte {
        case 0x22: end[1] = 0x22
        case 0x5C: end[1] = 0x5C
        case 0x0A: end[1] = 0x6E
        case 0x0D: end[1] = 0x72
        case 0x09: end[1] = 0x74
        case 0x08: end[1] = 0x62
        case 0x0C: end[1] = 0x66
        default:
          end[1] = 0x75
          end[2] = 0x30
          end[3] = 0x30
          end[4] = Self.hexDigits[Int(byte >> 4)]
          end[5] = Self.hexDigits[Int(byte & 15)]
          end += 4
        }
        end += 2
      }
      end.pointee = 0x22
      count = end + 1 - base
    }
  }

  /// The shape of `members`' object: a known one when the keys are the same bytes, in the
  /// same order, as one of the first few.
  private func shape(of members: [(key: String, value: JSONValue)]) -> ObjectShape {
    search: for known in shapes where known.keys.count == members.count {
      // By their bytes: `==` holds canonically equivalent keys (`é`, `e` and U+0301) equal,
      // and JSONEncoder writes and sorts each by its own bytes.
      for index in members.indices where !Self.sameBytes(known.keys[index], members[index].key) {
        continue search
      }
      return known
    }
    let shape = ObjectShape(keys: members.map(\.key))
    if shapes.count < 8 { shapes.append(shape) }
    return shape
  }

  /// Whether `first` and `second` have the same UTF-8 bytes: by `memcmp`, not byte by byte
  /// through their views, since every object's keys are compared with its kind's.
  private static func sameBytes(_ first: String, _ second: String) -> Bool {
    // The same representation is the same bytes: the same storage, or the same bytes held in
    // the value itself (a key of up to 15 bytes). An object's keys are nearly always the same
    // literals as its shape's, so this decides nearly every key without reading it.
    if MemoryLayout<String>.size == 16,
      unsafeBitCast(first, to: (UInt64, UInt64).self)
        == unsafeBitCast(second, to: (UInt64, UInt64).self)
    {
      return true
    }
    guard first.utf8.count == second.utf8.count else { return false }
    var first = first
    var second = second
    return first.withUTF8 { a in
      second.withUTF8 { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
    }
  }

  /// Whether `first`'s UTF-8 bytes sort before `second`'s.
  fileprivate static func precedes(_ first: String, _ second: String) -> Bool {
    var first = first
    var second = second
    return first.withUTF8 { a in
      second.withUTF8 { b in
        let common = min(a.count, b.count)
        let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
        return order < 0 || (order == 0 && a.count < b.count)
      }
    }
  }

  private func writeInteger(_ value: Int) {
    reserve(21)
    if value < 0 {
      base[count] = 0x2D
      count += 1
    }
    var magnitude = value.magnitude
    // Digits are found from the last; they are written after counting them.
    var digits = 1
    var rest = magnitude / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    var position = base + count + digits - 1
    repeat {
      position.pointee = 0x30 + UInt8(magnitude % 10)
      magnitude /= 10
      position -= 1
    } while magnitude > 0
    count += digits
  }

  /// The shortest form that reads back the same, as Swift's `description`, without a `.0`
  /// ending, as JSONEncoder writes it.
  private func writeNumber(_ value: Double) {
    guard value.isFinite else { return write("null") }
    // Swift writes an integral value up to 2^53 as its digits and `.0`, which JSONEncoder drops.
    if value == value.rounded(.towardZero) && value.magnitude <= 9_007_199_254_740_992 {
      if value.sign == .minus { writeByte(0x2D) }
      return writeInteger(Int(value.magnitude))
    }
    // Swift's shortest form of a Double searches for the fewest digits that read back; a
    // state's ease factor takes few values, so the text of the last few is kept, by their bits.
    let slot = Int(truncatingIfNeeded: (value.bitPattern &* 0x9E37_79B9_7F4A_7C15) >> 60)
    if numberTexts[slot].bits != value.bitPattern || numberTexts[slot].text.isEmpty {
      var text = value.description
      if text.hasSuffix(".0") { text.removeLast(2) }
      numberTexts[slot] = (value.bitPattern, Array(text.utf8))
    }
    numberTexts[slot].text.withUnsafeBufferPointer { write($0) }
  }

  /// Two spaces a level.
  fileprivate func writeIndentation(_ depth: Int) {
    reserve(2 * depth)
    (base + count).update(repeating: 0x20, count: 2 * depth)
    count += 2 * depth
  }

  /// An empty object or array: JSONEncoder puts an empty line between the brackets.
  private func writeEmpty(_ opening: StaticString, _ closing: StaticString, depth: Int) {
    write(opening)
    writeIndentation(depth)
    write(closing)
  }

  private func writeByte(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  private func reserve(_ extra: Int) {
    if count + extra > capacity { grow(toHold: count + extra) }
  }

  private func grow(toHold needed: Int) {
    let newCapacity = max(needed, 2 * capacity)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}

/// The keys of a kind of object, in the order JSONEncoder sorts them, and the text around its
/// values at each depth: a `"key" : ` for each, after `,` and the indentation, then the closing
/// brace.
private final class ObjectShape {
  let keys: [String]
  /// The indices of the members, in the order they are written.
  let order: [Int]
  private var texts: [Text?] = []

  /// The text of an object at one depth: `pieces[i]` goes before the `i`th member written, the
  /// last piece after the last one.
  struct Text {
    var bytes: [UInt8] = []
    var pieces: [Range<Int>] = []
  }

  init(keys: [String]) {
    self.keys = keys
    order = keys.indices.sorted { PrettyJSONWriter.precedes(keys[$0], keys[$1]) }
  }

  func text(atDepth depth: Int) -> Text {
    if depth < texts.count, let text = texts[depth] { return text }
    var text = Text()
    let writer = PrettyJSONWriter(capacity: 64 * keys.count)
    for (position, index) in order.enumerated() {
      let start = writer.count
      writer.write(position == 0 ? "{\n" : ",\n")
      writer.writeIndentation(depth + 1)
      writer.writeString(keys[index])
      writer.write(" : ")
      text.pieces.append(start..<writer.count)
    }
    let start = writer.count
    writer.write("\n")
    writer.writeIndentation(depth)
    writer.write("}")
    text.pieces.append(start..<writer.count)
    writer.withBytes { text.bytes = Array($0) }
    if depth >= texts.count { texts += repeatElement(nil, count: depth + 1 - texts.count) }
    texts[depth] = text
    return text
  }
}
