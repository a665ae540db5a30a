import DataModel
import Foundation
import Testing

/// Sizes, tags and spellings that once crashed the process, filled memory or merged invoices silently.
@Suite struct InputLimitTests {
  static let header =
    "invoice_number,invoice_date,customer_name,description,quantity,unit_price,tax_rate,currency,locale\n"

  static func csv(_ rows: [String]) -> [UInt8] {
    Array((header + rows.joined(separator: "\n") + "\n").utf8)
  }

  /// The tag that made ICU's number formatter crash the process (SIGSEGV), and its relatives.
  static let crashingTag = Array(repeating: "en-US", count: 36).joined(separator: "-")

  @Test(arguments: [
    "en", "de-DE", "de_DE", "zh-Hans-CN", "sr-Latn-RS", "ar-SA-u-nu-latn", "es-419", "de-CH-1996",
    "en-US-x-private", "fil", "yue-HK", "iw-IL",
  ])
  func wellFormedTagsAreAccepted(tag: String) {
    #expect(LocaleTag.problem(tag) == nil, "\(tag): \(LocaleTag.problem(tag) ?? "")")
  }

  @Test(arguments: [
    crashingTag, "en-US-en-US", "", "e", "english", "123", "zz-ZZ", "de--DE", "de-DE-", "de DE", "de-DE-u",
    "de-1996-1996", "en-u-nu-latn-u-ca-gregory", "de-DE-Latn", "en-US-u-nu-latn-ca-gregory-x-abcdefghijk",
  ])
  func malformedTagsAreRefusedBeforeICUSeesThem(tag: String) {
    #expect(LocaleTag.problem(tag) != nil, "\(tag)")
  }

  @Test func aCrashingLocaleFailsOnlyItsInvoiceInCSVAndJSON() {
    var options = ImportOptions()
    options.defaultTaxRate = ExactDecimal(19)
    let csv = OrdersCSVImporter(options: options).importBytes(
      InputLimitTests.csv([
        "X-1,2026-01-05,C,W,1,10,19,EUR,\(InputLimitTests.crashingTag)",
        "X-2,2026-01-05,C,W,1,10,19,EUR,de-DE",
      ]), name: "o.csv")
    #expect(csv.invoices.map(\.number) == ["X-2"])
    #expect(csv.invalidInvoiceNumbers == ["X-1"])
    #expect(csv.diagnostics.first?.description.contains("is not a locale: it is 215 characters long") == true)
    let json = InvoiceJSONImporter(options: options).importBytes(
      Array(
        """
        [{"invoiceNumber": "J-1", "invoiceDate": "2026-01-05", "currency": "EUR", "locale": "\(InputLimitTests.crashingTag)",
          "customer": {"name": "C"}, "items": [{"description": "W", "quantity": 1, "unitPrice": 1}]}]
        """.utf8), name: "i.json")
    #expect(json.invoices.isEmpty)
    #expect(json.diagnostics.first?.description.contains("$[0].locale") == true)
  }

