import Testing

@testable import FlexLayout

/// Items of multi-line (`flexWrap`) containers under CSS defaults (CSS Flexbox §9.4), expectations derived by
/// hand; the corpus case each one was minimised from is named.
@Suite struct MultiLineTests {
  /// css-18-00967: a wrapping row only 10 high holds a 100-wide item with a 10-point bottom margin around an
  /// 80-high box. §9.4 step 7: the item's hypothetical cross size is its content's, 80 (the room the container
  /// leaves, 10 - 10 = 0, does not cap an auto height); the line is 80 + 10 = 90; align-content flex-start
  /// leaves it at the top and the item stretches to it: 90 - 10 = 80 high (it overflows the container).
  @Test func autoHeightIsNotCappedByTheContainer() {
    var tree = FlexTree()
    var boxStyle = Style.css
    boxStyle.width = .pt(10)
    boxStyle.height = .pt(80)
    let box = tree.addNode(style: boxStyle)
    var itemStyle = Style.css
    itemStyle.width = .pt(100)
    itemStyle.margin = Edges(bottom: .pt(10))
    let item = tree.addNode(style: itemStyle)
    tree.appendChild(box, to: item)
    var rowStyle = Style.css
    rowStyle.flexWrap = .wrap
    rowStyle.alignContent = .flexStart
    rowStyle.width = .pt(100)
    rowStyle.height = .pt(10)
    let root = tree.addNode(style: rowStyle)
    tree.appendChild(item, to: root)
    tree.calculateLayout(
      root: root, availableWidth: .nan, availableHeight: .nan, direction: .ltr,
      config: LayoutConfig(pointScaleFactor: 0, useWebDefaults: true))
    #expect(rect(tree, item) == [0, 0, 100, 80])
  }
}
