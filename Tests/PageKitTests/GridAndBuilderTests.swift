import Foundation
import PageKit
import Testing

@Suite struct GridAndBuilderTests {
  @Test func gridColumnsAreAsWideAsTheirWidestCell() {
    let view = Grid(alignment: .leading, horizontalSpacing: 4, verticalSpacing: 2) {
      GridRow {
        Text("a")
        Text("bbbb")
      }
      GridRow {
        Text("ccc")
        Text("d")
      }
    }
    let frame = layout(view, .unspecified)
    #expect(frame.rect.size == CGSize(width: 46, height: 22))
    #expect(
      rects(frame, named: "Text") == [
        "(0, 0, 6, 10)", "(22, 0, 24, 10)", "(0, 12, 18, 10)", "(22, 12, 6, 10)",
      ])
  }

  @Test func gridShrinksTheWidestColumnWhenSpaceIsShort() {
    let view = Grid(horizontalSpacing: 0, verticalSpacing: 0) {
      GridRow {
        Text("aa")
        Text("bbbb bbbb bbbb")
      }
    }
    let frame = layout(view, ProposedViewSize(width: 60, height: nil))
    #expect(frame.rect.width == 60)
    #expect(rects(frame, named: "Text")[0] == "(0, 10, 12, 10)")
  }

  @Test func gridSpanningRowAndRightToLeftColumns() {
    var environment = EnvironmentValues()
    environment.layoutDirection = .rightToLeft
    let view = Grid(alignment: .leading, horizontalSpacing: 0, verticalSpacing: 0) {
      GridRow {
        Text("aa")
        Text("bbb")
      }
      Color.red.frame(height: 2)
    }
    let frame = layout(view, .unspecified, environment: environment)
    #expect(rects(frame, named: "Text") == ["(18, 0, 12, 10)", "(0, 0, 18, 10)"])
    #expect(rects(frame, named: "Color") == ["(0, 10, 30, 2)"])
  }

  struct Row: View {
    let label: String
    let showBadge: Bool
    let note: String?

    var body: some View {
      HStack {
        Text(label)
        if showBadge {
          Circle()
        } else {
          Rectangle()
        }
        if let note {
          Text(note)
        }
      }
    }
  }

  @Test func builderHandlesConditionalsOptionalsLoopsAndGroups() {
    let view = VStack {
      Row(label: "a", showBadge: true, note: nil)
      Row(label: "b", showBadge: false, note: "n")
      for index in 0..<3 {
        Text("\(index)")
      }
      ForEach(["x", "y"], id: \.self) { Text($0) }
      Group {
        Text("g1")
        Text("g2")
      }
      EmptyView()
      AnyView(Text("any"))
    }
    let frame = layout(view, ProposedViewSize(width: 200, height: 400))
    #expect(frame.children.count == 2 + 3 + 2 + 2 + 1)
    #expect(frame.allFrames.filter { $0.name == "Circle" }.count == 1)
    #expect(frame.allFrames.filter { $0.name == "Rectangle" }.count == 1)
    #expect(frame.allFrames.filter { $0.name.hasPrefix("Text") }.count == 3 + 3 + 2 + 2 + 1)
  }

  struct LocaleLabel: View {
    @Environment(\.locale) var locale
    @Environment(\.layoutDirection) var direction

    var body: some View {
      Text(locale.identifier + (direction == .rightToLeft ? " rtl" : " ltr"))
    }
  }

  @Test func environmentFlowsIntoCustomViewBodies() {
    let view = LocaleLabel().environment(\.locale, Locale(identifier: "de_DE"))
      .environment(\.layoutDirection, .rightToLeft)
    let frame = layout(view, .unspecified)
    #expect(frame.name == "Text \"de_DE rtl\"")
  }

  @Test func fontAndForegroundStyleReachText() {
    let view = VStack { Text("a") }.font(.title).foregroundStyle(Color.red)
    let frame = layout(view, .unspecified)
    #expect(frame.rect.height == 10)
    guard case .text(let drawing) = frame.children[0].content else {
      Issue.record("not text")
      return
    }
    #expect(drawing.color == Color.red.resolve(in: .light))
    var environment = EnvironmentValues()
    environment.font = .title
    let node = ViewResolver.node(of: Text("x") + Text("y").bold().foregroundColor(.blue), in: environment)
    let paragraph = (node as? TextNode)?.paragraph
    #expect(paragraph?.runs.map(\.font.weight) == [.regular, .bold])
    #expect(paragraph?.runs.map(\.font.size) == [20, 20])
    #expect(paragraph?.runs.map(\.color) == [nil, Color.blue.resolve(in: .light)])
  }

  @Test func semanticColorsFollowTheColorScheme() {
    #expect(Color.primary.resolve(in: .light) == RGBAColor(red: 0, green: 0, blue: 0))
    #expect(Color.primary.resolve(in: .dark) == RGBAColor(red: 1, green: 1, blue: 1))
    #expect(Color.background.resolve(in: .dark) == RGBAColor(red: 0, green: 0, blue: 0))
    #expect(Color(hex: "#FF8000")?.resolve(in: .light) == RGBAColor(red: 1, green: 128.0 / 255, blue: 0))
    #expect(Color(hex: "nope") == nil)
  }

  @Test func canvasRecordsItsDrawingInPageCoordinates() {
    let view = Canvas { context, size in
      context.fill(Path(CGRect(x: 0, y: 0, width: size.width / 2, height: 5)), with: .color(.red))
      context.stroke(Path { $0.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 10)]) }, with: .color(.blue))
      context.draw(Text("hi"), at: CGPoint(x: 20, y: 20))
    }
    .frame(width: 40, height: 40)
    .padding(10)
    let frame = layout(view, .unspecified)
    let canvas = frame.allFrames.first { $0.name == "Canvas" }
    #expect(canvas.map { Frame.formatForTests($0.rect) } == "(10, 10, 40, 40)")
    #expect(
      canvas?.children.map { Frame.formatForTests($0.rect) } == [
        "(10, 10, 20, 5)", "(10, 10, 10, 10)", "(24, 25, 12, 10)",
      ])
  }

  @Test func dividerFollowsTheStackAxis() {
    let vertical = layout(
      HStack(spacing: 0) {
        Text("a")
        Divider()
        Text("b")
      }, .unspecified)
    #expect(rects(vertical, named: "Divider") == ["(6, 0, 1, 10)"])
    let horizontal = layout(
      VStack(spacing: 0) {
        Text("aaa")
        Divider()
      }, .unspecified)
    #expect(rects(horizontal, named: "Divider") == ["(0, 10, 18, 1)"])
  }
}
