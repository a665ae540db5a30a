import Foundation

/// The space left on the current page for content that flows from page to page.
package struct FlowSpace: Hashable, Sendable {
  /// The width of the page body.
  public var width: CGFloat
  /// The height left on this page.
  public var available: CGFloat
  /// The height of an empty page body: what content taller than this can never fit whole.
  public var pageHeight: CGFloat
  /// Whether nothing has been placed on this page yet (content that does not fit here fits nowhere).
  public var isTopOfPage: Bool

  public init(width: CGFloat, available: CGFloat, pageHeight: CGFloat, isTopOfPage: Bool) {
    self.width = width
    self.available = available
    self.pageHeight = pageHeight
    self.isTopOfPage = isTopOfPage
  }
}

/// Flowing content placed on one page: its size, and how to place it at a point.
package struct FlowPiece {
  /// The size on this page.
  public var size: CGSize
  /// Makes the frames of the piece with its top-left corner at a point.
  public var place: (CGPoint, LayoutContext) -> Frame

  public init(size: CGSize, place: @escaping (CGPoint, LayoutContext) -> Frame) {
    self.size = size
    self.place = place
  }

  /// A piece that places `node` whole at `size`.
  public static func whole(_ node: any LayoutNode, size: CGSize) -> FlowPiece {
    FlowPiece(size: size) { origin, context in
      node.place(in: CGRect(origin: origin, size: size), context: context)
    }
  }
}

/// What laying out flowing content into the space left on a page gives.
///
/// Pagination is a value: nothing is mutated; the remainder is a node of its own (the same table
/// starting at row 37, the same paragraph from line 12) that lays out on the next page.
package enum FlowResult {
  /// Everything fits.
  case complete(FlowPiece)
  /// Part fits; the remainder continues on the next page.
  case partial(FlowPiece, remainder: any LayoutNode)
  /// Nothing fits here; all of it goes to the next page, for `reason`.
  case deferred(reason: DeferralReason)
}

/// How a node behaves between pages.
package struct FlowTraits: Hashable, Sendable {
  /// The node must not end a page: it moves to the next page with what follows (headings).
  public var keepWithNext = false
  /// The node ends the page.
  public var isPageBreak = false

  public init(keepWithNext: Bool = false, isPageBreak: Bool = false) {
    self.keepWithNext = keepWithNext
    self.isPageBreak = isPageBreak
  }
}

/// Nodes that split between pages implement `flow`; every other node is placed whole.
package protocol FlowingNode: LayoutNode {
  /// Lays the node out into the space left on the current page.
  func flow(in space: FlowSpace, context: LayoutContext) -> FlowResult
}

extension LayoutNode {
  /// How the node behaves between pages; plain nodes have no special traits.
  public var flowTraits: FlowTraits {
    (self as? any FlowTraitsProviding)?.traits ?? FlowTraits()
  }

  /// Lays the node out on the current page: splitting when it is a `FlowingNode`, else whole.
  ///
  /// A whole node that does not fit goes to the next page; at the top of a page, where it can fit
  /// nowhere better, it is placed anyway and cut at the page's edge.
  public func layoutFlow(in space: FlowSpace, context: LayoutContext) -> FlowResult {
    if let flowing = self as? any FlowingNode { return flowing.flow(in: space, context: context) }
    return wholeFlow(in: space, context: context)
  }

  /// The node placed whole, or deferred when it does not fit and the page is not empty.
  public func wholeFlow(in space: FlowSpace, context: LayoutContext) -> FlowResult {
    let size = sizeThatFits(ProposedViewSize(width: space.width, height: nil), context: context)
    if size.height <= space.available + LayoutTolerance.points || space.isTopOfPage {
      if size.height > space.pageHeight + LayoutTolerance.points {
        context.warn(
          LayoutWarning(
            "content \(Int(size.height)) points tall does not fit a page of \(Int(space.pageHeight)) points and is cut",
            kind: .contentCut))
      }
      return .complete(.whole(self, size: size))
    }
    return .deferred(reason: .doesNotFit(height: size.height, available: space.available))
  }
}

/// Nodes with flow traits of their own.
protocol FlowTraitsProviding {
  var traits: FlowTraits { get }
}
