import DataModel
import Foundation
import Testing

/// Ten public XRechnung cases, chosen to cover different features, with every business term the
/// reader takes compared to a transcript reviewed by hand once (Received/NAME.expected).
///
/// Set RECORD_TRANSCRIPTS=1 to write the transcripts from the current reading (then review them).
@Suite struct ReceivedTranscriptTests {
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "shared/einvoice-examples/xrechnung-testsuite")
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Received")

  /// The cases and what each covers.
  static let cases = [
    "standard/01.02a-INVOICE_ubl.xml",  // the plainest UBL: one line, S 19 %
    "standard/01.04a-INVOICE_uncefact.xml",  // CII, VAT category O (not subject to VAT)
    "standard/01.15a-INVOICE_uncefact.xml",  // CII with an attachment (BG-24)
    "standard/01.18a-INVOICE_ubl.xml",  // 384: a corrected invoice with its preceding invoice
    "standard/01.20a-INVOICE_uncefact.xml",  // 389 self-billed, document allowances and charges, prepaid
    "standard/01.21a-INVOICE_ubl.xml",  // AE reverse charge with allowances and charges
    "standard/02.01a-INVOICE_uncefact.xml",  // E and S categories, attachments, prepaid amount
    "standard/03.06a-INVOICE_ubl.xml",  // S and Z categories, a negative line
    "standard/03.07a-INVOICE_uncefact.xml",  // 18 allowances and charges, two attachments, line periods
    "extension/05.01a-INVOICE_ubl.xml",  // XRechnung extension: third-party payments in the amount due
  ]

  @Test(arguments: cases)
  func everyTermReadIsTheReviewedOne(_ name: String) throws {
    let path = Self.examples.appendingPathComponent(name).path
    let transcript = try ReceivedInvoiceReader.read(path: path, file: name).transcript
    let expected = Self.folder.appendingPathComponent(
      URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent + ".expected")
    if ProcessInfo.processInfo.environment["RECORD_TRANSCRIPTS"] != nil {
      try transcript.write(to: expected, atomically: true, encoding: .utf8)
    }
    #expect(transcript == (try String(contentsOf: expected, encoding: .utf8)))
  }
}
