/// The VAT directive's particulars and those of the European countries in the table.
extension LegalRuleBook {
  static let keepTaxNotes =
    "keep the vat-summary block in the config's layout.blocks: invoicegen prints the text there, in the document's language"
  static let buyerAddressFix =
    "add the customer's address: a customer_address column, or customer_street, customer_postcode and customer_city"
  static let deliveryDateFix =
    "add a delivery_date column (or billing_period_start and billing_period_end), or set legal.deliveryDate to \"issue-date\" in the config when every invoice is delivered on its date"

  static let europeanUnion: [LegalRule] = [
    LegalRule(
      "EU-226-3", .particular, law: "EU 2006/112/EC art. 226(3)",
      requires: "the seller's VAT identification number", fix: "set seller.vatId in the config",
      applies: { $0.sellerCountry != "DE" }, holds: { $0.seller.vatId != nil }),
    LegalRule(
      "EU-226-4", .particular, law: "EU 2006/112/EC art. 226(4)",
      requires: "the buyer's VAT identification number", when: "reverse charge or intra-Community supply",
      fix: "add a customer_vat_id column (vatId of the customer in JSON)",
      applies: { !$0.categories.isDisjoint(with: [.reverseCharge, .intraCommunity]) },
      holds: { $0.invoice.customer.vatId != nil }),
    LegalRule(
      "EU-226-5S", .particular, law: "EU 2006/112/EC art. 226(5)",
      requires: "the seller's full name and address", fix: "set seller.name and seller.address in the config",
      holds: { !$0.seller.name.isEmpty && LegalFacts.hasAddress($0.seller) }),
    LegalRule(
      "EU-226-5B", .particular, law: "EU 2006/112/EC art. 226(5)",
      requires: "the buyer's full name and address",
      when: "a full invoice: above the seller country's simplified-invoice limit, where it has one",
      fix: buyerAddressFix, applies: { !$0.isSimplified },
      holds: { !$0.invoice.customer.name.isEmpty && LegalFacts.hasAddress($0.invoice.customer) }),
    LegalRule(
      "EU-226-11E", .particular, law: "EU 2006/112/EC art. 226(11)",
      requires: "the reason for the exemption (the provision that exempts the supply)",
      when: "exempt items (VAT category E)", fix: "add a tax_exemption_reason column",
      applies: { $0.categories.contains(.exempt) }, holds: { $0.invoice.taxExemptionReason != nil }),
    LegalRule(
      "EU-226-11A", .printed, law: "EU 2006/112/EC art. 226(11a)",
      requires: "the words \"Reverse charge\" in the document's language", when: "VAT category AE",
      fix: keepTaxNotes, applies: { $0.categories.contains(.reverseCharge) },
      holds: { $0.document.printsTaxNotes }),
    LegalRule(
      "EU-226-11K", .printed, law: "EU 2006/112/EC art. 226(11) and 138",
      requires: "the reference to the exempt intra-Community supply", when: "VAT category K",
      fix: keepTaxNotes, applies: { $0.categories.contains(.intraCommunity) },
      holds: { $0.document.printsTaxNotes }),
    LegalRule(
      "EU-226-11G", .printed, law: "EU 2006/112/EC art. 226(11) and 146",
      requires: "the reference to the exempt export", when: "VAT category G", fix: keepTaxNotes,
      applies: { $0.categories.contains(.export) }, holds: { $0.document.printsTaxNotes }),
  ]

  static let germany: [LegalRule] = [
    LegalRule(
      "DE-14-4-2", .particular, law: "DE §14 Abs. 4 Nr. 2 UStG",
      requires: "the seller's tax number (Steuernummer) or VAT identification number",
      fix: "set seller.vatId or seller.taxNumber in the config",
      holds: { $0.seller.vatId != nil || $0.seller.taxNumber != nil }),
    LegalRule(
      "DE-14-4-6", .particular, law: "DE §14 Abs. 4 Nr. 6 UStG",
      requires: "the date of delivery or the service period",
      when: "over 250 EUR; §33 UStDV exempts small-amount invoices", fix: deliveryDateFix,
      applies: { $0.isOver(250, "EUR") }, holds: { $0.statesDeliveryDate }),
  ]

  static let france: [LegalRule] =
    [
      LegalRule(
        "FR-242-SIREN", .format, law: "FR CGI ann. II art. 242 nonies A and Code de commerce art. R123-237",
        requires: "the seller's SIREN or SIRET (9 or 14 digits with a valid check digit)",
        fix: "set seller.companyId to the SIREN or SIRET in the config",
        holds: { TaxIdentifier.isFrenchSIREN($0.seller.companyId ?? "") }),
      LegalRule(
        "FR-L441-9-DUE", .particular, law: "FR Code de commerce art. L441-9",
        requires: "the date the payment is due", fix: "add a due_date column, or set defaults.paymentTerms",
        holds: { $0.statesPaymentTerms }),
      LegalRule(
        "FR-L441-10", .printed, law: "FR Code de commerce art. L441-9, L441-10 and D441-5",
        requires: "the late-payment penalty rate and the 40 € recovery indemnity", when: "a business buyer",
        fix: keepTaxNotes, applies: { $0.buyerIsBusiness }, holds: { $0.document.printsTaxNotes }),
    ] + franceFrom2026

