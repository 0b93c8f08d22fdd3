import CardDeck
import Testing

@testable import AnswerJudging

// What the index says of a member's storage: a property that cannot be assigned, and the
// labelled elements of a tuple a call returns.

@Suite("Judging attempts: get-only properties and a returned tuple's labels")
struct StoredMembersTests {
  static let snapCard = """
    struct SnapToRows: ScrollTargetBehavior {
        var rowHeight: CGFloat = 80
        func updateTarget(_ target: inout ScrollTarget, context: TargetContext) {
            target.rect.origin.y = (target.rect.origin.y / rowHeight).rounded() * rowHeight
        }
    }
    """

  @Test("a get-only property assigned does not compile, and the reason says so")
  func getOnlyAssigned() {
    let attempt = Self.snapCard.replacingOccurrences(
      of: "target.rect.origin.y = (target.rect.origin.y",
      with: "target.rect.minY = (target.rect.minY")
    let judgement = judge(attempt, Self.snapCard)
    #expect(judgement.grade! <= 2)
    #expect(judgement.reason.contains("`CGRect`'s `minY` is get-only"))
  }

  @Test("a get-only property read, and a settable one assigned, are not reported")
  func settableAssigned() {
    let read = Self.snapCard.replacingOccurrences(
      of: "(target.rect.origin.y /", with: "(target.rect.minY /")
    #expect(judge(read, Self.snapCard).grade == 5)
    let check = SDKCheck(card: Self.snapCard)
    #expect(check.problems(in: read).isEmpty)
    // A compound assignment stores too; `==` does not.
    let compared = "func f(_ target: inout ScrollTarget) -> Bool { target.rect.minY == 0 }"
    #expect(check.problems(in: compared).isEmpty)
    let added = "func f(_ target: inout ScrollTarget) { target.rect.minY += 10 }"
    #expect(check.problems(in: added).contains { $0.contains("`minY` is get-only") })
  }

  static let overflowCard = """
    func checkedAdd(_ a: Int32, _ b: Int32) -> Int32? {
        let result = a.addingReportingOverflow(b)
        return result.overflow ? nil : result.partialValue
    }
    """

  @Test("a label the returned tuple does not have does not compile, and the reason names the tuple")
  func unknownTupleLabel() {
    let attempt = Self.overflowCard.replacingOccurrences(
      of: "result.overflow", with: "result.didOverflow")
    let judgement = judge(attempt, Self.overflowCard)
    #expect(judgement.grade! <= 2)
    #expect(
      judgement.reason.contains("`(partialValue: Int32, overflow: Bool)` has no `didOverflow`"))
  }

  @Test("the tuple's own labels, another name for it, or its elements bound by a pattern are right")
  func tupleLabelsKept() {
    let renamed = """
      func checkedAdd(_ x: Int32, _ y: Int32) -> Int32? {
          let r = x.addingReportingOverflow(y)
          return r.overflow ? nil : r.partialValue
      }
      """
    #expect(judge(renamed, Self.overflowCard).grade == 5)
    let destructured = """
      func checkedAdd(_ a: Int32, _ b: Int32) -> Int32? {
          let (sum, overflow) = a.addingReportingOverflow(b)
          return overflow ? nil : sum
      }
      """
    #expect(judge(destructured, Self.overflowCard).grade! >= 4)
    #expect(SDKCheck(card: Self.overflowCard).problems(in: destructured).isEmpty)
  }

  @Test("a tuple type is shown as Swift writes it, its labels read back")
  func tupleTypes() {
    #expect(
      SDKIndex.displayed("(partialValue:Int32,overflow:Bool)")
        == "(partialValue: Int32, overflow: Bool)")
    #expect(SDKIndex.displayed("(Data,URLResponse)") == "(Data, URLResponse)")
    #expect(SDKIndex.tupleLabels("(quotient:Self,remainder:Self)") == ["quotient", "remainder"])
    #expect(SDKIndex.tupleLabels("(Data,URLResponse)") == nil)
    #expect(SDKIndex.tupleElements("CGRect") == nil)
  }

  @Test("the shipped index knows which properties are get-only and keeps tuples' labels")
  func shippedFacts() {
    let index = SDKIndex.shipped
    #expect(index.ownMembers(named: "minY", of: "CGRect").allSatisfy { $0.isGetOnly })
    #expect(!index.ownMembers(named: "origin", of: "CGRect").contains { $0.isGetOnly })
    #expect(
      index.ownMembers(named: "count", of: "String").filter { !$0.isCall }.allSatisfy {
        $0.isGetOnly
      })
    #expect(
      index.memberType(named: "addingReportingOverflow", labels: ["_"], on: "Int32")
        == "(partialValue:Int32,overflow:Bool)")
  }

  @Test("a preview trait the index does not declare is another API than the card's trait")
  func previewTraits() {
    let card = "#Preview(\"Row\", traits: .sizeThatFitsLayout) {\n    RecipeRow(recipe: .sample)\n}"
    let old = card.replacingOccurrences(of: ".sizeThatFitsLayout", with: ".sizeThatFits")
    #expect(judge(old, card).grade! <= 2)
    let two = card.replacingOccurrences(
      of: ".sizeThatFitsLayout", with: ".sizeThatFitsLayout, .landscapeLeft")
    #expect(judge(two, card).grade! >= 4)
    #expect(SDKIndex.shipped.hasMember(named: "sizeThatFitsLayout", of: "PreviewTrait"))
  }
}
