import Foundation
import Testing

/// Tagged PDFs stream: peak memory stays flat as a report grows from 10,000 to 40,000 rows.
///
/// Memory is stable enough on these machines to guard in a test (timing is not: `make bench`).
@Suite(.serialized) struct StreamingMemoryTests {
  /// A six-column CSV report of `rows` rows.
  static func report(rows: Int, in folder: String) throws -> String {
    var text = "Name,Qty,Price,Total,Code,Note\n"
    text.reserveCapacity(rows * 48)
    for row in 0..<rows {
      text +=
        "Item \(row),\(row % 7),\(row * 3 / 2).50,\(row * 3).00,C\(row),note \(row * 7919 % 1_000_003)\n"
    }
    let path = folder + "/rows-\(rows).csv"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func aTaggedReportsPeakMemoryIsFlatInRows() throws {
    let folder = try CommandRunner.temporaryFolder()
    var peaks: [Int: Int] = [:]
    for rows in [10_000, 40_000] {
      let input = try StreamingMemoryTests.report(rows: rows, in: folder)
      let pdf = folder + "/rows-\(rows).pdf"
      let (result, kilobytes) = try HostileTextTests.measured(["report", "--input", input, "--out", pdf])
      #expect(result.status == 0, "\(result.stderr)")
      peaks[rows] = kilobytes
      #expect(try CommandRunner.run("qpdf", ["--check", pdf]).status == 0)
      let info = try CommandRunner.run("pdfinfo", [pdf]).stdout
      #expect(info.contains("Tagged:          yes"), "\(info)")
    }
    let small = try #require(peaks[10_000])
    let large = try #require(peaks[40_000])
    // Four times the rows (and pages, and structure elements) may cost at most 15 % more memory.
    #expect(Double(large) <= Double(small) * 1.15, "10,000 rows: \(small) KB, 40,000 rows: \(large) KB")
    // Sealing reads the finished file back in chunks: a sealed 40,000-row report is as flat.
    let seal = try SignedDocumentsTests.sealFolder()
    let input = folder + "/rows-40000.csv"
    let sealed = folder + "/sealed.pdf"
    let (result, kilobytes) = try HostileTextTests.measured(
      ["report", "--input", input, "--out", sealed] + SignedDocumentsTests.signing(seal))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try SignedDocumentsTests.pdfsig(sealed).whole)
    #expect(
      Double(kilobytes) <= Double(small) * 1.15, "10,000 rows: \(small) KB, 40,000 sealed: \(kilobytes) KB")
  }
}
