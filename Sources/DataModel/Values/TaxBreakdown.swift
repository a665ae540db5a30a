/// The tax of one rate on an invoice: the net amount taxed at the rate, the rate, and the tax.
public struct TaxBreakdown: Hashable, Sendable {
  /// The rate in percent; nil for tax an export gave without naming its rate.
  public var rate: ExactDecimal?
  /// The net amount taxed at this rate.
  public var net: Money
  /// The tax at this rate.
  public var tax: Money
  /// The export's name for tax it gave ("California State Tax 7.25%"), nil for computed tax.
  public var name: String?

  public init(rate: ExactDecimal?, net: Money, tax: Money, name: String? = nil) {
    self.rate = rate
    self.net = net
    self.tax = tax
    self.name = name
  }

  /// Net plus tax.
  public var gross: Money { Money(net.amount.adding(tax.amount) ?? net.amount, net.currency) }
}

/// The amounts of an invoice, computed once by the rules written in `InvoiceTotals.compute`.
public struct InvoiceTotals: Hashable, Sendable {
  /// Each line's amount in item order: net, or gross when prices include tax.
  public var lineAmounts: [Money]
  /// The charges and allowances with their amounts rounded and each one's tax rate decided.
  public var allowancesCharges: [AllowanceCharge]
  /// One entry per tax rate, in increasing rate order (one entry for tax the export gave).
  public var taxes: [TaxBreakdown]
  /// The three sums below as bare amounts: a million invoices are held at once, and each `Money` repeats the currency.
  private var lineSum, allowanceSum, chargeSum: ExactDecimal
  /// The sum of the line amounts (EN 16931 BT-106): net, or gross when prices include tax.
  public var lineTotal: Money { Money(lineSum, grandTotal.currency) }
  /// The sum of the allowances (BT-107), positive.
  public var allowanceTotal: Money { Money(allowanceSum, grandTotal.currency) }
  /// The sum of the charges (BT-108).
  public var chargeTotal: Money { Money(chargeSum, grandTotal.currency) }
  /// The net amount taxed: lines − allowances + charges, without tax (BT-109).
  public var subtotal: Money
  /// The sum of the per-rate taxes (BT-110).
  public var taxTotal: Money
  /// What the customer pays (BT-112); negative for a credit note.
  public var grandTotal: Money

  /// The sum of the line amounts up to and including each line: the "carried forward" total after it.
  ///
  /// Exact: `compute` checked that no partial sum overflows, so none is ever rounded or replaced.
  public var runningTotals: [Money] {
    var sum = ExactDecimal.zero
    return lineAmounts.map { line in
      sum = sum.adding(line.amount)!
      return Money(sum, line.currency)
    }
  }

  /// Why totals could not be computed.
  public enum Failure: Error, Hashable, Sendable {
    case overflow
  }

  /// The totals of `items` and `allowancesCharges` in `currency`, with the tax computed or `given`.
  ///
  /// The rules, also in docs/formats.md:
  /// - Line amount = quantity × unit price × (1 − discount/100) − discount amount, rounded half away
  ///   from zero to the currency's minor units.
  /// - Charges and allowances are rounded the same way; one without a tax rate is taxed at the
  ///   invoice's main rate: the rate of the largest sum of line amounts (the higher rate on a tie).
  /// - Per rate, the base = lines at the rate − allowances at the rate + charges at the rate.
  /// - Net prices: per rate, tax = base × rate/100, rounded half away from zero; subtotal = sum of
  ///   the bases; grand total = subtotal + sum of taxes.
  /// - Gross prices: per rate, tax = base × rate/(100 + rate), rounded half away from zero, and
  ///   net = base − tax; grand total = sum of the bases.
  /// - Given tax (an export's own per-invoice tax): one tax line of the given amount on the whole
  ///   base; net prices: grand total = base + tax; gross prices: net = base − tax, grand total = base.
  public static func compute(
    items: [LineItem], allowancesCharges: [AllowanceCharge] = [], givenTax: GivenTax? = nil,
    currency: Currency, pricesIncludeTax: Bool
  ) -> Result<InvoiceTotals, Failure> {
    do throws(Failure) {
      var bases = RateBases()
      let (lineAmounts, lineSum) = try lineAmounts(items, currency: currency, bases: &bases)
      var charges = allowancesCharges
      let (allowanceSum, chargeSum) = try applyCharges(
        &charges, givenTax: givenTax, minor: currency.minorUnits, bases: &bases)
      let tax: TaxTotals
      if let givenTax {
        tax = try TaxTotals.given(
          givenTax, lines: lineSum, charges: chargeSum, allowances: allowanceSum, currency: currency,
          pricesIncludeTax: pricesIncludeTax)
      } else {
        tax = try TaxTotals.computed(bases, currency: currency, pricesIncludeTax: pricesIncludeTax)
      }
      return .success(
        InvoiceTotals(
          lineAmounts: lineAmounts, allowancesCharges: charges, taxes: tax.taxes, lineSum: lineSum,
          allowanceSum: allowanceSum, chargeSum: chargeSum, subtotal: Money(tax.subtotal, currency),
          taxTotal: Money(tax.taxTotal, currency), grandTotal: Money(tax.grand, currency)))
    } catch {
      return .failure(error)
    }
  }

