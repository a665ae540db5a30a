import DataModel
import Foundation
import Testing

/// Random damage to valid inputs: the importers never trap, and every invoice is either returned or reported.
@Suite struct HostileInputTests {
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  static let csv = Array(
    """
    invoice_number,invoice_date,customer_name,customer_address,description,quantity,unit_price,currency,tax_rate
    A,2026-03-01,Müller,"Str. 1
    Berlin",Consulting,3,33.333,EUR,19
    B,2026-03-02,ACME,,Widgets,10,9.99,USD,7.5
    A,,,,Travel,1,80.5,,7

    """.utf8)

  static let json = Array(
    """
    [{"invoiceNumber": "A", "invoiceDate": "2026-03-01", "currency": "EUR", "customer": {"name": "Müller"},
      "items": [{"description": "x", "quantity": 1, "unitPrice": "1.50", "taxRate": 19}]},
     {"invoiceNumber": "B", "invoiceDate": "2026-03-02", "currency": "USD", "customer": {"name": "ACME"},
      "items": [{"description": "y", "quantity": 2, "unitPrice": 3, "taxRate": 7}]}]
    """.utf8)

  static func damaged(_ input: [UInt8], seed: Int) -> [UInt8] {
    var random = Generator(state: UInt64(seed) &* 7919 &+ 1)
    var bytes = input
    let specials: [UInt8] = [
      0x22, 0x2C, 0x0A, 0x0D, 0x00, 0xFF, 0xC3, 0x7B, 0x7D, 0x5B, 0x5D, 0x3A, 0x5C, 0x30, 0x2E,
    ]
    for _ in 0..<(1 + random.next(6)) {
      let position = random.next(max(bytes.count, 1))
      switch random.next(4) {
      case 0 where !bytes.isEmpty: bytes[position] = specials[random.next(specials.count)]
      case 1: bytes.insert(specials[random.next(specials.count)], at: min(position, bytes.count))
      case 2 where !bytes.isEmpty: bytes.remove(at: position)
      default: bytes = Array(bytes.prefix(position))
      }
    }
    return bytes
  }

  @Test(arguments: 0..<150)
  func damagedCSVIsReportedNotFatal(seed: Int) {
    let input = HostileInputTests.damaged(HostileInputTests.csv, seed: seed)
    let result = OrdersCSVImporter().importBytes(input, name: "x.csv", chunkSize: 1 + seed % 17)
    let returned = Set(result.invoices.map(\.number))
    // No invoice is both returned and reported invalid, and anything not returned left a diagnostic.
    #expect(returned.isDisjoint(with: result.invalidInvoiceNumbers))
    // An invoice whose row start survived is returned or reported, unless the whole file was rejected.
    let text = String(decoding: input, as: UTF8.self)
    for number in ["A", "B"] where text.contains("\n\(number),") && !result.isUnusable {
      #expect(returned.contains(number) || result.invalidInvoiceNumbers.contains(number), "\(number) lost")
    }
    for invoice in result.invoices {
      #expect(
        invoice.totals.grandTotal.amount
          == invoice.totals.subtotal.amount.adding(invoice.totals.taxTotal.amount))
    }
  }

  @Test(arguments: 0..<150)
  func damagedJSONIsReportedNotFatal(seed: Int) {
    let input = HostileInputTests.damaged(HostileInputTests.json, seed: seed)
    let result = InvoiceJSONImporter().importBytes(input, name: "x.json")
    if result.invoices.count < 2 { #expect(!result.diagnostics.isEmpty) }
    for diagnostic in result.diagnostics where diagnostic.severity == .error {
      #expect(diagnostic.location.line != nil)
    }
  }
}
