import Foundation

/// The heading levels of `accessibilityHeading(_:)`, as in SwiftUI.
public enum AccessibilityHeadingLevel: Hashable, Sendable {
  /// A heading whose level the reader works out; written as a level 2 heading.
  case unspecified
  case h1, h2, h3, h4, h5, h6

  /// The level from 1 to 6.
  var level: Int {
    switch self {
    case .h1: 1
    case .unspecified, .h2: 2
    case .h3: 3
    case .h4: 4
    case .h5: 5
    case .h6: 6
    }
  }
}

/// Traits that change what a view is to a reader, as in SwiftUI.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The view is a heading (a level 2 heading unless `accessibilityHeading` says otherwise).
  public static let isHeader = AccessibilityTraits(rawValue: 1)
  /// The view is an image.
  public static let isImage = AccessibilityTraits(rawValue: 2)
}

/// Which cells of a grid head the others, for `accessibilityTable(headers:)`.
public enum AccessibilityTableHeaders: Hashable, Sendable {
  /// The first row names the columns (`TH` with `/Scope /Column`).
  case firstRow
  /// The first cell of each row names the row (`TH` with `/Scope /Row`): label–value lists.
  case firstColumn
}

extension View {
  /// This `Grid` as a table to readers, with its rows as `TR` and `headers` as `TH` cells.
  ///
  /// A grid is only layout until it is given this; a `Table` is always a table.
  public func accessibilityTable(headers: AccessibilityTableHeaders) -> some View {
    TransformedEnvironment(content: self) { $0.gridTableHeaders = headers }
      .accessibilityRole(.table, name: "table")
  }

  /// This view as a heading of `level` in a tagged PDF (`H1`…`H6`); text is a paragraph otherwise.
  public func accessibilityHeading(_ level: AccessibilityHeadingLevel) -> some View {
    accessibilityRole(.heading(level: level.level), name: "heading")
  }

  /// This view with `traits`: `.isHeader` makes it a heading.
  public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
    accessibilityRole(traits.contains(.isHeader) ? .heading(level: 2) : nil, name: "heading")
  }

  /// This view (an image, chart or drawing) as a figure described by `label`.
  public func accessibilityLabel(_ label: String) -> some View {
    accessibilityRole(.figure(label: label), name: "figure")
  }

  /// This view as decoration that readers skip (an artifact) when `hidden` is true.
  public func accessibilityHidden(_ hidden: Bool) -> some View {
    accessibilityRole(hidden ? .artifact : nil, name: "hidden")
  }

  /// This view with `role` in the structure tree; `nil` leaves it as it is.
  func accessibilityRole(_ role: AccessibilityRole?, name: String) -> some View {
    LayoutModified(content: self) { child, _ in
      guard let role else { return child }
      return AccessibilityNode(child: child, name: name, role: role)
    }
  }
}

/// A node that gives its child a role in the structure tree; it splits over pages with its child.
final class AccessibilityNode: WrappingNode, FlowingNode, FlowTraitsProviding {
  let child: any LayoutNode
  let name: String
  let role: AccessibilityRole
  /// Names the element across pages: every part of a split child belongs to the same element.
  let id: Int?

  init(child: any LayoutNode, name: String, role: AccessibilityRole, id: Int? = nil) {
    self.child = child
    self.name = name
    self.role = role
    self.id = id
  }

  var traits: FlowTraits { child.flowTraits }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    wrap(child.place(in: rect, context: context))
  }

  private func wrap(_ frame: Frame) -> Frame {
    Frame(name: name, rect: frame.rect, content: .accessibility(role, id: id), children: [frame])
  }

  func flow(in space: FlowSpace, context: LayoutContext) -> FlowResult {
    let id = self.id ?? ObjectIdentifier(self).hashValue
    let wrapped = AccessibilityNode(child: child, name: name, role: role, id: id)
    func wrap(_ piece: FlowPiece) -> FlowPiece {
      FlowPiece(size: piece.size) { origin, context in wrapped.wrap(piece.place(origin, context)) }
    }
    switch child.layoutFlow(in: space, context: context) {
    case .complete(let piece):
      return .complete(wrap(piece))
    case .partial(let piece, let remainder):
      return .partial(
        wrap(piece), remainder: AccessibilityNode(child: remainder, name: name, role: role, id: id))
    case .deferred(let reason):
      return .deferred(reason: reason)
    }
  }
}