  /// Each line's amount (quantity × price × (1 − discount/100) − discount amount, rounded), added to its rate's base.
  private static func lineAmounts(_ items: [LineItem], currency: Currency, bases: inout RateBases)
    throws(Failure)
    -> (amounts: [Money], sum: ExactDecimal)
  {
    let hundred = ExactDecimal(100)
    var lineAmounts: [Money] = []
    lineAmounts.reserveCapacity(items.count)
    // The running total of the line amounts must stay exact too: it is printed at page breaks.
    var running = ExactDecimal.zero
    // By index: reading the four decimals in place copies no item (and retains no item's SKU box).
    for index in items.indices {
      guard let factor = hundred.subtracting(items[index].discount),
        let product = items[index].quantity.multiplied(by: items[index].unitPrice)?.multiplied(by: factor)
      else { throw .overflow }
      // Dividing by 100 is exact: the same units two decimal places further right.
      var exact =
        product.scale + 2 <= 36
        ? ExactDecimal(units: product.units, scale: product.scale + 2)
        : ExactDecimal(units: product.units, scale: product.scale).divided(by: hundred, scale: 36)!
      let off = items[index].discountAmount
      if !off.isZero {
        guard let rest = exact.subtracting(off) else { throw .overflow }
        exact = rest
      }
      // A received invoice's line amount is taken as stated.
      let amount = items[index].statedAmount ?? exact.rounded(toScale: currency.minorUnits)
      guard let sum = running.adding(amount) else { throw .overflow }
      running = sum
      lineAmounts.append(Money(amount, currency))
      try bases.add(amount, at: items[index].taxRate)
    }
    return (lineAmounts, running)
  }

  /// Rounds the charges and allowances, gives each without a rate the main rate, and adds them to their rate's base.
  ///
  /// The main rate is the rate of the largest sum of line amounts, the higher rate on a tie. With a
  /// given tax no charge has a rate. Returns the sums of the allowances and of the charges.
  private static func applyCharges(
    _ charges: inout [AllowanceCharge], givenTax: GivenTax?, minor: Int, bases: inout RateBases
  ) throws(Failure) -> (allowances: ExactDecimal, charges: ExactDecimal) {
    var allowanceTotal = ExactDecimal.zero
    var chargeTotal = ExactDecimal.zero
    guard !charges.isEmpty else { return (allowanceTotal, chargeTotal) }
    let main = bases.mainRate
    for index in charges.indices {
      charges[index].amount = charges[index].amount.rounded(toScale: minor)
      if givenTax == nil, charges[index].taxRate == nil { charges[index].taxRate = main ?? .zero }
      if givenTax != nil { charges[index].taxRate = nil }
      let charge = charges[index]
      if charge.kind == .charge {
        guard let sum = chargeTotal.adding(charge.amount) else { throw .overflow }
        chargeTotal = sum
      } else {
        guard let sum = allowanceTotal.adding(charge.amount) else { throw .overflow }
        allowanceTotal = sum
      }
      guard givenTax == nil, let rate = charge.taxRate else { continue }
      try bases.add(charge.signedAmount, at: rate)
    }
    return (allowanceTotal, chargeTotal)
  }
}

/// The taxable base of each tax rate, in the order the rates first appear.
///
/// Few rates per invoice: a short list searched in order beats hashing decimals.
struct RateBases {
  private(set) var rates: [ExactDecimal] = []
  private(set) var sums: [ExactDecimal] = []

  mutating func add(_ amount: ExactDecimal, at rate: ExactDecimal) throws(InvoiceTotals.Failure) {
    if let known = rates.firstIndex(of: rate) {
      guard let sum = sums[known].adding(amount) else { throw .overflow }
      sums[known] = sum
    } else {
      rates.append(rate)
      sums.append(amount)
    }
  }

