import Foundation
import PageKit

/// Where a window envelope shows the address on the first page, with the fold and punch marks of the letter.
///
/// DIN 5008 puts the address field 20 mm from the left edge, 85 × 45 mm: 45 mm from the top in form
/// B, 27 mm in form A. Its upper 17.7 mm hold the seller's one-line return address, its lower
/// 27.3 mm the recipient. Fold marks sit where the letter is folded into thirds for a DL envelope
/// (form B at 105 and 210 mm, form A at 87 and 192 mm) and the punch mark halfway down (148.5 mm).
/// Lengths are in points.
public struct EnvelopeWindow: Sendable, Hashable {
  /// The window's rectangle from the paper's top-left corner.
  public var left: CGFloat
  public var top: CGFloat
  public var width: CGFloat
  public var height: CGFloat
  /// The height of the return-address zone at the top of the window.
  public var returnZone: CGFloat
  /// Distances from the top of the fold marks, and of the punch mark.
  public var foldMarks: [CGFloat]
  public var punchMark: CGFloat?

  /// Points in `millimetres`.
  public static func mm(_ millimetres: Double) -> CGFloat { CGFloat(millimetres * 72 / 25.4) }

  public init(
    left: CGFloat, top: CGFloat, width: CGFloat, height: CGFloat, returnZone: CGFloat? = nil,
    foldMarks: [CGFloat] = [], punchMark: CGFloat? = nil
  ) {
    self.left = left
    self.top = top
    self.width = width
    self.height = height
    // DIN's share of the field for the return address (17.7 of 45 mm) when not given.
    self.returnZone = returnZone ?? height * 17.7 / 45
    self.foldMarks = foldMarks
    self.punchMark = punchMark
  }

  /// DIN 5008 form A: the address field 27 mm from the top.
  public static let din5008A = EnvelopeWindow(
    left: mm(20), top: mm(27), width: mm(85), height: mm(45), returnZone: mm(17.7),
    foldMarks: [mm(87), mm(192)],
    punchMark: mm(148.5))
  /// DIN 5008 form B: the address field 45 mm from the top.
  public static let din5008B = EnvelopeWindow(
    left: mm(20), top: mm(45), width: mm(85), height: mm(45), returnZone: mm(17.7),
    foldMarks: [mm(105), mm(210)],
    punchMark: mm(148.5))

  /// The page margins of a letter with this window: DIN 5008's 25 mm on the left (the text starts
  /// 5 mm inside the window) and 20 mm on the right.
  public var margins: EdgeInsets {
    EdgeInsets(
      top: 36, leading: max(EnvelopeWindow.mm(25), left + EnvelopeWindow.mm(5)), bottom: 32,
      trailing: EnvelopeWindow.mm(20))
  }

  /// The fold and punch marks at the left edge of the page, drawn as decoration (artifacts in tagged PDFs).
  public func marks() -> some View {
    Canvas { context, _ in
      for y in foldMarks {
        context.fill(
          Path(CGRect(x: EnvelopeWindow.mm(4), y: y - 0.25, width: EnvelopeWindow.mm(5), height: 0.5)),
          with: .color(Color(white: 0.55)))
      }
      if let y = punchMark {
        context.fill(
          Path(CGRect(x: EnvelopeWindow.mm(4), y: y - 0.25, width: EnvelopeWindow.mm(8), height: 0.5)),
          with: .color(Color(white: 0.55)))
      }
    }
    .accessibilityHidden(true)
  }
}
