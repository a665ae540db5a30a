import DataModel
import Foundation
import Testing

@Suite struct OrdersCSVImporterTests {
  static let csv = """
    Invoice Number,invoice_date,Customer-Name,customer_address,description,quantity,unit_price,currency,tax_rate,discount,locale
    INV-1,2026-03-01,Müller GmbH,"Hauptstr. 1
    10115 Berlin",Consulting,3,33.333,EUR,19%,,de-DE
    INV-2,2026-03-02,ACME Inc,,Widgets,10,9.99,USD,7.5,15,
    INV-1,,,,Travel,1,80.5,,7,,
    INV-2,2026-03-02,ACME Inc,,Returns,-1,9.99,USD,7.5,,

    """

  func run(_ text: String, options: ImportOptions = ImportOptions(), chunkSize: Int = 1 << 16)
    -> InvoiceImport
  {
    OrdersCSVImporter(options: options).importBytes(
      Array(text.utf8), name: "orders.csv", chunkSize: chunkSize)
  }

  @Test func groupsRowsIntoInvoicesEvenWhenNotAdjacent() throws {
    let result = run(Self.csv)
    #expect(result.errors.isEmpty, "\(result.diagnostics)")
    #expect(result.invoices.map(\.number) == ["INV-1", "INV-2"])
    let first = result.invoices[0]
    #expect(first.items.map(\.description) == ["Consulting", "Travel"])
    #expect(first.customer.address == ["Hauptstr. 1", "10115 Berlin"])
    #expect(first.locale == "de-DE")
    #expect(first.totals.taxes.map(\.rate!.trimmedDescription) == ["7", "19"])
    #expect(first.totals.grandTotal.description == "EUR 205.14")
    #expect(first.items[1].line == 5)
    let second = result.invoices[1]
    #expect(second.currency.code == "USD")
    #expect(second.items[0].discount == ExactDecimal(15))
    #expect(second.totals.lineAmounts.map(\.amount.description) == ["84.92", "-9.99"])
  }

  @Test func readsTheSameWithTinyChunks() {
    let whole = run(Self.csv)
    let chunked = run(Self.csv, chunkSize: 3)
    #expect(whole.invoices == chunked.invoices)
  }

