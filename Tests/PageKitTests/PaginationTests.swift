import Foundation
import PageKit
import Testing

/// Pagination with fixed-height blocks and the monospace test shaper (6 × 10 points a character).
@Suite struct PaginationTests {
  /// The pages of `document`: for each page, the frames whose names start with `prefix`, as "name y".
  func pages(_ document: Document, showing prefix: String) throws -> [[String]] {
    let context = LayoutContext(textShaper: MonospaceShaper(), imageLoader: FixedImageLoader())
    let paginator = Paginator(document: document, context: context)
    var out: [[String]] = []
    try paginator.layOutPages(plan: try paginator.plan()) { page in
      out.append(
        page.frames.flatMap(\.allFrames).filter { $0.name.hasPrefix(prefix) }.map {
          "\($0.name) \(Int($0.rect.minY))"
        })
    }
    return out
  }

  func block(_ index: Int, height: CGFloat = 40) -> some View {
    Color.red.frame(height: height).anchor("b\(index)")
  }

  @Test func fixedBlocksSplitBetweenChildren() throws {
    // Body 130 points, blocks of 40 with 8 between: 0, 48 fit (88); 96 + 40 = 136 does not.
    let document = Document {
      Page(size: .custom(width: 100, height: 130), margins: EdgeInsets(0)) {
        ForEach(0..<5) { index in block(index) }
      }
    }
    #expect(
      try pages(document, showing: "anchor b") == [
        ["anchor b0 0", "anchor b1 48"], ["anchor b2 0", "anchor b3 48"], ["anchor b4 0"],
      ])
  }

  @Test func pageBreakForcesANewPageButNeverAnEmptyOne() throws {
    let document = Document {
      Page(size: .custom(width: 100, height: 300), margins: EdgeInsets(0)) {
        PageBreak()
        block(0)
        PageBreak()
        block(1)
      }
    }
    #expect(try pages(document, showing: "anchor b") == [["anchor b0 0"], ["anchor b1 0"]])
  }

  @Test func keepTogetherMovesABlockWhole() throws {
    // Without keepTogether the stack would split after its first text; with it, the stack moves whole.
    let document = Document {
      Page(size: .custom(width: 120, height: 60), margins: EdgeInsets(0)) {
        block(0, height: 25)
        VStack(spacing: 0) {
          Text("one")
          Text("two")
          Text("three")
        }.keepTogether()
      }
    }
    #expect(
      try pages(document, showing: "Text") == [
        [], ["Text \"one\" 0", "Text \"two\" 10", "Text \"three\" 20"],
      ])
  }

  @Test func keepTogetherSplitsOnlyWhenTallerThanAPage() throws {
    let document = Document {
      Page(size: .custom(width: 120, height: 25), margins: EdgeInsets(0)) {
        VStack(spacing: 0) {
          Text("a")
          Text("b")
          Text("c")
        }.keepTogether()
      }
    }
    #expect(try pages(document, showing: "Text") == [["Text \"a\" 0", "Text \"b\" 10"], ["Text \"c\" 0"]])
  }

  @Test func aHeadingNeverEndsAPage() throws {
    let document = Document {
      Page(size: .custom(width: 120, height: 60), margins: EdgeInsets(0)) {
        block(0, height: 22)
        Text("Heading").keepWithNext()
        Color.blue.frame(height: 30)
      }
    }
    // The heading (10 points at y 30) fits, but the block after it does not: both move.
    #expect(try pages(document, showing: "Text") == [[], ["Text \"Heading\" 0"]])
  }

  /// A paragraph of `lines` lines of "word" at 24 points wide (one word a line).
  func paragraph(_ lines: Int) -> Text {
    Text(Array(repeating: "word", count: lines).joined(separator: " "))
  }

  func splitLines(available: CGFloat, lines: Int) throws -> [Int] {
    // A spacer block takes the page's height less `available`; the paragraph follows with no spacing.
    let document = Document {
      Page(size: .custom(width: 24, height: 100), margins: EdgeInsets(0)) {
        VStack(spacing: 0) {
          Color.clear.frame(height: 100 - available)
          paragraph(lines).frame(width: 24)
        }
      }
    }
    let context = LayoutContext(textShaper: MonospaceShaper(), imageLoader: FixedImageLoader())
    let paginator = Paginator(document: document, context: context)
    var counts: [Int] = []
    try paginator.layOutPages(plan: try paginator.plan()) { page in
      let texts = page.frames.flatMap(\.allFrames).compactMap { frame -> Int? in
        if case .text(let drawing) = frame.content { return drawing.lines.count }
        return nil
      }
      counts.append(texts.reduce(0, +))
    }
    return counts
  }

  @Test(arguments: [
    (25.0, 6, [2, 4]),  // two lines fit: split 2 | 4
    (15.0, 6, [0, 6]),  // one line would be an orphan: the paragraph moves whole
    (45.0, 6, [4, 2]),  // four lines fit: 4 | 2
    (55.0, 6, [4, 2]),  // five would leave a widow: 4 | 2
    (25.0, 3, [0, 3]),  // three lines are never split
  ])
  func orphanAndWidowControl(available: CGFloat, lines: Int, expected: [Int]) throws {
    // When nothing of the paragraph fits, the first page holds only the spacer.
    #expect(try splitLines(available: available, lines: lines) == expected)
  }

  func table(rows: Int, pageHeight: CGFloat, footer: [[String]] = [], cell: (Int) -> String = { "r\($0)" })
    -> Document
  {
    var style = TableStyle()
    style.cellPadding = EdgeInsets(top: 3, leading: 2, bottom: 3, trailing: 2)
    let data = (0..<rows).map { [cell($0), "\($0)"] }
    return Document {
      Page(size: .custom(width: 200, height: pageHeight), margins: EdgeInsets(0)) {
        Table(
          columns: [
            TableColumn("Name", width: .fraction(3)),
            TableColumn("N", width: .fixed(40), alignment: .trailing),
          ],
          rows: TableRows(data), footer: footer
        ).tableStyle(style)
      }
    }
  }

  @Test func headerRowsRepeatOnEveryPage() throws {
    // Rows are 16 points (10 + 6 padding): a 100-point page holds the header and five rows.
    let result = try pages(table(rows: 12, pageHeight: 100), showing: "HeaderRow") + []
    #expect(result == [["HeaderRow 0"], ["HeaderRow 0"], ["HeaderRow 0"]])
    let rows = try pages(table(rows: 12, pageHeight: 100), showing: "Row ")
    #expect(rows.map(\.count) == [5, 5, 2])
    #expect(rows[1].first == "Row 6 16")
  }

  @Test func aTableEndingAtThePageBottomMakesNoBlankPage() throws {
    // Header 16 + 5 rows × 16 = 96 of 96 points.
    let result = try pages(table(rows: 5, pageHeight: 96), showing: "Row ")
    #expect(result.count == 1)
    #expect(result[0].count == 5)
  }

  @Test func anEmptyTableShowsItsHeaderAndFooter() throws {
    let result = try pages(table(rows: 0, pageHeight: 100, footer: [["Total", "0"]]), showing: "")
      .map { $0.filter { $0.hasPrefix("HeaderRow") || $0.hasPrefix("FooterRow") || $0.hasPrefix("Row ") } }
    #expect(result == [["HeaderRow 0", "FooterRow 16"]])
  }

  @Test func footerRowsCloseTheLastPageWithALastRow() throws {
    // 5 rows fill the first page; the footer cannot follow, so the fifth row moves with it.
    let result = try pages(table(rows: 5, pageHeight: 96, footer: [["Total", "10"]]), showing: "")
      .map { $0.filter { $0.hasPrefix("Row ") || $0.hasPrefix("FooterRow") } }
    #expect(result == [["Row 1 16", "Row 2 32", "Row 3 48", "Row 4 64"], ["Row 5 16", "FooterRow 32"]])
  }

  @Test func aRowTallerThanAPageIsSplitBetweenItsLines() throws {
    // Row 1 has 20 lines (20 characters a line in a 152-point cell): 206 points, the page body 100.
    let long = Array(repeating: "xxxxxxxxxxxxxxxxxxxxxxxxx", count: 20).joined(separator: " ")
    let document = table(rows: 2, pageHeight: 100, cell: { $0 == 0 ? long : "short" })
    let context = LayoutContext(textShaper: MonospaceShaper(), imageLoader: FixedImageLoader())
    let paginator = Paginator(document: document, context: context)
    var linesPerPage: [Int] = []
    try paginator.layOutPages(plan: try paginator.plan()) { page in
      let cells = page.frames.flatMap(\.allFrames).filter { $0.name.hasPrefix("Cell \"xxxx") }
      linesPerPage.append(
        cells.reduce(0) { total, frame in
          if case .text(let drawing) = frame.content { return total + drawing.lines.count }
          return total
        })
    }
    // Every one of the 20 lines is drawn once, over three pages, and nothing is lost.
    #expect(linesPerPage.reduce(0, +) == 20)
    #expect(linesPerPage.count >= 3)
    #expect(linesPerPage.allSatisfy { $0 > 0 })
  }

  @Test func runningTotalsAreCarriedForward() throws {
    var style = TableStyle()
    style.cellPadding = EdgeInsets(top: 3, leading: 2, bottom: 3, trailing: 2)
    let data = (1...8).map { ["item \($0)", "\($0)"] }
    let document = Document {
      Page(size: .custom(width: 200, height: 100), margins: EdgeInsets(0)) {
        Table(
          columns: [TableColumn("Item"), TableColumn("N", width: .fixed(40), alignment: .trailing)],
          rows: TableRows(data),
          continuation: TableContinuation(column: 1, initial: "0") { total, _, cells in
            String(Int(total)! + Int(cells[1])!)
          }
        ).tableStyle(style)
      }
    }
    let context = LayoutContext(textShaper: MonospaceShaper(), imageLoader: FixedImageLoader())
    let paginator = Paginator(document: document, context: context)
    var continuation: [[String]] = []
    try paginator.layOutPages(plan: try paginator.plan()) { page in
      continuation.append(
        page.frames.flatMap(\.allFrames).filter { $0.name == "ContinuationRow" }.flatMap { row in
          row.allFrames.compactMap { cell -> String? in
            guard case .text(let drawing) = cell.content,
              let shaped = drawing.shaped as? MonospaceShaper.Shaped
            else { return nil }
            return shaped.lineStrings.joined(separator: " ")
          }
        })
    }
    // Header 16, carried row reserved 16: four rows a page (1+2+3+4 = 10), then brought forward.
    #expect(continuation.first == ["Carried forward", "10"])
    #expect(continuation[1].prefix(2) == ["Brought forward", "10"])
    #expect(continuation.count == 3)
  }

  @Test func pageNumbersAreExactInHeadersAndFooters() throws {
    let document = Document {
      Page(size: .custom(width: 200, height: 100), margins: EdgeInsets(0)) {
        Section(title: "First") {
          ForEach(0..<3) { index in block(index, height: 60) }
        }
        Section(title: "Second") {
          ForEach(0..<2) { index in block(index + 3, height: 60) }
        }
      }
      .footer { page in Text("Page \(page.pageNumber) of \(page.pageCount) \(page.sectionTitle ?? "-")") }
    }
    #expect(
      try pages(document, showing: "Text").map { $0.map { String($0.split(separator: "\"")[1]) } } == [
        ["Page 1 of 5 First"], ["Page 2 of 5 First"], ["Page 3 of 5 First"], ["Page 4 of 5 Second"],
        ["Page 5 of 5 Second"],
      ])
  }

  @Test func aFittedColumnIsAsWideAsItsLastRowToo() throws {
    // 300 rows: the first 200 (the sample) number up to "200", the last is "123456".
    let rows = (1...300).map { [$0 == 300 ? "123456" : "\($0)", "item \($0)"] }
    let document = Document {
      Page(size: .custom(width: 300, height: 4000), margins: EdgeInsets(0)) {
        Table(
          columns: [TableColumn("N", width: .fit, alignment: .trailing), TableColumn("Name")],
          rows: TableRows(rows))
      }
    }
    let context = LayoutContext(textShaper: MonospaceShaper(), imageLoader: FixedImageLoader())
    let paginator = Paginator(document: document, context: context)
    var frames: [Frame] = []
    try paginator.layOutPages(plan: try paginator.plan()) { page in frames += page.frames.flatMap(\.allFrames)
    }
    let number = try #require(frames.first { $0.name == "Cell \"123456\"" })
    let name = try #require(frames.first { $0.name == "Cell \"item 300\"" })
    // One line (10 points), and the next column starts after it: 6 characters of 6 points fit.
    #expect(number.rect.height == 10 && name.rect.minX >= number.rect.maxX, "\(number.rect) \(name.rect)")
  }

  @Test func aSlipSitsAtTheFootOfTheLastPageOrOnAPageOfItsOwn() throws {
    // Page 200 high, footer 10 high (12 apart), slip 80: on the slip's page the footer ends 12
    // above the slip (at 108, so from 98) and the body must end by 98 − 12 = 86.
    func document(blocks: Int) -> Document {
      Document {
        Page(size: .custom(width: 100, height: 200), margins: EdgeInsets(0)) {
          ForEach(0..<blocks) { index in block(index, height: 30) }
        }
        .footer { page in Text("\(page.pageNumber)/\(page.pageCount)").anchor("foot") }
        .slip(height: 80) { Color.blue.anchor("slip") }
      }
    }
    // Two blocks end at 68: the slip fits under them on page 1.
    #expect(
      try pages(document(blocks: 2), showing: "anchor") == [
        ["anchor b0 0", "anchor b1 38", "anchor foot 98", "anchor slip 120"]
      ])
    // Three end at 106, past 86: the slip gets page 2, with the footer (now "2/2") above it.
    #expect(
      try pages(document(blocks: 3), showing: "anchor") == [
        ["anchor b0 0", "anchor b1 38", "anchor b2 76", "anchor foot 190"],
        ["anchor foot 98", "anchor slip 120"],
      ])
    // Six flow over two pages and end at 68 on page 2: the slip is there.
    #expect(
      try pages(document(blocks: 6), showing: "anchor").last == [
        "anchor b4 0", "anchor b5 38", "anchor foot 98", "anchor slip 120",
      ])
  }

  @Test func longDocumentsFlowAgainInTheSecondPassWithTheSameBreaks() throws {
    // More pages than pass 1 keeps: pass 2 flows again and must break exactly where pass 1 did.
    let count = Paginator.keptPageBudget + 6
    let document = Document {
      Page(size: .custom(width: 100, height: 50), margins: EdgeInsets(0)) {
        ForEach(0..<count) { index in block(index, height: 45) }
      }
      .footer { page in Text("\(page.pageNumber)/\(page.pageCount)") }
    }
    let result = try pages(document, showing: "")
    #expect(result.count == count)
    for (index, page) in result.enumerated() {
      #expect(page.contains("anchor b\(index) 0"), "page \(index + 1)")
      #expect(page.contains { $0.hasPrefix("Text \"\(index + 1)/\(count)\"") }, "page \(index + 1)")
    }
  }
}
