import Foundation
import PageKit
import Testing

@Suite struct ModifierLayoutTests {
  @Test func paddingInsideFixedFrameAlignsTopLeading() {
    let view = Text("abc").padding(10).frame(width: 100, height: 50, alignment: .topLeading)
    let frame = layout(view, .unspecified)
    #expect(frame.rect.size == CGSize(width: 100, height: 50))
    #expect(rects(frame, named: "padding") == ["(0, 0, 38, 30)"])
    #expect(rects(frame, named: "Text") == ["(10, 10, 18, 10)"])
  }

  @Test func paddingOnSelectedEdges() {
    let view = Color.red.frame(width: 10, height: 10).padding(.leading, 7).padding(.vertical, 3)
    let frame = layout(view, .unspecified)
    #expect(frame.rect.size == CGSize(width: 17, height: 16))
    #expect(rects(frame, named: "Color") == ["(7, 3, 10, 10)"])
  }

  @Test func maxWidthInfinityTakesTheWholeProposal() {
    let view = Text("ab").frame(maxWidth: .infinity, alignment: .trailing)
    let frame = layout(view, ProposedViewSize(width: 200, height: 100))
    #expect(frame.rect.size == CGSize(width: 200, height: 10))
    #expect(rects(frame, named: "Text") == ["(188, 0, 12, 10)"])
  }

  @Test func minWidthGrowsASmallChild() {
    let view = Text("ab").frame(minWidth: 50, alignment: .leading)
    #expect(layout(view, ProposedViewSize(width: 300, height: nil)).rect.width == 50)
    #expect(layout(view, ProposedViewSize(width: 30, height: nil)).rect.width == 50)
  }

  @Test func idealWidthAnswersTheIdealProposal() {
    let view = Color.red.frame(idealWidth: 80, idealHeight: 20)
    #expect(layout(view, .unspecified).rect.size == CGSize(width: 80, height: 20))
    #expect(layout(view, ProposedViewSize(width: 10, height: 10)).rect.size == CGSize(width: 10, height: 10))
  }

  @Test func fixedSizeIgnoresANarrowProposal() {
    let view = Text("aaa bbb").fixedSize().frame(width: 20)
    let frame = layout(view, .unspecified)
    #expect(rects(frame, named: "Text") == ["(-11, 0, 42, 10)"])
  }

  @Test func offsetMovesDrawingButNotLayout() {
    let view = HStack(spacing: 0) {
      Color.red.frame(width: 10, height: 10).offset(x: 5, y: 7)
      Color.blue.frame(width: 10, height: 10)
    }
    let frame = layout(view, .unspecified)
    #expect(rects(frame, named: "Color") == ["(5, 7, 10, 10)", "(10, 0, 10, 10)"])
  }

  @Test func backgroundAndOverlayTakeThePrimarySize() {
    let view = Text("abcd").padding(2).background { Color.red }.overlay(alignment: .topTrailing) {
      Circle().frame(width: 4, height: 4)
    }
    let frame = layout(view, .unspecified)
    #expect(frame.rect.size == CGSize(width: 28, height: 14))
    #expect(rects(frame, named: "Color") == ["(0, 0, 28, 14)"])
    #expect(rects(frame, named: "Circle") == ["(24, 0, 4, 4)"])
  }

  @Test func borderStrokesInsideTheFrame() {
    let view = Color.clear.frame(width: 20, height: 10).border(Color.black, width: 2)
    let frame = layout(view, .unspecified)
    let stroke = frame.allFrames.first { if case .stroke = $0.content { return true } else { return false } }
    guard case .stroke(let path, _, let style)? = stroke?.content else {
      Issue.record("no stroke")
      return
    }
    #expect(style.lineWidth == 2)
    #expect(path.boundingRect == CGRect(x: 1, y: 1, width: 18, height: 8))
  }

  @Test func clipOpacityShadowAndLinkWrapTheirContent() {
    let view = Color.red.frame(width: 10, height: 10).cornerRadius(3).opacity(0.5).shadow(radius: 2)
      .link(URL(string: "https://example.com")!)
    let frame = layout(view, .unspecified)
    let names = frame.allFrames.map(\.name)
    #expect(names == ["link", "shadow", "opacity", "clipShape", "frame", "Color", "Link"])
    guard case .opacity(let value) = frame.allFrames[2].content else {
      Issue.record("no opacity")
      return
    }
    #expect(value == 0.5)
  }

  @Test func lineLimitReachesTheShaper() {
    let view = Text("aaa bbb ccc ddd").lineLimit(2).frame(width: 24)
    let frame = layout(view, .unspecified)
    #expect(rects(frame, named: "Text") == ["(3, 0, 18, 20)"])
  }

  @Test func imagesKeepTheirSizeUnlessResizable() {
    let natural = layout(Image(file: "logo.png"), ProposedViewSize(width: 400, height: 400))
    #expect(natural.rect.size == CGSize(width: 40, height: 20))
    let fitted = layout(
      Image(file: "logo.png").resizable().scaledToFit(), ProposedViewSize(width: 100, height: 100))
    #expect(fitted.rect.size == CGSize(width: 100, height: 50))
    let filled = layout(
      Image(file: "logo.png").resizable().scaledToFill(), ProposedViewSize(width: 100, height: 100))
    #expect(filled.rect.size == CGSize(width: 200, height: 100))
  }

  @Test func missingImageIsAWarningNotASilence() {
    let context = LayoutContext(textShaper: MonospaceShaper(), imageLoader: FixedImageLoader())
    _ = PageLayout.frame(of: Image(file: "missing.png"), proposal: .unspecified, context: context)
    #expect(context.warnings.map(\.message) == ["image missing.png: file not found; drawn as a placeholder"])
  }
}
