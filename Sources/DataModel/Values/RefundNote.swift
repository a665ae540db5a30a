/// The credit note for the refunded part of an invoice whose order was partly refunded.
///
/// Shop exports give the amount refunded, not which items or which tax: the refund is split over
/// the invoice's tax rates in proportion to each rate's share of the total (the parts add up to
/// the refund exactly), each part a line whose net price and its rate's tax make that part (net
/// prices, as e-invoices want them). An invoice whose tax is one given amount (US sales tax) gets
/// one line and that tax's share. The note is numbered `<number>-CN`, names the invoice it
/// corrects, carries its references (`Invoice.correction`) and is dated like it (the export has no
/// refund date).
public enum RefundNote {
  /// Why no credit note can be made.
  public enum Refusal: Error, Hashable, Sendable {
    /// The refund is more than the invoice's total (or the total is not positive).
    case moreThanTheTotal
    /// The amounts are too large to compute exactly.
    case overflow
    /// No net price makes this part of the refund with its rate's tax (an invoice of one rate has no other part to trade a cent with).
    case noNetPrice(gross: ExactDecimal, rate: ExactDecimal)
  }

  /// The credit note refunding `refunded` (positive) of `invoice`.
  public static func make(for invoice: Invoice, refunded: ExactDecimal) -> Result<Invoice, Refusal> {
    let currency = invoice.currency
    let total = invoice.totals.grandTotal.amount
    guard !total.isNegative, !total.isZero, !refunded.isNegative, !(total < refunded) else {
      return .failure(.moreThanTheTotal)
    }
    let description = RefundNote.description(language: invoice.locale)
    let rate = invoice.items.first?.taxRate ?? .zero
    var items: [LineItem] = []
    var givenTax: GivenTax?
    if let given = invoice.givenTax {
      guard let share = part(of: refunded, weight: given.amount, total: total, digits: currency.minorUnits),
        let net = refunded.subtracting(share)
      else { return .failure(.overflow) }
      items = [LineItem(description: description, quantity: ExactDecimal(-1), unitPrice: net, taxRate: rate)]
      givenTax = GivenTax(amount: share.negated, name: given.name)
    } else {
      let weights = invoice.totals.taxes.map(\.gross.amount)
      let rates = invoice.totals.taxes.map { $0.rate ?? .zero }
      guard var parts = split(refunded, weights: weights, digits: currency.minorUnits) else {
        return .failure(.overflow)
      }
      // Net prices (EN 16931 wants them): each part's net whose tax brings it to the part exactly. A part
      // no net reaches (rounding the tax skips a cent now and then) trades a cent with the largest other.
      let digits = currency.minorUnits
      let unit = ExactDecimal.exactly(units: 1, scale: digits) ?? .zero
      for index in parts.indices where net(reaching: parts[index], rate: rates[index], digits: digits) == nil
      {
        let others = parts.indices.filter { $0 != index }.sorted { parts[$1] < parts[$0] }
        let trade = others.lazy.flatMap { other in [(other, unit), (other, unit.negated)] }.first {
          other, cent in
          guard let mine = parts[index].subtracting(cent), let theirs = parts[other].adding(cent) else {
            return false
          }
          return net(reaching: mine, rate: rates[index], digits: digits) != nil
            && net(reaching: theirs, rate: rates[other], digits: digits) != nil
        }
        guard let (other, cent) = trade, let mine = parts[index].subtracting(cent),
          let theirs = parts[other].adding(cent)
        else { return .failure(.noNetPrice(gross: parts[index], rate: rates[index])) }
        parts[index] = mine
        parts[other] = theirs
      }
      let nets = zip(parts, rates).compactMap { net(reaching: $0, rate: $1, digits: digits) }
      guard nets.count == parts.count else { return .failure(.overflow) }
      for (net, rate) in zip(nets, rates) where !net.isZero {
        items.append(
          LineItem(description: description, quantity: ExactDecimal(-1), unitPrice: net, taxRate: rate))
      }
    }
    do {
      return .success(
        try invoice.correction(
          number: invoice.number + "-CN", items: items, givenTax: givenTax, pricesIncludeTax: false))
    } catch {
      return .failure(.overflow)
    }
  }

  /// The net (at `digits`) whose tax at `rate` percent, rounded half up, makes `gross` exactly; nil when none does.
  public static func net(reaching gross: ExactDecimal, rate: ExactDecimal, digits: Int) -> ExactDecimal? {
    guard let hundred = ExactDecimal.exactly(units: 100, scale: 0), let divisor = hundred.adding(rate),
      let estimate = gross.multiplied(by: hundred)?.divided(by: divisor, scale: digits),
      let unit = ExactDecimal.exactly(units: 1, scale: digits)
    else { return nil }
    for step in [0, -1, 1, -2, 2] {
      guard let shift = unit.multiplied(by: ExactDecimal(step)), let net = estimate.adding(shift),
        let tax = net.multiplied(by: rate)?.divided(by: hundred, scale: digits), let sum = net.adding(tax)
      else { continue }
      if sum == gross { return net }
    }
    return nil
  }

  /// `amount` × `weight` / `total`, rounded half up to `digits`.
  static func part(of amount: ExactDecimal, weight: ExactDecimal, total: ExactDecimal, digits: Int)
    -> ExactDecimal?
  {
    amount.multiplied(by: weight)?.divided(by: total, scale: digits + 6)?.rounded(toScale: digits)
  }

  /// `amount` split in proportion to `weights` at `digits` decimals, the parts adding up to it exactly.
  ///
  /// Each part is rounded half up; what rounding leaves over or takes (a cent or two) goes to the
  /// part of the largest weight.
  public static func split(_ amount: ExactDecimal, weights: [ExactDecimal], digits: Int) -> [ExactDecimal]? {
    var total = ExactDecimal.zero
    for weight in weights {
      guard let sum = total.adding(weight) else { return nil }
      total = sum
    }
    guard !total.isZero, let largest = weights.indices.max(by: { weights[$0] < weights[$1] }) else {
      return nil
    }
    var parts: [ExactDecimal] = []
    var given = ExactDecimal.zero
    for weight in weights {
      guard let part = part(of: amount, weight: weight, total: total, digits: digits),
        let sum = given.adding(part)
      else { return nil }
      parts.append(part)
      given = sum
    }
    guard let left = amount.subtracting(given), let adjusted = parts[largest].adding(left) else { return nil }
    parts[largest] = adjusted
    return parts
  }

  /// "Partial refund" in the language of `locale` (English when there is none of its own).
  public static func description(language locale: String?) -> String {
    let language = locale.flatMap { $0.split(whereSeparator: { $0 == "-" || $0 == "_" }).first }.map(
      String.init)
    return words[language?.lowercased() ?? "en"] ?? words["en"]!
  }

  static let words: [String: String] = [
    "en": "Partial refund", "de": "Teilerstattung", "fr": "Remboursement partiel", "es": "Reembolso parcial",
    "it": "Rimborso parziale", "nl": "Gedeeltelijke terugbetaling", "pt": "Reembolso parcial",
    "pl": "Częściowy zwrot", "sv": "Delvis återbetalning", "ja": "一部返金", "zh": "部分退款", "ko": "부분 환불",
    "ar": "استرداد جزئي", "he": "החזר חלקי", "hi": "आंशिक धनवापसी", "th": "คืนเงินบางส่วน",
    "ru": "Частичный возврат", "tr": "Kısmi iade", "fa": "بازپرداخت جزئی", "vi": "Hoàn tiền một phần",
    "id": "Pengembalian dana sebagian", "uk": "Часткове повернення",
  ]
}
