import Foundation
import Testing

/// Two workers drawing with more font files than cairo 1.16 keeps open of its own finish every batch.
///
/// The Swiss sample uses Liberation Sans for its QR-bill beside Noto Sans and its fallbacks (eleven
/// font files in all). Before every font handed cairo a face of ours, one batch of it in five
/// ended in a segmentation fault in FreeType, a face closed by one worker while the other drew.
@Suite struct WorkerFontTests {
  @Test func aSwissBatchOnTwoWorkersFinishesEveryTime() throws {
    let folder = try CommandRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var first: [String]?
    for round in 1...8 {
      let out = folder + "/round\(round)"
      let result = try CommandRunner.invoicegen([
        "--input", "orders.csv", "--config", "swiss.json", "--out", out, "--jobs", "2", "--progress", "never",
        "--quiet",
      ])
      #expect(result.status == 0, "round \(round): \(result.stderr)")
      let written = CommandRunner.files(out).filter { $0.hasSuffix(".pdf") }
      // Every round writes every invoice of the sample (34), as the first did.
      #expect(written.count == 34, "round \(round): \(written.count) PDFs")
      #expect(written == (first ?? written), "round \(round)")
      first = first ?? written
    }
  }
}
