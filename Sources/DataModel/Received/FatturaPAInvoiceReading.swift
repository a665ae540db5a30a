/// Reads Italy's FatturaPA 1.2 (`FatturaElettronica`, FPR12 or FPA12) into a draft.
///
/// FatturaPA's terms map to EN 16931's as the Italian CIUS maps them: Numero (BT-1), Data (BT-2),
/// Divisa (BT-5), the CedentePrestatore and CessionarioCommittente, the lines' PrezzoTotale
/// (BT-131) and the DatiRiepilogo per rate (BG-23). A credit note is TD04 with positive amounts.
/// A file that holds several invoices (a lotto of `FatturaElettronicaBody` under one header) is
/// read body by body: each is its own invoice with the header's seller and buyer.
struct FatturaPAInvoiceReading {
  let fields: ReceivedFields

  /// The EN 16931 VAT category of each Natura code's family.
  static func category(natura: String?, rate: ExactDecimal?) -> String {
    guard let natura, rate?.isZero ?? true else { return "S" }
    switch natura.prefix(2) {
    case "N1", "N2": return "O"
    case "N3": return natura == "N3.1" ? "G" : natura == "N3.2" ? "K" : "Z"
    case "N4": return "E"
    case "N6": return "AE"
    default: return "Z"
    }
  }

  /// The invoice in `body`, one `FatturaElettronicaBody` of `root`, with the header's parties.
  func read(_ root: XMLElement, body: XMLElement) throws(ReceivedInvoiceError) -> ReceivedDraft {
    var draft = ReceivedDraft()
    draft.specification = "FatturaPA " + (root.attributes["versione"] ?? "1.2")
    guard let document = body.at("DatiGenerali", "DatiGeneraliDocumento") else {
      throw fields.fail(body, "DatiGeneraliDocumento is missing in <FatturaElettronicaBody>")
    }
    let type = try fields.required(document.child("TipoDocumento"), "TipoDocumento", in: document)
    draft.isCreditNoteDocument = type == "TD04"
    draft.typeCode = type == "TD04" ? "381" : "380"
    draft.detail("BT-3", "Tipo documento", type)
    draft.number = try fields.required(document.child("Numero"), "Numero (BT-1 invoice number)", in: document)
    draft.issueDate = try fields.date(document.child("Data"), "Data (BT-2 issue date)")
    draft.currencyCode = try fields.required(document.child("Divisa"), "Divisa (BT-5 currency)", in: document)
    draft.currencyLine = document.child("Divisa")?.line ?? document.line
    draft.notes = document.all("Causale").map(\.text).filter { !$0.isEmpty }
    draft.orderReference = body.text("DatiGenerali", "DatiOrdineAcquisto", "IdDocumento")
    draft.precedingInvoice = body.text("DatiGenerali", "DatiFattureCollegate", "IdDocumento")
    let header = root.child("FatturaElettronicaHeader")
    guard let seller = header?.child("CedentePrestatore") else {
      throw fields.fail(header ?? root, "CedentePrestatore (BG-4 seller) is missing")
    }
    draft.seller = try party(seller, role: "CedentePrestatore")
    guard let buyer = header?.child("CessionarioCommittente") else {
      throw fields.fail(header ?? root, "CessionarioCommittente (BG-7 buyer) is missing")
    }
    draft.buyer = try party(buyer, role: "CessionarioCommittente")
    draft.buyer.electronicAddress = Self.recipient(header?.child("DatiTrasmissione"))
    try readPayment(body, into: &draft)
    for line in body.child("DatiBeniServizi")?.all("DettaglioLinee") ?? [] {
      draft.lines.append(try self.line(line))
    }
    try readTotals(body, document: document, into: &draft)
    return draft
  }

  /// Where the SdI delivers to the buyer: its codice destinatario (EAS 0205) or PEC address (0202).
  static func recipient(_ transmission: XMLElement?) -> ElectronicAddress? {
    if let pec = transmission?.text("PECDestinatario") {
      return ElectronicAddress(scheme: "0202", value: pec)
    }
    guard let code = transmission?.text("CodiceDestinatario"), code != "0000000", code != "XXXXXXX" else {
      return nil
    }
    return ElectronicAddress(scheme: "0205", value: code)
  }

  /// A party: its Denominazione (or Nome and Cognome), IdFiscaleIVA, CodiceFiscale and Sede.
  private func party(_ element: XMLElement, role: String) throws(ReceivedInvoiceError) -> Party {
    let data = element.child("DatiAnagrafici")
    let registry = data?.child("Anagrafica")
    let person = [registry?.text("Nome"), registry?.text("Cognome")].compactMap { $0 }.joined(separator: " ")
    guard let name = registry?.text("Denominazione") ?? (person.isEmpty ? nil : person) else {
      throw fields.fail(
        registry ?? element, "\(role): Anagrafica has neither Denominazione nor Nome and Cognome")
    }
    var party = Party(name: name)
    if let country = data?.text("IdFiscaleIVA", "IdPaese"), let code = data?.text("IdFiscaleIVA", "IdCodice")
    {
      party.vatId = country + code
    }
    party.taxNumber = data?.text("CodiceFiscale")
    if let seat = element.child("Sede") {
      let street = [seat.text("Indirizzo"), seat.text("NumeroCivico")].compactMap { $0 }.joined(
        separator: " ")
      party.postalAddress = PostalAddress(
        street: street.isEmpty ? nil : street, postcode: seat.text("CAP"), city: seat.text("Comune"),
        region: seat.text("Provincia"), country: seat.text("Nazione"))
    }
    party.email = element.text("Contatti", "Email")
    return party
  }

