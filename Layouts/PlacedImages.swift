import DataModel
import Foundation
import PageKit

/// The pictures of `layout.images` placed at one `place`, side by side, each at its size.
public struct PlacedImages: View {
  let context: InvoiceContext
  let place: PlacedImage.Place

  /// The pictures `context`'s config puts at `place` (none: an empty view).
  public init(_ context: InvoiceContext, place: PlacedImage.Place) {
    self.context = context
    self.place = place
  }

  /// Whether `context`'s config puts a picture at `place`.
  public static func any(_ context: InvoiceContext, at place: PlacedImage.Place) -> Bool {
    context.settings.layout.images.contains { $0.place == place }
  }

  /// Points per millimetre.
  static let pointsPerMillimetre = 72 / 25.4

  public var body: some View {
    let images = context.settings.layout.images.filter { $0.place == place }
    HStack(alignment: .top, spacing: 8) {
      ForEach(Array(images.indices), id: \.self) { index in
        picture(images[index])
      }
    }
  }

  /// One picture at its width (and height), described for screen readers.
  func picture(_ image: PlacedImage) -> some View {
    let width = image.width * Self.pointsPerMillimetre
    let label =
      image.description.map(context.text)
      ?? URL(fileURLWithPath: image.file).deletingPathExtension().lastPathComponent
    return Image(file: image.file).resizable().scaledToFit()
      .frame(width: width, height: image.height.map { $0 * Self.pointsPerMillimetre })
      .accessibilityLabel(label)
  }
}
