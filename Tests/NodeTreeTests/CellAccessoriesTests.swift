import Testing

@testable import NodeTree

/// Cell accessories (`accessoryType`, `selectionStyle`, `separatorInset`): the width a row with an accessory is
/// measured at, and the side table's life (kept across reloads, dropped with the row, cleared by reloadData).
@Suite struct CellAccessoriesTests {
  @Test func anAccessoryNarrowsTheMeasuredWidthByUIKitsAccessoryWidth() throws {
    // UIKit's accessory widths (UITableView+FDTemplateLayoutCell's systemAccessoryWidths): 34, 68, 40, 48; the node
    // is laid out at the content view's width, table width − accessory width (ASTableView
    // didLayoutSubviewsOfTableViewCell:). In a 320 pt table: 286, 252, 280, 272, and 320 without one.
    var table = TableNode<Int>()
    let types: [AccessoryType] = [.disclosureIndicator, .detailDisclosureButton, .checkmark, .detailButton, .none]
    let specs = types.enumerated().map { index, type in
      RowSpec(id: RowID("r\(index)"), content: index, accessories: CellAccessories(accessoryType: type))
    }
    let result = try table.reloadData([specs])
    #expect(result.layoutRequests.map(\.accessoryType) == types)
    #expect(result.layoutRequests.map { $0.constrainedSize(width: 320).maxWidth } == [286, 252, 280, 272, 320])
    #expect(result.layoutRequests.map { $0.constrainedSize(width: 320).minWidth } == [286, 252, 280, 272, 320])
    // With a height range too: heights from the range, width from the accessory.
    var ranged = TableNode<Int>()
    let both = try ranged.reloadData([
      [
        RowSpec(
          id: RowID("x"), content: 0, heightRange: RowHeightRange(min: 44, max: 100),
          accessories: CellAccessories(accessoryType: .checkmark))
      ]
    ])
    #expect(
      both.layoutRequests.first?.constrainedSize(width: 320)
        == CellSizeRange(minWidth: 280, minHeight: 44, maxWidth: 280, maxHeight: 100))
    // Never below 0: a 30 pt table with a 68 pt accessory lays the node out 0 wide.
    #expect(CellAccessories(accessoryType: .detailDisclosureButton).contentWidth(tableWidth: 30) == 0)
  }

  @Test func accessoriesLiveAsLongAsTheRow() throws {
    var table = TableNode<Int>()
    let checked = CellAccessories(
      accessoryType: .checkmark, selectionStyle: .none, separatorInset: SeparatorInset(left: 15))
    let loaded = try table.reloadData([
      [RowSpec(id: RowID("a"), content: 0, accessories: checked), RowSpec(id: RowID("b"), content: 1)]
    ])
    _ = try measureAll(&table, loaded.layoutRequests)
    #expect(table.accessories(of: RowID("a")) == checked && table.accessories(of: RowID("b")) == .standard)
    // Defaults given explicitly are not stored.
    var plain = TableNode<Int>()
    _ = try plain.reloadData([[RowSpec(id: RowID("p"), content: 0, accessories: .standard)]])
    #expect(!plain.hasRowAccessories)
    // A reload with new content keeps them (Texture asks for new members only with a new node; the row keeps its
    // cell properties here), a move keeps them, a delete drops them.
    let reload = try table.performBatch(BatchUpdate([.reloadRows([(.id(RowID("a")), 9)])]))
    #expect(reload.layoutRequests.first?.accessoryType == .checkmark)
    _ = try measureAll(&table, reload.layoutRequests)
    _ = try table.performBatch(BatchUpdate([.moveRow(from: .id(RowID("a")), to: TableIndexPath(section: 0, row: 1))]))
    #expect(table.accessories(of: RowID("a")) == checked)
    _ = try table.performBatch(BatchUpdate([.deleteRows([.id(RowID("a"))])]))
    #expect(table.accessories(of: RowID("a")) == .standard && !table.hasRowAccessories)
    // reloadData clears every row's.
    _ = try table.reloadData([[RowSpec(id: RowID("c"), content: 0, accessories: checked)]])
    _ = try table.reloadData([[RowSpec(id: RowID("c"), content: 0)]])
    #expect(!table.hasRowAccessories)
  }
}
