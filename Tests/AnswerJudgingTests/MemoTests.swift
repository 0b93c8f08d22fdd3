import Testing

@testable import AnswerJudging

@Suite("Answers kept by key")
struct MemoTests {
  @Test("works an answer out once for each key, a missing answer too")
  func once() {
    let memo = Memo<String?>()
    var asked = 0
    func answer(_ key: String) -> String? {
      memo.value(for: key) {
        asked += 1
        return key == "none" ? nil : key.uppercased()
      }
    }
    #expect(answer("a") == "A")
    #expect(answer("a") == "A")
    #expect(answer("none") == nil)
    #expect(answer("none") == nil)
    #expect(answer("b") == "B")
    #expect(asked == 3)
  }

  @Test("gives the SDK index's member names of a type the same on each asking")
  func memberNames() {
    let first = SDKIndex.shipped.memberNames(of: "EnvironmentValues")
    #expect(first.contains("dismiss") && first.contains("horizontalSizeClass"))
    #expect(SDKIndex.shipped.memberNames(of: "EnvironmentValues") == first)
    #expect(SDKIndex.shipped.memberNames(of: "NoSuchTypeAnywhere").isEmpty)
  }
}
