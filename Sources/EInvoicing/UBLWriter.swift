import DataModel
import Foundation

/// Writes an `EInvoiceDocument` as OASIS UBL 2.1 Invoice or CreditNote, as Peppol BIS Billing 3.0 and XRechnung use it.
///
/// Elements come in the order the UBL 2.1 schemas require; every amount is the document's own.
public enum UBLWriter {
  public static func xml(_ document: EInvoiceDocument) -> [UInt8] {
    var xml = XMLWriter()
    let root = document.typeCode == "381" ? "CreditNote" : "Invoice"
    xml.open(
      root,
      [
        "xmlns": "urn:oasis:names:specification:ubl:schema:xsd:\(root)-2",
        "xmlns:cac": "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
        "xmlns:cbc": "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
      ])
    header(&xml, document)
    party(
      &xml, "cac:AccountingSupplierParty", document.seller, country: document.sellerCountry,
      endpoint: document.seller.electronicAddress, isSeller: true)
    party(
      &xml, "cac:AccountingCustomerParty", document.invoice.customer, country: document.buyerCountry,
      endpoint: document.buyerElectronicAddress, isSeller: false)
    delivery(&xml, document)
    payment(&xml, document)
    totals(&xml, document)
    for line in document.lines { self.line(&xml, line, document) }
    xml.close()
    return xml.bytes
  }

  /// An amount element in the document's currency, rounded as the document rounds (`<cbc:Amount currencyID="EUR">`).
  static func money(
    _ xml: inout XMLWriter, _ name: String, _ value: ExactDecimal, _ document: EInvoiceDocument
  ) {
    xml.element(name, document.amount(value), ["currencyID": document.invoice.currency.code])
  }

  /// A price element in the document's currency, with every decimal the price has.
  static func price(
    _ xml: inout XMLWriter, _ name: String, _ value: ExactDecimal, _ document: EInvoiceDocument
  ) {
    xml.element(name, value.trimmedDescription, ["currencyID": document.invoice.currency.code])
  }

