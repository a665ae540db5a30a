import DataModel
import Testing

/// One set of invoice rules: CSV, JSON (and the config, tested end to end) say the same about the same value.
@Suite struct InvoiceRulesTests {
  @Test func theRulesOnTheirOwn() {
    #expect(InvoiceRules.taxRate(ExactDecimal(19), hasPercentSign: false) == nil)
    #expect(InvoiceRules.taxRate(ExactDecimal("0.19")!, hasPercentSign: true) == nil)
    #expect(
      InvoiceRules.taxRate(ExactDecimal("0.19")!, hasPercentSign: false)?.message.contains(
        "would be a tax rate") == true)
    #expect(
      InvoiceRules.taxRate(ExactDecimal(-1), hasPercentSign: false)?.message
        == "-1 is not a tax rate in percent")
    #expect(InvoiceRules.taxRate(ExactDecimal(1001), hasPercentSign: true) != nil)
    #expect(InvoiceRules.discount(ExactDecimal(100)) == nil)
    #expect(
      InvoiceRules.discount(ExactDecimal(101))?.message == "101 is not a discount between 0 and 100 percent")
    #expect((try? InvoiceRules.currency("eur").get())?.code == "EUR")
    // An unambiguous symbol names its currency; one several currencies use is refused, naming them.
    #expect((try? InvoiceRules.currency("€").get())?.code == "EUR")
    #expect((try? InvoiceRules.currency(" US$ ").get())?.code == "USD")
    if case .failure(let dollar) = InvoiceRules.currency("$") {
      #expect(dollar.message.contains("stands for several currencies (ARS, AUD, BBD, BMD…)"))
    } else {
      Issue.record("$ was taken for one currency")
    }
    #expect(InvoiceRules.locale("de-DE") == nil)
    #expect(Spelling.closest(to: "quantitty", in: ["quantity", "unit_price"], within: 2) == "quantity")
    #expect(Spelling.distance("Kitten", "sitting") == 3)
  }

  /// The message of each error diagnostic, without where it was.
  static func messages(_ result: InvoiceImport) -> Set<String> {
    Set(result.diagnostics.filter { $0.severity == .error }.map { "\($0.message) | \($0.hint ?? "")" })
  }

  @Test(arguments: [
    ("currency", "EUX", "EUX"), ("taxRate", "-1", "-1"), ("taxRate", "0.07", "0.07"),
    ("discount", "120", "120"),
    ("locale", "english", "english"),
  ])
  func csvAndJSONSayTheSame(field: String, csv: String, json: String) {
    var values = ["currency": "EUR", "taxRate": "19", "discount": "0", "locale": "en"]
    values[field] = csv
    let orders = OrdersCSVImporter().importBytes(
      Array(
        """
        invoice_number,invoice_date,customer_name,description,quantity,unit_price,currency,tax_rate,discount,locale
        A,2026-03-01,C,W,1,10,\(values["currency"]!),\(values["taxRate"]!),\(values["discount"]!),\(values["locale"]!)

        """.utf8), name: "o.csv")
    var jsonValues = values
    jsonValues[field] = json
    let invoices = InvoiceJSONImporter().importBytes(
      Array(
        """
        [{"invoiceNumber": "A", "invoiceDate": "2026-03-01", "currency": "\(jsonValues["currency"]!)",
          "locale": "\(jsonValues["locale"]!)", "customer": {"name": "C"},
          "items": [{"description": "W", "quantity": 1, "unitPrice": 10, "taxRate": \(jsonValues["taxRate"]!),
                     "discount": \(jsonValues["discount"]!)}]}]
        """.utf8), name: "i.json")
    #expect(orders.invoices.isEmpty && invoices.invoices.isEmpty, "\(field)")
    #expect(!InvoiceRulesTests.messages(orders).isEmpty)
    #expect(InvoiceRulesTests.messages(orders) == InvoiceRulesTests.messages(invoices), "\(field)")
  }
}
