import DataModel
import Foundation
import Testing

/// Fields outside the model that a config's layout prints, read from CSV columns and JSON fields.
@Suite struct CustomFieldsTests {
  static let csv = """
    invoice_number,invoice_date,customer_name,description,quantity,unit_price,currency,tax_rate,Cost Centre,batch,PO
    A-1,2026-03-01,ACME,Widget,1,10,EUR,19,,B-1,PO-7
    A-1,,,Gadget,2,5,,19,CC-4,,
    A-2,2026-03-02,Beta,Thing,1,1,EUR,19,CC-9,B-3,

    """

  static func options(invoice: [String], items: [String], columns: [String: String] = [:]) -> ImportOptions {
    var options = ImportOptions()
    options.customFields = invoice
    options.customItemFields = items
    options.columns = columns
    return options
  }

  @Test func csvColumnsFillTheInvoicesAndItemsFields() throws {
    let options = Self.options(
      invoice: ["cost_center", "purchase_order"], items: ["batch"], columns: ["Cost Centre": "cost_center"])
    let result = OrdersCSVImporter(options: options).importBytes(Array(Self.csv.utf8), name: "orders.csv")
    #expect(result.errors.isEmpty, "\(result.diagnostics)")
    // The first non-blank value of the invoice's rows; a built-in column (PO) read by its own name too.
    #expect(result.invoices[0].fields == ["cost_center": "CC-4", "purchase_order": "PO-7"])
    #expect(result.invoices[0].purchaseOrder == "PO-7")
    #expect(result.invoices[0].items.map { $0.fields["batch"] } == ["B-1", nil])
    #expect(result.invoices[1].fields == ["cost_center": "CC-9"])
    // The columns read for the layout are not reported as unknown.
    #expect(!result.warnings.contains { $0.message.contains("Cost Centre") }, "\(result.warnings)")
    // The fields are part of what --skip-unchanged hashes.
    #expect(result.invoices[0].canonicalEncoding.contains("field.cost_center:4:CC-4"))
    #expect(result.invoices[0].canonicalEncoding.contains("item.field.batch:3:B-1"))
  }

  @Test func aFieldNoColumnHoldsMakesTheFileUnusable() throws {
    var options = Self.options(invoice: ["project"], items: [])
    options.customFieldOrigins["project"] = "invoicegen.json:3:14, $.layout.fields[0].field"
    let result = OrdersCSVImporter(options: options).importBytes(Array(Self.csv.utf8), name: "orders.csv")
    #expect(result.isUnusable)
    #expect(result.invoices.isEmpty)
    #expect(
      result.errors.first?.message
        == #"the config's layout prints the field "project" (invoicegen.json:3:14, $.layout.fields[0].field), but orders.csv has no such column"#
    )
  }

  @Test func jsonFieldsOfTheInvoiceAndItsItems() throws {
    let json = """
      {"invoices": [{"invoiceNumber": "J-1", "invoiceDate": "2026-05-01", "currency": "EUR", "project": "Apollo",
        "seats": 12, "customer": {"name": "ACME"},
        "items": [{"description": "Seat", "quantity": 12, "unitPrice": "10", "taxRate": 19, "batch": "L-1"}]}]}
      """
    let options = Self.options(invoice: ["project", "seats"], items: ["batch"])
    let result = InvoiceJSONImporter(options: options).importBytes(Array(json.utf8), name: "invoices.json")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(result.invoices.first?.fields == ["project": "Apollo", "seats": "12"])
    #expect(result.invoices.first?.items.first?.fields == ["batch": "L-1"])
  }
}
