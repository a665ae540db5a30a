import DataModel

/// The Fa element of an FA(3) invoice: its dates, the totals per rate, the annotations, the
/// correction's reference, the lines and the payment.
extension KSeFWriter {
  /// `value` as FA(3) writes it in this document: negative in a correction (KOR), whose
  /// `EInvoiceDocument` amounts were turned positive for EN 16931.
  static func signed(_ value: ExactDecimal, _ document: EInvoiceDocument) -> ExactDecimal {
    document.typeCode == "381" ? value.negated : value
  }

  static func invoice(_ xml: inout XMLWriter, _ document: EInvoiceDocument) {
    let invoice = document.invoice
    xml.element("Fa") { xml in
      xml.element("KodWaluty", invoice.currency.code)
      xml.element("P_1", invoice.issueDate.description)
      xml.element("P_2", invoice.number)
      if let period = invoice.billingPeriod {
        xml.element("OkresFa") { xml in
          xml.element("P_6_Od", period.lowerBound.description)
          xml.element("P_6_Do", period.upperBound.description)
        }
      } else if let delivery = invoice.deliveryDate, delivery != invoice.issueDate {
        xml.element("P_6", delivery.description)
      }
      totals(&xml, document)
      xml.element("P_15", document.amount(signed(document.grandTotal, document)))
      annotations(&xml, document)
      xml.element("RodzajFaktury", document.typeCode == "381" ? "KOR" : "VAT")
      if document.typeCode == "381" { correctedInvoice(&xml, invoice) }
      for (index, line) in document.lines.enumerated() {
        self.line(&xml, line, number: index + 1, unit: invoice.items[index].unit, document)
      }
      for (index, charge) in document.charges.enumerated() {
        self.charge(&xml, charge, number: document.lines.count + index + 1, document)
      }
      payment(&xml, document)
      if let order = invoice.purchaseOrder {
        xml.element("WarunkiTransakcji") { xml in
          xml.element("Zamowienia") { $0.element("NrZamowienia", String(order.prefix(256))) }
        }
      }
    }
  }

  /// P_13_x (the net amounts) and P_14_x (the tax) per rate class, in the schema's order.
  private static func totals(_ xml: inout XMLWriter, _ document: EInvoiceDocument) {
    var net: [String: ExactDecimal] = [:]
    var tax: [String: ExactDecimal] = [:]
    for entry in document.breakdown {
      guard
        let rateClass = rateClass(
          category: entry.category, rate: entry.rate, buyerCountry: document.buyerCountry)
      else { continue }
      net[rateClass.field] = (net[rateClass.field] ?? .zero).adding(entry.basis) ?? entry.basis
      tax[rateClass.field] = (tax[rateClass.field] ?? .zero).adding(entry.tax) ?? entry.tax
    }
    for field in fieldOrder {
      guard let amount = net[field] else { continue }
      xml.element("P_13_" + field, document.amount(signed(amount, document)))
      if ["1", "2", "3"].contains(field) {
        let amount = signed(tax[field] ?? .zero, document)
        xml.element("P_14_" + field, document.amount(amount))
        // An invoice in another currency states its VAT in złoty too (art. 106e ust. 11).
        if let inPLN = taxInPLN(amount, document) { xml.element("P_14_\(field)W", inPLN) }
      }
    }
  }

  /// `tax` in złoty at the invoice's exchange rate, rounded to the grosz; nil for an invoice in PLN.
  static func taxInPLN(_ tax: ExactDecimal, _ document: EInvoiceDocument) -> String? {
    let invoice = document.invoice
    guard invoice.currency.code != "PLN", let rate = invoice.exchangeRate,
      let converted = tax.multiplied(by: rate)
    else { return nil }
    return converted.rounded(toScale: 2).rescaled(to: 2)?.description
      ?? converted.rounded(toScale: 2).description
  }