  @Test func conflictingInvoiceFieldsNameBothLines() {
    let text = """
      invoice_number,invoice_date,customer_name,description,quantity,unit_price,currency,tax_rate
      A,2026-01-01,X,d,1,1,EUR,19
      B,2026-01-01,Y,d,1,1,EUR,19
      A,2026-01-01,X,d,1,1,USD,19

      """
    let result = run(text)
    #expect(result.invoices.map(\.number) == ["B"])
    #expect(result.invalidInvoiceNumbers == ["A"])
    #expect(
      result.errors.map(\.description) == [
        "error: orders.csv:4: column \"currency\": \"USD\" differs from \"EUR\" on line 2 of invoice \"A\"\nhint: rows of one invoice must agree on invoice-level columns (or leave them blank)"
      ])
  }

  @Test func columnMappingDecimalCommaAndDateFormat() {
    let text = """
      InvoiceNo;InvoiceDate;CustomerName;Description;Quantity;UnitPrice
      536365;12/1/2010 8:26;Alice;WHITE HANGING HEART;6;2,55

      """
    var options = ImportOptions()
    options.columns = [
      "InvoiceNo": "invoice_number", "InvoiceDate": "invoice_date", "CustomerName": "customer_name",
      "UnitPrice": "unit_price",
    ]
    options.decimalSeparator = UInt8(ascii: ",")
    options.dateFormat = DateFormat(pattern: "M/d/yyyy H:mm")!
    options.defaultCurrency = Currency(code: "GBP")
    options.defaultTaxRate = ExactDecimal(20)
    let result = run(text, options: options)
    #expect(result.errors.isEmpty, "\(result.diagnostics)")
    let invoice = result.invoices.first
    #expect(invoice?.issueDate.description == "2010-12-01")
    #expect(invoice?.totals.subtotal.description == "GBP 15.30")
    #expect(invoice?.totals.grandTotal.description == "GBP 18.36")
  }

  @Test func readsTheColumnNamesCommonExportsUse() {
    let text = """
      Invoice No.,Date,Client,Address,Item,Qty,Price,VAT %,Currency Code,Due,PO Number,Total
      F-7,2026-05-04,Dupont SA,"1 rue de Rivoli
      75001 Paris",Audit,2,450,20,EUR,2026-06-03,PO-99,1080

      """
    let result = run(text)
    #expect(result.errors.isEmpty, "\(result.diagnostics)")
    let invoice = result.invoices.first
    #expect(invoice?.number == "F-7")
    #expect(invoice?.customer.name == "Dupont SA")
    #expect(invoice?.customer.address == ["1 rue de Rivoli", "75001 Paris"])
    #expect(invoice?.dueDate?.description == "2026-06-03")
    #expect(invoice?.purchaseOrder == "PO-99")
    #expect(invoice?.items.first?.description == "Audit")
    #expect(invoice?.totals.grandTotal.description == "EUR 1080.00")
    // "Total" is the export's own total: the invoice is checked against it.
    #expect(result.warnings.isEmpty, "\(result.warnings)")
    let wrong = run(text.replacingOccurrences(of: ",1080", with: ",1081"))
    #expect(wrong.invoices.isEmpty)
    #expect(
      wrong.errors.map(\.message) == [
        "the invoice's total is EUR 1080.00, but the export's total is EUR 1081.00 (-1.00)"
      ])
    #expect(wrong.errors.first?.field == "column \"Total\"")
  }

  @Test func exactNamesWinOverAliasesAndEachFieldTakesOneColumn() {
    let text = """
      Order ID,invoice_number,invoice_date,customer_name,Product,Item,quantity,unit_price,currency,tax_rate
      O-1,A,2026-01-01,X,Mug,Blue,1,5,EUR,19

      """
    let result = run(text)
    #expect(result.errors.isEmpty, "\(result.diagnostics)")
    #expect(result.invoices.map(\.number) == ["A"])
    #expect(result.invoices.first?.items.first?.description == "Mug")
    #expect(result.warnings.map(\.message) == ["2 columns not read: \"Order ID\", \"Item\""])
  }

  @Test func aliasTableIsUnambiguous() {
    var owner: [String: OrderField] = [:]
    for field in OrderField.allCases {
      for name in OrderField.aliases[field] ?? [] {
        let key = OrderField.aliasKey(name)
        #expect(owner[key] == nil || owner[key] == field, "\(name) is an alias of two fields")
        owner[key] = field
        #expect(OrderField(header: name) == nil || OrderField(header: name) == field, "\(name)")
      }
    }
    for ambiguous in ["name", "tax", "amount", "reference", "number", "vat", "notes", "discount"] {
      #expect(OrderField(alias: ambiguous) == nil, "\(ambiguous) must not be guessed")
    }
  }

  @Test func learnsTheDecimalCommaAndReadsDottedDates() {
    let text = """
      Rechnungsnummer;Datum;Kunde;Bezeichnung;Menge;Einzelpreis;MwSt-Satz;Währung
      R-1;01.03.2026;Müller GmbH;Beratung;2;1234,50;19;EUR
      R-1;01.03.2026;Müller GmbH;Reise;1,5;80;7;EUR
      R-2;02.03.2026;Müller GmbH;Reise;1;9.99;19;EUR
      R-3;02.03.2026;Müller GmbH;Reise;1;1.500;19;EUR

      """
    let result = run(text)
    #expect(result.invoices.map(\.number) == ["R-1", "R-3"])
    #expect(result.invoices.last?.items.first?.unitPrice.trimmedDescription == "1500")
    let invoice = result.invoices.first
    #expect(invoice?.issueDate.description == "2026-03-01")
    #expect(DateFormat.iso8601.parse(Array("1.3.2026".utf8))?.description == "2026-03-01")
    #expect(DateFormat.iso8601.parse(Array("31.02.2026".utf8)) == nil)
    #expect(invoice?.items.map { $0.quantity.trimmedDescription } == ["2", "1.5"])
    #expect(invoice?.totals.subtotal.description == "EUR 2589.00")
    #expect(
      result.errors.map(\.description) == [
        "error: orders.csv:4: column \"Einzelpreis\": \"9.99\" is not a number\nhint: this file writes decimals with \",\" (learned from line 2); set csv.decimalSeparator in the config if that is wrong"
      ])
  }

  @Test func aThousandsLookingNumberBeforeTheFirstDecimalCommaIsAnError() {
    let text = """
      invoice_number;invoice_date;customer_name;description;quantity;unit_price;currency;tax_rate
      A;2026-01-01;X;d;1;1.234;EUR;19
      B;2026-01-01;Y;d;1;9,99;EUR;19

      """
    let result = run(text)
    #expect(result.invoices.map(\.number) == ["B"])
    #expect(result.invalidInvoiceNumbers == ["A"])
    #expect(result.errors.first?.message.hasPrefix("\"1.234\" is ambiguous") == true)
  }

  @Test func aConfiguredSeparatorIsNeverOverridden() {
    let text = """
      invoice_number,invoice_date,customer_name,description,quantity,unit_price,currency,tax_rate
      A,2026-01-01,X,d,1,"9,99",EUR,19
      B,2026-01-01,Y,d,1,1.234,EUR,19

      """
    var options = ImportOptions()
    options.decimalSeparator = UInt8(ascii: ".")
    let result = run(text, options: options)
    #expect(result.invoices.map(\.number) == ["B"])
    #expect(result.invoices.first?.items.first?.unitPrice.trimmedDescription == "1.234")
    #expect(result.errors.map(\.message) == ["\"9,99\" is not a number"])
  }

  /// A price as a spreadsheet may export it, the file's other rows, and the value read (nil: an error).
  @Test(
    arguments: [
      ("1,234.50", "", "1234.5"),
      ("1.234,50", "", "1234.5"),
      ("1 234,50", "", "1234.5"),
      ("1\u{A0}234,50", "", "1234.5"),
      ("1'234.50", "", "1234.5"),
      ("1,234,567", "", "1234567"),
      ("-12,345.6", "", "-12345.6"),
      ("1,234", "", nil),  // 1.234 or 1234: refused until the file shows its decimal separator
      ("1,234", "Z,2026-01-01,Z,d,1,9.99,EUR,19\n", "1234"),
      ("1,23.50", "", nil),
      ("1,2345.50", "", nil),
      ("1,234.5.0", "", nil),
      ("1.234,50", "Z,2026-01-01,Z,d,1,9.99,EUR,19\n", nil),  // "." is already the decimal separator
    ] as [(String, String, String?)])
  func readsGroupedNumbersThatCanOnlyMeanOneThing(_ price: String, _ before: String, _ expected: String?) {
    let text =
      "invoice_number,invoice_date,customer_name,description,quantity,unit_price,currency,tax_rate\n"
      + before + "A,2026-01-01,X,d,1,\"\(price)\",EUR,19\n"
    let result = run(text)
    let item = result.invoices.first { $0.number == "A" }?.items.first
    #expect(item?.unitPrice.trimmedDescription == expected, "\(price): \(result.diagnostics)")
  }

  @Test func pricesWithACurrencyMarkAreCheckedAgainstTheInvoiceCurrency() {
    let text = """
      invoice_number,invoice_date,customer_name,description,quantity,unit_price,tax_rate,currency
      A,2026-01-01,X,d,1,"€1,234.50",19,
      B,2026-01-01,X,d,1,$-5.00,10,USD
      C,2026-01-01,X,d,1,-$5.00,10,CAD
      D,2026-01-01,X,d,1,€10.00,19,USD
      E,2026-01-01,X,d,1,USD 10.00,19,
      F,2026-01-01,X,d,1,100 kr,25,SEK
      G,2026-01-01,X,d,1,100 kr,25,
      H,2026-01-01,X,d,1,10 EUR 5,25,EUR
      I,2026-01-01,X,d,1,10 XYZ,25,EUR

      """
    let result = run(text)
    let prices = Dictionary(
      uniqueKeysWithValues: result.invoices.map {
        ($0.number, "\($0.currency.code) \($0.items[0].unitPrice.trimmedDescription)")
      })
    #expect(prices == ["A": "EUR 1234.5", "B": "USD -5", "C": "CAD -5", "E": "USD 10", "F": "SEK 100"])
    #expect(result.invalidInvoiceNumbers.sorted() == ["D", "G", "H", "I"])
    #expect(
      result.errors.first { $0.invoiceNumber == "D" }?.message
        == "the price is written in \"€\", but the invoice's currency is USD")
  }

  /// Slashed dates of a file, and the issue dates read (nil: refused as ambiguous).
  @Test(
    arguments: [
      (["12/1/2010 8:26", "12/13/2010 9:02"], ["2010-12-01", "2010-12-13"]),
      (["03/01/2026", "25/01/2026"], ["2026-01-03", "2026-01-25"]),
      (["03/01/2026", "05/01/2026"], nil),
      (["13/01/2026", "01/13/2026"], nil),
    ] as [([String], [String]?)])
  func slashedDatesFollowTheOrderTheFileShows(_ dates: [String], _ expected: [String]?) {
    var text = "invoice_number,invoice_date,customer_name,description,quantity,unit_price,currency,tax_rate\n"
    for (index, date) in dates.enumerated() { text += "N\(index),\(date),X,d,1,1,EUR,19\n" }
    let result = run(text)
    if let expected {
      #expect(result.invoices.map(\.issueDate.description) == expected, "\(result.diagnostics)")
    } else {
      #expect(result.invoices.isEmpty)
      #expect(result.errors.count == dates.count)
    }
  }

  @Test func aFractionalTaxRateWithoutPercentSignIsAnError() {
    let text = """
      invoice_number,invoice_date,customer_name,description,quantity,unit_price,currency,tax_rate
      A,2026-01-01,X,d,1,10,EUR,0.19
      B,2026-01-01,Y,d,1,10,EUR,0.5%
      C,2026-01-01,Z,d,1,10,EUR,0.19

      """
    let result = run(text)
    #expect(result.invoices.map(\.number) == ["B"])
    #expect(result.invoices.first?.totals.grandTotal.description == "EUR 10.05")
    #expect(result.errors.map(\.location.line) == [2, 4])
    #expect(result.errors.first?.hint == "write 19 for 19 %, or \"0.19%\" if the rate really is 0.19 %")
  }

  @Test func missingCurrencyWithoutDefaultIsAnError() {
    let text =
      "invoice_number,invoice_date,customer_name,description,quantity,unit_price,tax_rate\nA,2026-01-01,X,d,1,1,19\n"
    let result = run(text)
    #expect(result.invoices.isEmpty)
    #expect(result.errors.first?.message == "is empty in every row of invoice \"A\"")
  }

  @Test func aBadRowInvalidatesOnlyItsInvoice() {
    let text = """
      invoice_number,invoice_date,customer_name,description,quantity,unit_price,currency,tax_rate
      A,2026-01-01,X,d,12,5x,EUR,19
      B,2026-01-01,Y,d,1,1,EUR,19

      """
    let result = run(text)
    #expect(result.invoices.map(\.number) == ["B"])
    #expect(
      result.errors.map(\.description) == [
        "error: orders.csv:2: column \"unit_price\": \"5x\" is not a number"
      ])
  }

  @Test func readsAFileFromDisk() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("orders-\(UUID()).csv").path
    try Self.csv.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = OrdersCSVImporter().importFile(path, name: "orders.csv")
    #expect(result.invoices.count == 2)
    let missing = OrdersCSVImporter().importFile("/nonexistent/orders.csv")
    #expect(
      missing.errors.map(\.description) == [
        "error: /nonexistent/orders.csv: cannot read: No such file or directory"
      ])
  }
}

