import DataModel
import Foundation

/// Writes an `EInvoiceDocument` as UN/CEFACT Cross Industry Invoice (D16B), as Factur-X 1.0 / ZUGFeRD 2 and XRechnung use it.
///
/// Elements come in the order the CII schema requires; every amount is the document's own.
public enum CIIWriter {
  public static func xml(_ document: EInvoiceDocument) -> [UInt8] {
    var xml = XMLWriter()
    let invoice = document.invoice
    let currency = invoice.currency.code
    xml.element(
      "rsm:CrossIndustryInvoice",
      [
        "xmlns:rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
        "xmlns:ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
        "xmlns:qdt": "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
        "xmlns:udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
      ]
    ) { xml in
      xml.element("rsm:ExchangedDocumentContext") { xml in
        if let frame = billingFrame(document) {
          xml.element("ram:BusinessProcessSpecifiedDocumentContextParameter") { $0.element("ram:ID", frame) }
        }
        xml.element("ram:GuidelineSpecifiedDocumentContextParameter") { xml in
          xml.element("ram:ID", document.profile.specificationIdentifier)
        }
      }
      xml.element("rsm:ExchangedDocument") { xml in
        xml.element("ram:ID", invoice.number)
        xml.element("ram:TypeCode", document.typeCode)
        date(&xml, "ram:IssueDateTime", invoice.issueDate)
        if let notes = invoice.notes {
          xml.element("ram:IncludedNote") { xml in xml.element("ram:Content", notes) }
        }
      }
      xml.element("rsm:SupplyChainTradeTransaction") { xml in
        for line in document.lines { self.line(&xml, line, document) }
        agreement(&xml, document)
        delivery(&xml, document)
        settlement(&xml, document, currency: currency)
      }
    }
    return xml.bytes
  }

  /// A French invoice's billing frame (BT-23, the "cadre de facturation" of the French CIUS, rule
  /// BR-FR-08): B1 goods, S1 services, M1 both; nil for another seller or an unknown nature.
  static func billingFrame(_ document: EInvoiceDocument) -> String? {
    guard document.sellerCountry == "FR", document.profile != .xrechnung,
      let nature = document.operationNature
    else { return nil }
    switch nature {
    case .goods: return "B1"
    case .services: return "S1"
    case .both: return "M1"
    }
  }

  static func date(_ xml: inout XMLWriter, _ name: String, _ date: CalendarDate) {
    xml.element(name) { xml in
      xml.element("udt:DateTimeString", EInvoiceDocument.date(date), ["format": "102"])
    }
  }

  static func indicator(_ xml: inout XMLWriter, _ isCharge: Bool) {
    xml.element("ram:ChargeIndicator") { xml in xml.element("udt:Indicator", isCharge ? "true" : "false") }
  }

  static func line(_ xml: inout XMLWriter, _ line: EInvoiceDocument.Line, _ document: EInvoiceDocument) {
    xml.element("ram:IncludedSupplyChainTradeLineItem") { xml in
      xml.element("ram:AssociatedDocumentLineDocument") { xml in xml.element("ram:LineID", line.id) }
      xml.element("ram:SpecifiedTradeProduct") { xml in
        if let sku = line.sku { xml.element("ram:SellerAssignedID", sku) }
        xml.element("ram:Name", line.name)
      }
      xml.element("ram:SpecifiedLineTradeAgreement") { xml in
        if let gross = line.grossPrice, let discount = line.priceDiscount {
          xml.element("ram:GrossPriceProductTradePrice") { xml in
            xml.element("ram:ChargeAmount", gross.trimmedDescription)
            xml.element("ram:AppliedTradeAllowanceCharge") { xml in
              indicator(&xml, false)
              xml.element("ram:ActualAmount", discount.trimmedDescription)
            }
          }
        }
        xml.element("ram:NetPriceProductTradePrice") { xml in
          xml.element("ram:ChargeAmount", line.netPrice.trimmedDescription)
        }
      }
      xml.element("ram:SpecifiedLineTradeDelivery") { xml in
        xml.element("ram:BilledQuantity", line.quantity.trimmedDescription, ["unitCode": line.unitCode])
      }
      xml.element("ram:SpecifiedLineTradeSettlement") { xml in
        xml.element("ram:ApplicableTradeTax") { xml in
          xml.element("ram:TypeCode", "VAT")
          xml.element("ram:CategoryCode", line.category)
          if line.category != "O" { xml.element("ram:RateApplicablePercent", line.rate.trimmedDescription) }
        }
        if let allowance = line.allowance {
          xml.element("ram:SpecifiedTradeAllowanceCharge") { xml in
            indicator(&xml, false)
            xml.element("ram:ActualAmount", document.amount(allowance))
            xml.element("ram:Reason", "Discount")
          }
        }
        xml.element("ram:SpecifiedTradeSettlementLineMonetarySummation") { xml in
          xml.element("ram:LineTotalAmount", document.amount(line.amount))
        }
      }
    }
  }

