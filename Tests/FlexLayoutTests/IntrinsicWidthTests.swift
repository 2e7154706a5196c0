import Testing

@testable import FlexLayout

/// Intrinsic widths of containers under CSS defaults (CSS Flexbox §9.9.1 with §4.5), expectations derived by hand;
/// the corpus case each one was minimised from is named.
@Suite struct IntrinsicWidthTests {
  /// css-18-04929: a row aligned flex-end in a 100-wide column takes its max-content width. Item A (width 30, flex
  /// basis 25, cannot grow) contributes min(30, 25) = 25 (§9.9.1: a definite basis caps an item that cannot
  /// grow); its automatic minimum does not raise that, being its content size suggestion (0: it is empty)
  /// capped by its width, not its width. Item C contributes its 10-point left margin. Width 25 + 10 = 35, placed
  /// at 100 - 35 = 65.
  @Test func automaticMinimumIsTheContentSuggestion() {
    var tree = FlexTree()
    var aStyle = Style.css
    aStyle.width = .pt(30)
    aStyle.flexBasis = .pt(25)
    let a = tree.addNode(style: aStyle)
    var cStyle = Style.css
    cStyle.margin = Edges(left: .pt(10))
    let c = tree.addNode(style: cStyle)
    var rowStyle = Style.css
    rowStyle.alignSelf = .flexEnd
    let row = tree.addNode(style: rowStyle)
    tree.appendChild(a, to: row)
    tree.appendChild(c, to: row)
    var column = Style.css
    column.flexDirection = .column
    column.width = .pt(100)
    column.height = .pt(200)
    let root = tree.addNode(style: column)
    tree.appendChild(row, to: root)
    tree.calculateLayout(
      root: root, availableWidth: .nan, availableHeight: .nan, direction: .ltr,
      config: LayoutConfig(pointScaleFactor: 0, useWebDefaults: true))
    #expect(rect(tree, row) == [65, 0, 35, 0])
    #expect(rect(tree, a) == [0, 0, 25, 0])
  }
}
