import Foundation
import PageKit
import Testing

/// Accessibility roles in the frame tree: what the renderer turns into a tagged PDF's structure.
@Suite struct AccessibilityLayoutTests {
  /// Each frame with a role, depth first: "H1", "Figure Red", "artifact", "TR"…, with the id when `ids`.
  static func roles(_ frames: [Frame], ids: Bool = false) -> [String] {
    frames.flatMap(\.allFrames).compactMap { frame in
      guard case .accessibility(let role, let id) = frame.content else { return nil }
      var name = role.structureType ?? "artifact"
      if case .figure(let label) = role { name += " " + label }
      if let scope = role.headerScope { name += " " + scope }
      if ids, let id { name += " #\(id)" }
      return name
    }
  }

  static func laidOut(_ document: Document) throws -> [[Frame]] {
    let context = LayoutContext(textShaper: MonospaceShaper(), imageLoader: FixedImageLoader())
    let paginator = Paginator(document: document, context: context)
    var pages: [[Frame]] = []
    try paginator.layOutPages(plan: try paginator.plan()) { pages.append($0.frames) }
    return pages
  }

  @Test func modifiersGiveTheirViewsRoles() throws {
    let view = VStack {
      Text("Title").accessibilityHeading(.h1)
      Text("Section").accessibilityAddTraits(.isHeader)
      Text("Body")
      Rectangle().frame(height: 1).accessibilityHidden(true)
      Color.red.frame(width: 10, height: 10).accessibilityLabel("Red square")
      Text("Shown").accessibilityHidden(false)
    }
    let context = LayoutContext(textShaper: MonospaceShaper(), imageLoader: FixedImageLoader())
    let frame = ViewResolver.node(of: view, in: EnvironmentValues()).place(
      in: CGRect(x: 0, y: 0, width: 200, height: 200), context: context)
    // Plain text has no role of its own: the renderer makes it a paragraph.
    #expect(AccessibilityLayoutTests.roles([frame]) == ["H1", "H2", "artifact", "Figure Red square"])
  }

  @Test func pageFurnitureIsAnArtifact() throws {
    let document = Document {
      Page(size: .custom(width: 200, height: 100), margins: EdgeInsets(10)) {
        Text("Body")
      }
      .header { _ in Text("Header") }
      .footer { page in Text("Page \(page.pageNumber)") }
    }
    let pages = try AccessibilityLayoutTests.laidOut(document)
    #expect(AccessibilityLayoutTests.roles(pages[0]) == ["artifact", "artifact"])
  }

  @Test func aTableOverPagesIsOneElementWhoseRepeatedHeaderIsAnArtifact() throws {
    let rows = (1...12).map { ["Item \($0)", "\($0)"] }
    let document = Document {
      Page(size: .custom(width: 300, height: 120), margins: EdgeInsets(0)) {
        Table(
          columns: [TableColumn("Item"), TableColumn("N", width: .fixed(40), alignment: .trailing)],
          rows: TableRows(rows), footer: [["Total", "78"]])
      }
    }
    let pages = try AccessibilityLayoutTests.laidOut(document)
    #expect(pages.count >= 3)
    let first = AccessibilityLayoutTests.roles(pages[0])
    #expect(Array(first.prefix(5)) == ["Table", "THead", "TR", "TH Column", "TH Column"])
    #expect(first.filter { $0 == "TD" }.count % 2 == 0)
    // Later pages: the same Table and TBody (same ids), the header row drawn again as an artifact.
    let tableIDs = pages.map { page in
      AccessibilityLayoutTests.roles(page, ids: true).filter { $0.hasPrefix("Table #") }
    }
    #expect(Set(tableIDs.flatMap { $0 }).count == 1, "\(tableIDs)")
    for page in pages.dropFirst() {
      let roles = AccessibilityLayoutTests.roles(page)
      #expect(!roles.contains("THead") && !roles.contains("TH Column"))
      #expect(roles.contains("artifact"))
    }
    #expect(AccessibilityLayoutTests.roles(pages.last!).contains("TFoot"))
  }

  @Test func aGridIsATableOnlyWhenAsked() throws {
    func grid(_ headers: AccessibilityTableHeaders?) -> Frame {
      let grid = Grid {
        GridRow {
          Text("Date")
          Text("1 March")
        }
        Divider().accessibilityHidden(true)
        GridRow {
          Text("Due")
          Text("31 March")
        }
      }
      let context = LayoutContext(textShaper: MonospaceShaper(), imageLoader: FixedImageLoader())
      let node =
        headers.map { ViewResolver.node(of: grid.accessibilityTable(headers: $0), in: EnvironmentValues()) }
        ?? ViewResolver.node(of: grid, in: EnvironmentValues())
      return node.place(in: CGRect(x: 0, y: 0, width: 200, height: 100), context: context)
    }
    #expect(AccessibilityLayoutTests.roles([grid(nil)]) == ["artifact"])
    // The divider row is no row to readers.
    #expect(
      AccessibilityLayoutTests.roles([grid(.firstColumn)]) == [
        "Table", "TR", "TH Row", "TD", "artifact", "TR", "TH Row", "TD",
      ])
    #expect(
      AccessibilityLayoutTests.roles([grid(.firstRow)]) == [
        "Table", "TR", "TH Column", "TH Column", "artifact", "TR", "TD", "TD",
      ])
  }

  @Test func aSectionOverPagesIsOneSect() throws {
    let document = Document {
      Page(size: .custom(width: 200, height: 100), margins: EdgeInsets(0)) {
        Section(title: "Long") {
          ForEach(0..<8) { index in Text("Line \(index)").frame(height: 30) }
        }
      }
    }
    let pages = try AccessibilityLayoutTests.laidOut(document)
    #expect(pages.count >= 2)
    let sections = pages.flatMap { AccessibilityLayoutTests.roles($0, ids: true) }.filter {
      $0.hasPrefix("Sect")
    }
    #expect(sections.count == pages.count)
    #expect(Set(sections).count == 1, "\(sections)")
  }
}
