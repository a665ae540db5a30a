import DataModel
import Foundation
import Testing

/// Real shop exports (issue 11): columns that must not print, orders without a customer name.
@Suite struct ShopExportTests {
  @Test func staffNotesMappedToNullNeverPrintAndCashSalesGetADefaultName() throws {
    let folder = try CommandRunner.temporaryFolder()
    try """
    Name,Created at,Lineitem name,Lineitem quantity,Lineitem price,Currency,Notes
    #1001,2026-03-01,Photo mug,1,12.50,EUR,SAME PHOTO / FULFILLED!!

    """.write(toFile: folder + "/shop.csv", atomically: true, encoding: .utf8)
    try """
    {"columns": {"Name": "invoice_number", "Created at": "invoice_date", "Lineitem name": "description",
                 "Lineitem quantity": "quantity", "Lineitem price": "unit_price", "Notes": null},
     "defaults": {"customerName": "Cash sale", "taxRate": 19}}
    """.write(toFile: folder + "/shop.json", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", folder + "/shop.csv", "--out", folder + "/out", "--config", folder + "/shop.json",
      "--progress", "never",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("Notes"), "\(run.stderr)")
    let text = try CommandRunner.text(folder + "/out/_1001.pdf")
    #expect(text.contains("Cash sale"))
    #expect(!text.contains("SAME PHOTO"))
  }
}

/// The Shopify- and WooCommerce-shaped samples: every invoice's total is the export's, staff notes print nowhere.
@Suite struct ShopSampleTests {
  /// Per order of `file`: the first non-blank value of each of `columns`, keyed by the order's number column.
  static func orders(_ file: String, number: String, columns: [String]) throws -> [String: [String: String]] {
    let reader = try CSVReader(path: CommandRunner.sampleData + "/" + file)
    var record = CSVRecord()
    _ = try reader.next(into: &record)
    let header = (0..<record.count).map { record.string($0) ?? "" }
    var result: [String: [String: String]] = [:]
    while try reader.next(into: &record) {
      let key = record.string(header.firstIndex(of: number)!)!
      for column in columns {
        let value = record.string(header.firstIndex(of: column)!) ?? ""
        if result[key]?[column, default: ""].isEmpty ?? true, !value.isEmpty {
          result[key, default: [:]][column] = value
        }
      }
    }
    return result
  }

  struct Shop: CustomTestStringConvertible, Sendable {
    var file, config, number, total, status: String
    var staffNotes: [String]
    /// The total as the invoice prints it.
    var printed: @Sendable (String) -> String
    var testDescription: String { file }
  }

  static let shops = [
    Shop(
      file: "shopify-orders.csv", config: "shopify.json", number: "Name", total: "Total",
      status: "Financial Status", staffNotes: ["Notes"], printed: { "Total $" + $0 }),
    Shop(
      file: "woocommerce-orders.csv", config: "woocommerce.json", number: "order_number", total: "total",
      status: "status", staffNotes: ["order_notes", "customer_note"],
      printed: { "Gesamtbetrag " + $0.replacingOccurrences(of: ".", with: ",") + " €" }),
  ]

  @Test(arguments: shops) func everyInvoiceTotalIsTheExportsAndStaffNotesPrintNowhere(_ shop: Shop) throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen([
      "--input", shop.file, "--config", shop.config, "--out", folder + "/out", "--progress", "never",
      "--summary", folder + "/summary.json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let orders = try ShopSampleTests.orders(
      shop.file, number: shop.number, columns: [shop.total, shop.status] + shop.staffNotes)
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/summary.json")))
        as? [String: Any])
    let skipped = (summary["skippedOrders"] as? [[String: Any]] ?? []).compactMap { $0["invoice"] as? String }
    var texts: [String] = []
    for (number, values) in orders {
      let status = values[shop.status]?.lowercased() ?? ""
      let pdf = folder + "/out/" + number.replacingOccurrences(of: "#", with: "_") + ".pdf"
      if ["refunded", "voided", "cancelled"].contains(status) {
        #expect(skipped.contains(number), "\(number) \(status)")
        #expect(!FileManager.default.fileExists(atPath: pdf))
        continue
      }
      let text = try CommandRunner.text(pdf)
      let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(flat.contains(shop.printed(values[shop.total]!)), "\(number): \(flat)")
      texts.append(text)
    }
    #expect(texts.count == orders.count - skipped.count)
    #expect(skipped.count == 2)
    // The export's shipping address repeats the billing one: no second address block.
    #expect(!texts.contains { $0.contains("Deliver to") || $0.contains("Lieferadresse") })
    for values in orders.values {
      for column in shop.staffNotes {
        guard let note = values[column], !note.isEmpty else { continue }
        let words = note.split(separator: " ").prefix(3).joined(separator: " ")
        #expect(!texts.contains { $0.contains(words) }, "\(column): \(note)")
      }
    }
  }

  @Test func mappingBothShopifyDiscountsFailsTheTwoDiscountedOrdersNamingTheDoubleCount() throws {
    let folder = try CommandRunner.temporaryFolder()
    var config = try String(contentsOfFile: CommandRunner.sampleData + "/shopify.json", encoding: .utf8)
    config = config.replacingOccurrences(of: "\"Lineitem discount\": null", with: "\"Lineitem sku\": \"sku\"")
    try config.write(toFile: folder + "/shopify.json", atomically: true, encoding: .utf8)
    let run = try CommandRunner.invoicegen([
      "--input", "shopify-orders.csv", "--config", folder + "/shopify.json", "--check",
    ])
    #expect(run.status == 2, "\(run.stderr)")
    let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
    #expect(
      errors == [
        "error: shopify-orders.csv:4: column \"Total\": the invoice's total is USD 86.53, but the export's total is USD 96.53 (-10.00)",
        "error: shopify-orders.csv:13: column \"Total\": the invoice's total is USD 136.95, but the export's total is USD 151.95 (-15.00)",
      ])
    #expect(run.stderr.contains("count the same 10.00 twice"))
  }

  @Test func refundedOrdersBecomeCreditNotesWithTheRefundsOption() throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen([
      "--input", "woocommerce-orders.csv", "--config", "woocommerce.json", "--out", folder,
      "--refunds", "credit-note", "--progress", "never",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let text = try CommandRunner.text(folder + "/WC-4103-CN.pdf")
    #expect(text.contains("Gutschrift"))
    #expect(text.contains("WC-4103"))
    #expect(text.contains("-40,34 €"))
    #expect(run.stderr.contains("1 order skipped by status: 1 cancelled"))
  }
}
