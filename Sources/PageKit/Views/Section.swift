import Foundation

/// A part of a document whose title becomes a PDF outline (bookmark) entry and the running section
/// that page headers and footers see. The title is not drawn: put a heading in the content.
public struct Section: View, SingleNodeView {
  let title: String
  let level: Int
  let content: ViewList

  /// A section titled `title`, at outline `level` (1 is the top level).
  public init(title: String, level: Int = 1, @ViewBuilder content: () -> ViewList) {
    self.title = title
    self.level = max(1, level)
    self.content = content()
  }

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    var inner = environment
    inner.stackAxis = .vertical
    let marker = OutlineMarkerNode(title: title, level: level)
    let stack = StackNode(
      axis: .vertical, alignment: HorizontalAlignment.leading.fraction(in: environment.layoutDirection),
      spacing: 0,
      children: [marker] + ViewResolver.nodes(of: content, in: inner), direction: environment.layoutDirection)
    return AccessibilityNode(child: stack, name: "Sect", role: .section)
  }
}

/// The zero-height start of a section; it stays with what follows it.
final class OutlineMarkerNode: LayoutNode, FlowTraitsProviding {
  let title: String
  let level: Int

  init(title: String, level: Int) {
    self.title = title
    self.level = level
  }

  var traits: FlowTraits { FlowTraits(keepWithNext: true) }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    CGSize(width: proposal.width ?? 0, height: 0)
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    Frame(name: "Section \"\(title)\"", rect: rect, content: .outline(title: title, level: level))
  }
}

extension View {
  /// Names this place so `link(to:)` can jump to it.
  public func anchor(_ name: String) -> some View {
    LayoutModified(content: self) { child, _ in
      MarkerNode(child: child, name: "anchor \(name)", content: .anchor(name))
    }
  }

  /// This view as a clickable area that jumps to the place named `anchor` in the same document.
  public func link(to anchor: String) -> some View {
    LayoutModified(content: self) { child, _ in
      MarkerNode(child: child, name: "link \(anchor)", content: .internalLink(anchor))
    }
  }
}

/// A node that draws its child and adds a marker frame (anchor or internal link) over it.
final class MarkerNode: WrappingNode, FlowTraitsProviding {
  let child: any LayoutNode
  let name: String
  let content: Frame.Content

  init(child: any LayoutNode, name: String, content: Frame.Content) {
    self.child = child
    self.name = name
    self.content = content
  }

  var traits: FlowTraits { child.flowTraits }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    Frame(
      name: "marked", rect: rect,
      children: [child.place(in: rect, context: context), Frame(name: name, rect: rect, content: content)])
  }
}
