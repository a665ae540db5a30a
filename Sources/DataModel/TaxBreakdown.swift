/// The VAT of one rate on an invoice: the net amount taxed at the rate, the rate, and the tax.
public struct TaxBreakdown: Hashable, Sendable {
  /// The rate in percent.
  public var rate: ExactDecimal
  /// The net amount taxed at this rate.
  public var net: Money
  /// The tax at this rate.
  public var tax: Money

  /// Net plus tax.
  public var gross: Money { Money(net.amount.adding(tax.amount) ?? net.amount, net.currency) }
}

/// The amounts of an invoice, computed once by the rules written in `InvoiceTotals.compute`.
public struct InvoiceTotals: Hashable, Sendable {
  /// Each line's amount in item order: net, or gross when prices include tax.
  public var lineAmounts: [Money]
  /// One entry per tax rate, in increasing rate order.
  public var taxes: [TaxBreakdown]
  /// The sum of the net amounts.
  public var subtotal: Money
  /// The sum of the per-rate taxes.
  public var taxTotal: Money
  /// What the customer pays; negative for a credit note.
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

  /// The totals of `items` in `currency`.
  ///
  /// The rules, also in the README:
  /// - Line amount = quantity × unit price × (1 − discount/100), rounded half away from zero to the
  ///   currency's minor units.
  /// - Net prices: per rate, tax = (sum of line nets at the rate) × rate/100, rounded half away from
  ///   zero; subtotal = sum of line nets; grand total = subtotal + sum of taxes.
  /// - Gross prices: per rate, tax = (sum of line grosses) × rate/(100 + rate), rounded half away from
  ///   zero, and net = gross − tax; grand total = sum of line grosses.
  public static func compute(
    items: [LineItem], currency: Currency, pricesIncludeTax: Bool
  ) -> Result<InvoiceTotals, Failure> {
    let minor = currency.minorUnits
    let hundred = ExactDecimal(100)
    var lineAmounts: [Money] = []
    lineAmounts.reserveCapacity(items.count)
    // Few rates per invoice: a short list searched in order beats hashing decimals.
    var rates: [ExactDecimal] = []
    var sums: [ExactDecimal] = []
    // The running total of the line amounts must stay exact too: it is printed at page breaks.
    var running = ExactDecimal.zero
    // By index: reading the four decimals in place copies no item (and retains no item's SKU box).
    for index in items.indices {
      let taxRate = items[index].taxRate
      guard let factor = hundred.subtracting(items[index].discount),
        let product = items[index].quantity.multiplied(by: items[index].unitPrice)?.multiplied(by: factor)
      else { return .failure(.overflow) }
      // Dividing by 100 is exact: the same units two decimal places further right.
      let exact =
        product.scale + 2 <= 36
        ? ExactDecimal(units: product.units, scale: product.scale + 2)
        : ExactDecimal(units: product.units, scale: product.scale).divided(by: hundred, scale: 36)!
      let amount = exact.rounded(toScale: minor)
      guard let sum = running.adding(amount) else { return .failure(.overflow) }
      running = sum
      lineAmounts.append(Money(amount, currency))
      if let known = rates.firstIndex(of: taxRate) {
        guard let sum = sums[known].adding(amount) else { return .failure(.overflow) }
        sums[known] = sum
      } else {
        rates.append(taxRate)
        sums.append(amount)
      }
    }
    var taxes: [TaxBreakdown] = []
    var subtotal = ExactDecimal.zero
    var taxTotal = ExactDecimal.zero
    var grand = ExactDecimal.zero
    for index in rates.indices.sorted(by: { rates[$0] < rates[$1] }) {
      let rate = rates[index]
      let base = sums[index]
      let tax: ExactDecimal
      let net: ExactDecimal
      if pricesIncludeTax {
        guard let divisor = hundred.adding(rate), let scaled = base.multiplied(by: rate),
          let quotient = scaled.divided(by: divisor, scale: minor), let rest = base.subtracting(quotient)
        else { return .failure(.overflow) }
        tax = quotient
        net = rest
      } else {
        guard let scaled = base.multiplied(by: rate) else { return .failure(.overflow) }
        tax = ExactDecimal(units: scaled.units, scale: scaled.scale + 2).rounded(toScale: minor)
        net = base
      }
      guard let newSubtotal = subtotal.adding(net), let newTax = taxTotal.adding(tax),
        let newGrand = grand.adding(pricesIncludeTax ? base : net)
      else { return .failure(.overflow) }
      subtotal = newSubtotal
      taxTotal = newTax
      grand = newGrand
      taxes.append(TaxBreakdown(rate: rate, net: Money(net, currency), tax: Money(tax, currency)))
    }
    if !pricesIncludeTax {
      guard let total = subtotal.adding(taxTotal) else { return .failure(.overflow) }
      grand = total
    }
    return .success(
      InvoiceTotals(
        lineAmounts: lineAmounts, taxes: taxes, subtotal: Money(subtotal, currency),
        taxTotal: Money(taxTotal, currency), grandTotal: Money(grand, currency)))
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
