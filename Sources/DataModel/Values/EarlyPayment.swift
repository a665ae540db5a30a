/// A discount for early payment (Skonto): `percent` off when paid within `days` of the invoice date.
///
/// Read from the config's `defaults.earlyPayment`; the layouts print the date and the amount, the
/// e-invoice writers state the terms (XRechnung's `#SKONTO#` line in BT-20, UBL's and CII's terms).
public struct EarlyPaymentTerms: Sendable, Hashable {
  /// The discount in percent of the amount due (2 for 2 %).
  public var percent: ExactDecimal
  /// The days after the invoice date within which the discount may be taken.
  public var days: Int

  public init(percent: ExactDecimal, days: Int) {
    self.percent = percent
    self.days = days
  }

  /// The terms applied to one invoice: the last day, the discount and what is left to pay.
  public func applied(to invoice: Invoice, amountDue: Money) -> EarlyPayment? {
    let minorUnits = amountDue.currency.minorUnits
    guard !invoice.isCreditNote,
      let product = amountDue.amount.multiplied(by: percent),
      let fraction = product.divided(by: ExactDecimal(100), scale: product.scale + 2)
    else { return nil }
    let discount = fraction.rounded(toScale: minorUnits)
    guard let rest = amountDue.amount.subtracting(discount) else { return nil }
    return EarlyPayment(
      terms: self, date: invoice.issueDate.adding(days: days), discount: Money(discount, amountDue.currency),
      amount: Money(rest, amountDue.currency))
  }
}

/// An invoice's early payment discount: pay `amount` instead of the amount due by `date`.
public struct EarlyPayment: Sendable, Hashable {
  public var terms: EarlyPaymentTerms
  /// The last day the discount may be taken.
  public var date: CalendarDate
  /// The discount, rounded half away from zero to the currency's minor units.
  public var discount: Money
  /// The amount due less the discount.
  public var amount: Money
}