  private func readPayment(_ body: XMLElement, into draft: inout ReceivedDraft) throws(ReceivedInvoiceError) {
    guard let payment = body.at("DatiPagamento", "DettaglioPagamento") else { return }
    draft.dueDate = try fields.date(
      payment.child("DataScadenzaPagamento"), "DataScadenzaPagamento (BT-9 due date)")
    if let iban = payment.text("IBAN") {
      draft.bank = BankAccount(
        holder: payment.text("Beneficiario"), bankName: payment.text("IstitutoFinanziario"), iban: iban,
        bic: payment.text("BIC"))
    }
    draft.detail("BT-81", "Modalità di pagamento", payment.text("ModalitaPagamento"))
  }

  private func line(_ element: XMLElement) throws(ReceivedInvoiceError) -> ReceivedDraft.Line {
    var line = ReceivedDraft.Line()
    line.line = element.line
    line.id = element.text("NumeroLinea") ?? ""
    line.name = try fields.required(
      element.child("Descrizione"), "Descrizione (BT-153 item name)", in: element)
    line.sku = element.text("CodiceArticolo", "CodiceValore")
    line.quantity =
      try fields.decimal(element.child("Quantita"), "Quantita (BT-129 quantity)") ?? ExactDecimal(1)
    line.unitCode = element.text("UnitaMisura")
    line.netPrice = try fields.requiredDecimal(
      element.child("PrezzoUnitario"), "PrezzoUnitario (BT-146 price)", in: element)
    line.amount = try fields.requiredDecimal(
      element.child("PrezzoTotale"), "PrezzoTotale (BT-131 line net amount)", in: element)
    line.rate = try fields.requiredDecimal(
      element.child("AliquotaIVA"), "AliquotaIVA (BT-152 rate)", in: element)
    line.category = Self.category(natura: element.text("Natura"), rate: line.rate)
    // Discounts and surcharges on the price: what they take off is the difference the amount states.
    if !element.all("ScontoMaggiorazione").isEmpty, let gross = line.quantity.multiplied(by: line.netPrice),
      let difference = gross.subtracting(line.amount)
    {
      if difference.isNegative { line.charge = difference.negated } else { line.allowance = difference }
    }
    if let kind = element.text("TipoCessionePrestazione") { line.attributes.append(("Tipo", kind)) }
    return line
  }

  private func readTotals(_ body: XMLElement, document: XMLElement, into draft: inout ReceivedDraft)
    throws(ReceivedInvoiceError)
  {
    var breakdown: [StatedTotals.Breakdown] = []
    var basis = ExactDecimal.zero
    var tax = ExactDecimal.zero
    for summary in body.child("DatiBeniServizi")?.all("DatiRiepilogo") ?? [] {
      let rate = try fields.decimal(summary.child("AliquotaIVA"), "AliquotaIVA (BT-119 rate)")
      let entry = StatedTotals.Breakdown(
        category: Self.category(natura: summary.text("Natura"), rate: rate), rate: rate,
        basis: try fields.requiredDecimal(
          summary.child("ImponibileImporto"), "ImponibileImporto (BT-116 taxable amount)", in: summary),
        tax: try fields.requiredDecimal(summary.child("Imposta"), "Imposta (BT-117 tax amount)", in: summary),
        exemptionReason: summary.text("RiferimentoNormativo"))
      basis = basis.adding(entry.basis) ?? basis
      tax = tax.adding(entry.tax) ?? tax
      breakdown.append(entry)
    }
    let lineTotal = draft.lines.reduce(ExactDecimal.zero) { $0.adding($1.amount) ?? $0 }
    let grand =
      try fields.decimal(document.child("ImportoTotaleDocumento"), "ImportoTotaleDocumento (BT-112 total)")
      ?? basis.adding(tax) ?? basis
    let due = try fields.decimal(
      body.at("DatiPagamento", "DettaglioPagamento", "ImportoPagamento"),
      "ImportoPagamento (BT-115 amount due)")
    draft.stated = StatedTotals(
      lineTotal: lineTotal, allowanceTotal: nil, chargeTotal: nil, taxBasis: basis, taxTotal: tax,
      grandTotal: grand, prepaid: nil,
      rounding: try fields.decimal(document.child("Arrotondamento"), "Arrotondamento (BT-114 rounding)"),
      due: due ?? grand, breakdown: breakdown, lineAmounts: draft.lines.map(\.amount))
  }
}
