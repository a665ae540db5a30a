import Foundation

extension View {
  /// This view with text and shapes drawn in `style` unless they set their own.
  public func foregroundStyle(_ style: some ShapeStyle) -> some View {
    let erased = AnyShapeStyle(style)
    return transformEnvironment { $0.foregroundStyle = erased }
  }

  /// This view with text and shapes drawn in `color`.
  public func foregroundColor(_ color: Color?) -> some View {
    transformEnvironment { $0.foregroundStyle = color.map { AnyShapeStyle($0) } }
  }

  /// This view's text in `font` unless it sets its own.
  public func font(_ font: Font?) -> some View {
    transformEnvironment { $0.font = font ?? .body }
  }

  /// This view's text limited to `number` lines, the rest cut with an ellipsis.
  public func lineLimit(_ number: Int?) -> some View {
    transformEnvironment { $0.lineLimit = number }
  }

  /// Where this view's text is cut when it does not fit.
  public func truncationMode(_ mode: Text.TruncationMode) -> some View {
    transformEnvironment { $0.truncationMode = mode }
  }

  /// How the lines of this view's multi-line text align.
  public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
    transformEnvironment { $0.multilineTextAlignment = alignment }
  }

  /// Extra space between the lines of this view's text, in points.
  public func lineSpacing(_ spacing: CGFloat) -> some View {
    transformEnvironment { $0.lineSpacing = spacing }
  }
}
