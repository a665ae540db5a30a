import Foundation

/// Why a document could not be laid out completely: the document's error, never a silent loss of content.
///
/// Nodes report it through `LayoutContext.fail(_:)`; the paginator stops at the page where it
/// happened and throws it, and renderers turn it into their own error with the document's name.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// A table's rows could not be read (a file that fails halfway through).
    case rowSource
    /// Content could not be placed even on an empty page.
    case cannotPlace
    /// The body did not end within `Paginator.maxPages` pages.
    case tooManyPages
  }

  public var kind: Kind
  /// What happened, for a person, with the page when it is known.
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}

/// Why content was left for the next page.
package enum DeferralReason: Hashable, Sendable, CustomStringConvertible {
  /// It does not fit in the space left on this page.
  case doesNotFit(height: CGFloat, available: CGFloat)
  /// It must stay with what follows (a heading), which goes to the next page.
  case keepWithNext
  /// A table's header would stand alone at the bottom of the page.
  case headerAlone
  /// A paragraph would leave a single line here or there (widow and orphan rules).
  case wouldLeaveOneLine

  public var description: String {
    switch self {
    case .doesNotFit(let height, let available):
      return
        "content \(Int(height.rounded())) points tall does not fit the \(Int(available.rounded())) points left"
    case .keepWithNext: return "content must stay with what follows"
    case .headerAlone: return "a table's header would stand alone"
    case .wouldLeaveOneLine: return "a paragraph would leave a single line"
    }
  }
}

/// The tolerance of layout comparisons: sizes within it of each other count as equal (rounding in text shaping).
package enum LayoutTolerance {
  /// A hundredth of a point.
  public static let points: CGFloat = 0.01
}
