/// The version `quiz --version` and the man page print; the one place it is written.
enum Version {
  static let current = "0.2.0"
}
