/// The texts and marks the rule table's `printed` rules ask a document to carry, in its language.
///
/// The layouts print these from here, so a seller need not know the wording the law expects:
/// the reverse-charge words, the references of exempt supplies, France's late-payment sentence,
/// Japan's reduced-rate legend, Australia's "Tax invoice". A language without its own wording gets
/// the English one.
public enum LegalNotes {
  /// The notes on tax `facts`' invoice prints with its VAT summary, in `language` (a BCP 47 tag).
  public static func texts(for facts: LegalFacts, language: String) -> [String] {
    guard facts.issuer.legal.checks, let country = facts.sellerCountry else { return [] }
    var texts: [String] = []
    func add(_ wording: [String: String]) { texts.append(text(wording, language)) }
    let inEU = TaxIdentifier.euCountries.contains(country)
    if inEU, facts.categories.contains(.reverseCharge) { add(reverseCharge) }
    if inEU, facts.categories.contains(.intraCommunity) { add(intraCommunitySupply) }
    if inEU, facts.categories.contains(.export) { add(export) }
    if country == "FR", facts.buyerIsBusiness { add(latePayment) }
    if country == "FR", let nature = facts.operationNature { add(operations[nature]!) }
    if country == "FR", facts.issuer.legal.vatOnDebits { add(vatOnDebits) }
    if country == "PL", facts.invoice.needsSplitPaymentMention { add(splitPayment) }
    if country == "JP", facts.rates.contains(ExactDecimal(8)) { add(reducedRateLegend) }
    return texts
  }

  /// The title the law asks for in place of "Invoice", or nil: "Tax invoice" (or "Adjustment note")
  /// for an Australian seller, 適格請求書 for a Japanese one in Japanese.
  public static func title(for facts: LegalFacts, language: String) -> String? {
    guard facts.issuer.legal.checks else { return nil }
    switch facts.sellerCountry {
    case "AU": return facts.invoice.isCreditNote ? "Adjustment note" : "Tax invoice"
    case "JP" where primary(language) == "ja": return facts.invoice.isCreditNote ? "適格返還請求書" : "適格請求書"
    case "SA": return saudiTitle(for: facts, language: language)
    default: return nil
    }
  }

  /// A Saudi invoice's title, in Arabic and, on an invoice in another language, in English beside
  /// it: a tax invoice (فاتورة ضريبية) to a buyer with a VAT number, else a simplified tax invoice
  /// (فاتورة ضريبية مبسطة); a credit note is إشعار دائن.
  static func saudiTitle(for facts: LegalFacts, language: String) -> String {
    let (arabic, english) =
      facts.invoice.isCreditNote
      ? ("إشعار دائن", "Credit Note")
      : facts.invoice.customer.vatId == nil
        ? ("فاتورة ضريبية مبسطة", "Simplified Tax Invoice") : ("فاتورة ضريبية", "Tax Invoice")
    return primary(language) == "ar" ? arabic : english + " · " + arabic
  }

  /// The code the law asks the invoice to carry beside its title, when it asks for one: Saudi
  /// Arabia's ZATCA QR code for a seller with a valid VAT number.
  public static func verificationCode(for facts: LegalFacts) -> VerificationCode? {
    guard facts.issuer.legal.checks, facts.sellerCountry == "SA" else { return nil }
    return ZATCACode.code(for: facts)
  }

  /// The label of the seller's tax number where the law names it ("登録番号", "ABN"), or nil for "VAT ID".
  public static func sellerRegistrationLabel(for facts: LegalFacts, language: String) -> String? {
    guard facts.issuer.legal.checks else { return nil }
    switch facts.sellerCountry {
    case "JP": return primary(language) == "ja" ? "登録番号" : "Registration No."
    case "AU": return "ABN"
    case "CA": return "GST/HST No."
    case "SA": return primary(language) == "ar" ? "الرقم الضريبي" : "VAT No. الرقم الضريبي"
    case "GB": return "VAT Reg. No."
    default: return nil
    }
  }

  /// The date of supply to print for an invoice whose data gives none: its date of issue, when the
  /// config says every invoice is delivered on it (`legal.deliveryDate: "issue-date"`).
  public static func deliveryDate(for facts: LegalFacts) -> CalendarDate? {
    let invoice = facts.invoice
    guard facts.issuer.legal.deliveryIsIssueDate, invoice.deliveryDate == nil, invoice.billingPeriod == nil
    else { return nil }
    return invoice.issueDate
  }