  static func party(
    _ xml: inout XMLWriter, _ name: String, _ party: Party, country: String, id: String?,
    electronicAddress: ElectronicAddress?
  ) {
    xml.element(name) { xml in
      if let id { xml.element("ram:ID", id) }
      xml.element("ram:Name", party.name)
      // The legal registration identifier (BT-30, BT-47): scheme 0002 is France's SIREN.
      if let company = party.companyId {
        xml.element("ram:SpecifiedLegalOrganization") { xml in
          let compact = company.filter { !$0.isWhitespace }
          if country == "FR", TaxIdentifier.isFrenchSIREN(compact) {
            xml.element("ram:ID", String(compact.prefix(9)), ["schemeID": "0002"])
          } else {
            xml.element("ram:ID", company)
          }
        }
      }
      if let contact = party.contact {
        xml.element("ram:DefinedTradeContact") { xml in
          if let person = contact.name { xml.element("ram:PersonName", person) }
          if let phone = contact.phone {
            xml.element("ram:TelephoneUniversalCommunication") { xml in
              xml.element("ram:CompleteNumber", phone)
            }
          }
          if let email = contact.email {
            xml.element("ram:EmailURIUniversalCommunication") { xml in xml.element("ram:URIID", email) }
          }
        }
      }
      let postal = party.postalAddress
      xml.element("ram:PostalTradeAddress") { xml in
        if let postcode = postal?.postcode { xml.element("ram:PostcodeCode", postcode) }
        let lines = EInvoiceDocument.streetLines(of: party)
        for (index, name) in ["ram:LineOne", "ram:LineTwo", "ram:LineThree"].enumerated()
        where index < lines.count {
          xml.element(name, lines[index])
        }
        if let city = postal?.city { xml.element("ram:CityName", city) }
        xml.element("ram:CountryID", country)
        if let region = postal?.region { xml.element("ram:CountrySubDivisionName", region) }
      }
      if let address = electronicAddress {
        xml.element("ram:URIUniversalCommunication") { xml in
          xml.element("ram:URIID", address.value, ["schemeID": address.scheme])
        }
      }
      if let vat = party.vatId {
        xml.element("ram:SpecifiedTaxRegistration") { xml in xml.element("ram:ID", vat, ["schemeID": "VA"]) }
      }
      if let number = party.taxNumber {
        xml.element("ram:SpecifiedTaxRegistration") { xml in xml.element("ram:ID", number, ["schemeID": "FC"])
        }
      }
    }
  }

  static func agreement(_ xml: inout XMLWriter, _ document: EInvoiceDocument) {
    let invoice = document.invoice
    xml.element("ram:ApplicableHeaderTradeAgreement") { xml in
      if let reference = invoice.buyerReference { xml.element("ram:BuyerReference", reference) }
      party(
        &xml, "ram:SellerTradeParty", document.seller, country: document.sellerCountry, id: nil,
        electronicAddress: document.seller.electronicAddress)
      party(
        &xml, "ram:BuyerTradeParty", invoice.customer, country: document.buyerCountry,
        id: invoice.customer.id,
        electronicAddress: document.buyerElectronicAddress)
      if let order = invoice.purchaseOrder {
        xml.element("ram:BuyerOrderReferencedDocument") { xml in xml.element("ram:IssuerAssignedID", order) }
      }
    }
  }

  static func delivery(_ xml: inout XMLWriter, _ document: EInvoiceDocument) {
    let invoice = document.invoice
    xml.element("ram:ApplicableHeaderTradeDelivery") { xml in
      // The delivery address (BG-15); else the deliver-to country (BT-80) is the buyer's where
      // intra-community supplies need one.
      if let address = invoice.deliveryAddress {
        xml.element("ram:ShipToTradeParty") { xml in
          xml.element("ram:PostalTradeAddress") { xml in
            if let postcode = address.postcode { xml.element("ram:PostcodeCode", postcode) }
            if let street = address.street { xml.element("ram:LineOne", street) }
            if let city = address.city { xml.element("ram:CityName", city) }
            xml.element("ram:CountryID", address.country ?? document.buyerCountry)
          }
        }
      } else if document.breakdown.contains(where: { $0.category == "K" }) {
        xml.element("ram:ShipToTradeParty") { xml in
          xml.element("ram:PostalTradeAddress") { xml in xml.element("ram:CountryID", document.buyerCountry) }
        }
      }
      if let day = invoice.deliveryDate {
        xml.element("ram:ActualDeliverySupplyChainEvent") { xml in date(&xml, "ram:OccurrenceDateTime", day) }
      }
    }
  }

