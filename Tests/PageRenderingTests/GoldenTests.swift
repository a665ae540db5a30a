import Foundation
import PageKit
import PageRendering
import Testing

/// Golden PNGs of every view and modifier, rendered at 72 dpi (scale 1) with the DejaVu fonts.
@Suite struct GoldenTests {
  static let cases = [
    "text-runs", "text-wrap-center", "text-justified", "text-line-limit", "text-rtl", "image-png",
    "image-jpeg",
    "image-jpeg-exif", "image-svg", "image-missing", "spacer-divider", "shapes-fill", "shapes-stroke", "path",
    "gradients", "canvas", "stacks", "zstack", "grid", "padding-background", "frame-alignment",
    "border-overlay",
    "clip-corner", "opacity", "shadow", "offset", "foreground-style", "line-spacing", "dark-scheme",
    "share-card",
  ]

  @ViewBuilder
  static func view(_ name: String) -> ViewList {
    switch name {
    case "text-runs":
      Text("Plain ") + Text("bold ").bold() + Text("italic ").italic() + Text("red ").foregroundColor(.red)
        + Text("under").underline() + Text(" struck").strikethrough() + Text(" <b>markup</b>")
    case "text-wrap-center":
      Text("Centred lines of a paragraph that wraps at one hundred and forty points.")
        .multilineTextAlignment(.center).frame(width: 140)
    case "text-justified":
      Text("Justified text stretches every line but the last to both edges of its frame, like this one.")
        .multilineTextAlignment(.justified).frame(width: 150)
    case "text-line-limit":
      VStack(alignment: .leading) {
        Text("A long line that is cut at the end because it may only take one line.").lineLimit(1)
        Text("A long line that is cut in the middle because it may only take one line.").lineLimit(1)
          .truncationMode(.middle)
      }.frame(width: 160)
    case "text-rtl":
      VStack(alignment: .leading) {
        Text("مرحبا بالعالم 123")
        Text("שלום עולם ABC-42")
        HStack {
          Color.red.frame(width: 10, height: 10)
          Text("first")
        }
      }
      .frame(width: 160, alignment: .leading)
      .environment(\.layoutDirection, .rightToLeft)
    case "image-png":
      Image(data: GoldenTests.pngFixture).resizable().scaledToFit().frame(width: 60, height: 40).border(
        Color.gray)
    case "image-jpeg":
      Image(data: TestSupport.jpeg(width: 40, height: 20))
    case "image-jpeg-exif":
      Image(data: TestSupport.jpeg(width: 40, height: 20, orientation: 6))
    case "image-svg":
      Image(data: TestSupport.svg).resizable().frame(width: 80, height: 40)
    case "image-missing":
      Image(file: "/nonexistent/logo.png").resizable().frame(width: 40, height: 30)
    case "spacer-divider":
      VStack {
        HStack {
          Text("left")
          Spacer()
          Divider()
          Text("right")
        }.frame(height: 16)
        Divider()
        Text("below")
      }.frame(width: 150)
    case "shapes-fill":
      HStack(spacing: 4) {
        Rectangle().fill(Color.red).frame(width: 20, height: 20)
        RoundedRectangle(cornerRadius: 6).fill(Color.green).frame(width: 30, height: 20)
        Circle().fill(Color.blue).frame(width: 20, height: 20)
        Ellipse().fill(Color.orange).frame(width: 30, height: 20)
        Capsule().fill(Color.purple).frame(width: 40, height: 20)
      }
    case "shapes-stroke":
      HStack(spacing: 4) {
        Rectangle().stroke(Color.red, lineWidth: 2).frame(width: 20, height: 20)
        RoundedRectangle(cornerRadius: 6).strokeBorder(Color.green, lineWidth: 3).frame(width: 30, height: 20)
        Circle().stroke(Color.blue, style: StrokeStyle(lineWidth: 2, dash: [3, 2])).frame(
          width: 20, height: 20)
      }.padding(2)
    case "path":
      Path { path in
        path.move(to: CGPoint(x: 0, y: 30))
        path.addLine(to: CGPoint(x: 20, y: 0))
        path.addQuadCurve(to: CGPoint(x: 40, y: 30), control: CGPoint(x: 40, y: 0))
        path.addArc(
          center: CGPoint(x: 60, y: 30), radius: 10, startAngle: .degrees(180), endAngle: .degrees(0),
          clockwise: false)
        path.closeSubpath()
      }.fill(Color.teal).frame(width: 80, height: 45)
    case "gradients":
      HStack(spacing: 4) {
        LinearGradient(colors: [.red, .yellow], startPoint: .leading, endPoint: .trailing).frame(
          width: 50, height: 30)
        RadialGradient(colors: [.white, .blue], center: .center, startRadius: 0, endRadius: 25).frame(
          width: 50, height: 30)
        Circle().fill(LinearGradient(colors: [.green, .black], startPoint: .top, endPoint: .bottom)).frame(
          width: 30, height: 30)
      }
    case "canvas":
      Canvas { context, size in
        context.fill(
          Path(CGRect(x: 0, y: 0, width: size.width, height: size.height)), with: .color(Color(white: 0.95)))
        context.stroke(
          Path { $0.addLines([CGPoint(x: 5, y: 35), CGPoint(x: 30, y: 10), CGPoint(x: 55, y: 25)]) },
          with: .color(.blue), lineWidth: 2)
        context.fill(
          Path(ellipseIn: CGRect(x: 60, y: 5, width: 20, height: 20)),
          with: .linearGradient(
            Gradient(colors: [.red, .orange]), startPoint: CGPoint(x: 60, y: 5),
            endPoint: CGPoint(x: 80, y: 25)))
        context.draw(Text("Canvas").font(.custom("DejaVu Sans", size: 9)), at: CGPoint(x: 70, y: 35))
      }.frame(width: 100, height: 45)
    case "stacks":
      VStack(alignment: .leading, spacing: 4) {
        HStack(alignment: .top, spacing: 6) {
          Color.red.frame(width: 20, height: 30)
          Text("top")
          Color.blue.frame(width: 10, height: 10)
        }
        HStack(alignment: .bottom) {
          Color.green.frame(width: 20, height: 30)
          Text("bottom")
        }
      }
    case "zstack":
      ZStack(alignment: .topTrailing) {
        Color.yellow.frame(width: 60, height: 40)
        Text("Z").font(.custom("DejaVu Sans", size: 20).bold())
        Circle().fill(Color.red).frame(width: 10, height: 10)
      }
    case "grid":
      Grid(alignment: .leading, horizontalSpacing: 10, verticalSpacing: 4) {
        GridRow {
          Text("Item").bold()
          Text("Qty").bold()
          Text("Price").bold()
        }
        Divider()
        GridRow {
          Text("Consulting")
          Text("3")
          Text("1,200.00")
        }
        GridRow {
          Text("Travel")
          Text("12")
          Text("80.50")
        }
      }
    case "padding-background":
      Text("padded").padding(EdgeInsets(top: 4, leading: 12, bottom: 8, trailing: 4)).background(Color.mint)
    case "frame-alignment":
      HStack(spacing: 2) {
        Text("tl").frame(width: 40, height: 30, alignment: .topLeading).background(Color(white: 0.9))
        Text("c").frame(width: 40, height: 30).background(Color(white: 0.9))
        Text("br").frame(width: 40, height: 30, alignment: .bottomTrailing).background(Color(white: 0.9))
        Text("max").frame(maxWidth: .infinity, alignment: .trailing).background(Color(white: 0.8))
      }.frame(width: 200)
    case "border-overlay":
      Text("bordered").padding(6).border(Color.red, width: 2).overlay(alignment: .topTrailing) {
        Circle().fill(Color.blue).frame(width: 8, height: 8)
      }
    case "clip-corner":
      HStack {
        Color.orange.frame(width: 40, height: 30).cornerRadius(8)
        Color.green.frame(width: 40, height: 30).clipShape(Circle())
        Text("clipped text overflows").fixedSize().frame(width: 40).clipped()
      }
    case "opacity":
      ZStack {
        Color.blue.frame(width: 50, height: 30)
        Color.red.frame(width: 30, height: 30).opacity(0.5)
      }
    case "shadow":
      RoundedRectangle(cornerRadius: 6).fill(Color.white).frame(width: 60, height: 30)
        .shadow(color: Color(white: 0, opacity: 0.5), radius: 4, x: 2, y: 3).padding(10)
    case "offset":
      HStack(spacing: 0) {
        Color.red.frame(width: 20, height: 20)
        Color.blue.frame(width: 20, height: 20).offset(x: 5, y: 5)
      }.padding(.bottom, 5).padding(.trailing, 5)
    case "foreground-style":
      VStack(alignment: .leading) {
        Text("inherited red")
        Rectangle().frame(width: 40, height: 6)
        Text("own green").foregroundColor(.green)
      }.foregroundStyle(Color.red)
    case "line-spacing":
      Text("Line spacing adds room between the lines of a wrapped paragraph.").lineSpacing(6).frame(
        width: 140)
    case "dark-scheme":
      VStack {
        Text("Primary")
        Text("Secondary").foregroundColor(.secondary)
        Rectangle().fill(Color.accentColor).frame(width: 40, height: 6)
      }.padding(8).background(Color.background).environment(\.colorScheme, .dark)
    default:
      ShareCard()
    }
  }

