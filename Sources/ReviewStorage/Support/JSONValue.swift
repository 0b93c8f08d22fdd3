import FoundationEssentials
import Glibc
import Scheduler

/// A JSON value as quiz's files and exports hold it: what a journal event, a card's state or an
/// export row is made of, declared once and written either through `Encodable` or straight to
/// bytes.
///
/// The JSON export writes every journal event; `JSONEncoder` builds a tree of boxed values and a
/// dictionary per object, then sorts, and an `Encoder` of one's own is bound to the same boxes.
/// ``PrettyJSONWriter`` writes the value itself.
public enum JSONValue: Sendable {
  case null
  case boolean(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  /// Members in the order they were declared (the journal keeps it; pretty output sorts them);
  /// keys are unique.
  indirect case object([(key: String, value: JSONValue)])
  indirect case array([JSONValue])
}

extension JSONValue: Encodable {
  /// Encodes the value as what it holds: `JSONEncoder`'s text of it is the text of the same
  /// value declared with `Codable` types.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .boolean(let value): try value.encode(to: encoder)
    case .integer(let value): try value.encode(to: encoder)
    case .number(let value): try value.encode(to: encoder)
    case .string(let value): try value.encode(to: encoder)
    case .object(let members):
      var container = encoder.container(keyedBy: AnyCodingKey.self)
      for (key, value) in members {
        try container.encode(value, forKey: AnyCodingKey(key))
      }
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    }
  }
}

extension JSONValue {
  /// Appends the value as `JSONEncoder` writes it with `.prettyPrinted`, `.sortedKeys` and
  /// `.withoutEscapingSlashes`, byte for byte, nested `depth` levels deep: its first line not
  /// indented (it follows a key or the caller's indentation), its last without a newline.
  ///
  /// For one value; ``PrettyJSONWriter`` writes many.
  public func appendPretty(to bytes: inout [UInt8], depth: Int = 0) {
    let writer = PrettyJSONWriter(capacity: 256)
    writer.write(self, depth: depth)
    writer.withBytes { bytes += $0 }
  }
}
