import CCairo
import Foundation
import PageKit

/// Draws frame trees into a cairo context: the one place where PageKit frames become cairo calls.
public final class FrameRenderer {
  /// Whether any frame drawn so far was a link (a PDF with links needs the libqpdf rewrite).
  public private(set) var drewLinks = false
  /// Writes the frames' roles as a structure tree (tagged PDF); `nil` draws untagged.
  var tagger: StructureTagger?

  public init() {}

  /// Draws `frame` and its children into `context`.
  public func draw(_ frame: Frame, in context: CairoContext) {
    draw(frame, cr: context.cr)
  }

  func draw(_ frame: Frame, cr: OpaquePointer) {
    switch frame.content {
    case .group:
      drawGroup(frame, cr: cr)
    case .accessibility(let role, let id):
      tagger?.enter(role, id: id)
      drawChildren(frame, cr: cr)
      tagger?.leave(role, cr: cr)
    case .text, .fill, .stroke, .image:
      drawPainted(frame, cr: cr)
      drawChildren(frame, cr: cr)
    case .link(let url):
      if let tagger {
        tagger.enterLink(
          rect: frame.rect, uri: RenderableText.clean(url.absoluteString), destination: nil, cr: cr)
        tagger.leaveLink(cr: cr)
      } else {
        drawLink(url, rect: frame.rect, cr: cr)
      }
    case .clip(let path):
      cairo_save(cr)
      append(path, to: cr)
      cairo_clip(cr)
      drawChildren(frame, cr: cr)
      cairo_restore(cr)
    case .opacity(let opacity):
      drawAsOneElement(frame, cr: cr) {
        cairo_push_group(cr)
        drawChildren(frame, cr: cr)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, opacity)
      }
    case .shadow(let shadow):
      drawAsOneElement(frame, cr: cr) { drawWithShadow(frame, shadow: shadow, cr: cr) }
    case .outline:
      drawChildren(frame, cr: cr)  // bookmarks are added by the document writer, which knows the page
    case .anchor(let name):
      let attributes = "name='\(FrameRenderer.escape(name))' x=\(frame.rect.minX) y=\(frame.rect.minY)"
      cairo_tag_begin(cr, CAIRO_TAG_DEST, attributes)
      cairo_tag_end(cr, CAIRO_TAG_DEST)
      drewLinks = true
    case .internalLink(let name):
      drawInternalLink(name, rect: frame.rect, cr: cr)
    }
  }

  /// Draws a group's children; a group whose last child is a link marker is a link around them.
  private func drawGroup(_ frame: Frame, cr: OpaquePointer) {
    if let tagger, let marker = frame.children.last, let target = linkTarget(marker) {
      // A link around its content: the content is the Link element's, the annotation its target.
      tagger.enterLink(rect: marker.rect, uri: target.uri, destination: target.destination, cr: cr)
      for child in frame.children.dropLast() { draw(child, cr: cr) }
      tagger.leaveLink(cr: cr)
      return
    }
    drawChildren(frame, cr: cr)
  }

  /// Paints a frame's own text, fill, stroke or image (not its children) as content or decoration.
  private func drawPainted(_ frame: Frame, cr: OpaquePointer) {
    switch frame.content {
    case .text(let text):
      if let shaped = text.shaped as? PangoShapedText {
        content(cr, isText: true) {
          let insert = tagger.map { tagger in
            { (operators: [UInt8]) in tagger.drawInserted(operators, cr: cr) }
          }
          shaped.draw(in: cr, at: frame.rect.origin, lines: text.lines, color: text.color, insert: insert)
        }
      }
    case .fill(let path, let paint):
      content(cr, isText: false) {
        if let tagger, case .color(let color) = paint,
          let operators = PDFPathFill.operators(path, color: color, cr: cr),
          tagger.drawInserted(operators, cr: cr)
        {
          return
        }
        if tagger == nil, case .color(let color) = paint, color.alpha >= 1,
          cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_PDF,
          let stencil = PDFStencilFill(path)
        {
          return stencil.draw(color, cr: cr)
        }
        append(path, to: cr)
        setSource(paint, cr: cr)
        cairo_fill(cr)
      }
    case .stroke(let path, let paint, let style):
      content(cr, isText: false) {
        append(path, to: cr)
        setSource(paint, cr: cr)
        apply(style, cr: cr)
        cairo_stroke(cr)
      }
    case .image(let image):
      content(cr, isText: false) { (image as? CairoImage)?.draw(in: cr, rect: frame.rect) }
    default:
      break
    }
  }

  /// A link to a named place in the document: a Link element when tagging, else a cairo link tag.
  private func drawInternalLink(_ name: String, rect: CGRect, cr: OpaquePointer) {
    if let tagger {
      tagger.enterLink(rect: rect, uri: nil, destination: RenderableText.clean(name), cr: cr)
      tagger.leaveLink(cr: cr)
      return
    }
    drewLinks = true
    let attributes =
      "rect=[\(rect.minX) \(rect.minY) \(rect.width) \(rect.height)] dest='\(FrameRenderer.escape(name))'"
    cairo_tag_begin(cr, CAIRO_TAG_LINK, attributes)
    cairo_tag_end(cr, CAIRO_TAG_LINK)
  }

  /// Draws `body` as content of the structure element it belongs to when tagging.
  ///
  /// Text is always content (a paragraph of its own outside any element); shapes and images are
  /// content only inside an element that holds content (a figure, a cell), else decoration.
  private func content(_ cr: OpaquePointer, isText: Bool, _ body: () -> Void) {
    guard let tagger else { return body() }
    guard isText || tagger.isInContentElement else { return tagger.drawDecoration(cr: cr, body) }
    tagger.drawContent(cr: cr, body)
  }

  /// Draws a group (opacity, shadow) as the content of one element, with no tags inside it.
  ///
  /// Cairo 1.16 crashes in `cairo_pop_group` when structure tags were used inside the group, so
  /// the element the group's content belongs to (its first heading, figure or cell, else a
  /// paragraph when it has text) is opened around the whole group; decoration-only groups stay
  /// unmarked and become artifacts.
  private func drawAsOneElement(_ frame: Frame, cr: OpaquePointer, _ body: () -> Void) {
    guard let tagger else { return body() }
    self.tagger = nil
    defer { self.tagger = tagger }
    guard let role = FrameRenderer.contentRole(in: frame) else { return body() }
    tagger.drawAsOne(role, cr: cr, body)
  }

  /// The role that holds the content of `frame`'s subtree: its first content role, a paragraph for plain text, or `nil` for decoration.
  static func contentRole(in frame: Frame) -> AccessibilityRole? {
    var hasText = false
    func search(_ frame: Frame) -> AccessibilityRole? {
      switch frame.content {
      case .accessibility(.artifact, _): return nil
      case .accessibility(let role, _) where role.holdsContent: return role
      case .text: hasText = true
      default: break
      }
      for child in frame.children {
        if let found = search(child) { return found }
      }
      return nil
    }
    return search(frame) ?? (hasText ? .paragraph : nil)
  }

  /// The target of a link marker frame (`link(_:)`, `link(to:)`), or `nil` for other frames.
  private func linkTarget(_ marker: Frame) -> (uri: String?, destination: String?)? {
    switch marker.content {
    case .link(let url): return (RenderableText.clean(url.absoluteString), nil)
    case .internalLink(let name): return (nil, RenderableText.clean(name))
    default: return nil
    }
  }

  /// Closes the structure elements still open: call once after the last page.
  func finishStructure(cr: OpaquePointer) {
    tagger?.finish(cr: cr)
  }

  private func drawChildren(_ frame: Frame, cr: OpaquePointer) {
    for child in frame.children { draw(child, cr: cr) }
  }

  /// Draws the children once as a mask, blurred by sampling it around the offset, then the children themselves.
  private func drawWithShadow(_ frame: Frame, shadow: Shadow, cr: OpaquePointer) {
    cairo_push_group(cr)
    drawChildren(frame, cr: cr)
    guard let pattern = cairo_pop_group(cr) else { return }
    defer { cairo_pattern_destroy(pattern) }
    let rings = shadow.radius > 0 ? 3 : 0
    var offsets: [(CGFloat, CGFloat)] = [(0, 0)]
    for ring in stride(from: 1, through: rings, by: 1) {
      let distance = shadow.radius * CGFloat(ring) / CGFloat(rings)
      for step in 0..<8 {
        let angle = Double(step) * .pi / 4
        offsets.append((distance * cos(angle), distance * sin(angle)))
      }
    }
    let alpha = shadow.color.alpha / Double(offsets.count) * 2
    cairo_push_group(cr)
    for (dx, dy) in offsets {
      cairo_save(cr)
      cairo_translate(cr, shadow.x + dx, shadow.y + dy)
      cairo_set_source_rgba(cr, shadow.color.red, shadow.color.green, shadow.color.blue, min(1, alpha))
      cairo_mask(cr, pattern)
      cairo_restore(cr)
    }
    cairo_pop_group_to_source(cr)
    cairo_paint_with_alpha(cr, min(1, shadow.color.alpha * 1.5))
    cairo_set_source(cr, pattern)
    cairo_paint(cr)
  }

  private func drawLink(_ url: URL, rect: CGRect, cr: OpaquePointer) {
    drewLinks = true
    let escaped = FrameRenderer.escape(url.absoluteString)
    let attributes = "rect=[\(rect.minX) \(rect.minY) \(rect.width) \(rect.height)] uri='\(escaped)'"
    cairo_tag_begin(cr, CAIRO_TAG_LINK, attributes)
    cairo_tag_end(cr, CAIRO_TAG_LINK)
  }

  /// `text` escaped for a single-quoted cairo tag attribute.
  static func escape(_ text: String) -> String {
    RenderableText.clean(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
      of: "'", with: "\\'")
  }

  func append(_ path: Path, to cr: OpaquePointer) {
    cairo_new_path(cr)
    var current = CGPoint.zero
    for element in path.elements {
      switch element {
      case .move(let p):
        cairo_move_to(cr, p.x, p.y)
        current = p
      case .line(let p):
        cairo_line_to(cr, p.x, p.y)
        current = p
      case .quadCurve(let p, let c):
        // A quadratic curve as the cubic with the same shape.
        let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
        let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
        cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
        current = p
      case .curve(let p, let c1, let c2):
        cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
        current = p
      case .closeSubpath:
        cairo_close_path(cr)
      }
    }
  }

  private func setSource(_ paint: Paint, cr: OpaquePointer) {
    switch paint {
    case .color(let c):
      cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    case .linearGradient(let stops, let start, let end):
      let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
      setGradient(pattern, stops: stops, cr: cr)
    case .radialGradient(let stops, let center, let r0, let r1):
      let pattern = cairo_pattern_create_radial(center.x, center.y, r0, center.x, center.y, r1)!
      setGradient(pattern, stops: stops, cr: cr)
    }
  }

  private func setGradient(_ pattern: OpaquePointer, stops: [GradientStop], cr: OpaquePointer) {
    for stop in stops {
      cairo_pattern_add_color_stop_rgba(
        pattern, stop.location, stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha)
    }
    cairo_set_source(cr, pattern)
    cairo_pattern_destroy(pattern)
  }

  private func apply(_ style: StrokeStyle, cr: OpaquePointer) {
    cairo_set_line_width(cr, style.lineWidth)
    switch style.lineCap {
    case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
    case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
    }
    switch style.lineJoin {
    case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
    case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
    }
    let dash = style.dash.map { Double($0) }
    cairo_set_dash(cr, dash, Int32(dash.count), 0)
  }
}