  /// The four mentions décret n° 2022-1299 adds to CGI ann. II art. 242 nonies A, due with the
  /// e-invoicing reform (loi n° 2023-1322 art. 91): from 1 September 2026 for large and mid-sized
  /// companies, 1 September 2027 for the others. The table applies them from the first date: a
  /// small company is warned a year early, which costs it nothing to follow.
  static let franceFrom2026: [LegalRule] = [
    LegalRule(
      "FR-242NA-SIREN-B", .particular, law: reform2026,
      requires: "the buyer's SIREN", when: "from 1 September 2026, a business buyer in France",
      fix: "add a customer_company_id column with the buyer's SIREN",
      applies: { $0.isIssued(onOrAfter: 2026, 9, 1) && $0.isDomestic && $0.buyerIsBusiness },
      holds: { TaxIdentifier.isFrenchSIREN($0.invoice.customer.companyId ?? "") }),
    LegalRule(
      "FR-242NA-DELIVERY", .particular, law: reform2026,
      requires: "the delivery address with its town and country",
      when: "from 1 September 2026, goods delivered elsewhere than to the buyer's address",
      fix: "complete the delivery_street, delivery_postcode, delivery_city and delivery_country columns",
      applies: { $0.isIssued(onOrAfter: 2026, 9, 1) && $0.invoice.deliveryAddress != nil },
      holds: { $0.invoice.deliveryAddress?.city != nil && $0.invoice.deliveryAddress?.country != nil }),
    LegalRule(
      "FR-242NA-NATURE", .printed, law: reform2026,
      requires: "whether it supplies only goods, only services, or both",
      when: "from 1 September 2026, a business buyer",
      fix: "set legal.operations to goods, services or both in the config, or add an operation_nature column",
      applies: { $0.isIssued(onOrAfter: 2026, 9, 1) && $0.buyerIsBusiness },
      holds: { $0.operationNature != nil && $0.document.printsTaxNotes }),
    LegalRule(
      "FR-242NA-DEBITS", .printed, law: reform2026,
      requires: "the mention \"Option pour le paiement de la taxe d'après les débits\"",
      when: "from 1 September 2026, a seller that opted for it (legal.vatOnDebits)",
      fix: "keep the vat-summary block, and issue as a PDF, Factur-X or CII (its BT-8), not UBL",
      applies: { $0.isIssued(onOrAfter: 2026, 9, 1) && $0.issuer.legal.vatOnDebits },
      // invoicegen's UBL carries no BT-8; CII and Factur-X carry it (code 5), PDFs print the words.
      holds: { $0.document.printsTaxNotes && $0.document.format != .ubl }),
  ]

  static let reform2026 =
    "FR CGI ann. II art. 242 nonies A (décret n° 2022-1299), from loi n° 2023-1322 art. 91"

  static let italy: [LegalRule] = [
    LegalRule(
      "IT-21-PIVA", .format, law: "IT DPR 633/1972 art. 21 c. 2 lett. c",
      requires: "the seller's partita IVA (IT and 11 digits with a valid check digit)",
      fix: "set seller.vatId in the config",
      holds: { TaxIdentifier.isItalianVATNumber($0.seller.vatId ?? "") }
    ),
    LegalRule(
      "IT-21-BUYER", .particular, law: "IT DPR 633/1972 art. 21 c. 2 lett. f",
      requires: "the buyer's partita IVA or codice fiscale", when: "a buyer in Italy",
      fix: "add a customer_vat_id column with the partita IVA or codice fiscale",
      applies: { $0.buyerCountry == "IT" }, holds: { $0.invoice.customer.vatId != nil }),
    LegalRule(
      "IT-SDI", .issuance, law: "IT D.Lgs. 127/2015 art. 1 c. 3 and L. 205/2017 art. 1 c. 909",
      requires: "issued as FatturaPA XML through the Sistema di Interscambio",
      when: "seller and buyer in Italy", fix: "run with --format fatturapa",
      applies: { $0.isDomestic }, holds: { $0.document.format == .fatturaPA }),
  ]

