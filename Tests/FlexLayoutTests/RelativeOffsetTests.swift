import Testing

@testable import FlexLayout

/// Relative offsets under CSS defaults (CSS Positioned Layout §3.3), expectations derived by hand; the corpus
/// case each one was minimised from is named.
@Suite struct RelativeOffsetTests {
  /// css-18-01719: an RTL item with `left: 10` and `right: 0` in an LTR row. With both insets set, the
  /// containing block's direction picks the winner: LTR, so `left` wins and the item moves 10 right of its
  /// static position 0 (its own RTL direction would pick `right: 0`, no move).
  @Test func containingBlockDirectionPicksLeftOrRight() {
    var tree = FlexTree()
    var itemStyle = Style.css
    itemStyle.direction = .rtl
    itemStyle.positionType = .relative
    itemStyle.position = Edges(left: .pt(10), right: .pt(0))
    itemStyle.width = .pt(20)
    itemStyle.height = .pt(10)
    let item = tree.addNode(style: itemStyle)
    var row = Style.css
    row.width = .pt(200)
    row.height = .pt(50)
    row.alignItems = .flexStart
    let root = tree.addNode(style: row)
    tree.appendChild(item, to: root)
    tree.calculateLayout(
      root: root, availableWidth: .nan, availableHeight: .nan, direction: .ltr,
      config: LayoutConfig(pointScaleFactor: 0, useWebDefaults: true))
    #expect(rect(tree, item) == [10, 0, 20, 10])
  }
}
