import Foundation

/// Where an image's bytes come from.
public enum ImageSource: Hashable, Sendable {
  /// A PNG, JPEG or SVG file.
  case file(String)
  /// PNG, JPEG or SVG bytes in memory.
  case data(Data)

  /// A short name for messages: the file path, or the size of the data.
  public var displayName: String {
    switch self {
    case .file(let path): return path
    case .data(let data): return "image data (\(data.count) bytes)"
    }
  }
}

/// Reads images for layout: their natural size now, their pixels or vectors when drawn.
///
/// Contract: `load` never fails; an image it cannot read comes back with a `failure` message and a
/// placeholder size, and is drawn as a visible placeholder box.
public protocol ImageLoader: AnyObject {
  /// The image at `source`, decoded once per loader.
  func load(_ source: ImageSource) -> any LoadedImage
}

/// An image read by an `ImageLoader`.
public protocol LoadedImage: AnyObject {
  /// The natural size in points.
  var size: CGSize { get }
  /// Why the image could not be read, or `nil` when it was.
  var failure: String? { get }
  /// The pixels of a raster image (PNG, JPEG), or `nil` for vector images and placeholders.
  var pixelSize: CGSize? { get }
}

extension LoadedImage {
  public var pixelSize: CGSize? { nil }
}

/// How many pixels a raster image needs to print sharply: 300 per inch of its drawn size.
public enum PrintResolution {
  /// Pixels per point at 300 dpi.
  public static let pixelsPerPoint: CGFloat = 300 / 72
  /// A raster image with more than this many times the pixels it needs, per side, is worth a warning.
  public static let excessFactor: CGFloat = 4

  /// The pixels needed to print `size` points at 300 dpi.
  public static func pixels(for size: CGSize) -> CGSize {
    CGSize(
      width: (size.width * pixelsPerPoint).rounded(.up), height: (size.height * pixelsPerPoint).rounded(.up))
  }
}

/// A picture from a PNG, JPEG or SVG file or data, at its natural size unless made resizable.
public struct Image: View, SingleNodeView, Sendable {
  let source: ImageSource
  var isResizable = false
  var aspectRatio: CGFloat?
  var contentMode: ContentMode?

  /// The image in the file at `path`.
  public init(file path: String) {
    source = .file(path)
  }

  /// The image in `url`, a file URL.
  public init(url: URL) {
    source = .file(url.path)
  }

  /// The image encoded in `data` (PNG, JPEG or SVG).
  public init(data: Data) {
    source = .data(data)
  }

  /// How an image with a fixed aspect ratio fills a space of another shape.
  public enum ContentMode: Hashable, Sendable {
    /// The whole image shows, with empty space on two sides.
    case fit
    /// The image covers the space; what overflows is cut.
    case fill
  }

  /// This image stretched to the size it is offered.
  public func resizable() -> Image {
    var copy = self
    copy.isResizable = true
    return copy
  }

  /// This image kept at `aspectRatio` (width / height; `nil` is the image's own) inside what it is offered.
  public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> Image {
    var copy = self
    copy.aspectRatio = aspectRatio
    copy.contentMode = contentMode
    return copy
  }

  /// This image scaled to fit what it is offered, keeping its aspect ratio.
  public func scaledToFit() -> Image { aspectRatio(contentMode: .fit) }

  /// This image scaled to fill what it is offered, keeping its aspect ratio.
  public func scaledToFill() -> Image { aspectRatio(contentMode: .fill) }

  func makeNode(in environment: EnvironmentValues) -> any LayoutNode {
    ImageNode(image: self)
  }
}

/// The node of an `Image`.
final class ImageNode: LayoutNode {
  let image: Image
  private var loaded: (any LoadedImage)?

  init(image: Image) {
    self.image = image
  }

  private func load(_ context: LayoutContext) -> any LoadedImage {
    if let loaded { return loaded }
    let result = context.imageLoader.load(image.source)
    if let failure = result.failure {
      let message = "image \(image.source.displayName): \(failure); drawn as a placeholder"
      context.warn(LayoutWarning(message, kind: .unreadableImage))
    }
    loaded = result
    return result
  }

  func sizeThatFits(_ proposal: ProposedViewSize, context: LayoutContext) -> CGSize {
    let natural = load(context).size
    guard image.isResizable else { return natural }
    let ratio = image.aspectRatio ?? (natural.height > 0 ? natural.width / natural.height : 1)
    if image.contentMode == .fit, ratio > 0 {
      // One side given, the other ideal (`.frame(width: 50)`): the picture as wide as given, as tall as its shape.
      if let width = proposal.width, width.isFinite, proposal.height == nil {
        return CGSize(width: width, height: width / ratio)
      }
      if let height = proposal.height, height.isFinite, proposal.width == nil {
        return CGSize(width: height * ratio, height: height)
      }
    }
    let space = proposal.replacingUnspecifiedDimensions(by: natural)
    guard let mode = image.contentMode else { return space }
    guard ratio > 0, space.width.isFinite || space.height.isFinite else { return natural }
    let byWidth = CGSize(width: space.width, height: space.width / ratio)
    let byHeight = CGSize(width: space.height * ratio, height: space.height)
    switch mode {
    case .fit:
      if !space.width.isFinite { return byHeight }
      if !space.height.isFinite { return byWidth }
      return byWidth.height <= space.height ? byWidth : byHeight
    case .fill:
      if !space.width.isFinite || !space.height.isFinite {
        return byWidth.height.isFinite ? byWidth : byHeight
      }
      return byWidth.height >= space.height ? byWidth : byHeight
    }
  }

  func place(in rect: CGRect, context: LayoutContext) -> Frame {
    let loaded = load(context)
    if let pixels = loaded.pixelSize, rect.width > 0, rect.height > 0 {
      let needed = PrintResolution.pixels(for: rect.size)
      if pixels.width > needed.width * PrintResolution.excessFactor
        && pixels.height > needed.height * PrintResolution.excessFactor
        && max(pixels.width, pixels.height) > 2000
      {
        context.warn(
          LayoutWarning(
            "image \(image.source.displayName) is \(Int(pixels.width))×\(Int(pixels.height)) pixels, drawn at \(Int(rect.width))×\(Int(rect.height)) pt where \(Int(needed.width))×\(Int(needed.height)) print sharply (300 dpi); it is scaled down when drawn, but a smaller file saves time and memory"
          ))
      }
    }
    return Frame(name: "Image", rect: rect, content: .image(loaded))
  }
}
