import Foundation

/// What a frame is to a reader of a tagged PDF: a heading, a paragraph, a figure, a table part, or decoration.
///
/// Roles become the PDF's structure tree (ISO 32000 section 14.8) in the renderer; PageKit only
/// records them. Text outside any role is a paragraph; painting outside a role is decoration.
public enum AccessibilityRole: Hashable, Sendable {
  /// A part of a document with its own heading (`Sect`).
  case section
  /// A paragraph of text (`P`).
  case paragraph
  /// A heading of `level` 1 to 6 (`H1`…`H6`).
  case heading(level: Int)
  /// An image, chart or drawing, described by `label` (`Figure` with `/Alt`).
  case figure(label: String)
  /// A table (`Table`).
  case table
  /// The header rows of a table (`THead`).
  case tableHead
  /// The body rows of a table (`TBody`).
  case tableBody
  /// The footer rows of a table, such as totals (`TFoot`).
  case tableFoot
  /// A table row (`TR`).
  case tableRow
  /// A header cell, naming its column (`TH` with `/Scope /Column`).
  case columnHeader
  /// A header cell, naming its row (`TH` with `/Scope /Row`).
  case rowHeader
  /// A data cell (`TD`).
  case cell
  /// Decoration, repeated page furniture and anything not read aloud (`/Artifact`).
  case artifact

  /// The PDF structure type: "P", "H1", "Table"…; `nil` for an artifact.
  public var structureType: String? {
    switch self {
    case .section: "Sect"
    case .paragraph: "P"
    case .heading(let level): "H\(min(6, max(1, level)))"
    case .figure: "Figure"
    case .table: "Table"
    case .tableHead: "THead"
    case .tableBody: "TBody"
    case .tableFoot: "TFoot"
    case .tableRow: "TR"
    case .columnHeader, .rowHeader: "TH"
    case .cell: "TD"
    case .artifact: nil
    }
  }

  /// The `/Scope` of a header cell ("Column", "Row"); `nil` for other roles.
  public var headerScope: String? {
    switch self {
    case .columnHeader: "Column"
    case .rowHeader: "Row"
    default: nil
    }
  }

  /// Whether the element holds drawn content itself (a leaf of the structure tree) rather than other elements.
  public var holdsContent: Bool {
    switch self {
    case .paragraph, .heading, .figure, .columnHeader, .rowHeader, .cell: true
    case .section, .table, .tableHead, .tableBody, .tableFoot, .tableRow, .artifact: false
    }
  }
}
