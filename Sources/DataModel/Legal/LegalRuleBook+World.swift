/// The particulars of the countries outside the European Union in the table.
extension LegalRuleBook {
  static let unitedKingdom: [LegalRule] = [
    LegalRule(
      "GB-14-1C", .format, law: "UK VAT Regulations 1995 reg. 14(1)(c); VAT Notice 700 §16.3",
      requires: "the seller's VAT registration number (GB and 9 digits with valid check digits)",
      fix: "set seller.vatId in the config", holds: { TaxIdentifier.isUKVATNumber($0.seller.vatId ?? "") }),
    LegalRule(
      "GB-14-1E", .particular, law: "UK VAT Regulations 1995 reg. 14(1)(e) and 16",
      requires: "the buyer's name and address", when: "over 250 GBP: a simplified invoice below",
      fix: buyerAddressFix, applies: { $0.isOver(250, "GBP") },
      holds: { LegalFacts.hasAddress($0.invoice.customer) }),
  ]

  static let switzerland: [LegalRule] = [
    LegalRule(
      "CH-26-2A", .format, law: "CH MWSTG art. 26 Abs. 2 lit. a",
      requires: "the seller's UID as VAT number (CHE-123.456.789 MWST, with a valid check digit)",
      fix: "set seller.vatId in the config", holds: { TaxIdentifier.isSwissVATNumber($0.seller.vatId ?? "") }),
    LegalRule(
      "CH-26-2B", .particular, law: "CH MWSTG art. 26 Abs. 2 lit. b",
      requires: "the buyer's name and address", when: "over 400 CHF: a receipt below (art. 26 Abs. 3)",
      fix: buyerAddressFix, applies: { $0.isOver(400, "CHF") },
      holds: { LegalFacts.hasAddress($0.invoice.customer) }),
    LegalRule(
      "CH-26-2D", .particular, law: "CH MWSTG art. 26 Abs. 2 lit. d",
      requires: "the date or period of supply", fix: deliveryDateFix, holds: { $0.statesDeliveryDate }),
  ]

  static let japan: [LegalRule] = [
    LegalRule(
      "JP-57-4-1-1", .format, law: "JP 消費税法 第57条の4 第1項第1号",
      requires: "the seller's registration number (T and 13 digits with a valid check digit)",
      fix: "set seller.vatId to the registration number (T1234567890123) in the config",
      holds: { TaxIdentifier.isJapaneseRegistration($0.sellerRegistration) }),
    LegalRule(
      "JP-57-4-1-4R", .particular, law: "JP 消費税法 第57条の4 第1項第4号",
      requires: "consumption tax rates of 10 % or 8 % (0 % for non-taxable items)",
      fix: "give each item a tax_rate of 10 or 8 (0 when not taxable)", holds: { $0.ratesAre([0, 8, 10]) }),
    LegalRule(
      "JP-57-4-1-3", .printed, law: "JP 消費税法 第57条の4 第1項第3号",
      requires: "the mark of reduced-rate items (※) with its legend", when: "items at 8 %",
      fix:
        "keep the items and vat-summary blocks in the config's layout.blocks: the items carry the mark, the VAT summary its legend",
      applies: { $0.rates.contains(ExactDecimal(8)) },
      holds: { $0.document.printsItemTable && $0.document.printsTaxNotes }),
    LegalRule(
      "JP-57-4-1-4", .printed, law: "JP 消費税法 第57条の4 第1項第4号・第5号",
      requires: "the taxable amount and the consumption tax per rate", fix: keepTaxNotes,
      holds: { $0.document.printsTaxNotes }),
  ]

