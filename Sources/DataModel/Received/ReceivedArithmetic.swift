/// The EN 16931 arithmetic of a received invoice's stated amounts, rule by rule.
///
/// The document totals are checked against the stated line amounts and charges (BR-CO-10 to
/// BR-CO-16, third-party payments of the XRechnung extension included); each VAT
/// category's base and tax from the lines and charges in it (BR-S-08/09, BR-Z-08, BR-E-08 and
/// their kin, BR-CO-17). A rule that does not hold is described with both amounts; nothing is corrected.
struct ReceivedArithmetic {
  let stated: StatedTotals
  let draft: ReceivedDraft
  let minorUnits: Int

  func disagreements() -> [String] {
    var found: [String] = []
    func check(_ rule: String, _ what: String, stated: ExactDecimal?, expected: ExactDecimal?) {
      guard let stated, let expected else { return }
      let rounded = expected.rounded(toScale: minorUnits)
      if stated.rounded(toScale: minorUnits) != rounded {
        found.append("\(rule): \(what) is stated as \(stated), the arithmetic gives \(rounded)")
      }
    }
    let lineSum = sum(stated.lineAmounts)
    check("BR-CO-10", "the sum of line net amounts (BT-106)", stated: stated.lineTotal, expected: lineSum)
    let allowances = sum(draft.charges.filter { !$0.isCharge }.map(\.amount))
    let charges = sum(draft.charges.filter(\.isCharge).map(\.amount))
    check(
      "BR-CO-11", "the sum of allowances (BT-107)", stated: stated.allowanceTotal ?? .zero,
      expected: allowances)
    check("BR-CO-12", "the sum of charges (BT-108)", stated: stated.chargeTotal ?? .zero, expected: charges)
    let basis = stated.lineTotal.subtracting(stated.allowanceTotal ?? .zero)?.adding(
      stated.chargeTotal ?? .zero)
    check("BR-CO-13", "the total without VAT (BT-109)", stated: stated.taxBasis, expected: basis)
    let categoryTax = sum(stated.breakdown.map(\.tax))
    check("BR-CO-14", "the total VAT (BT-110)", stated: stated.taxTotal ?? .zero, expected: categoryTax)
    check(
      "BR-CO-15", "the total with VAT (BT-112)", stated: stated.grandTotal,
      expected: stated.taxBasis.adding(stated.taxTotal ?? .zero))
    check(
      "BR-CO-16", "the amount due (BT-115)", stated: stated.due,
      expected: stated.grandTotal.subtracting(stated.prepaid ?? .zero)?.adding(stated.rounding ?? .zero)?
        .adding(
          sum(draft.thirdPartyPayments)))
    for entry in stated.breakdown { found += category(entry) }
    return found
  }

  /// The base and tax of one VAT breakdown entry against the lines and charges of its category and rate.
  private func category(_ entry: StatedTotals.Breakdown) -> [String] {
    let rate = entry.rate ?? .zero
    func matches(_ category: String?, _ itemRate: ExactDecimal?) -> Bool {
      (category ?? "S") == entry.category && (itemRate ?? .zero) == rate
    }
    var base = sum(draft.lines.filter { matches($0.category, $0.rate) }.map(\.amount))
    for charge in draft.charges where matches(charge.category, charge.rate) {
      base = (charge.isCharge ? base.adding(charge.amount) : base.subtracting(charge.amount)) ?? base
    }
    var found: [String] = []
    let name = "\(entry.category) \(rate)%"
    let rule = "BR-\(entry.category)-08"
    if entry.basis.rounded(toScale: minorUnits) != base.rounded(toScale: minorUnits) {
      found.append(
        "\(rule): the taxable amount of VAT category \(name) (BT-116) is stated as \(entry.basis), its lines and charges sum to \(base.rounded(toScale: minorUnits))"
      )
    }
    if let product = entry.basis.multiplied(by: rate),
      case let tax = ExactDecimal(units: product.units, scale: product.scale + 2).rounded(toScale: minorUnits),
      entry.tax.rounded(toScale: minorUnits) != tax
    {
      found.append(
        "BR-CO-17: the VAT of category \(name) (BT-117) is stated as \(entry.tax), \(entry.basis) × \(rate)% is \(tax)"
      )
    }
    return found
  }

  private func sum(_ values: [ExactDecimal]) -> ExactDecimal {
    values.reduce(ExactDecimal.zero) { $0.adding($1) ?? $0 }
  }
}
