/// A table cell's standard accessory (UIKit's `UITableViewCellAccessoryType`, which `ASCellNode.accessoryType`
/// hands to the `UITableViewCell` that hosts the node). Pure value.
package enum AccessoryType: String, Sendable, Hashable, CaseIterable {
  /// No accessory (the default).
  case none
  /// A chevron (`UITableViewCellAccessoryDisclosureIndicator`).
  case disclosureIndicator
  /// An info button and a chevron (`UITableViewCellAccessoryDetailDisclosureButton`).
  case detailDisclosureButton
  /// A checkmark (`UITableViewCellAccessoryCheckmark`).
  case checkmark
  /// An info button (`UITableViewCellAccessoryDetailButton`).
  case detailButton

  /// Points the accessory takes from the cell's content view: UIKit lays the accessory out at the cell's trailing
  /// edge and shrinks `contentView` by this much, and Texture re-measures the node at the content view's width
  /// (`-[ASTableView didLayoutSubviewsOfTableViewCell:]`). The widths are the ones UIKit's self-sizing helpers
  /// subtract for each type (UITableView+FDTemplateLayoutCell's `systemAccessoryWidths`): 34, 68, 40, 48.
  package var width: Double {
    switch self {
    case .none: return 0
    case .disclosureIndicator: return 34
    case .detailDisclosureButton: return 68
    case .checkmark: return 40
    case .detailButton: return 48
    }
  }
}

/// How a selected cell is highlighted (UIKit's `UITableViewCellSelectionStyle`; `ASCellNode`'s default is
/// `default`, texture.md §8). Pure value.
package enum SelectionStyle: String, Sendable, Hashable, CaseIterable {
  /// No highlight.
  case none
  /// Blue (before iOS 7; gray since).
  case blue
  /// Gray.
  case gray
  /// The system's default (gray).
  case `default`
}

/// The left and right insets of the separator drawn below a cell (the horizontal part of UIKit's
/// `UITableViewCell.separatorInset`; UIKit ignores its top and bottom). `ASCellNode` leaves it at zero. Points;
/// pure value.
package struct SeparatorInset: Sendable, Hashable {
  /// Inset from the cell's leading edge.
  package var left: Double
  /// Inset from the cell's trailing edge.
  package var right: Double

  /// Creates an inset.
  package init(left: Double = 0, right: Double = 0) {
    self.left = left
    self.right = right
  }

  /// No inset: the separator spans the row.
  package static let zero = SeparatorInset()
}

/// The `UITableViewCell` properties an `ASCellNode` carries to its cell: accessory, selection style and separator
/// inset. Pure value.
package struct CellAccessories: Sendable, Hashable {
  /// The accessory, which narrows the width the node is laid out at by `accessoryType.width`.
  package var accessoryType: AccessoryType
  /// The highlight of the selected cell.
  package var selectionStyle: SelectionStyle
  /// The separator's insets.
  package var separatorInset: SeparatorInset

  /// Creates a set of properties (UIKit's and Texture's defaults unless given).
  package init(
    accessoryType: AccessoryType = .none, selectionStyle: SelectionStyle = .default,
    separatorInset: SeparatorInset = .zero
  ) {
    self.accessoryType = accessoryType
    self.selectionStyle = selectionStyle
    self.separatorInset = separatorInset
  }

  /// The defaults: no accessory, the default selection style, no separator inset.
  package static let standard = CellAccessories()

  /// The width a cell's node is laid out at in a table whose cells are `tableWidth` wide (never below 0).
  package func contentWidth(tableWidth: Double) -> Double { max(0, tableWidth - accessoryType.width) }
}
