/// What an invoice refers to beside its parties and lines, as a reader collects it before the
/// invoice is made: the buyer's reference, the delivery's date and address, the period billed, the
/// corrected invoice's date and KSeF number, what it supplies, split payment and the exchange rate.
struct InvoiceReferences {
  var buyerReference: String?
  var delivery: CalendarDate?
  var period: ClosedRange<CalendarDate>?
  var precedingDate: CalendarDate?
  var precedingKSeF: String?
  var deliveryAddress: PostalAddress?
  var nature: OperationNature?
  var splitPayment = false
  var exchangeRate: ExactDecimal?

  /// Sets each reference on `invoice`.
  func apply(to invoice: inout Invoice) {
    invoice.buyerReference = buyerReference
    invoice.deliveryDate = delivery
    invoice.billingPeriod = period
    invoice.precedingInvoiceDate = precedingDate
    invoice.precedingInvoiceKSeFNumber = precedingKSeF
    invoice.deliveryAddress = deliveryAddress
    invoice.operationNature = nature
    invoice.splitPayment = splitPayment
    invoice.exchangeRate = exchangeRate
  }
}