  /// Adnotacje: reverse charge (P_18), split payment (P_18A) and the exemption's basis (P_19A) when
  /// they apply; no cash accounting, self-billing, new means of transport, triangulation or margin scheme.
  private static func annotations(_ xml: inout XMLWriter, _ document: EInvoiceDocument) {
    let categories = Set(document.breakdown.map(\.category))
    xml.element("Adnotacje") { xml in
      xml.element("P_16", "2")
      xml.element("P_17", "2")
      xml.element("P_18", categories.contains("AE") ? "1" : "2")
      xml.element("P_18A", document.invoice.needsSplitPaymentMention ? "1" : "2")
      xml.element("Zwolnienie") { xml in
        if let exempt = document.breakdown.first(where: { $0.category == "E" }) {
          xml.element("P_19", "1")
          xml.element("P_19A", String((exempt.exemptionReason ?? "").prefix(256)))
        } else {
          xml.element("P_19N", "1")
        }
      }
      xml.element("NoweSrodkiTransportu") { $0.element("P_22N", "1") }
      xml.element("P_23", "2")
      xml.element("PMarzy") { $0.element("P_PMarzyN", "1") }
    }
  }

  /// DaneFaKorygowanej: the corrected invoice's date, number, and KSeF number (NrKSeFN when it
  /// was issued outside KSeF, given as "none").
  private static func correctedInvoice(_ xml: inout XMLWriter, _ invoice: Invoice) {
    xml.element("DaneFaKorygowanej") { xml in
      xml.element("DataWystFaKorygowanej", invoice.precedingInvoiceDate?.description ?? "")
      xml.element("NrFaKorygowanej", invoice.precedingInvoice ?? "")
      let number = invoice.precedingInvoiceKSeFNumber ?? "none"
      if number.lowercased() == "none" {
        xml.element("NrKSeFN", "1")
      } else {
        xml.element("NrKSeF", "1")
        xml.element("NrKSeFFaKorygowanej", number)
      }
    }
  }

  private static func line(
    _ xml: inout XMLWriter, _ line: EInvoiceDocument.Line, number: Int, unit: String?,
    _ document: EInvoiceDocument
  ) {
    xml.element("FaWiersz") { xml in
      xml.element("NrWierszaFa", String(number))
      xml.element("P_7", line.name)
      if let sku = line.sku { xml.element("Indeks", sku) }
      // The unit as the data writes it (szt., godz.); none when the data gives none, not a Rec 20 code.
      if let unit, !unit.isEmpty { xml.element("P_8A", unit) }
      xml.element("P_8B", signed(line.quantity, document).trimmedDescription)
      xml.element("P_9A", line.netPrice.trimmedDescription)
      if let allowance = line.allowance {
        xml.element("P_10", signed(allowance, document).trimmedDescription)
      }
      xml.element("P_11", document.amount(signed(line.amount, document)))
      if let rateClass = rateClass(
        category: line.category, rate: line.rate, buyerCountry: document.buyerCountry)
      {
        xml.element("P_12", rateClass.code)
      }
    }
  }

  /// A document-level charge, or an allowance at a negative price, as a line of its own.
  private static func charge(
    _ xml: inout XMLWriter, _ charge: EInvoiceDocument.Charge, number: Int, _ document: EInvoiceDocument
  ) {
    let amount = signed(charge.isCharge ? charge.amount : charge.amount.negated, document)
    xml.element("FaWiersz") { xml in
      xml.element("NrWierszaFa", String(number))
      xml.element("P_7", charge.reason)
      xml.element("P_8B", "1")
      xml.element("P_9A", amount.trimmedDescription)
      xml.element("P_11", document.amount(amount))
      if let rateClass = rateClass(
        category: charge.category, rate: charge.rate, buyerCountry: document.buyerCountry)
      {
        xml.element("P_12", rateClass.code)
      }
    }
  }

  /// Platnosc: the due date, and a bank transfer (form 6) to the seller's account when it has one.
  private static func payment(_ xml: inout XMLWriter, _ document: EInvoiceDocument) {
    let due = document.invoice.dueDate
    guard due != nil || document.bank != nil else { return }
    xml.element("Platnosc") { xml in
      if let due { xml.element("TerminPlatnosci") { $0.element("Termin", due.description) } }
      guard let bank = document.bank else { return }
      xml.element("FormaPlatnosci", "6")
      xml.element("RachunekBankowy") { xml in
        var number = bank.iban.uppercased().filter { $0 != " " }
        // A Polish account is written as its 26-digit NRB, as Polish banks print it.
        if number.hasPrefix("PL"), number.count == 28 { number.removeFirst(2) }
        xml.element("NrRB", number)
        if let bic = bank.bic { xml.element("SWIFT", bic) }
        if let name = bank.bankName { xml.element("NazwaBanku", String(name.prefix(256))) }
      }
    }
  }
}
