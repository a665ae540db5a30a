import DataModel

/// The lines, VAT summary and payment of a FatturaPA body.
extension FatturaPAWriter {
  /// The default RiferimentoNormativo of each Natura code, when the invoice gives no exemption reason.
  static let references: [String: String] = [
    "N2.2": "Non soggetta", "N3.1": "Non imponibile, esportazione (art. 8 DPR 633/72)",
    "N3.2": "Non imponibile, cessione intracomunitaria (art. 41 DL 331/93)",
    "N3.6": "Non imponibile", "N4": "Esente (art. 10 DPR 633/72)",
    "N6.9": "Inversione contabile (art. 17 DPR 633/72)",
  ]

  /// `value` with 2 to 8 decimals, as FatturaPA's quantities and prices are written.
  static func decimals(_ value: ExactDecimal) -> String {
    var text = value.rounded(toScale: 8).trimmedDescription
    if !text.contains(".") { text += "." }
    while text.split(separator: ".", omittingEmptySubsequences: false)[1].count < 2 { text += "0" }
    return text
  }

  /// A rate as FatturaPA writes it: "22.00".
  static func rate(_ value: ExactDecimal) -> String { value.rounded(toScale: 2).description }

  static func goodsAndServices(_ xml: inout XMLWriter, _ document: EInvoiceDocument) {
    xml.element("DatiBeniServizi") { xml in
      for (index, line) in document.lines.enumerated() { self.line(&xml, line, number: index + 1, document) }
      for (index, charge) in document.charges.enumerated() {
        self.charge(&xml, charge, number: document.lines.count + index + 1, document)
      }
      for entry in document.breakdown { summary(&xml, entry, document) }
    }
  }

  private static func line(
    _ xml: inout XMLWriter, _ line: EInvoiceDocument.Line, number: Int, _ document: EInvoiceDocument
  ) {
    // A returned quantity is written positive at a negative price: FatturaPA's quantities are never negative.
    let returned = line.quantity.isNegative
    xml.element("DettaglioLinee") { xml in
      xml.element("NumeroLinea", String(number))
      if let sku = line.sku {
        xml.element("CodiceArticolo") { xml in
          xml.element("CodiceTipo", "SKU")
          xml.element("CodiceValore", String(sku.prefix(35)))
        }
      }
      xml.element("Descrizione", String(line.name.prefix(1000)))
      xml.element("Quantita", decimals(returned ? line.quantity.negated : line.quantity))
      xml.element("UnitaMisura", String(line.unitCode.prefix(10)))
      xml.element("PrezzoUnitario", decimals(returned ? line.netPrice.negated : line.netPrice))
      if let allowance = line.allowance, !line.quantity.isZero,
        let perUnit = allowance.divided(
          by: line.quantity.isNegative ? line.quantity.negated : line.quantity, scale: 8)
      {
        xml.element("ScontoMaggiorazione") { xml in
          xml.element("Tipo", "SC")
          xml.element("Importo", decimals(perUnit))
        }
      }
      xml.element("PrezzoTotale", document.amount(line.amount))
      xml.element("AliquotaIVA", rate(line.rate))
      if line.rate.isZero { xml.element("Natura", natura[line.category] ?? "N2.2") }
    }
  }

  /// A document-level charge (AC, spesa accessoria) or allowance (SC, sconto, negative) as a line of its own.
  private static func charge(
    _ xml: inout XMLWriter, _ charge: EInvoiceDocument.Charge, number: Int, _ document: EInvoiceDocument
  ) {
    let amount = charge.isCharge ? charge.amount : charge.amount.negated
    xml.element("DettaglioLinee") { xml in
      xml.element("NumeroLinea", String(number))
      xml.element("TipoCessionePrestazione", charge.isCharge ? "AC" : "SC")
      xml.element("Descrizione", String(charge.reason.prefix(1000)))
      xml.element("PrezzoUnitario", decimals(amount))
      xml.element("PrezzoTotale", document.amount(amount))
      xml.element("AliquotaIVA", rate(charge.rate))
      if charge.rate.isZero { xml.element("Natura", natura[charge.category] ?? "N2.2") }
    }
  }

  private static func summary(
    _ xml: inout XMLWriter, _ entry: EInvoiceDocument.Breakdown, _ document: EInvoiceDocument
  ) {
    xml.element("DatiRiepilogo") { xml in
      xml.element("AliquotaIVA", rate(entry.rate))
      let code = entry.rate.isZero ? natura[entry.category] ?? "N2.2" : nil
      if let code { xml.element("Natura", code) }
      xml.element("ImponibileImporto", document.amount(entry.basis))
      xml.element("Imposta", document.amount(entry.tax))
      if code == nil { xml.element("EsigibilitaIVA", "I") }
      if let code {
        xml.element(
          "RiferimentoNormativo", String((entry.exemptionReason ?? references[code] ?? "").prefix(100)))
      }
    }
  }

  /// Payment by bank transfer to the seller's IBAN (TP02 complete payment, MP05 bonifico), when it has one.
  static func payment(_ xml: inout XMLWriter, _ document: EInvoiceDocument) {
    guard let bank = document.bank else { return }
    xml.element("DatiPagamento") { xml in
      xml.element("CondizioniPagamento", "TP02")
      xml.element("DettaglioPagamento") { xml in
        if let holder = bank.holder { xml.element("Beneficiario", String(holder.prefix(200))) }
        xml.element("ModalitaPagamento", "MP05")
        if let due = document.invoice.dueDate { xml.element("DataScadenzaPagamento", due.description) }
        xml.element("ImportoPagamento", document.amount(document.grandTotal))
        if let name = bank.bankName { xml.element("IstitutoFinanziario", String(name.prefix(80))) }
        xml.element("IBAN", bank.iban.uppercased().filter { $0 != " " })
        if let bic = bank.bic { xml.element("BIC", bic) }
      }
    }
  }
}