  /// The rate of the largest base, the higher rate on a tie; nil without lines.
  var mainRate: ExactDecimal? {
    rates.indices.max {
      let (a, b) = (sums[$0].magnitude, sums[$1].magnitude)
      return a == b ? rates[$0] < rates[$1] : a < b
    }.map { rates[$0] }
  }
}

/// The tax lines and the subtotal, tax total and grand total of an invoice.
struct TaxTotals {
  var taxes: [TaxBreakdown] = []
  var subtotal = ExactDecimal.zero
  var taxTotal = ExactDecimal.zero
  var grand = ExactDecimal.zero

  /// One tax line of the export's own amount on the whole base.
  static func given(
    _ givenTax: GivenTax, lines: ExactDecimal, charges: ExactDecimal, allowances: ExactDecimal,
    currency: Currency,
    pricesIncludeTax: Bool
  ) throws(InvoiceTotals.Failure) -> TaxTotals {
    guard let base = lines.adding(charges)?.subtracting(allowances) else { throw .overflow }
    let tax = givenTax.amount.rounded(toScale: currency.minorUnits)
    var totals = TaxTotals()
    if pricesIncludeTax {
      guard let net = base.subtracting(tax) else { throw .overflow }
      totals.subtotal = net
      totals.grand = base
    } else {
      guard let total = base.adding(tax) else { throw .overflow }
      totals.subtotal = base
      totals.grand = total
    }
    totals.taxTotal = tax
    totals.taxes.append(
      TaxBreakdown(
        rate: givenTax.rate, net: Money(totals.subtotal, currency), tax: Money(tax, currency),
        name: givenTax.name))
    return totals
  }

  /// A tax line per rate, lowest first: tax = base × rate/100 on net prices, base × rate/(100 + rate) on gross ones.
  static func computed(_ bases: RateBases, currency: Currency, pricesIncludeTax: Bool) throws(InvoiceTotals
    .Failure)
    -> TaxTotals
  {
    let hundred = ExactDecimal(100)
    let minor = currency.minorUnits
    var totals = TaxTotals()
    for index in bases.rates.indices.sorted(by: { bases.rates[$0] < bases.rates[$1] }) {
      let rate = bases.rates[index]
      let base = bases.sums[index]
      let tax: ExactDecimal
      let net: ExactDecimal
      if pricesIncludeTax {
        guard let divisor = hundred.adding(rate), let scaled = base.multiplied(by: rate),
          let quotient = scaled.divided(by: divisor, scale: minor), let rest = base.subtracting(quotient)
        else { throw .overflow }
        tax = quotient
        net = rest
      } else {
        guard let scaled = base.multiplied(by: rate) else { throw .overflow }
        tax = ExactDecimal(units: scaled.units, scale: scaled.scale + 2).rounded(toScale: minor)
        net = base
      }
      guard let subtotal = totals.subtotal.adding(net), let taxTotal = totals.taxTotal.adding(tax),
        let grand = totals.grand.adding(pricesIncludeTax ? base : net)
      else { throw .overflow }
      totals.subtotal = subtotal
      totals.taxTotal = taxTotal
      totals.grand = grand
      totals.taxes.append(TaxBreakdown(rate: rate, net: Money(net, currency), tax: Money(tax, currency)))
    }
    if !pricesIncludeTax {
      guard let total = totals.subtotal.adding(totals.taxTotal) else { throw .overflow }
      totals.grand = total
    }
    return totals
  }
}

extension ExactDecimal {
  /// Whether a tax rate in percent is between 0 and 1 exclusive, as a fraction written for a percentage is (0.19 for 19 %).
  ///
  /// Such a rate is refused unless written with `%`, because reading `0.19` as 0.19 % would
  /// silently undercharge tax; no VAT or sales tax rate is that small.
  public var looksLikeFractionRate: Bool {
    !isNegative && self != .zero && self < ExactDecimal(1)
  }

  /// The message for a tax rate that `looksLikeFractionRate`.
  var fractionRateMessage: (message: String, hint: String) {
    let percent = multiplied(by: ExactDecimal(100))?.trimmedDescription ?? "19"
    return (
      "\(trimmedDescription) would be a tax rate of \(trimmedDescription) %; rates are in percent",
      "write \(percent) for \(percent) %, or \"\(trimmedDescription)%\" if the rate really is \(trimmedDescription) %"
    )
  }
}
