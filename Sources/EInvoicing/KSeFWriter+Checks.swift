import DataModel

/// What FA(3) needs beyond EN 16931: a Polish seller with its NIP, rates Polish VAT has, a
/// correction's reference, and texts within the schema's lengths.
extension KSeFWriter {
  /// Why `document` cannot be written as FA(3); empty when it can.
  public static func problems(_ document: EInvoiceDocument) -> [EInvoiceProblem] {
    var problems: [EInvoiceProblem] = []
    let seller = document.seller
    if document.sellerCountry != "PL" || !TaxIdentifier.isPolishNIP(seller.vatId ?? seller.taxNumber ?? "") {
      problems.append(
        EInvoiceProblem(
          "FA(3) is issued by a Polish seller with its NIP (Podmiot1 NIP)",
          hint: "set seller.country to PL and seller.vatId to PL and the 10 digits of the NIP in the config",
          isInConfig: true))
    }
    if document.buyerCountry == "PL", let vatId = document.invoice.customer.vatId,
      !TaxIdentifier.isPolishNIP(vatId)
    {
      problems.append(
        EInvoiceProblem(
          "the buyer's NIP \(Diagnostic.quote(vatId)) is not a valid NIP (10 digits with its check digit)",
          hint: "correct customer_vat_id, or leave it empty for a consumer"))
    }
    problems += rateProblems(document)
    let taxed = document.breakdown.contains { !$0.tax.isZero }
    if document.invoice.currency.code != "PLN", taxed, document.invoice.exchangeRate == nil {
      problems.append(
        EInvoiceProblem(
          "an FA(3) invoice in \(document.invoice.currency.code) states its VAT in złoty too (P_14_xW), at an exchange rate",
          hint:
            "add an exchange_rate column: złoty per \(document.invoice.currency.code), the NBP rate of the working day before the tax point"
        ))
    }
    if document.typeCode == "381" { problems += correctionProblems(document.invoice) }
    return problems + lengthProblems(document)
  }

  /// Each category and rate Polish VAT has no class for, once.
  private static func rateProblems(_ document: EInvoiceDocument) -> [EInvoiceProblem] {
    document.breakdown.compactMap { entry in
      guard rateClass(category: entry.category, rate: entry.rate, buyerCountry: document.buyerCountry) == nil
      else { return nil }
      return EInvoiceProblem(
        "FA(3) has no VAT rate \(entry.rate.trimmedDescription) % (category \(entry.category)); Polish VAT has 23, 8 and 5 % (22 and 7 % for farmers), 0 % and exempt",
        hint: "give the items a Polish rate, or a category: Z, E, AE, K, G or O")
    }
  }

  /// A correction's reference: the corrected invoice's number, date, and KSeF number or "none".
  private static func correctionProblems(_ invoice: Invoice) -> [EInvoiceProblem] {
    var problems: [EInvoiceProblem] = []
    if invoice.precedingInvoice == nil || invoice.precedingInvoiceDate == nil {
      problems.append(
        EInvoiceProblem(
          "a correction (KOR) needs the corrected invoice's number and issue date (DaneFaKorygowanej)",
          hint: "add preceding_invoice and preceding_invoice_date columns"))
    }
    switch invoice.precedingInvoiceKSeFNumber {
    case nil:
      problems.append(
        EInvoiceProblem(
          "a correction (KOR) needs the KSeF number of the invoice it corrects (NrKSeFFaKorygowanej)",
          hint:
            "add a preceding_invoice_ksef column with the number KSeF gave it, or \"none\" if it was issued outside KSeF"
        ))
    case let number? where number.lowercased() != "none" && !TaxIdentifier.isKSeFNumber(number):
      problems.append(
        EInvoiceProblem(
          "\(Diagnostic.quote(number)) is not a KSeF number (NIP-YYYYMMDD-XXXXXX-XXXXXX-XX)",
          hint: "copy the number KSeF gave the corrected invoice, or write \"none\""))
    default: break
    }
    return problems
  }

  /// Texts longer than the schema holds (P_7 512 characters, names 512, the number 256, Indeks 50).
  private static func lengthProblems(_ document: EInvoiceDocument) -> [EInvoiceProblem] {
    var texts: [(String, String, Int)] = [
      (document.invoice.number, "the invoice number (P_2)", 256),
      (document.invoice.customer.name, "the buyer's name", 512),
      (document.seller.name, "the seller's name", 512),
    ]
    for line in document.lines {
      texts.append((line.name, "line \(line.id): the description (P_7)", 512))
      if let sku = line.sku { texts.append((sku, "line \(line.id): the item number (Indeks)", 50)) }
    }
    return texts.compactMap { text, name, limit in
      guard text.count > limit else { return nil }
      return EInvoiceProblem(
        "\(name) has \(text.count) characters; FA(3) holds at most \(limit), and none is cut without a word")
    }
  }
}
