import Basics

extension String {
  /// Whether the text holds `needle` byte for byte: a look for ASCII code, far cheaper than
  /// `contains(_:)`, which compares characters.
  func holdsBytes(_ needle: StaticString) -> Bool {
    var text = self
    return text.withUTF8 { UnsafeRawBufferPointer($0).holds(needle) }
  }
}
