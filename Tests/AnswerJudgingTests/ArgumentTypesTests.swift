import Testing

@testable import AnswerJudging

/// Values the parameter they are passed to cannot take, by the types the SDK index gives its
/// parameters.
@Suite("Arguments of a type the parameter does not take")
struct ArgumentTypesTests {
  let check = SDKCheck(card: "Text(\"x\")")

  @Test(
    "finds an implicit member the parameter's type lacks, and a key path for a string",
    arguments: [
      (
        "@State private var position: MapCameraPosition = .coordinateRegion(region)",
        "`MapCameraPosition` has no `.coordinateRegion`"
      ),
      (
        "@AppStorage(\\.fontSize) private var fontSize = 17.0",
        "`String` is asked for, not a key path: `\\.fontSize`"
      ),
      (
        "Text(\"a\").contentTransition(.numeric)",
        "`ContentTransition` has no `.numeric`"
      ),
      // An implicit member call typed by the parameter it is passed to.
      (
        "let columns = [GridItem(.adaptive(min: 80))]",
        "`GridItem.Size` has no `adaptive(min:)`"
      ),
      // A typed name compared with an implicit member.
      (
        "@Environment(\\.colorScheme) private var scheme\nvar body: some View { Text(scheme == .darkMode ? \"D\" : \"L\") }",
        "`ColorScheme` has no `.darkMode`"
      ),
      // An `@Observable` class held by a wrapper that takes an `ObservableObject`.
      (
        "@Observable final class Cart { var items: [String] = [] }\n@ObservedObject var cart = Cart()",
        "`@ObservedObject` takes an `ObservableObject`: `Cart` is `@Observable`, held in `@State`"
      ),
    ])
  func found(_ attempt: String, _ message: String) {
    #expect(check.problems(in: attempt) == [message])
  }

  @Test(
    "leaves alone what the type has, a misspelling of it, the attempt's own names, decoration, and parameters the overloads disagree on",
    arguments: [
      "@State private var position: MapCameraPosition = .region(region)",
      "@State private var position: MapCameraPosition = .regoin(region)",
      "@AppStorage(\"fontSize\") private var fontSize = 17.0",
      "Text(\"a\").contentTransition(.numericText())",
      "enum Size { case huge }\nText(\"Hi\").font(.huge)",
      "Text(\"Hi\").font(.huge)",
      "List { }.safeAreaInset(edge: .bottom) { Text(\"a\") }",
      "List { }.safeAreaInset(edge: .leading) { Text(\"a\") }",
      "Text(\"a\").foregroundStyle(.red)",
      "@Environment(\\.colorScheme) private var scheme\nvar body: some View { Text(scheme == .dark ? \"D\" : \"L\") }",
      "@Observable final class Cart { var items: [String] = [] }\n@State private var cart = Cart()",
      "final class Cart: ObservableObject { @Published var items: [String] = [] }\n@StateObject private var cart = Cart()",
      // A chart's marks are no views: `foregroundStyle(by:)` is `ChartContent`'s.
      "Chart(data) { LineMark(x: .value(\"D\", $0.day), y: .value(\"T\", $0.t)).foregroundStyle(by: .value(\"City\", $0.city)) }",
      // The system's close and confirm buttons, iOS 26.
      "Button(role: .close) { dismiss() }",
      "let columns = [GridItem(.adaptive(minimum: 80)), GridItem(.flexible()), GridItem(.fixed(40))]",
    ])
  func leftAlone(_ attempt: String) {
    #expect(check.problems(in: attempt).isEmpty)
  }

  @Test("reads a label with nothing after it, in code cut short, as no argument (a fuzzer's find)")
  func labelAtTheEnd() {
    for attempt in [
      "Button(\"Create\") { library.createPlaylist(named:/* playlistName) }",
      "Text(\"a\").contentTransition(value:", "f(a:",
    ] {
      #expect(check.problems(in: attempt).allSatisfy { !$0.isEmpty })
      #expect(SDKCheck.Code(attempt).argumentValues(after: 0).allSatisfy { $0 >= 0 })
    }
  }

  @Test("reads each parameter's type from the index, none for a generic one")
  func indexTypes() throws {
    let index = SDKIndex.shipped
    let fixed = try #require(
      index.members(named: "fixedSize", of: "View").first { $0.labels.count == 2 })
    #expect(fixed.parameterTypes == ["Bool", "Bool"])
    let animation = try #require(
      index.members(named: "animation", of: "View").first { $0.labels == ["_", "value"] })
    #expect(animation.parameterTypes == ["Animation", nil])
  }

  @Test("grades a value the parameter cannot take 2 at most, and says why")
  func graded() {
    let card =
      "@AppStorage(\"fontSize\") private var fontSize = 17.0\nSlider(value: $fontSize, in: 12...30)"
    let judgement = AnswerJudge(code: card).judge(
      "@AppStorage(\\.fontSize) private var fontSize = 17.0\nSlider(value: $fontSize, in: 12...30)")
    #expect(judgement.grade == 2)
    #expect(judgement.reason == "`String` is asked for, not a key path: `\\.fontSize`.")
  }
}