  @Test func anOversizedCSVFieldFailsItsInvoiceAndTheNextInvoiceIsKept() {
    let huge = String(repeating: "word ", count: 2_097_152)  // 10 MiB
    let rows = [
      "A-1,2026-01-05,C,first,1,10,19,EUR,en", "A-1,2026-01-05,C,\"\(huge)\",1,10,19,EUR,en",
      "B-1,2026-01-05,C,fine,1,10,19,EUR,en",
    ]
    let result = OrdersCSVImporter().importBytes(InputLimitTests.csv(rows), name: "o.csv")
    #expect(!result.isUnusable)
    #expect(result.invoices.map(\.number) == ["B-1"])
    #expect(result.invalidInvoiceNumbers == ["A-1"])
    let message = result.diagnostics.map(\.description).joined(separator: "\n")
    #expect(
      message.contains(
        "o.csv:3: column \"description\": is 10485760 bytes long; a field may have at most 65536"))
  }

  @Test func aRowLongerThanAnIndexWordIsReadBackWhole() {
    // 17 MiB: past the 24-bit length of a compact row range, so the index keeps it aside.
    let huge = String(repeating: "word ", count: 17 << 20 / 5)
    let rows = [
      "A-1,2026-01-05,C,first,1,10,19,EUR,en", "B-1,2026-01-05,C,fine,1,10,19,EUR,en",
      "A-1,2026-01-05,C,\"\(huge)\",1,10,19,EUR,en", "A-1,2026-01-05,C,after,1,10,19,EUR,en",
    ]
    let result = OrdersCSVImporter().importBytes(InputLimitTests.csv(rows), name: "o.csv")
    #expect(result.invoices.map(\.number) == ["B-1"])
    #expect(result.invalidInvoiceNumbers == ["A-1"])
    let message = result.diagnostics.map(\.description).joined(separator: "\n")
    #expect(
      message.contains("o.csv:4: column \"description\": is \(huge.utf8.count) bytes long"), "\(message)")
  }

  @Test func aRecordOfNULBytesIsRefusedWithoutReadingOn() {
    let zeros = [UInt8](repeating: 0, count: 3 << 20)
    let result = OrdersCSVImporter().importBytes(Array(InputLimitTests.header.utf8) + zeros, name: "z.csv")
    #expect(result.isUnusable)
    #expect(result.diagnostics.first?.description.contains("NUL bytes") == true)
  }

  @Test func aLongJSONFieldFailsItsInvoice() {
    let long = String(repeating: "x", count: InputLimits.fieldBytes + 1)
    let result = InvoiceJSONImporter().importBytes(
      Array(
        """
        [{"invoiceNumber": "J-1", "invoiceDate": "2026-01-05", "currency": "EUR", "customer": {"name": "C",
          "address": ["\(long)"]}, "items": [{"description": "W", "quantity": 1, "unitPrice": 1, "taxRate": 7}]},
         {"invoiceNumber": "J-2", "invoiceDate": "2026-01-05", "currency": "EUR", "customer": {"name": "C"},
          "items": [{"description": "\(long)", "quantity": 1, "unitPrice": 1, "taxRate": 7}]},
         {"invoiceNumber": "J-3", "invoiceDate": "2026-01-05", "currency": "EUR", "customer": {"name": "C"},
          "items": [{"description": "W", "quantity": 1, "unitPrice": 1, "taxRate": 7}]}]
        """.utf8), name: "i.json")
    #expect(result.invoices.map(\.number) == ["J-3"])
    let messages = result.diagnostics.map(\.description)
    #expect(messages.contains { $0.contains("$[0].customer.address: is 65537 bytes long") })
    #expect(messages.contains { $0.contains("$[1].items[0].description: is 65537 bytes long") })
  }

  @Test func jsonInputIsReadWithinItsLimitAndNULStopsAtOnce() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/big.json"
    try Data(("[" + String(repeating: " ", count: 5000) + "]").utf8).write(to: URL(fileURLWithPath: path))
    guard case .failure(let tooLarge) = InputFile.readText(path, name: "big.json", limit: 4096, kind: "JSON")
    else {
      Issue.record("a file over the limit was read")
      return
    }
    #expect(tooLarge.description.contains("JSON input may be at most"))
    guard case .success(let bytes) = InputFile.readText(path, name: "big.json", limit: 8192, kind: "JSON")
    else {
      Issue.record("a file within the limit was refused")
      return
    }
    #expect(bytes.count == 5002)
    try Data("{\n\"a\": \u{0}}".utf8).write(to: URL(fileURLWithPath: path))
    guard case .failure(let binary) = InputFile.readText(path, name: "nul.json", limit: 8192, kind: "JSON")
    else {
      Issue.record("a NUL byte was read as JSON")
      return
    }
    #expect(binary.description.hasPrefix("error: nul.json:2: holds a NUL byte"))
    guard
      case .failure(let device) = InputFile.readText(
        "/dev/zero", name: "/dev/zero", limit: 8192, kind: "JSON")
    else {
      Issue.record("a device was read")
      return
    }
    #expect(device.description.contains("is a character device"))
  }

  @Test func invoiceNumbersThatDifferOnlyInNormalizationAreRefusedLikeDuplicates() {
    let nfc = "Caf\u{E9}-1"
    let nfd = "Cafe\u{301}-1"
    var options = ImportOptions()
    options.defaultTaxRate = ExactDecimal(19)
    let csv = OrdersCSVImporter(options: options).importBytes(
      InputLimitTests.csv([
        "\(nfc),2026-01-05,C,one,1,10,19,EUR,en", "\(nfd),2026-01-05,C,two,1,10,19,EUR,en",
        "\(nfc),2026-01-05,C,three,1,10,19,EUR,en",
      ]), name: "o.csv")
    #expect(csv.invoices.count == 1)
    #expect(csv.invoices.first?.items.map(\.description) == ["one", "three"])
    #expect(csv.invoices.first?.number.unicodeScalars.elementsEqual(nfc.unicodeScalars) == true)
    #expect(csv.invalidInvoiceNumbers.count == 1)
    let message = csv.diagnostics.map(\.description).joined()
    #expect(message.contains("o.csv:3:"))
    #expect(
      message.contains("is used again (first at o.csv:2), written in another Unicode normalization form"))
    let json = InvoiceJSONImporter(options: options).importBytes(
      Array(
        """
        [{"invoiceNumber": "\(nfc)", "invoiceDate": "2026-01-05", "currency": "EUR", "customer": {"name": "C"},
          "items": [{"description": "one", "quantity": 1, "unitPrice": 1}]},
         {"invoiceNumber": "\(nfd)", "invoiceDate": "2026-01-05", "currency": "EUR", "customer": {"name": "C"},
          "items": [{"description": "two", "quantity": 1, "unitPrice": 1}]}]
        """.utf8), name: "i.json")
    #expect(json.invoices.count == 1)
    #expect(
      json.diagnostics.map(\.description).joined().contains(
        "is used again (first at i.json:1:2), written in another Unicode normalization form"))
  }

  @Test func rowsOfOneOrderStampedWithDifferentTimesAgreeOnTheDay() {
    let rows = [
      "R-1,2010-12-01T16:57:00,C,first,1,10,19,EUR,en", "R-1,2010-12-01T16:58:00,C,second,1,10,19,EUR,en",
    ]
    let iso = OrdersCSVImporter().importBytes(InputLimitTests.csv(rows), name: "o.csv")
    #expect(iso.invoices.map(\.items.count) == [2], "\(iso.diagnostics)")
    var options = ImportOptions()
    for pattern in ["M/d/yyyy H:mm", "M/d/yyyy"] {
      options.dateFormat = DateFormat(pattern: pattern)!
      let slashed = OrdersCSVImporter(options: options).importBytes(
        InputLimitTests.csv([
          "R-1,12/1/2010 16:57,C,first,1,10,19,EUR,en", "R-1,12/1/2010 16:58,C,second,1,10,19,EUR,en",
          "R-2,12/2/2010 08:00,C,third,1,10,19,EUR,en", "R-2,12/3/2010 08:00,C,fourth,1,10,19,EUR,en",
        ]), name: "o.csv")
      #expect(slashed.invoices.map(\.number) == ["R-1"], "\(pattern): \(slashed.diagnostics)")
      #expect(slashed.invoices.first?.issueDate == CalendarDate(year: 2010, month: 12, day: 1))
      // Different days still conflict.
      #expect(slashed.diagnostics.contains { $0.message.contains("differs from") }, "\(pattern)")
    }
    options.dateFormat = DateFormat(pattern: "dd.MM.yyyy")!
    let wrong = OrdersCSVImporter(options: options).importBytes(
      InputLimitTests.csv(["R-1,2010-12-01,C,first,1,10,19,EUR,en"]), name: "o.csv")
    #expect(
      wrong.diagnostics.first?.hint
        == "the config's csv.dateFormat is \"dd.MM.yyyy\", which \"2010-12-01\" does not match; change the format or the data"
    )
  }
}

