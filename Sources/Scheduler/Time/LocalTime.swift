import FoundationEssentials
import Glibc

/// Whose wall clock tells the local time: a time zone Foundation knows, or the C library's
/// reading of `TZ`, which also understands POSIX rules such as `EST5EDT,M3.2.0/2,M11.1.0/2` and
/// `<-05>5` that Foundation takes for UTC.
public enum LocalTime: Sendable, Equatable {
  /// The wall clock of a Foundation time zone.
  case zone(TimeZone)
  /// The process's local time, as `localtime_r` computes it from `TZ`.
  case system

  /// How many seconds the wall clock is ahead of UTC at `date`.
  public func secondsFromGMT(for date: Date) -> Int {
    switch self {
    case .zone(let zone):
      return zone.secondsFromGMT(for: date)
    case .system:
      var time = time_t(date.timeIntervalSince1970.rounded(.down))
      var parts = tm()
      guard localtime_r(&time, &parts) != nil else { return 0 }
      return parts.tm_gmtoff
    }
  }

  /// The local time that `TZ` (the value of the variable, nil when unset) names: a time zone
  /// Foundation knows, else the C library's reading of a POSIX rule or a zone file, else nil
  /// when `TZ` names nothing (the C library would then silently use UTC). Unset or empty, the C
  /// library's local time (`/etc/localtime`; UTC for an empty `TZ`): quiz links
  /// FoundationEssentials only, whose `TimeZone.current` and named zones need ICU's data and
  /// are otherwise GMT and nil, so a named zone is read from its zone file too.
  public static func named(byTZ tz: String?) -> LocalTime? {
    guard let tz, !tz.isEmpty else { return .system }
    let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
    if let zone = TimeZone(identifier: name) { return .zone(zone) }
    let file = name.hasPrefix("/") ? name : "/usr/share/zoneinfo/" + name
    if !name.contains(".."), isZoneFile(file) { return .system }
    return isPOSIXRule(name) ? .system : nil
  }

  /// Whether `path` is a compiled time zone: a regular file that starts with `TZif`. Opened
  /// without blocking, so that a FIFO named by `TZ` cannot hang quiz.
  static func isZoneFile(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
    var magic = [UInt8](repeating: 0, count: 4)
    let count = magic.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 4) }
    return count == 4 && magic == Array("TZif".utf8)
  }

  /// Whether `text` is a POSIX `TZ` rule: `std offset [dst [offset] [,start[/time],end[/time]]]`,
  /// names of three or more letters or `<…>` quoted, offsets `[+-]hh[:mm[:ss]]`, dates `Jn`, `n`
  /// or `Mm.w.d`.
  static func isPOSIXRule(_ text: String) -> Bool {
    var rest = Substring(text)
    func name() -> Bool {
      if rest.first == "<" {
        guard let end = rest.firstIndex(of: ">") else { return false }
        let inside = rest[rest.index(after: rest.startIndex)..<end]
        rest = rest[rest.index(after: end)...]
        return inside.count >= 3
          && inside.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" }
      }
      let letters = rest.prefix { $0.isASCII && $0.isLetter }
      rest = rest.dropFirst(letters.count)
      return letters.count >= 3
    }
    func number(maximum: Int) -> Bool {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      rest = rest.dropFirst(digits.count)
      return !digits.isEmpty && digits.count <= 3 && Int(digits).map { $0 <= maximum } == true
    }
    func time(signed: Bool) -> Bool {
      if signed, rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
      guard number(maximum: 167) else { return false }
      for _ in 0..<2 where rest.first == ":" {
        rest = rest.dropFirst()
        guard number(maximum: 59) else { return false }
      }
      return true
    }
    func date() -> Bool {
      if rest.first == "J" {
        rest = rest.dropFirst()
        return number(maximum: 365)
      }
      if rest.first == "M" {
        rest = rest.dropFirst()
        guard number(maximum: 12), rest.popFirst() == ".", number(maximum: 5),
          rest.popFirst() == ".", number(maximum: 6)
        else { return false }
        return true
      }
      return number(maximum: 365)
    }
    guard name(), time(signed: true) else { return false }
    guard !rest.isEmpty else { return true }
    guard name() else { return false }
    if let first = rest.first, first != "," {
      guard time(signed: true) else { return false }
    }
    guard !rest.isEmpty else { return true }
    for _ in 0..<2 {
      guard rest.popFirst() == ",", date() else { return false }
      if rest.first == "/" {
        rest = rest.dropFirst()
        guard time(signed: true) else { return false }
      }
    }
    return rest.isEmpty
  }
}