  static let spain: [LegalRule] = [
    LegalRule(
      "ES-6-NIF", .format, law: "ES RD 1619/2012 art. 6.1.d",
      requires: "the seller's NIF (with its control character)", fix: "set seller.vatId in the config",
      holds: { TaxIdentifier.isSpanishNIF($0.sellerRegistration) }),
    LegalRule(
      "ES-6-BUYER", .particular, law: "ES RD 1619/2012 art. 6.1.d",
      requires: "the buyer's NIF", when: "a buyer in Spain, over 400 EUR (art. 4: simplified invoices below)",
      fix: "add a customer_vat_id column with the buyer's NIF",
      applies: { $0.buyerCountry == "ES" && $0.isOver(400, "EUR") },
      holds: { $0.invoice.customer.vatId != nil }),
    LegalRule(
      "ES-VERIFACTU", .issuance, law: "ES RD 1007/2023 art. 3 and 16, RDL 15/2025",
      requires: "issued through VERI*FACTU (QR code, legend and chained records)",
      when: "issued from 1 January 2027", fix: "set legal.verifactu to true in the config",
      applies: { $0.isIssued(onOrAfter: 2027, 1, 1) }, holds: { $0.issuer.legal.verifactu }),
  ]

  static let netherlands: [LegalRule] = [
    LegalRule(
      "NL-HRB-27", .particular, law: "NL Handelsregisterbesluit 2008 art. 27",
      requires: "the seller's KvK number", fix: "set seller.companyId to the KvK number in the config",
      holds: { $0.seller.companyId != nil })
  ]

  static let austria: [LegalRule] = [
    LegalRule(
      "AT-11-1-3D", .particular, law: "AT §11 Abs. 1 Z 3 lit. d UStG 1994",
      requires: "the date of delivery or the service period",
      when: "over 400 EUR; §11 Abs. 6 exempts small-amount invoices", fix: deliveryDateFix,
      applies: { $0.isOver(400, "EUR") }, holds: { $0.statesDeliveryDate }),
    LegalRule(
      "AT-11-1-3I", .particular, law: "AT §11 Abs. 1 Z 3 lit. i UStG 1994",
      requires: "the buyer's UID number", when: "over 10,000 EUR to a buyer in Austria",
      fix: "add a customer_vat_id column",
      applies: { $0.buyerCountry == "AT" && $0.isOver(10_000, "EUR") },
      holds: { $0.invoice.customer.vatId != nil }),
  ]

  static let belgium: [LegalRule] = [
    LegalRule(
      "BE-53-PEPPOL", .issuance, law: "BE Code TVA art. 53 §2 (loi du 6 février 2024)",
      requires: "issued as a structured e-invoice (Peppol BIS Billing 3.0 UBL)",
      when: "from 1 January 2026, to a business in Belgium", fix: "run with --format ubl",
      applies: { $0.isDomestic && $0.invoice.customer.vatId != nil && $0.isIssued(onOrAfter: 2026, 1, 1) },
      holds: { $0.document.format == .ubl })
  ]

  static let poland: [LegalRule] = [
    LegalRule(
      "PL-106E-NIP", .format, law: "PL ustawa o VAT art. 106e ust. 1 pkt 4",
      requires: "the seller's NIP (10 digits with a valid check digit)",
      fix: "set seller.vatId in the config",
      holds: { TaxIdentifier.isPolishNIP($0.sellerRegistration) }),
    LegalRule(
      "PL-106E-NIP-B", .format, law: "PL ustawa o VAT art. 106e ust. 1 pkt 5",
      requires: "the buyer's NIP with a valid check digit", when: "a buyer in Poland with a tax number",
      fix: "correct customer_vat_id (10 digits, with or without PL)",
      applies: { $0.buyerCountry == "PL" && $0.invoice.customer.vatId != nil },
      holds: { TaxIdentifier.isPolishNIP($0.invoice.customer.vatId ?? "") }),
    LegalRule(
      "PL-106E-MPP", .printed, law: "PL ustawa o VAT art. 106e ust. 1 pkt 18a and art. 108a ust. 1a",
      requires: "the words \"mechanizm podzielonej płatności\" (split payment)",
      when: "over PLN 15,000 gross for goods or services of annex 15 (split_payment column)",
      fix: "keep the vat-summary block, or issue with --format ksef (P_18A)",
      applies: { $0.invoice.needsSplitPaymentMention },
      holds: { $0.document.printsTaxNotes || $0.document.format == .ksef }),
    LegalRule(
      "PL-106GA-KSEF", .issuance, law: "PL ustawa o VAT art. 106ga",
      requires: "issued through KSeF as a structured invoice (FA(3))",
      when:
        "from 1 February 2026 (legal.ksef large), 1 April 2026 or 1 January 2027 (micro), to a business in Poland",
      fix:
        "run with --format ksef and send the XML to KSeF; render the XML (--input) for the copy with its QR code",
      applies: { facts in
        let start = LegalSettings.ksefStart[facts.issuer.legal.ksefGroup] ?? (2026, 4, 1)
        return facts.isDomestic && facts.buyerIsBusiness
          && facts.isIssued(onOrAfter: start.0, start.1, start.2)
      },
      holds: { $0.document.format == .ksef }),
  ]
}
