import Scheduler

/// A coding key made from any string, for objects whose keys are listed at run time.
struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
