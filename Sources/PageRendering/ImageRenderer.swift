import CCairo
import Foundation
import PageKit

/// Renders a view to PNG, pixels, PDF or SVG, or into any cairo context: SwiftUI's `ImageRenderer` on Linux.
///
/// Set `proposedSize` to offer the view a size (its ideal size by default), `scale` for pixels per
/// point, and `isOpaque` to paint a background under what the view leaves uncovered.
public final class ImageRenderer<Content: View> {
  /// The view to render.
  public var content: Content
  /// The size offered to the view; unspecified dimensions get the view's ideal size.
  public var proposedSize: ProposedViewSize = .unspecified
  /// Pixels per point for raster output: a 320-point-wide view at scale 3 is 960 pixels wide.
  public var scale: Double = 1
  /// When false (the default), what the view does not cover stays transparent; when true, it is painted with the background colour.
  public var isOpaque = false
  /// The colour mode of raster output; cairo 1.16 draws 8-bit sRGB only (`.nonLinear`).
  public var colorMode: ColorRenderingMode = .nonLinear
  /// The environment the view is laid out in.
  public var environment = EnvironmentValues()
  /// Whether an image that cannot be read stops the render instead of drawing a placeholder.
  public var failsOnUnreadableImages = false
  /// The fonts and image cache of the thread rendering.
  public var resources: RenderResources
  /// The warnings of the last render (images drawn as placeholders…).
  public private(set) var warnings: [LayoutWarning] = []

  public init(content: Content) {
    self.content = content
    resources = .forCurrentThread
  }

  /// The view laid out: its size and its frames.
  public func layout() throws -> Frame {
    let context = resources.makeLayoutContext()
    let node = ViewResolver.node(of: content, in: environment)
    var size = node.sizeThatFits(proposedSize, context: context)
    if !size.width.isFinite || !size.height.isFinite {
      let ideal = node.sizeThatFits(.unspecified, context: context)
      size = CGSize(
        width: size.width.isFinite ? size.width : ideal.width,
        height: size.height.isFinite ? size.height : ideal.height)
    }
    let frame = node.place(in: CGRect(origin: .zero, size: size), context: context)
    warnings = context.warnings
    if let failure = context.failure { throw RenderError.layout(failure) }
    if failsOnUnreadableImages, let first = warnings.first {
      throw RenderError.image(first.message)
    }
    return frame
  }

  /// Lays out the view and hands its size and a function that draws it into a cairo context.
  ///
  /// Unlike SwiftUI's, it takes no `rasterizationScale`: everything is drawn as vectors into the
  /// context, and images are sized for its device (300 dpi on PDF and SVG), so there is nothing a
  /// rasterization scale would change.
  public func render(renderer: (CGSize, (CairoContext) -> Void) throws -> Void) throws {
    let frame = try layout()
    let painter = FrameRenderer()
    try renderer(frame.rect.size) { context in painter.draw(frame, in: context) }
  }

  /// The view as a PNG image at `scale`.
  public func pngData() throws -> Data {
    try rasterSurface().pngData()
  }

  /// The view's pixels at `scale`, straight (not premultiplied) RGBA.
  public func pixelBuffer() throws -> PixelBuffer {
    try rasterSurface().pixelBuffer()
  }

  /// Writes the view as a PNG file, atomically.
  public func writePNG(to path: String) throws {
    try AtomicFile.write(try pngData(), to: path)
  }

  /// Writes the view as a one-page PDF the size of the view.
  public func writePDF(to path: String, metadata: PDFMetadata = PDFMetadata()) throws {
    let frame = try layout()
    let writer = try PDFWriter(path: path, metadata: metadata)
    writer.beginPage(size: frame.rect.size)
    writer.draw(frame)
    try writer.close()
  }

  /// Writes the view as an SVG file the size of the view, atomically.
  public func writeSVG(to path: String) throws {
    let frame = try layout()
    let surface = try CairoSurface.svg(writingTo: try AtomicFile(path: path), size: frame.rect.size)
    let context = try surface.makeContext()
    FrameRenderer().draw(frame, in: context)
    try context.checkStatus("drawing \(path)")
    try surface.commit()
  }

  private func rasterSurface() throws -> CairoSurface {
    guard colorMode == .nonLinear else {
      throw RenderError.unsupported(
        "colorMode \(colorMode) is not supported: cairo 1.16 draws 8-bit sRGB only; use .nonLinear")
    }
    guard scale > 0, scale.isFinite else {
      throw RenderError.unsupported("scale must be positive, not \(scale)")
    }
    let frame = try layout()
    let width = Int((frame.rect.width * scale).rounded(.up))
    let height = Int((frame.rect.height * scale).rounded(.up))
    let surface = try CairoSurface.image(width: max(width, 1), height: max(height, 1))
    let context = try surface.makeContext()
    if isOpaque {
      let background = Color.background.resolve(in: environment.colorScheme)
      cairo_set_source_rgb(context.cr, background.red, background.green, background.blue)
      cairo_paint(context.cr)
    }
    context.scale(by: scale)
    FrameRenderer().draw(frame, in: context)
    try context.checkStatus("drawing")
    return surface
  }
}

/// The colour modes of SwiftUI's `ImageRenderer`; only `.nonLinear` (8-bit sRGB) is available with cairo 1.16.
public enum ColorRenderingMode: Hashable, Sendable {
  case nonLinear
  case linear
  case extendedLinear
}
