import DataModel
import Foundation
import Testing

@Suite struct ReportImportTests {
  static let json = """
    {
      "title": "Nightly CI", "subtitle": "main @ 4f2c1e", "author": "CI", "date": "2026-11-29", "locale": "en-GB",
      "sections": [
        {"heading": "Summary", "blocks": [
          {"type": "paragraph", "text": "All suites ran."},
          {"type": "metrics", "items": [{"label": "Passed", "value": "1,204", "change": "+12"},
                                        {"label": "Failed", "value": "3", "change": "-2"}]}
        ]},
        {"heading": "Suites", "blocks": [
          {"type": "table", "columns": [{"title": "Suite"}, {"title": "Tests", "align": "right", "width": 60},
                                        {"title": "Seconds", "align": "right", "width": "2*"}],
           "rows": [["parser", 120, "1.25"], ["layout", 80, "0.5"]], "footer": ["Total", 200, "1.75"]},
          {"type": "pagebreak"},
          {"type": "chart", "kind": "line", "title": "Duration", "labels": ["Mon", "Tue"],
           "series": [{"name": "p50", "values": [1.5, null]}]}
        ]}
      ]
    }
    """

  @Test func readsEveryBlockType() throws {
    let result = ReportJSONImporter().importBytes(Array(Self.json.utf8), name: "report.json")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let report = try #require(result.report)
    #expect(report.title == "Nightly CI")
    #expect(report.sections.map(\.heading) == ["Summary", "Suites"])
    guard case .metrics(let metrics) = report.sections[0].blocks[1] else {
      Issue.record("no metrics")
      return
    }
    #expect(metrics.map(\.trend) == [1, -1])
    guard case .table(let table) = report.sections[1].blocks[0] else {
      Issue.record("no table")
      return
    }
    #expect(table.columns.map(\.alignment) == [.leading, .trailing, .trailing])
    #expect(table.columns.map(\.width) == [.fraction(1), .points(60), .fraction(2)])
    #expect(table.columns.map(\.isNumeric) == [false, true, true])
    var rows: [[String]] = []
    try table.rows.forEachRow {
      rows.append($1)
      return true
    }
    #expect(rows == [["parser", "120", "1.25"], ["layout", "80", "0.5"]])
    guard case .chart(let chart) = report.sections[1].blocks[2] else {
      Issue.record("no chart")
      return
    }
    #expect(chart.kind == .line)
    #expect(chart.series[0].values == [1.5, nil])
  }

  @Test func reportErrorsHavePaths() {
    let text = """
      {"title": "T", "sections": [{"heading": "H", "blocks": [
        {"type": "chart", "kind": "pie", "labels": [], "series": []},
        {"type": "table", "columns": ["a", "b"], "rows": [["1"]]}
      ]}]}
      """
    let result = ReportJSONImporter().importBytes(Array(text.utf8), name: "r.json")
    #expect(result.report == nil)
    #expect(
      result.errors.map(\.description) == [
        "error: r.json:2:29: $.sections[0].blocks[0].kind: \"pie\" is not a chart kind\nhint: use bar or line",
        "error: r.json:3:53: $.sections[0].blocks[1].rows[0]: has 1 cells, the table has 2 columns",
      ])
  }

  /// A CSV's cells, and which columns are totalled with what (nil: not numeric).
  @Test(
    arguments: [
      ("Region;Umsatz;Anzahl\nNord;1.234,50;12\nSüd;980,00;7\n", [nil, "2214,50", "19"]),
      ("Item,Amount\nA,\"1,234.50\"\nB,5\n", [nil, "1239.50"]),
      ("Item,Amount,Count\nA,1.234,1\nB,\"5,50\",2\n", [nil, nil, "3"]),  // 1.234 summed before "," showed
    ] as [(String, [String?])])
  func csvNumbersFollowTheSeparatorTheFileShows(_ text: String, _ totals: [String?]) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sep-\(UUID().uuidString.prefix(6)).csv"
    ).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = ReportCSVImporter().importFile(path, name: "sep.csv")
    guard case .table(let table)? = result.report?.sections[0].blocks[0] else {
      Issue.record("no table")
      return
    }
    #expect(table.columns.map(\.isNumeric) == totals.map { $0 != nil })
    #expect(table.footer?.dropFirst().map { $0 } == totals.dropFirst().map { $0 ?? "" })
  }

  @Test func csvBecomesAOneTableReportReadAgainFromTheFile() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "results-\(UUID().uuidString.prefix(6)).csv"
    ).path
    try "name;count;amount;note\na;1;2.50;x\nb;2;;y\nc;3;1.25;\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = ReportCSVImporter().importFile(path, name: "results.csv")
    #expect(result.errors.isEmpty)
    let report = try #require(result.report)
    #expect(report.title == "results")
    guard case .table(let table) = report.sections[0].blocks[0] else {
      Issue.record("no table")
      return
    }
    #expect(table.columns.map(\.isNumeric) == [false, true, true, false])
    // Alignment, widths and the footer's label are the layout's to choose (ReportLayoutTests).
    #expect(table.columns.map(\.alignment) == [nil, nil, nil, nil])
    #expect(table.footer == ["", "6", "3.75", ""])
    #expect(table.footerIsTotal)
    #expect(table.rows.count == 3)
    for _ in 0..<2 {
      var seen: [[String]] = []
      try table.rows.forEachRow {
        seen.append($1)
        return true
      }
      #expect(seen == [["a", "1", "2.50", "x"], ["b", "2", "", "y"], ["c", "3", "1.25", ""]])
    }
  }
}

@Suite struct ReportCSVRobustnessTests {
  @Test func aBinaryFileIsNotAReport() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "binary-\(UUID().uuidString.prefix(6)).csv"
    ).path
    try Data([0x89, 0x50, 0x4E, 0x47, 0xFF, 0xFE, 0x2C, 0x0A, 0x01, 0x02]).write(
      to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = ReportCSVImporter().importFile(path, name: "binary.csv")
    #expect(result.report == nil)
    #expect(
      result.errors.map(\.description) == [
        "error: binary.csv:1: the header is not valid UTF-8\nhint: export the file as UTF-8 CSV"
      ])
  }

  @Test func invalidCellsAreWarnedAbout() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cells-\(UUID().uuidString.prefix(6)).csv"
    ).path
    try Data("name,value\nok,1\n".utf8 + [0xC3, 0x28] + Array(",2\n".utf8)).write(
      to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = ReportCSVImporter().importFile(path, name: "cells.csv")
    #expect(result.report != nil)
    #expect(
      result.diagnostics.map(\.description) == [
        "warning: cells.csv:3: column \"name\": is not valid UTF-8; shown as \u{FFFD}"
      ])
  }
}
