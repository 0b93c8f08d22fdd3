import FoundationEssentials

/// Reads the few protocol-buffer messages of a package that quiz needs (the `meta` file, the
/// media list, a note type's kind): field numbers and values, no schema.
struct ProtobufReader {
  /// A field's value.
  enum Value {
    case varint(UInt64)
    case bytes(Data)
  }

  /// The fields of `data`, in order; a damaged message is an error naming `what`.
  static func fields(
    of data: Data, what: String
  ) throws(AnkiPackageError) -> [(number: Int, value: Value)] {
    let bytes = [UInt8](data)
    var index = 0
    var fields: [(number: Int, value: Value)] = []
    func varint() throws(AnkiPackageError) -> UInt64 {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while index < bytes.count, shift < 64 {
        let byte = bytes[index]
        index += 1
        value |= UInt64(byte & 0x7F) << shift
        if byte & 0x80 == 0 { return value }
        shift += 7
      }
      throw .malformed("\(what) is not a valid message")
    }
    while index < bytes.count {
      let key = try varint()
      let number = Int(key >> 3)
      switch key & 7 {
      case 0: fields.append((number, .varint(try varint())))
      case 1, 5:
        let width = key & 7 == 1 ? 8 : 4
        guard index + width <= bytes.count else { throw .malformed("\(what) is truncated") }
        index += width
      case 2:
        let length = try varint()
        guard length <= UInt64(bytes.count - index) else {
          throw .malformed("\(what) is truncated")
        }
        fields.append((number, .bytes(Data(bytes[index..<index + Int(length)]))))
        index += Int(length)
      default: throw .malformed("\(what) is not a valid message")
      }
    }
    return fields
  }
}