@Suite struct InvoiceJSONImporterTests {
  func run(_ text: String, options: ImportOptions = ImportOptions()) -> InvoiceImport {
    InvoiceJSONImporter(options: options).importBytes(Array(text.utf8), name: "invoices.json")
  }

  static let invoice = """
    {"invoiceNumber": "J-1", "invoiceDate": "2026-04-01", "dueDate": "2026-04-15", "currency": "EUR",
     "customer": {"name": "Café Zürich", "address": ["Bahnhofstr. 1", "8001 Zürich"], "vatId": "CHE-123"},
     "items": [
       {"description": "Beans", "quantity": 0.1, "unitPrice": "12345678901234.56", "taxRate": 7.7},
       {"description": "Cups", "quantity": "3", "unitPrice": 2.5, "taxRate": "7.7%", "discount": 10}
     ]}
    """

  @Test(arguments: ["\(invoice)", "[\(invoice)]", "{\"invoices\": [\(invoice)]}"])
  func acceptsTheThreeShapes(_ text: String) throws {
    let result = run(text)
    #expect(result.errors.isEmpty, "\(result.diagnostics)")
    let invoice = try #require(result.invoices.first)
    #expect(invoice.number == "J-1")
    #expect(invoice.customer.address == ["Bahnhofstr. 1", "8001 Zürich"])
    #expect(invoice.items[0].quantity.description == "0.1")
    #expect(invoice.items[0].unitPrice.description == "12345678901234.56")
    #expect(invoice.totals.lineAmounts.map(\.amount.description) == ["1234567890123.46", "6.75"])
  }