/// Shop-export columns that must not print, and orders without a customer name.
@Suite struct ShopExportColumnTests {
  static let csv = Array(
    """
    invoice_number,invoice_date,description,quantity,unit_price,tax_rate,currency,Notes
    S-1,2026-03-01,Mug,1,10,19,EUR,SAME PHOTO / FULFILLED!!

    """.utf8)

  @Test func aColumnMappedToNullIsNeverReadAndANameDefaultFillsIn() {
    var options = ImportOptions()
    options.defaultCustomerName = "Cash sale"
    let read = OrdersCSVImporter(options: options).importBytes(ShopExportColumnTests.csv, name: "shop.csv")
    // Only a column named exactly "notes", or mapped to it, prints: Shopify's staff "Notes" does not.
    #expect(read.invoices.first?.notes == nil)
    #expect(read.invoices.first?.customer.name == "Cash sale")
    #expect(read.warnings.map(\.message) == ["1 column not read: \"Notes\""])
    options.columns = ["Notes": "notes"]
    let mapped = OrdersCSVImporter(options: options).importBytes(ShopExportColumnTests.csv, name: "shop.csv")
    #expect(mapped.invoices.first?.notes == "SAME PHOTO / FULFILLED!!")
    options.columns = [:]
    options.ignoredColumns = ["Notes"]
    let ignored = OrdersCSVImporter(options: options).importBytes(ShopExportColumnTests.csv, name: "shop.csv")
    #expect(ignored.invoices.count == 1)
    #expect(ignored.invoices.first?.notes == nil)
    #expect(ignored.diagnostics.isEmpty, "\(ignored.diagnostics)")
    let noDefault = OrdersCSVImporter().importBytes(ShopExportColumnTests.csv, name: "shop.csv")
    #expect(noDefault.isUnusable)
    #expect(
      noDefault.diagnostics.contains { $0.message.contains("missing required column \"customer_name\"") })
  }
}