  static let australia: [LegalRule] = [
    LegalRule(
      "AU-29-70-T", .printed, law: "AU GST Act s 29-70; GST Regulations 2019 s 29-70.01(2)(a)",
      requires: "the words \"Tax invoice\" as its title", when: "a taxable sale",
      fix:
        "leave layout.title.invoice unset (the title is then \"Tax invoice\") or write \"Tax invoice\" in it",
      applies: { !$0.invoice.isCreditNote && $0.rates.contains { !$0.isZero } },
      holds: { $0.document.customTitle.map { $0.lowercased().contains("tax invoice") } ?? true }),
    LegalRule(
      "AU-29-70-ABN", .format, law: "AU GST Regulations 2019 s 29-70.01(2)(b)",
      requires: "the seller's ABN (11 digits with valid check digits)",
      fix: "set seller.vatId to the ABN in the config",
      holds: { TaxIdentifier.isAustralianBusinessNumber($0.sellerRegistration) }),
    LegalRule(
      "AU-29-70-B", .particular, law: "AU GST Regulations 2019 s 29-70.01(2)(f)",
      requires: "the buyer's identity or ABN", when: "1,000 AUD or more",
      fix: "add a customer_name column, or the buyer's ABN in customer_vat_id",
      applies: { $0.isAtLeast(1000, "AUD") },
      holds: { !$0.invoice.customer.name.isEmpty || $0.invoice.customer.vatId != nil }),
    LegalRule(
      "AU-9-70", .particular, law: "AU GST Act s 9-70",
      requires: "GST at 10 % (0 % for GST-free items)", fix: "give each item a tax_rate of 10 or 0",
      holds: { $0.ratesAre([0, 10]) }),
  ]

  static let canada: [LegalRule] = [
    LegalRule(
      "CA-ITCIR-3B", .format, law: "CA Input Tax Credit Information Regulations s 3(b)(i)",
      requires: "the seller's GST/HST registration number (123456789RT0001, with a valid check digit)",
      when: "30 CAD or more", fix: "set seller.vatId to the GST/HST number in the config",
      applies: { $0.isAtLeast(30, "CAD") },
      holds: { TaxIdentifier.isCanadianGSTNumber($0.sellerRegistration) }),
    LegalRule(
      "CA-ITCIR-3C", .particular, law: "CA Input Tax Credit Information Regulations s 3(c)(iii)",
      requires: "the terms of payment", when: "150 CAD or more",
      fix: "add a due_date column, or set defaults.paymentTerms", applies: { $0.isAtLeast(150, "CAD") },
      holds: { $0.statesPaymentTerms }),
  ]

  static let saudiArabia: [LegalRule] = [
    LegalRule(
      "SA-53-VATNO", .format, law: "SA VAT Implementing Regulations art. 53",
      requires: "the seller's VAT registration number (15 digits, the first and the last 3)",
      fix: "set seller.vatId in the config", holds: { TaxIdentifier.isSaudiVATNumber($0.seller.vatId ?? "") }),
    LegalRule(
      "SA-EINV-QR", .printed,
      law:
        "SA E-Invoicing Regulation (ZATCA, 4 December 2020) and its Controls, Requirements and Technical Specifications",
      requires:
        "the QR code of the seller's name, VAT number, time stamp, total with VAT and VAT (TLV in Base64)",
      fix: "issue the invoice as a PDF (the head carries the code), with a seller name of at most 255 bytes",
      holds: { facts in
        [.pdf, .facturX].contains(facts.document.format) && facts.seller.name.utf8.count <= 255
      }),
    LegalRule(
      "SA-53-TITLE", .printed, law: "SA VAT Implementing Regulations art. 53",
      requires:
        "the title \"Tax Invoice\" (فاتورة ضريبية), or \"Simplified Tax Invoice\" (فاتورة ضريبية مبسطة) to a buyer without a VAT number",
      when: "an invoice, not a credit note",
      fix: "leave layout.title.invoice unset (the title is then the law's) or write it with فاتورة ضريبية",
      applies: { !$0.invoice.isCreditNote },
      holds: { $0.document.customTitle.map { $0.contains("فاتورة ضريبية") } ?? true }),
  ]
}
