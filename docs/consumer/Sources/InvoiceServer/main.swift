import DataModel
import Foundation
import Layouts
import PageRendering

// One invoice rendered to PDF bytes in memory, as a request handler would.
let invoice = try Invoice(
  number: "INV-1001", issueDate: CalendarDate(year: 2026, month: 3, day: 1)!, currency: Currency(code: "EUR")!,
  customer: Party(name: "ACME GmbH", address: ["Hauptstraße 1", "10115 Berlin"]),
  items: [LineItem(description: "Consulting", quantity: ExactDecimal(8), unitPrice: ExactDecimal(150), taxRate: ExactDecimal(19))])
let prepared = InvoiceLayout.document(for: invoice, settings: InvoiceSettings())
let pdf = try DocumentRenderer(document: prepared.document, environment: prepared.environment).pdfData()
FileHandle.standardOutput.write(pdf)