  static func settlement(_ xml: inout XMLWriter, _ document: EInvoiceDocument, currency: String) {
    let invoice = document.invoice
    xml.element("ram:ApplicableHeaderTradeSettlement") { xml in
      xml.element("ram:PaymentReference", document.remittance ?? invoice.number)
      xml.element("ram:InvoiceCurrencyCode", currency)
      if let bank = document.bank { paymentMeans(&xml, bank) }
      for entry in document.breakdown {
        xml.element("ram:ApplicableTradeTax") { xml in
          xml.element("ram:CalculatedAmount", document.amount(entry.tax))
          xml.element("ram:TypeCode", "VAT")
          if let reason = entry.exemptionReason { xml.element("ram:ExemptionReason", reason) }
          xml.element("ram:BasisAmount", document.amount(entry.basis))
          xml.element("ram:CategoryCode", entry.category)
          if document.vatOnDebits { xml.element("ram:DueDateTypeCode", "5") }
          if entry.category != "O" { xml.element("ram:RateApplicablePercent", entry.rate.trimmedDescription) }
        }
      }
      if let period = invoice.billingPeriod {
        xml.element("ram:BillingSpecifiedPeriod") { xml in
          date(&xml, "ram:StartDateTime", period.lowerBound)
          date(&xml, "ram:EndDateTime", period.upperBound)
        }
      }
      for charge in document.charges { allowanceCharge(&xml, charge, document) }
      if document.paymentTerms != nil || invoice.dueDate != nil {
        xml.element("ram:SpecifiedTradePaymentTerms") { xml in
          if let terms = document.paymentTerms { xml.element("ram:Description", terms) }
          if let due = invoice.dueDate { date(&xml, "ram:DueDateDateTime", due) }
        }
      }
      summation(&xml, document, currency: currency)
      if let original = invoice.precedingInvoice {
        xml.element("ram:InvoiceReferencedDocument") { xml in
          xml.element("ram:IssuerAssignedID", original)
          if let day = invoice.precedingInvoiceDate {
            xml.element("ram:FormattedIssueDateTime") { xml in
              xml.element("qdt:DateTimeString", EInvoiceDocument.date(day), ["format": "102"])
            }
          }
        }
      }
    }
  }

  /// The credit transfer (code 58) to the seller's account.
  static func paymentMeans(_ xml: inout XMLWriter, _ bank: BankAccount) {
    xml.element("ram:SpecifiedTradeSettlementPaymentMeans") { xml in
      xml.element("ram:TypeCode", "58")
      xml.element("ram:PayeePartyCreditorFinancialAccount") { xml in
        xml.element("ram:IBANID", bank.iban.replacingOccurrences(of: " ", with: ""))
        if let holder = bank.holder { xml.element("ram:AccountName", holder) }
      }
      if let bic = bank.bic {
        xml.element("ram:PayeeSpecifiedCreditorFinancialInstitution") { xml in
          xml.element("ram:BICID", bic)
        }
      }
    }
  }

  /// A document-level allowance or charge with its tax category.
  static func allowanceCharge(
    _ xml: inout XMLWriter, _ charge: EInvoiceDocument.Charge, _ document: EInvoiceDocument
  ) {
    xml.element("ram:SpecifiedTradeAllowanceCharge") { xml in
      indicator(&xml, charge.isCharge)
      xml.element("ram:ActualAmount", document.amount(charge.amount))
      xml.element("ram:Reason", charge.reason)
      xml.element("ram:CategoryTradeTax") { xml in
        xml.element("ram:TypeCode", "VAT")
        xml.element("ram:CategoryCode", charge.category)
        if charge.category != "O" {
          xml.element("ram:RateApplicablePercent", charge.rate.trimmedDescription)
        }
      }
    }
  }

  /// The document's totals (BG-22).
  static func summation(_ xml: inout XMLWriter, _ document: EInvoiceDocument, currency: String) {
    xml.element("ram:SpecifiedTradeSettlementHeaderMonetarySummation") { xml in
      xml.element("ram:LineTotalAmount", document.amount(document.lineTotal))
      if !document.charges.isEmpty {
        xml.element("ram:ChargeTotalAmount", document.amount(document.chargeTotal))
        xml.element("ram:AllowanceTotalAmount", document.amount(document.allowanceTotal))
      }
      xml.element("ram:TaxBasisTotalAmount", document.amount(document.taxBasis))
      xml.element("ram:TaxTotalAmount", document.amount(document.taxTotal), ["currencyID": currency])
      xml.element("ram:GrandTotalAmount", document.amount(document.grandTotal))
      xml.element("ram:DuePayableAmount", document.amount(document.grandTotal))
    }
  }
}
