/// The parts of an FA(3) invoice beside its parties: references, annotations, payment, lines and totals.
extension KSeFInvoiceReading {
  /// The corrected invoice, the order, extra descriptions, the footer and the registers.
  func readReferences(_ fa: XMLElement, root: XMLElement, into draft: inout ReceivedDraft) {
    draft.detail("PrzyczynaKorekty", "Przyczyna korekty", fa.text("PrzyczynaKorekty"))
    for corrected in fa.all("DaneFaKorygowanej") {
      draft.precedingInvoice = draft.precedingInvoice ?? corrected.text("NrFaKorygowanej")
      if draft.precedingInvoiceDate == nil {
        draft.precedingInvoiceDate = (try? fields.date(corrected.child("DataWystFaKorygowanej"), "")) ?? nil
      }
      draft.detail(
        "DataWystFaKorygowanej", "Data faktury korygowanej", corrected.text("DataWystFaKorygowanej"))
      draft.detail(
        "NrKSeFFaKorygowanej", "Nr KSeF faktury korygowanej",
        corrected.text("NrKSeFFaKorygowanej") ?? (corrected.text("NrKSeFN") == "1" ? "poza KSeF" : nil))
    }
    for entry in fa.all("DodatkowyOpis") {
      draft.detail("DodatkowyOpis", entry.text("Klucz") ?? "Opis", entry.text("Wartosc"))
    }
    draft.orderReference = fa.text("WarunkiTransakcji", "Zamowienia", "NrZamowienia")
    draft.detail("NrUmowy", "Umowa", fa.text("WarunkiTransakcji", "Umowy", "NrUmowy"))
    let footer = root.child("Stopka")
    draft.notes = footer?.all("Informacje").compactMap { $0.text("StopkaFaktury") } ?? []
    for register in footer?.all("Rejestry") ?? [] {
      draft.detail("KRS", "KRS", register.text("KRS"))
      draft.detail("REGON", "REGON", register.text("REGON"))
      draft.detail("BDO", "BDO", register.text("BDO"))
    }
  }

  /// Adnotacje: each annotation that is set, and the exemption's basis.
  func readAnnotations(_ annotations: XMLElement?, into draft: inout ReceivedDraft) {
    draft.flag(annotations, "P_16", "Metoda kasowa")
    draft.flag(annotations, "P_17", "Samofakturowanie")
    draft.flag(annotations, "P_18", "Odwrotne obciążenie")
    draft.flag(annotations, "P_18A", "Mechanizm podzielonej płatności")
    draft.flag(annotations, "P_23", "Procedura trójstronna uproszczona")
    let exemption = annotations?.child("Zwolnienie")
    if exemption?.text("P_19") == "1" {
      draft.exemptionReason = exemption?.text("P_19A") ?? exemption?.text("P_19B") ?? exemption?.text("P_19C")
    }
    if annotations?.text("NoweSrodkiTransportu", "P_22") == "1" {
      draft.detail("P_22", "Wewnątrzwspólnotowa dostawa nowych środków transportu", "tak")
    }
    if let margin = annotations?.child("PMarzy"), margin.text("P_PMarzy") == "1" {
      draft.detail("P_PMarzy", "Procedura marży", "tak")
    }
  }

  /// Platnosc: the due date, whether it is paid, the form of payment and the account.
  func readPayment(_ payment: XMLElement?, into draft: inout ReceivedDraft) throws(ReceivedInvoiceError) {
    guard let payment else { return }
    draft.dueDate = try fields.date(payment.at("TerminPlatnosci", "Termin"), "Termin (due date)")
    if payment.text("Zaplacono") == "1" {
      draft.detail("Zaplacono", "Zapłacono", payment.text("DataZaplaty"))
    }
    let forms = [
      "1": "gotówka", "2": "karta", "3": "bon", "4": "czek", "5": "kredyt", "6": "przelew", "7": "mobilna",
    ]
    draft.detail("FormaPlatnosci", "Forma płatności", payment.text("FormaPlatnosci").map { forms[$0] ?? $0 })
    draft.detail("Skonto", "Skonto", payment.text("Skonto", "WarunkiSkonta"))
    if let account = payment.child("RachunekBankowy"), let number = account.text("NrRB") {
      // A Polish NRB of 26 digits is the IBAN without its PL.
      let iban = number.count == 26 && number.allSatisfy(\.isNumber) ? "PL" + number : number
      draft.bank = BankAccount(bankName: account.text("NazwaBanku"), iban: iban, bic: account.text("SWIFT"))
    }
  }

