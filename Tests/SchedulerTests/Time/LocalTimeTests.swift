import Foundation
import Testing

@testable import Scheduler

@Suite("Local time from TZ")
struct LocalTimeTests {
  @Test(
    "tells POSIX rules from text that names no time zone",
    arguments: [
      ("EST5EDT,M3.2.0/2,M11.1.0/2", true), ("<-05>5", true), ("CET-1CEST,M3.5.0,M10.5.0/3", true),
      ("UTC0", true), ("JST-9", true), ("<+0330>-3:30", true), ("EST5EDT", true),
      ("Nowhere/Atlantis", false), ("EST", false), ("5", false), ("EST5EDT,M13.1.0,M11.1.0", false),
      ("EST5EDT,M3.2.0", false), ("AB5", false), ("", false),
    ])
  func rules(text: String, isRule: Bool) {
    #expect(LocalTime.isPOSIXRule(text) == isRule)
  }

  @Test("names a Foundation zone when it can, the C library's reading of a rule, nil for neither")
  func named() {
    #expect(LocalTime.named(byTZ: "Europe/Paris") == .zone(TimeZone(identifier: "Europe/Paris")!))
    #expect(
      LocalTime.named(byTZ: ":America/New_York") == .zone(TimeZone(identifier: "America/New_York")!)
    )
    #expect(LocalTime.named(byTZ: "EST5EDT,M3.2.0/2,M11.1.0/2") == .system)
    #expect(LocalTime.named(byTZ: "Nowhere/Atlantis") == nil)
    // Not `.zone(.current)`: without ICU (quiz links FoundationEssentials only) that is GMT.
    #expect(LocalTime.named(byTZ: nil) == .system)
    #expect(LocalTime.named(byTZ: "") == .system)
  }
}
