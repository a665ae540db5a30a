/// What a received invoice says, in EN 16931's terms, before it becomes an `Invoice`: both syntaxes fill it.
struct ReceivedDraft {
  /// One invoice line (BG-25).
  struct Line {
    var id = ""
    var name = ""
    var note: String?
    var sku: String?
    var quantity = ExactDecimal.zero
    var unitCode: String?
    /// The net price (BT-146) for `basisQuantity` units (BT-149, 1 when not given).
    var netPrice = ExactDecimal.zero
    var basisQuantity: ExactDecimal?
    /// The gross price (BT-148) and the discount off it (BT-147), when given.
    var grossPrice: ExactDecimal?
    /// Line allowances (BG-27) and charges (BG-28), summed.
    var allowance = ExactDecimal.zero
    var charge = ExactDecimal.zero
    var category = "S"
    var rate: ExactDecimal?
    /// The net amount (BT-131).
    var amount = ExactDecimal.zero
    var period: (start: CalendarDate?, end: CalendarDate?)?
    /// Item attributes (BG-32) as name and value.
    var attributes: [(String, String)] = []
    var line = 0
  }

  /// A document-level allowance (BG-20) or charge (BG-21).
  struct Charge {
    var isCharge: Bool
    var amount: ExactDecimal
    var reason: String?
    var category: String?
    var rate: ExactDecimal?
  }

  var number: String?
  var typeCode = "380"
  var isCreditNoteDocument = false
  var issueDate: CalendarDate?
  var dueDate: CalendarDate?
  var currencyCode: String?
  var currencyLine = 0
  var notes: [String] = []
  var specification: String?
  var buyerReference: String?
  var orderReference: String?
  var precedingInvoice: String?
  var precedingInvoiceDate: CalendarDate?
  var deliveryDate: CalendarDate?
  var periodStart: CalendarDate?
  var periodEnd: CalendarDate?
  var seller = Party(name: "")
  var buyer = Party(name: "")
  var bank: BankAccount?
  var paymentReference: String?
  var paymentTerms: String?
  var lines: [Line] = []
  var charges: [Charge] = []
  /// Payments by third parties the amount due includes (XRechnung extension BG-DEX-09).
  var thirdPartyPayments: [ExactDecimal] = []
  var stated: StatedTotals?
  var details: [ReceivedInvoice.Detail] = []
  var warnings: [String] = []
  /// Whether the lines' units are words as printed (FA(3)'s P_8A), not UN/ECE Rec 20 codes.
  var unitsAreWords = false
  /// Why the exempt supplies are exempt (FA(3)'s P_19A, B or C), for the breakdown.
  var exemptionReason: String?

  /// Adds a "more" entry when `value` is given.
  mutating func detail(_ term: String, _ label: String, _ value: String?) {
    guard let value, !value.isEmpty else { return }
    details.append(ReceivedInvoice.Detail(term: term, label: label, value: value))
  }
}

/// Reads values out of a received invoice's elements, throwing errors that name the file, line and business term.
struct ReceivedFields {
  let file: String

  func fail(_ element: XMLElement?, _ message: String) -> ReceivedInvoiceError {
    ReceivedInvoiceError(file: file, line: element?.line, message: message)
  }

  /// The text of `element`, or an error naming the missing `term` under `parent`.
  func required(_ element: XMLElement?, _ term: String, in parent: XMLElement) throws(ReceivedInvoiceError)
    -> String
  {
    guard let element, !element.text.isEmpty else {
      throw fail(parent, "\(term) is missing in <\(parent.name)>")
    }
    return element.text
  }

  /// `element`'s text as an exact decimal, nil when the element is absent; an error when it is not a decimal.
  func decimal(_ element: XMLElement?, _ term: String) throws(ReceivedInvoiceError) -> ExactDecimal? {
    guard let element else { return nil }
    guard let value = ExactDecimal(element.text) else {
      throw fail(element, "\(term) <\(element.name)> is not a decimal number: \"\(element.text.prefix(40))\"")
    }
    return value
  }

  /// `element`'s decimal, or an error naming the missing `term` under `parent`.
  func requiredDecimal(_ element: XMLElement?, _ term: String, in parent: XMLElement)
    throws(ReceivedInvoiceError) -> ExactDecimal
  {
    guard let value = try decimal(element, term) else {
      throw fail(parent, "\(term) is missing in <\(parent.name)>")
    }
    return value
  }

  /// A date as `YYYYMMDD` (CII format 102) or `YYYY-MM-DD` (UBL); nil when absent, an error when unreadable.
  func date(_ element: XMLElement?, _ term: String) throws(ReceivedInvoiceError) -> CalendarDate? {
    guard let element, !element.text.isEmpty else { return nil }
    let digits = element.text.filter { $0 != "-" }
    guard digits.count == 8, digits.allSatisfy(\.isASCII), let number = Int(digits),
      let date = CalendarDate(year: number / 10000, month: number / 100 % 100, day: number % 100)
    else { throw fail(element, "\(term) <\(element.name)> is not a date: \"\(element.text.prefix(40))\"") }
    return date
  }
}