  /// Identification, dates, type, notes, currency and the references to the order and an earlier invoice.
  static func header(_ xml: inout XMLWriter, _ document: EInvoiceDocument) {
    let invoice = document.invoice
    let isCredit = document.typeCode == "381"
    xml.element("cbc:CustomizationID", document.profile.specificationIdentifier)
    xml.element("cbc:ProfileID", "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0")
    xml.element("cbc:ID", invoice.number)
    xml.element("cbc:IssueDate", invoice.issueDate.description)
    if !isCredit, let due = invoice.dueDate { xml.element("cbc:DueDate", due.description) }
    xml.element(isCredit ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode", document.typeCode)
    if let notes = invoice.notes { xml.element("cbc:Note", notes) }
    xml.element("cbc:DocumentCurrencyCode", invoice.currency.code)
    if let reference = invoice.buyerReference { xml.element("cbc:BuyerReference", reference) }
    if let period = invoice.billingPeriod {
      xml.element("cac:InvoicePeriod") { xml in
        xml.element("cbc:StartDate", period.lowerBound.description)
        xml.element("cbc:EndDate", period.upperBound.description)
      }
    }
    if let order = invoice.purchaseOrder {
      xml.element("cac:OrderReference") { xml in xml.element("cbc:ID", order) }
    }
    if let original = invoice.precedingInvoice {
      xml.element("cac:BillingReference") { xml in
        xml.element("cac:InvoiceDocumentReference") { xml in
          xml.element("cbc:ID", original)
          if let date = document.invoice.precedingInvoiceDate {
            xml.element("cbc:IssueDate", date.description)
          }
        }
      }
    }
  }

  /// The delivery date, and the buyer's country for an intra-community supply (category K).
  static func delivery(_ xml: inout XMLWriter, _ document: EInvoiceDocument) {
    let intraCommunity = document.breakdown.contains { $0.category == "K" }
    guard document.invoice.deliveryDate != nil || intraCommunity else { return }
    xml.element("cac:Delivery") { xml in
      if let day = document.invoice.deliveryDate { xml.element("cbc:ActualDeliveryDate", day.description) }
      if intraCommunity {
        xml.element("cac:DeliveryLocation") { xml in
          xml.element("cac:Address") { xml in
            xml.element("cac:Country") { xml in xml.element("cbc:IdentificationCode", document.buyerCountry) }
          }
        }
      }
    }
  }

  /// The credit transfer to the seller's account and the payment terms.
  static func payment(_ xml: inout XMLWriter, _ document: EInvoiceDocument) {
    if let bank = document.bank {
      xml.element("cac:PaymentMeans") { xml in
        xml.element("cbc:PaymentMeansCode", "58")
        xml.element("cbc:PaymentID", document.remittance ?? document.invoice.number)
        xml.element("cac:PayeeFinancialAccount") { xml in
          xml.element("cbc:ID", bank.iban.replacingOccurrences(of: " ", with: ""))
          if let holder = bank.holder { xml.element("cbc:Name", holder) }
          if let bic = bank.bic {
            xml.element("cac:FinancialInstitutionBranch") { xml in xml.element("cbc:ID", bic) }
          }
        }
      }
    }
    if let terms = document.paymentTerms {
      xml.element("cac:PaymentTerms") { xml in xml.element("cbc:Note", terms) }
    }
  }

  /// Document allowances and charges, the VAT breakdown and the monetary totals.
  static func totals(_ xml: inout XMLWriter, _ document: EInvoiceDocument) {
    for charge in document.charges {
      xml.element("cac:AllowanceCharge") { xml in
        xml.element("cbc:ChargeIndicator", charge.isCharge ? "true" : "false")
        xml.element("cbc:AllowanceChargeReason", charge.reason)
        money(&xml, "cbc:Amount", charge.amount, document)
        category(&xml, "cac:TaxCategory", charge.category, charge.rate, reason: nil)
      }
    }
    xml.element("cac:TaxTotal") { xml in
      money(&xml, "cbc:TaxAmount", document.taxTotal, document)
      for entry in document.breakdown {
        xml.element("cac:TaxSubtotal") { xml in
          money(&xml, "cbc:TaxableAmount", entry.basis, document)
          money(&xml, "cbc:TaxAmount", entry.tax, document)
          category(&xml, "cac:TaxCategory", entry.category, entry.rate, reason: entry.exemptionReason)
        }
      }
    }
    xml.element("cac:LegalMonetaryTotal") { xml in
      money(&xml, "cbc:LineExtensionAmount", document.lineTotal, document)
      money(&xml, "cbc:TaxExclusiveAmount", document.taxBasis, document)
      money(&xml, "cbc:TaxInclusiveAmount", document.grandTotal, document)
      if !document.charges.isEmpty {
        money(&xml, "cbc:AllowanceTotalAmount", document.allowanceTotal, document)
        money(&xml, "cbc:ChargeTotalAmount", document.chargeTotal, document)
      }
      money(&xml, "cbc:PayableAmount", document.grandTotal, document)
    }
  }

  /// One invoice (or credit note) line: quantity, amount, discount, item and price.
  static func line(_ xml: inout XMLWriter, _ line: EInvoiceDocument.Line, _ document: EInvoiceDocument) {
    let isCredit = document.typeCode == "381"
    xml.element(isCredit ? "cac:CreditNoteLine" : "cac:InvoiceLine") { xml in
      xml.element("cbc:ID", line.id)
      xml.element(
        isCredit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity", line.quantity.trimmedDescription,
        ["unitCode": line.unitCode])
      money(&xml, "cbc:LineExtensionAmount", line.amount, document)
      if let allowance = line.allowance {
        xml.element("cac:AllowanceCharge") { xml in
          xml.element("cbc:ChargeIndicator", "false")
          xml.element("cbc:AllowanceChargeReason", "Discount")
          money(&xml, "cbc:Amount", allowance, document)
        }
      }
      xml.element("cac:Item") { xml in
        xml.element("cbc:Name", line.name)
        if let sku = line.sku {
          xml.element("cac:SellersItemIdentification") { xml in xml.element("cbc:ID", sku) }
        }
        category(&xml, "cac:ClassifiedTaxCategory", line.category, line.rate, reason: nil)
      }
      xml.element("cac:Price") { xml in
        price(&xml, "cbc:PriceAmount", line.netPrice, document)
        if let gross = line.grossPrice, let discount = line.priceDiscount {
          xml.element("cac:AllowanceCharge") { xml in
            xml.element("cbc:ChargeIndicator", "false")
            price(&xml, "cbc:Amount", discount, document)
            price(&xml, "cbc:BaseAmount", gross, document)
          }
        }
      }
    }
  }

  static func category(
    _ xml: inout XMLWriter, _ name: String, _ code: String, _ rate: ExactDecimal, reason: String?
  ) {
    xml.element(name) { xml in
      xml.element("cbc:ID", code)
      if code != "O" { xml.element("cbc:Percent", rate.trimmedDescription) }
      if let reason { xml.element("cbc:TaxExemptionReason", reason) }
      xml.element("cac:TaxScheme") { xml in xml.element("cbc:ID", "VAT") }
    }
  }

  static func party(
    _ xml: inout XMLWriter, _ name: String, _ party: Party, country: String, endpoint: ElectronicAddress?,
    isSeller: Bool
  ) {
    xml.element(name) { xml in
      xml.element("cac:Party") { xml in
        if let endpoint { xml.element("cbc:EndpointID", endpoint.value, ["schemeID": endpoint.scheme]) }
        if !isSeller, let id = party.id {
          xml.element("cac:PartyIdentification") { xml in xml.element("cbc:ID", id) }
        }
        xml.element("cac:PartyName") { xml in xml.element("cbc:Name", party.name) }
        let postal = party.postalAddress
        xml.element("cac:PostalAddress") { xml in
          let lines = EInvoiceDocument.streetLines(of: party)
          if lines.count > 0 { xml.element("cbc:StreetName", lines[0]) }
          if lines.count > 1 { xml.element("cbc:AdditionalStreetName", lines[1]) }
          if let city = postal?.city { xml.element("cbc:CityName", city) }
          if let postcode = postal?.postcode { xml.element("cbc:PostalZone", postcode) }
          if let region = postal?.region { xml.element("cbc:CountrySubentity", region) }
          if lines.count > 2 {
            xml.element("cac:AddressLine") { xml in xml.element("cbc:Line", lines[2]) }
          }
          xml.element("cac:Country") { xml in xml.element("cbc:IdentificationCode", country) }
        }
        if let vat = party.vatId {
          xml.element("cac:PartyTaxScheme") { xml in
            xml.element("cbc:CompanyID", vat)
            xml.element("cac:TaxScheme") { xml in xml.element("cbc:ID", "VAT") }
          }
        }
        if isSeller, let number = party.taxNumber {
          xml.element("cac:PartyTaxScheme") { xml in
            xml.element("cbc:CompanyID", number)
            xml.element("cac:TaxScheme") { xml in xml.element("cbc:ID", "FC") }
          }
        }
        xml.element("cac:PartyLegalEntity") { xml in xml.element("cbc:RegistrationName", party.name) }
        if let contact = party.contact {
          xml.element("cac:Contact") { xml in
            if let person = contact.name { xml.element("cbc:Name", person) }
            if let phone = contact.phone { xml.element("cbc:Telephone", phone) }
            if let email = contact.email { xml.element("cbc:ElectronicMail", email) }
          }
        }
      }
    }
  }
}