  static var pngFixture: Data {
    let renderer = ImageRenderer(
      content: LinearGradient(colors: [.blue, .green], startPoint: .topLeading, endPoint: .bottomTrailing))
    renderer.proposedSize = ProposedViewSize(width: 30, height: 20)
    return try! renderer.pngData()
  }

  @Test(arguments: cases)
  func golden(_ name: String) throws {
    let renderer = ImageRenderer(content: GoldenTests.view(name))
    renderer.resources = try TestSupport.resources()
    renderer.environment = TestSupport.environment
    renderer.isOpaque = true
    try GoldenImage.check(try renderer.pngData(), name: name)
  }
}

/// A share card as in ImageRenderer's seed: the same view in light and dark.
struct ShareCard: View {
  var body: some View {
    VStack(alignment: .leading, spacing: 6) {
      HStack {
        Circle().fill(
          LinearGradient(colors: [.blue, .purple], startPoint: .topLeading, endPoint: .bottomTrailing)
        )
        .frame(width: 20, height: 20)
        Text("invoicegen").bold()
        Spacer()
        Text("Paid").font(.custom("DejaVu Sans", size: 8).bold()).foregroundColor(.white)
          .padding(.horizontal, 6).padding(.vertical, 2)
          .background { Capsule().fill(Color.green) }
      }
      Text("Total ") + Text("€ 1,234.56").bold()
    }
    .padding(10)
    .frame(width: 180)
    .background { RoundedRectangle(cornerRadius: 8).fill(Color(white: 0.96)) }
    .padding(4)
  }
}
