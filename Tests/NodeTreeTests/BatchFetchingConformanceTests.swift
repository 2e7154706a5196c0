import JSONCodec
import Testing
@testable import NodeTree

/// Every case of batch-fetching.json through `BatchFetching.shouldFetchBatch` (texture.md §4.2).
@Suite struct BatchFetchingConformanceTests {
  static let cases = TextureFixture.cases("batch-fetching")

  @Test func fileHasAllCases() { #expect(Self.cases.count == 52) }

  @Test(arguments: cases)
  func decision(_ fixture: TextureFixture.Case) {
    let input = fixture.input
    func number(_ object: String, _ key: String) -> Double { input[object]?[key]?.doubleValue ?? 0 }
    let state = BatchContext.State(rawValue: input["contextState"]?.stringValue ?? "") ?? .completed
    let fetchInput = BatchFetchingInput(
      contextState: state, scrollDirection: direction(input["scrollDirection"]?.strings ?? []),
      scrollableDirections: direction([input["scrollableDirections"]?.stringValue ?? ""]),
      bounds: Rect(x: number("bounds", "x"), y: number("bounds", "y"), width: number("bounds", "width"),
                   height: number("bounds", "height")),
      contentWidth: number("contentSize", "width"), contentHeight: number("contentSize", "height"),
      targetOffsetX: number("targetOffset", "x"), targetOffsetY: number("targetOffset", "y"),
      leadingScreens: input["leadingScreens"]?.doubleValue ?? 0, visible: input["visible"]?.boolValue ?? false,
      rtl: input["rtl"]?.boolValue ?? false,
      flipsHorizontallyInOppositeLayoutDirection: input["flipsHorizontallyInOppositeLayoutDirection"]?.boolValue ?? false,
      velocityX: number("velocity", "x"), velocityY: number("velocity", "y"))
    var delegate: ((Double, Bool) -> Bool)?
    if let answer = input["delegate"]?["returns"]?.boolValue { delegate = { _, _ in answer } }
    let decision = BatchFetching.shouldFetchBatch(fetchInput, delegate: delegate)
    #expect(decision.shouldFetch == fixture.expected["shouldFetch"]?.boolValue)
    if let called = fixture.expected["delegateCalledWith"] {
      let query = decision.delegateQuery
      #expect(query != nil)
      #expect(abs((query?.remainingTime ?? -1) - (called["remainingTime"]?.doubleValue ?? 0)) < 1e-9)
      #expect(query?.hint == called["hint"]?.boolValue)
    } else {
      #expect(decision.delegateQuery == nil)
    }
  }

  /// Context transitions of texture.md §4.4.
  @Test func contextTransitions() {
    var context = BatchContext()
    #expect(context.state == .completed)
    context.beginBatchFetching()
    #expect(context.isFetching)
    context.completeBatchFetching(false)
    #expect(context.isFetching, "completeBatchFetching(false) leaves the context fetching")
    context.completeBatchFetching(true)
    #expect(context.state == .completed)
    context.beginBatchFetching()
    context.cancelBatchFetching()
    #expect(context.state == .cancelled && !context.isFetching && context.batchFetchingWasCancelled)
    #expect(BatchFetching.defaultLeadingScreens == 2.0)
  }
}
