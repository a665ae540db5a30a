import Foundation
import PageKit
import PageRendering

/// Feeds random strings through text layout and the PDF (tagged and untagged), PNG and SVG renderers.
///
/// Every string goes where users' text goes: paragraphs in several styles and line limits, a table
/// that flows over pages, section titles (PDF bookmarks), link text, figure labels (alt text) and
/// the document's metadata. A crash or a trap is a finding; each iteration's seed is printed first
/// when `--verbose` is given, so a finding can be replayed with `--seed`.
struct RenderTarget {
  let folder: String

  func run(_ text: inout RandomText, iteration: Int) throws {
    var strings: [String] = (0..<12).map { _ in text.string() }
    func next() -> String {
      strings.append(text.string())
      return strings.removeFirst()
    }
    let rows = (0..<Int.random(in: 1...40, using: &text.generator)).map { _ in [next(), next(), next()] }
    let title = next()
    let heading = next()
    let paragraph = next()
    let linkText = next()
    let label = next()
    let truncated = next()
    let document = Document(
      title: title, author: next(), subject: next(), keywords: [next()], creator: next()
    ) {
      Page(size: .a4, margins: EdgeInsets(36)) {
        Section(title: heading) {
          Text(paragraph).font(.title)
          Text(truncated).lineLimit(1).truncationMode(.middle)
          Text(linkText).underline().link(URL(string: "https://example.com/")!)
          Rectangle().fill(Color(white: 0.5)).frame(width: 20, height: 10).accessibilityLabel(label)
          Table(
            columns: [TableColumn(heading), TableColumn(title, alignment: .trailing), TableColumn(label)],
            rows: TableRows(rows))
        }
      }
      .header { _ in Text(title) }
      .footer { context in Text("\(context.pageNumber) \(paragraph)") }
    }
    var environment = EnvironmentValues()
    environment.layoutDirection = iteration % 3 == 0 ? .rightToLeft : .leftToRight
    let renderer = DocumentRenderer(document: document, environment: environment)
    do {
      for tagged in [true, false] {
        renderer.tagged = tagged
        let data = try renderer.pdfData()
        guard data.starts(with: Array("%PDF-".utf8)) else {
          throw FuzzFinding("a PDF that does not start with %PDF-")
        }
      }
      _ = try renderer.writePNGs(scale: 0.5) { "\(folder)/page-\($0).png" }
      _ = try renderer.writeSVGs { "\(folder)/page-\($0).svg" }
    } catch let error as RenderError {
      // Text cairo or the tagging pass refuses is a finding: every legal string must draw.
      switch error {
      case .layout: return
      default: throw FuzzFinding("\(error)")
      }
    }
  }
}