  /// The VERI*FACTU record of `facts`' invoice, whose QR code and legend it prints: for a Spanish
  /// seller with `legal.verifactu` and a NIF, else nil.
  public static func verifactuRecord(for facts: LegalFacts) -> VerifactuRecord? {
    guard facts.issuer.legal.verifactu, facts.sellerCountry == "ES", !facts.sellerRegistration.isEmpty else {
      return nil
    }
    return VerifactuRecord(invoice: facts.invoice, nif: facts.sellerRegistration)
  }

  /// The mark after a reduced-rate item's description (Japan's ※), or nil.
  public static func itemMark(for item: LineItem, facts: LegalFacts) -> String? {
    guard facts.issuer.legal.checks, facts.sellerCountry == "JP", item.taxRate == ExactDecimal(8) else {
      return nil
    }
    return "※"
  }

  static func primary(_ language: String) -> String {
    String(language.prefix { $0 != "-" && $0 != "_" }).lowercased()
  }

  static func text(_ wording: [String: String], _ language: String) -> String {
    wording[primary(language)] ?? wording["en"]!
  }

  static let reverseCharge = [
    "en": "Reverse charge", "de": "Steuerschuldnerschaft des Leistungsempfängers", "fr": "Autoliquidation",
    "it": "Inversione contabile", "es": "Inversión del sujeto pasivo", "nl": "Btw verlegd",
    "pl": "Odwrotne obciążenie", "pt": "Autoliquidação", "sv": "Omvänd betalningsskyldighet",
  ]

  static let intraCommunitySupply = [
    "en": "Exempt intra-Community supply of goods (Article 138, Directive 2006/112/EC)",
    "de": "Steuerfreie innergemeinschaftliche Lieferung (Art. 138 MwStSystRL)",
    "fr": "Exonération de TVA, livraison intracommunautaire (article 138 de la directive 2006/112/CE)",
    "it": "Cessione intracomunitaria non imponibile (art. 138 direttiva 2006/112/CE)",
    "es": "Entrega intracomunitaria exenta (artículo 138 de la Directiva 2006/112/CE)",
    "nl": "Vrijgestelde intracommunautaire levering (artikel 138 Richtlijn 2006/112/EG)",
    "pl": "Wewnątrzwspólnotowa dostawa towarów zwolniona (art. 138 dyrektywy 2006/112/WE)",
    "pt": "Isenção, transmissão intracomunitária de bens (artigo 138.º da Diretiva 2006/112/CE)",
    "sv": "Undantagen unionsintern leverans (artikel 138 direktiv 2006/112/EG)",
  ]

  static let export = [
    "en": "Exempt export outside the EU (Article 146, Directive 2006/112/EC)",
    "de": "Steuerfreie Ausfuhrlieferung (Art. 146 MwStSystRL)",
    "fr": "Exonération de TVA, exportation hors de l’UE (article 146 de la directive 2006/112/CE)",
    "it": "Esportazione non imponibile (art. 146 direttiva 2006/112/CE)",
    "es": "Exportación exenta (artículo 146 de la Directiva 2006/112/CE)",
    "nl": "Vrijgestelde uitvoer (artikel 146 Richtlijn 2006/112/EG)",
  ]

  static let latePayment = [
    "en":
      "Late payment: penalties at three times the French statutory interest rate and a fixed recovery indemnity of €40 are due (Code de commerce art. L441-10 and D441-5). No discount for early payment.",
    "fr":
      "En cas de retard de paiement, des pénalités au taux de trois fois le taux d’intérêt légal sont exigibles, ainsi qu’une indemnité forfaitaire pour frais de recouvrement de 40 € (art. L441-10 et D441-5 du Code de commerce). Pas d’escompte pour paiement anticipé.",
  ]

  /// France's statement of what the invoice supplies (CGI ann. II art. 242 nonies A).
  static let operations: [OperationNature: [String: String]] = [
    .goods: ["en": "Supplies: goods only.", "fr": "Nature des opérations : livraisons de biens."],
    .services: ["en": "Supplies: services only.", "fr": "Nature des opérations : prestations de services."],
    .both: [
      "en": "Supplies: goods and services.",
      "fr": "Nature des opérations : livraisons de biens et prestations de services.",
    ],
  ]

  /// Poland's split-payment mention (art. 106e ust. 1 pkt 18a), in Polish whatever the language.
  static let splitPayment = [
    "en": "mechanizm podzielonej płatności (split payment)", "pl": "mechanizm podzielonej płatności",
  ]

  /// The mention of a French seller that pays VAT on its services when invoiced.
  static let vatOnDebits = [
    "en": "Option pour le paiement de la taxe d’après les débits (VAT paid on invoicing).",
    "fr": "Option pour le paiement de la taxe d’après les débits.",
  ]

  static let reducedRateLegend = [
    "en": "※ Item at the reduced rate (8 %).",
    "ja": "※は軽減税率（8%）対象品目です。",
  ]
}
