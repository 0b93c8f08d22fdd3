import Basics
import FoundationEssentials
import Testing

@Suite("Bytes written and read back")
struct BytesTests {
  @Test("Every value the writer appends reads back the same, and the reader ends where it began")
  func roundTrip() throws {
    var writer = ByteWriter()
    let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    writer.append(7 as UInt8)
    writer.append(513 as UInt16)
    writer.append(70_000 as UInt32)
    writer.append(UInt64.max)
    writer.append(-42)
    writer.append(true)
    writer.append("héllo")
    writer.append(uuid: id)
    writer.append(nil as String?)
    writer.append(5 as Int?)
    writer.append(9 as UInt64?)
    writer.append(uuid: nil as UUID?)
    writer.append(bytes: [1, 2, 3])
    try ByteReader.read(writer.bytes) { (reader) throws(ByteReader.Malformed) in
      #expect(try reader.byte() == 7)
      #expect(try reader.uint16() == 513)
      #expect(try reader.uint32() == 70_000)
      #expect(try reader.uint64() == UInt64.max)
      #expect(try reader.int() == -42)
      #expect(try reader.bool())
      #expect(try reader.string() == "héllo")
      #expect(try reader.uuid() == id)
      #expect(try reader.optionalString() == nil)
      #expect(try reader.optionalInt() == 5)
      #expect(try reader.optionalUInt64() == 9)
      #expect(try reader.optionalUUID() == nil)
      let range = try reader.range()
      #expect(Array(writer.bytes[range]) == [1, 2, 3])
      #expect(reader.isAtEnd)
    }
  }

  @Test("Every prefix of written bytes is refused, never read past its end")
  func prefixes() {
    var writer = ByteWriter()
    writer.append("a text")
    writer.append(12 as UInt64)
    writer.append(uuid: UUID())
    for length in 0..<writer.bytes.count {
      let prefix = Array(writer.bytes[..<length])
      #expect(throws: ByteReader.Malformed.self) {
        try ByteReader.read(prefix) { (reader) throws(ByteReader.Malformed) in
          _ = try reader.string()
          _ = try reader.uint64()
          _ = try reader.uuid()
        }
      }
    }
  }

  @Test("A count larger than the bytes left, or negative, is refused")
  func counts() {
    for count in [-1, 9, Int.max, Int.min] {
      var writer = ByteWriter()
      writer.append(count)
      writer.bytes += [0, 0, 0, 0, 0, 0, 0, 0]
      #expect(throws: ByteReader.Malformed.self) {
        try ByteReader.read(writer.bytes) { (reader) throws(ByteReader.Malformed) in
          try reader.count()
        }
      }
    }
    var writer = ByteWriter()
    writer.append(2)
    writer.bytes += Array(repeating: 0, count: 16)
    #expect(throws: ByteReader.Malformed.self) {
      try ByteReader.read(writer.bytes) { (reader) throws(ByteReader.Malformed) in
        try reader.count(ofAtLeast: 9)
      }
    }
  }

  @Test("A text that is not UTF-8 is refused, not repaired")
  func invalidText() {
    var writer = ByteWriter()
    writer.append(bytes: [0x61, 0xFF, 0x62])
    #expect(throws: ByteReader.Malformed.self) {
      try ByteReader.read(writer.bytes) { (reader) throws(ByteReader.Malformed) in
        try reader.string()
      }
    }
  }

  @Test("A text is its bytes decoded, short or long, ASCII or not", arguments: 0..<20)
  func texts(_ seed: Int) throws {
    var random = SystemRandomNumberGenerator()
    for length in 0...40 {
      // Mostly ASCII, sometimes a byte of a longer scalar: valid or not, decided by the decoder.
      let bytes = (0..<length).map { _ in
        Int.random(in: 0..<8, using: &random) == 0
          ? UInt8.random(in: 0x80...0xFF, using: &random)
          : UInt8.random(in: 0...0x7F, using: &random)
      }
      let valid = String(validating: bytes, as: UTF8.self)
      let text = bytes.withUnsafeBufferPointer { try? ByteReader.text($0) }
      #expect(text == valid)
      #expect(text.map { Array($0.utf8) == bytes } ?? true)
    }
  }

  @Test("A range outside the bytes is brought within them")
  func clampedRange() throws {
    let bytes: [UInt8] = [1, 2, 3]
    let read = try ByteReader.read(bytes, in: 2..<10) { (reader) throws(ByteReader.Malformed) in
      (try reader.byte(), reader.isAtEnd)
    }
    #expect(read == (3, true))
  }

  @Test("Flags and booleans other than 0 and 1 are refused")
  func booleans() {
    #expect(throws: ByteReader.Malformed.self) {
      try ByteReader.read([2]) { (reader) throws(ByteReader.Malformed) in try reader.bool() }
    }
  }
}
