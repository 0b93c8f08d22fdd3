import ReviewStorage
import Scheduler

extension JSONValue {
  /// The value of the member `key`, if this is an object that has one.
  subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.key == key }?.value
  }

  /// The members' values, if this is an object.
  var memberValues: [JSONValue]? {
    guard case .object(let members) = self else { return nil }
    return members.map(\.value)
  }

  /// The elements, if this is an array.
  var elements: [JSONValue]? {
    guard case .array(let elements) = self else { return nil }
    return elements
  }

  /// The number, if this is one without a fraction that fits an `Int`.
  var int: Int? {
    switch self {
    case .integer(let value): value
    case .number(let value): Int(exactly: value)
    default: nil
    }
  }

  /// The text, if this is a string.
  var string: String? {
    guard case .string(let value) = self else { return nil }
    return value
  }
}
