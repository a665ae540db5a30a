import Foundation
import PageKit

/// The Pango and image objects one rendering thread owns: a text shaper with its font map, and an image loader.
///
/// Cairo and Pango objects never cross threads. `forCurrentThread` hands each thread its own set,
/// made on first use; a worker thread that renders many documents reuses it, so fonts and images
/// are loaded once per thread.
public final class RenderResources {
  public let textShaper: PangoTextShaper
  public let imageLoader: CairoImageLoader

  /// Resources shaping with `fonts` (fontconfig's defaults when `nil`).
  public init(fonts: FontConfiguration? = nil) {
    textShaper = PangoTextShaper(fonts: fonts)
    imageLoader = CairoImageLoader()
  }

  private static let threadKey = "invoicegen.RenderResources"

  /// The resources of the calling thread, with fontconfig's default fonts.
  public static var forCurrentThread: RenderResources {
    let dictionary = Thread.current.threadDictionary
    if let existing = dictionary[threadKey] as? RenderResources { return existing }
    let made = RenderResources()
    dictionary[threadKey] = made
    return made
  }

  /// A fresh layout context using these resources.
  package func makeLayoutContext() -> LayoutContext {
    LayoutContext(textShaper: textShaper, imageLoader: imageLoader)
  }
}