  func line(_ element: XMLElement) throws(ReceivedInvoiceError) -> ReceivedDraft.Line {
    var line = ReceivedDraft.Line()
    line.line = element.line
    line.id = element.text("NrWierszaFa") ?? ""
    line.name = element.text("P_7") ?? ""
    line.sku = element.text("Indeks")
    line.quantity = try fields.decimal(element.child("P_8B"), "P_8B (quantity)") ?? ExactDecimal(1)
    line.unitCode = element.text("P_8A")
    guard element.child("P_11") != nil || element.child("P_11A") == nil else {
      throw fields.fail(
        element, "line \(line.id) states a gross amount (P_11A), which is not read: only net amounts (P_11)")
    }
    line.amount = try fields.requiredDecimal(element.child("P_11"), "P_11 (net amount)", in: element)
    line.netPrice =
      try fields.decimal(element.child("P_9A"), "P_9A (net unit price)")
      ?? (line.quantity.isZero
        ? line.amount : line.amount.divided(by: line.quantity, scale: 8) ?? line.amount)
    if let discount = try fields.decimal(element.child("P_10"), "P_10 (discount)") {
      line.allowance = discount
    }
    let code = try fields.required(element.child("P_12"), "P_12 (VAT rate)", in: element)
    guard let (category, rate) = Self.category(code: code) else {
      throw fields.fail(element.child("P_12"), "P_12 \"\(code)\" is not an FA(3) VAT rate")
    }
    line.category = category
    line.rate = rate
    for name in ["GTIN", "PKWiU", "CN", "GTU", "Procedura"] {
      if let value = element.text(name) { line.attributes.append((name, value)) }
    }
    // A correction by before and after lines: the state before counts against the sums (P_13_x is
    // after less before), so it is shown with its quantity and amount negated.
    if element.text("StanPrzed") == "1" {
      line.attributes.append(("StanPrzed", "stan przed korektą"))
      line.quantity = line.quantity.negated
      line.amount = line.amount.negated
      line.allowance = line.allowance.negated
    }
    return line
  }

  /// The totals per rate class (P_13_x, P_14_x) and the total P_15, as the invoice states them.
  func readTotals(_ fa: XMLElement, into draft: inout ReceivedDraft) throws(ReceivedInvoiceError) {
    var breakdown: [StatedTotals.Breakdown] = []
    for (field, fallback) in [("1", 23), ("2", 8), ("3", 5), ("4", 4), ("5", 0)] {
      guard let net = try fields.decimal(fa.child("P_13_" + field), "P_13_\(field) (net amount)") else {
        continue
      }
      let tax = try fields.decimal(fa.child("P_14_" + field), "P_14_\(field) (tax)") ?? .zero
      // The class's rate is its lines' (23 or 22, 8 or 7).
      let rate =
        draft.lines.first { line in
          guard let rate = line.rate, line.category == "S" else { return false }
          return Self.taxedField(rate) == field
        }?.rate ?? ExactDecimal(fallback)
      breakdown.append(
        StatedTotals.Breakdown(category: "S", rate: rate, basis: net, tax: tax, exemptionReason: nil))
    }
    for (field, category) in Self.untaxedFields {
      guard let net = try fields.decimal(fa.child("P_13_" + field), "P_13_\(field) (net amount)") else {
        continue
      }
      breakdown.append(
        StatedTotals.Breakdown(
          category: category, rate: .zero, basis: net, tax: .zero,
          exemptionReason: category == "E" ? draft.exemptionReason : nil))
    }
    let basis = breakdown.reduce(ExactDecimal.zero) { $0.adding($1.basis) ?? $0 }
    let tax = breakdown.reduce(ExactDecimal.zero) { $0.adding($1.tax) ?? $0 }
    let grand = try fields.requiredDecimal(fa.child("P_15"), "P_15 (total)", in: fa)
    let due = try fields.decimal(fa.at("Rozliczenie", "DoZaplaty"), "DoZaplaty (amount due)")
    draft.stated = StatedTotals(
      lineTotal: draft.lines.reduce(ExactDecimal.zero) { $0.adding($1.amount) ?? $0 }, allowanceTotal: nil,
      chargeTotal: nil, taxBasis: basis, taxTotal: tax, grandTotal: grand, prepaid: nil, rounding: nil,
      due: due ?? grand, breakdown: breakdown, lineAmounts: draft.lines.map(\.amount))
  }

  /// The summary field of a taxed rate: 1 for 23 and 22 %, 2 for 8 and 7 %, 3 for 5 %, 4 for 4 and 3 %.
  static func taxedField(_ rate: ExactDecimal) -> String? {
    switch rate.trimmedDescription {
    case "23", "22": return "1"
    case "8", "7": return "2"
    case "5": return "3"
    case "4", "3": return "4"
    default: return nil
    }
  }
}