  @Test func aFractionWrittenForAPercentageIsRefused() {
    let fraction = run(
      Self.invoice.replacingOccurrences(of: "\"taxRate\": 7.7}", with: "\"taxRate\": 0.077}"))
    #expect(fraction.invoices.isEmpty)
    #expect(
      fraction.errors.map(\.description) == [
        "error: invoices.json:4:91: $.items[0].taxRate: 0.077 would be a tax rate of 0.077 %; rates are in percent\nhint: write 7.7 for 7.7 %, or \"0.077%\" if the rate really is 0.077 %"
      ])
    let withSign = run(
      Self.invoice.replacingOccurrences(of: "\"taxRate\": 7.7}", with: "\"taxRate\": \"0.5%\"}"))
    #expect(withSign.errors.isEmpty, "\(withSign.diagnostics)")
    #expect(withSign.invoices.first?.items[0].taxRate.trimmedDescription == "0.5")
  }

  @Test func keysInOtherStylesAreRead() throws {
    let text = """
      [{"invoice_number": "S-1", "Invoice-Date": "2026-03-01", "currency": "EUR",
        "customer": {"name": "Snake GmbH", "vat_id": "DE1"},
        "items": [{"description": "A", "quantity": 1, "unit_price": "10.00", "TAX_RATE": 19}]}]
      """
    let result = run(text)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let invoice = try #require(result.invoices.first)
    #expect(invoice.number == "S-1")
    #expect(invoice.customer.vatId == "DE1")
    #expect(invoice.totals.grandTotal.description == "EUR 11.90")
  }

  @Test func anInvoiceWithoutANumberIsCountedByItsPath() {
    let result = run(
      #"[{"invoiceDate": "2026-01-01", "currency": "EUR", "customer": {"name": "X"}, "items": []}]"#)
    #expect(result.invalidInvoiceNumbers == ["$[0]"])
    #expect(result.errors.first?.message == "the key \"invoiceNumber\" is missing")
  }

  @Test func syntaxErrorsHaveLineAndColumn() {
    let result = run("{\n  \"invoiceNumber\": \"A\",\n  \"currency\" \"EUR\"\n}")
    #expect(
      result.errors.map(\.description) == ["error: invoices.json:3:14: expected : after the key \"currency\""]
    )
  }

  @Test func tooLongNumbersAreErrorsNotTruncations() {
    let text = Self.invoice.replacingOccurrences(
      of: "\"12345678901234.56\"", with: "1234567890123456789012345678901234567890.5")
    let result = run(text)
    #expect(result.invoices.isEmpty)
    #expect(result.errors.first?.message == "1234567890123456789012345678901234567890.5 is too large")
    #expect(result.errors.first?.field == "$.items[0].unitPrice")
  }

  @Test func duplicateNumbersInvalidateTheSecond() {
    let result = run("[\(Self.invoice), \(Self.invoice)]")
    #expect(result.invoices.count == 1)
    #expect(
      result.errors.first?.description
        == "error: invoices.json:6:6: $[1]: invoice number \"J-1\" is used again (first at invoices.json:1:2)\nhint: invoice numbers must be unique"
    )
  }
}
