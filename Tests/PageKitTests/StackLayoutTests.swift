import Foundation
import PageKit
import Testing

@Suite struct StackLayoutTests {
  @Test func hstackSharesSpaceBetweenFixedFramesAndSpacer() {
    let view = HStack(spacing: 0) {
      Color.red.frame(width: 50)
      Spacer()
      Color.blue.frame(width: 30)
    }
    let frame = layout(view, ProposedViewSize(width: 200, height: 20))
    #expect(Frame.formatForTests(frame.rect) == "(0, 0, 200, 20)")
    #expect(rects(frame, named: "Color") == ["(0, 0, 50, 20)", "(170, 0, 30, 20)"])
    #expect(rects(frame, named: "Spacer") == ["(50, 10, 120, 0)"])
  }

  @Test func hstackDefaultSpacingIsEightPointsBetweenChildren() {
    let view = HStack {
      Color.red.frame(width: 10, height: 10)
      Color.blue.frame(width: 10, height: 10)
      Color.green.frame(width: 10, height: 10)
    }
    let frame = layout(view, .unspecified)
    #expect(frame.rect.size == CGSize(width: 46, height: 10))
    #expect(rects(frame, named: "Color") == ["(0, 0, 10, 10)", "(18, 0, 10, 10)", "(36, 0, 10, 10)"])
  }

  @Test func lessFlexibleTextIsOfferedSpaceFirst() {
    // "ab" (12 points ideal) is less flexible than the long text, so it keeps its width; the long
    // text gets the other 48 points (8 characters a line) and wraps into three lines.
    let view = HStack(spacing: 0) {
      Text("aaaa aaaa aaaa")
      Text("ab")
    }
    let frame = layout(view, ProposedViewSize(width: 60, height: nil))
    #expect(rects(frame, named: "Text") == ["(0, 0, 24, 30)", "(24, 10, 12, 10)"])
  }

  @Test func layoutPriorityIsServedBeforeEqualShares() {
    let view = HStack(spacing: 0) {
      Text("aaaa aaaa")
      Text("bbbb bbbb").layoutPriority(1)
    }
    let frame = layout(view, ProposedViewSize(width: 70, height: nil))
    // b takes its ideal 54 points first; a gets the remaining 16 and wraps (two characters a line).
    #expect(rects(frame, named: "Text") == ["(0, 0, 12, 40)", "(12, 15, 54, 10)"])
  }

  @Test func vstackAlignsChildrenAndStacksThem() {
    let view = VStack(alignment: .trailing, spacing: 4) {
      Text("abc")
      Text("abcdef")
    }
    let frame = layout(view, .unspecified)
    #expect(frame.rect.size == CGSize(width: 36, height: 24))
    #expect(rects(frame, named: "Text") == ["(18, 0, 18, 10)", "(0, 14, 36, 10)"])
  }

  @Test func vstackWithSpacerPushesContentToTheBottom() {
    let view = VStack(spacing: 0) {
      Spacer()
      Text("end")
    }
    let frame = layout(view, ProposedViewSize(width: 100, height: 100))
    #expect(rects(frame, named: "Text") == ["(0, 90, 18, 10)"])
  }

  @Test func zstackAlignsChildrenInTheLargest() {
    let view = ZStack(alignment: .bottomTrailing) {
      Color.red.frame(width: 100, height: 50)
      Color.blue.frame(width: 20, height: 10)
    }
    let frame = layout(view, .unspecified)
    #expect(rects(frame, named: "Color") == ["(0, 0, 100, 50)", "(80, 40, 20, 10)"])
  }

  @Test func rightToLeftMirrorsStacksAndLeadingAlignment() {
    var environment = EnvironmentValues()
    environment.layoutDirection = .rightToLeft
    let view = VStack(alignment: .leading, spacing: 0) {
      HStack(spacing: 0) {
        Color.red.frame(width: 50, height: 10)
        Color.blue.frame(width: 30, height: 10)
      }
      Text("ab")
    }
    .frame(width: 100, alignment: .leading)
    let frame = layout(view, .unspecified, environment: environment)
    #expect(rects(frame, named: "Color") == ["(50, 0, 50, 10)", "(20, 0, 30, 10)"])
    #expect(rects(frame, named: "Text") == ["(88, 10, 12, 10)"])
  }

  @Test func textWrapsAtTheProposedWidth() {
    let frame = layout(Text("aaa bbb ccc"), ProposedViewSize(width: 40, height: nil))
    #expect(frame.rect.size == CGSize(width: 18, height: 30))
    let frameWide = layout(Text("aaa bbb ccc"), .unspecified)
    #expect(frameWide.rect.size == CGSize(width: 66, height: 10))
  }

  @Test func textIsShapedOncePerWidth() {
    let shaper = MonospaceShaper()
    let view = VStack {
      HStack { Text("aaa bbb ccc ddd").frame(width: 40) }
      Text("one line")
    }
    _ = layout(view, ProposedViewSize(width: 200, height: 400), shaper: shaper)
    // The wrapped text at 40 points and the single-line text: two shapings, however often layout asks.
    #expect(shaper.shapeCount == 2)
  }

  @Test func frameDumpShowsTheWholeTree() {
    let view = HStack(spacing: 0) {
      Text("ab").padding(5)
      Color.red.frame(width: 10, height: 10)
    }
    let dump = layout(view, .unspecified).dump()
    #expect(
      dump == """
        HStack (0, 0, 32, 20)
          padding (0, 0, 22, 20)
            Text "ab" (5, 5, 12, 10)
          frame (22, 5, 10, 10)
            Color (22, 5, 10, 10)

        """)
  }
}

@Suite struct SpacerLayoutTests {
  @Test func spacerTakesOnlyWhatTextLeaves() {
    let view = HStack(spacing: 0) {
      Text("invoicegen")
      Spacer()
      Text("Paid")
    }
    let frame = layout(view, ProposedViewSize(width: 100, height: nil))
    #expect(rects(frame, named: "Text") == ["(0, 0, 60, 10)", "(76, 0, 24, 10)"])
    #expect(rects(frame, named: "Spacer") == ["(60, 5, 16, 0)"])
  }
}
