/// The rules every reader applies to invoice values: CSV, JSON and the config's defaults say the same thing.
///
/// Each check returns nil for a good value, or the message and hint of the problem; the reader
/// adds where it was (file, line, column or key path) and whose invoice it fails.
public enum InvoiceRules {
  /// What is wrong with a value, for a person.
  public struct Violation: Error, Hashable, Sendable {
    public var message: String
    public var hint: String?

    public init(_ message: String, hint: String? = nil) {
      self.message = message
      self.hint = hint
    }
  }

  /// The currency with ISO 4217 `code`, or written as a symbol only one currency uses (`€`, `US$`), or why there is none.
  ///
  /// A symbol several currencies use (`$`, `kr`, `£`) is refused, naming them: guessing would be a
  /// silent conversion.
  public static func currency(_ code: String) -> Result<Currency, Violation> {
    let written = code.trimmingSpaces
    if let known = Currency(code: written) { return .success(known) }
    if let codes = CurrencyMark.currencies(for: written) {
      if codes.count == 1, let only = codes.first.flatMap({ Currency(code: $0) }) { return .success(only) }
      let some = codes.sorted().prefix(4).joined(separator: ", ")
      return .failure(
        Violation(
          "\(Diagnostic.quote(written)) stands for several currencies (\(some)\(codes.count > 4 ? "…" : ""))",
          hint: "write the ISO 4217 code, such as USD"))
    }
    return .failure(
      Violation(
        "\(Diagnostic.quote(code)) is not an ISO 4217 currency code",
        hint: "use a code such as EUR, USD or JPY"))
  }

  /// Why `tag` is not a locale the documents can use, or nil (see `LocaleTag`).
  public static func locale(_ tag: String) -> Violation? {
    guard let problem = LocaleTag.problem(tag) else { return nil }
    return Violation(
      "\(Diagnostic.quote(tag)) is not a locale: it \(problem)",
      hint: "use a BCP 47 tag such as de-DE, fr or zh-Hans")
  }

  /// The highest tax rate in percent accepted.
  public static let maxTaxRate = ExactDecimal(1000)

  /// Why `rate` (in percent) is not a tax rate; `hasPercentSign` is whether it was written with `%`.
  ///
  /// A rate between 0 and 1 without `%` is refused: it is a fraction written for a percentage
  /// (0.19 for 19 %), and reading it as 0.19 % would silently undercharge tax.
  public static func taxRate(_ rate: ExactDecimal, hasPercentSign: Bool) -> Violation? {
    if rate.isNegative || rate > maxTaxRate {
      return Violation("\(rate.trimmedDescription) is not a tax rate in percent")
    }
    if rate.looksLikeFractionRate, !hasPercentSign {
      let (message, hint) = rate.fractionRateMessage
      return Violation(message, hint: hint)
    }
    return nil
  }

  /// Why `discount` (in percent) is not a discount.
  public static func discount(_ discount: ExactDecimal) -> Violation? {
    guard discount.isNegative || discount > ExactDecimal(100) else { return nil }
    return Violation("\(discount.trimmedDescription) is not a discount between 0 and 100 percent")
  }

  /// Why `amount` is not a money discount off a line of `quantity` × `unitPrice` with a percent `discount`.
  ///
  /// The amount is zero or more, at most the line's amount, and not given with a percent discount.
  public static func discountAmount(
    _ amount: ExactDecimal, percent: ExactDecimal, quantity: ExactDecimal?, unitPrice: ExactDecimal?
  ) -> Violation? {
    if amount.isNegative {
      return Violation("\(amount.trimmedDescription) is negative; a discount amount is taken off the line")
    }
    if !percent.isZero, !amount.isZero {
      return Violation(
        "the item has a discount in percent and one in money",
        hint: "give either discount (percent) or discount_amount (money), not both")
    }
    if let quantity, let unitPrice, let line = quantity.multiplied(by: unitPrice), !line.isNegative,
      line < amount
    {
      return Violation(
        "\(amount.trimmedDescription) is more than the line's amount \(line.trimmedDescription)",
        hint: "discount_amount is the money taken off the whole line; a percent goes in discount")
    }
    return nil
  }

  /// Why the computed grand total of `invoice` is not `expected` (to the minor unit), or nil when it matches.
  public static func reconcile(_ invoice: Invoice, expected: ExactDecimal) -> Violation? {
    let computed = invoice.totals.grandTotal
    let wanted = Money(expected, invoice.currency)
    guard wanted.amount != computed.amount else { return nil }
    let difference = computed.amount.subtracting(wanted.amount).map { Money($0, invoice.currency) }
    let by = difference.map { " (\($0.amount.isNegative ? "" : "+")\($0.amount))" } ?? ""
    return Violation(
      "the invoice's total is \(computed), but the export's total is \(wanted)\(by)")
  }

  /// The status `text` stands for: the config's `statuses` mapping first, then the statuses shops write.
  public static func status(_ text: String, mapping: [String: OrderStatus]) -> Result<OrderStatus, Violation>
  {
    if let mapped = mapping[text.trimmingSpaces.lowercased()] { return .success(mapped) }
    if let known = OrderStatus(text: text) { return .success(known) }
    return .failure(
      Violation(
        "\(Diagnostic.quote(text)) is not an order status invoicegen knows",
        hint:
          "map it in the config's \"statuses\" to one of paid, pending, partially_refunded, refunded, voided, cancelled"
      ))
  }

  /// The VAT category codes of UNCL5305 that EN 16931 allows, with their meaning.
  public static let taxCategories: [String: String] = [
    "S": "standard rate", "Z": "zero rated goods", "E": "exempt from tax", "AE": "VAT reverse charge",
    "K": "intra-community supply", "G": "export outside the EU", "O": "outside the scope of VAT",
    "L": "Canary Islands IGIC", "M": "Ceuta and Melilla IPSI",
  ]

  /// Why `code` is not a VAT category code of EN 16931.
  public static func taxCategory(_ code: String) -> Violation? {
    guard taxCategories[code.trimmingSpaces.uppercased()] == nil else { return nil }
    return Violation(
      "\(Diagnostic.quote(code)) is not a VAT category code",
      hint:
        "use one of S (standard), Z (zero rated), E (exempt), AE (reverse charge), K (intra-community), G (export), O (not subject), L, M"
    )
  }

  /// Why a text field of `bytes` UTF-8 bytes is too long, or nil.
  public static func textLength(_ bytes: Int) -> Violation? {
    guard bytes > InputLimits.fieldBytes else { return nil }
    return Violation("is \(bytes) bytes long; a field may have at most \(InputLimits.fieldBytes)")
  }
}
