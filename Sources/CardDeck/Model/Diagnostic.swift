/// A problem found while reading decks, with the place it was found.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How serious a problem is.
  public enum Severity: String, Sendable, Comparable {
    /// The deck cannot be trusted: a card may be missing or wrong.
    case error
    /// The deck loads, but something looks unintended.
    case warning

    /// Errors come before warnings.
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs == .error && rhs == .warning
    }
  }

  /// Where the problem is.
  public var location: SourceLocation
  /// How serious it is.
  public var severity: Severity
  /// What is wrong, as one sentence without a trailing period.
  public var message: String

  /// Creates a diagnostic.
  public init(_ severity: Severity, _ message: String, at location: SourceLocation) {
    self.severity = severity
    self.message = message
    self.location = location
  }

  /// Creates an error.
  public static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
    Diagnostic(.error, message, at: location)
  }

  /// Creates a warning.
  public static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
    Diagnostic(.warning, message, at: location)
  }

  /// `path:line: error: message`.
  public var description: String { "\(location): \(severity.rawValue): \(message)" }
}
