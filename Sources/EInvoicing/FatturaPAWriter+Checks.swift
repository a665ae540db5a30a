import DataModel

/// What FatturaPA needs beyond EN 16931: an Italian seller with its partita IVA, the buyer's fiscal
/// identity and both addresses in the parts the Sede has.
extension FatturaPAWriter {
  /// Why `document` cannot be written as FatturaPA; empty when it can.
  public static func problems(_ document: EInvoiceDocument) -> [EInvoiceProblem] {
    var problems: [EInvoiceProblem] = []
    let seller = document.seller
    if document.sellerCountry != "IT" || !TaxIdentifier.isItalianVATNumber(seller.vatId ?? "") {
      problems.append(
        EInvoiceProblem(
          "FatturaPA is issued by an Italian seller with its partita IVA (CedentePrestatore IdFiscaleIVA)",
          hint: "set seller.country to IT and seller.vatId to IT and the 11 digits in the config",
          isInConfig: true))
    }
    if seller.postalAddress?.street == nil {
      problems.append(
        EInvoiceProblem(
          "FatturaPA needs the seller's street (Sede Indirizzo)", hint: "set seller.street in the config",
          isInConfig: true))
    }
    let customer = document.invoice.customer
    if document.buyerCountry == "IT", customer.vatId == nil, customer.taxNumber == nil {
      problems.append(
        EInvoiceProblem(
          "FatturaPA needs an Italian buyer's partita IVA or codice fiscale (CessionarioCommittente)",
          hint: "add a customer_vat_id column with the partita IVA or the codice fiscale"))
    }
    let postal = customer.postalAddress
    if postal?.street == nil || postal?.city == nil
      || (document.buyerCountry == "IT" && !(postal?.postcode.map(isCAP) ?? false))
    {
      problems.append(
        EInvoiceProblem(
          "FatturaPA needs the buyer's address in parts (Sede: Indirizzo, Comune, and for Italy the 5-digit CAP)",
          hint: "add customer_street, customer_postcode and customer_city columns"))
    }
    return problems + formatProblems(document)
  }

  /// Whether `text` is an Italian postcode: five digits.
  static func isCAP(_ text: String) -> Bool {
    text.count == 5 && text.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// Whether `text` is an Italian codice fiscale of a person: 16 letters and digits.
  static func isCodiceFiscale(_ text: String) -> Bool {
    text.count == 16 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
  }
}
