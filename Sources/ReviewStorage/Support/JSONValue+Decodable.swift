import FoundationEssentials
import Scheduler

extension JSONValue: Decodable {
  /// Decodes any JSON value: a number that an `Int` holds exactly (`2.0` and `1e3` too) as
  /// ``integer(_:)``, any other as ``number(_:)``; an object's members in no particular order.
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: AnyCodingKey.self) {
      self = .object(
        try container.allKeys.map { key in
          (key: key.stringValue, value: try container.decode(JSONValue.self, forKey: key))
        })
    } else if var container = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
      self = .array(elements)
    } else {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let value = try? container.decode(Bool.self) {
        self = .boolean(value)
      } else if let value = try? container.decode(Int.self) {
        self = .integer(value)
      } else if let value = try? container.decode(Double.self) {
        self = .number(value)
      } else {
        self = .string(try container.decode(String.self))
      }
    }
  }
}
