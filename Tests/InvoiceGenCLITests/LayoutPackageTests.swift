import Foundation
import Layouts
import PageKit
import Testing

@testable import InvoiceGenCLI

/// A layout of one's own sees everything a config can say (issue 57, part 2): every input column,
/// printed or not, and the config's `layout.options`; it reaches the command through `main(layouts:)`.
@Suite(.serialized) struct LayoutPackageTests {
  /// Prints what the layout can see: an invoice field, each item's field, and an option.
  struct Inspecting: InvoiceStyle {
    func makeBody(configuration: Configuration) -> InvoiceBody {
      let context = configuration.context
      let items = context.invoice.items.map { $0.fields["Batch"] ?? "-" }.joined(separator: ",")
      let seal = context.settings.layout.options["seal"]?.string ?? "none"
      return configuration.body.inserting(.before, .items) {
        Text("region=\(context.invoice.fields["Sales region"] ?? "-") batches=\(items) seal=\(seal)")
      }
    }
  }

  @Test func everyColumnAndTheOptionsReachTheLayoutAndNotTheBuiltInOne() throws {
    let folder = try CommandRunner.temporaryFolder()
    try """
    invoice_number,invoice_date,customer_name,description,quantity,unit_price,tax_rate,currency,Sales region,Batch,Staff note
    A-1,2026-03-01,ACME GmbH,Widget,2,10,19,EUR,North,B-17,secret
    A-1,2026-03-01,ACME GmbH,Gadget,1,5,19,EUR,,B-18,secret

    """.write(toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    try
      #"{"seller": {"name": "Northwind GmbH"}, "private": ["Staff note"], "layout": {"options": {"seal": "seal.png"}}}"#
      .write(toFile: folder + "/config.json", atomically: true, encoding: .utf8)
    let arguments = [
      "--input", folder + "/orders.csv", "--config", folder + "/config.json", "--progress", "never",
    ]
    let status = InvoiceGenCLI.main(
      arguments + ["--out", folder + "/own", "--layout", "Inspecting"],
      layouts: [.invoice("Inspecting", style: Inspecting())])
    #expect(status == 0)
    let text = try CommandRunner.text(folder + "/own/A-1.pdf")
    #expect(text.contains("region=North batches=B-17,B-18 seal=seal.png"), "\(text)")
    #expect(!text.contains("secret"))
    // The built-in layout reads only what it prints (and warns of the rest); no layout is global.
    let builtIn = try CommandRunner.invoicegen(arguments + ["--out", folder + "/builtin"])
    #expect(builtIn.status == 0, "\(builtIn.stderr)")
    #expect(builtIn.stderr.contains("not read: \"Sales region\", \"Batch\""), "\(builtIn.stderr)")
    let unknown = InvoiceGenCLI.main(arguments + ["--out", folder + "/none", "--layout", "Inspecting"])
    #expect(unknown != 0)
  }

  @Test func aJSONInvoicesFieldsOutsideTheModelReachTheLayout() throws {
    let folder = try CommandRunner.temporaryFolder()
    try """
    {"invoices": [{"invoiceNumber": "J-1", "invoiceDate": "2026-03-01", "currency": "EUR",
      "customer": {"name": "ACME"}, "Sales region": "South", "nested": {"x": 1},
      "items": [{"description": "Widget", "quantity": 1, "unitPrice": 10, "taxRate": 19, "Batch": "B-9"}]}]}
    """.write(toFile: folder + "/invoices.json", atomically: true, encoding: .utf8)
    let status = InvoiceGenCLI.main(
      [
        "--input", folder + "/invoices.json", "--out", folder + "/out", "--layout", "Inspecting",
        "--progress", "never",
      ],
      layouts: [.invoice("Inspecting", style: Inspecting())])
    #expect(status == 0)
    let text = try CommandRunner.text(folder + "/out/J-1.pdf")
    #expect(text.contains("region=South batches=B-9 seal=none"), "\(text)")
  }
}
