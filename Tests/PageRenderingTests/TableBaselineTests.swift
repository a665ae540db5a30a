import Foundation
import PageKit
import PageRendering
import Testing

/// Cells of a table row share one baseline whatever their script (issue 25).
@Suite struct TableBaselineTests {
  /// Every text frame under `frame`, with its first baseline on the page.
  static func baselines(_ frame: Frame, into found: inout [(text: String, baseline: CGFloat, own: CGFloat)]) {
    if case .text(let drawing) = frame.content, let first = drawing.lines.first {
      let line = drawing.shaped.lines[first]
      found.append((frame.name, frame.rect.minY + line.baseline - line.top, line.baseline - line.top))
    }
    for child in frame.children { baselines(child, into: &found) }
  }

  @Test(arguments: [
    ["Consulting", "परामर्श सेवाएँ", "1,234.50"], ["Consulting", "خدمات استشارية", "١٬٢٣٤٫٥٠"],
  ])
  func cellsInOtherScriptsShareTheRowsBaseline(_ cells: [String]) throws {
    let table = Table(
      columns: [TableColumn("A"), TableColumn("B"), TableColumn("C", alignment: .trailing)],
      rows: TableRows([cells]))
    let context = RenderResources().makeLayoutContext()
    let frame = PageLayout.frame(
      of: table, proposal: ProposedViewSize(width: 400, height: nil), context: context)
    var found: [(text: String, baseline: CGFloat, own: CGFloat)] = []
    TableBaselineTests.baselines(frame, into: &found)
    let headers = ["A", "B", "C"].map { "Cell \"\($0)\"" }
    let body = found.filter { $0.text.hasPrefix("Cell") && !headers.contains($0.text) }
    #expect(body.count == 3, "\(found.map(\.text))")
    // The fonts put their first baselines apart (so the test can fail): Latin's is higher.
    let own = body.map(\.own)
    #expect((own.max() ?? 0) - (own.min() ?? 0) > 0.5, "\(own)")
    let page = body.map(\.baseline)
    #expect((page.max() ?? 0) - (page.min() ?? 9) < 0.01, "\(body)")
  }
}
