import Foundation
import PageKit
import PageRendering

/// `make run`: writes sample renders of the DSL into a folder.
enum Samples {
  static func write(to dir: String) throws {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let page = BenchPage(seed: 42, rowCount: Bench.rowsPerPage())
    let renderer = ImageRenderer(content: page)
    try renderer.writePDF(
      to: dir + "/page.pdf",
      metadata: PDFMetadata(title: "Sample page", author: "invoicegen", creator: "invoicegen"))
    renderer.scale = 1
    try renderer.writePNG(to: dir + "/page.png")
    try renderer.writeSVG(to: dir + "/page.svg")
    let card = ImageRenderer(content: ShareCard())
    card.scale = 2
    try card.writePNG(to: dir + "/card.png")
    card.environment.colorScheme = .dark
    try card.writePNG(to: dir + "/card-dark.png")
    let pages = try DocumentRenderer(document: DocumentSample.document(rows: 120)).writePDF(
      to: dir + "/document.pdf")
    print("wrote \(dir)/page.pdf, page.png, page.svg, card.png, card-dark.png, document.pdf (\(pages) pages)")
  }
}

extension Samples {
  /// Writes one PNG showing every PNG of `folder` with its name: for reviewing golden images.
  static func contactSheet(of folder: String, to output: String) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }
      .sorted()
    let sheet = Grid(alignment: .topLeading, horizontalSpacing: 12, verticalSpacing: 12) {
      ForEach(Array(stride(from: 0, to: names.count, by: 4)), id: \.self) { start in
        GridRow {
          ForEach(names[start..<min(start + 4, names.count)], id: \.self) { name in
            VStack(alignment: .leading, spacing: 2) {
              Text(name).font(.caption)
              Image(file: folder + "/" + name).border(Color.red.opacity(0.3))
            }
          }
        }
      }
    }
    .padding(10)
    let renderer = ImageRenderer(content: sheet)
    renderer.isOpaque = true
    try renderer.writePNG(to: output)
  }
}

/// A small share card: stacks, text runs, shapes, a gradient and a shadow.
struct ShareCard: View {
  var body: some View {
    VStack(alignment: .leading, spacing: 6) {
      HStack {
        Circle().fill(
          LinearGradient(colors: [.blue, .purple], startPoint: .topLeading, endPoint: .bottomTrailing)
        )
        .frame(width: 28, height: 28)
        Text("invoicegen").font(.headline)
        Spacer()
        Text("Paid").font(.caption.bold()).foregroundStyle(Color.white)
          .padding(.horizontal, 8).padding(.vertical, 3)
          .background { Capsule().fill(Color.green) }
      }
      Text("Invoice ") + Text("INV-2026-0042").bold() + Text(" was paid on time.")
      Divider()
      HStack {
        Text("Total").foregroundStyle(Color.secondary)
        Spacer()
        Text("€ 1,234.56").font(.title3.bold().monospacedDigit())
      }
    }
    .foregroundStyle(Color.primary)
    .padding(16)
    .frame(width: 300)
    .background { RoundedRectangle(cornerRadius: 12).fill(Color.background).shadow(radius: 4, y: 2) }
    .padding(12)
  }
}
