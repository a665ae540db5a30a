/// Where an order stands, as shop exports write it (`Financial Status`, WooCommerce's `status`).
///
/// Refunded, voided and cancelled orders are not sent as ordinary invoices: they are skipped (and
/// counted), or a refunded one becomes a credit note (`RefundPolicy.creditNote`).
public enum OrderStatus: String, CaseIterable, Hashable, Sendable {
  /// Paid, or awaiting payment: printed as an invoice.
  case paid
  case pending
  /// Part of the amount was refunded: printed as the invoice of what was charged.
  case partiallyRefunded = "partially_refunded"
  case refunded
  /// The payment was voided, failed or expired: there was no sale.
  case voided
  case cancelled

  /// The status a shop writes as `text` ("Paid", "partially_refunded", "wc-completed", "on-hold"), or nil when unknown.
  public init?(text: String) {
    var key = text.trimmingSpaces.lowercased().replacingOccurrences(of: "-", with: "_")
      .replacingOccurrences(of: " ", with: "_")
    if key.hasPrefix("wc_") { key.removeFirst(3) }
    switch key {
    case "paid", "completed", "complete", "processing", "fulfilled", "captured", "settled", "closed":
      self = .paid
    case "pending", "on_hold", "authorized", "authorised", "partially_paid", "unpaid", "open", "sent", "due",
      "overdue":
      self = .pending
    case "partially_refunded", "partial_refund", "partly_refunded": self = .partiallyRefunded
    case "refunded", "refund": self = .refunded
    case "voided", "void", "failed", "expired", "declined": self = .voided
    case "cancelled", "canceled", "trash", "draft", "checkout_draft", "abandoned": self = .cancelled
    default: return nil
    }
  }

  /// Whether an invoice in this status is skipped rather than printed as an invoice.
  public var isSkipped: Bool { self == .refunded || self == .voided || self == .cancelled }
}

/// What a run does with refunded orders.
public enum RefundPolicy: String, Sendable {
  /// Refunded orders are skipped and counted as skipped.
  case skip
  /// Each refunded order becomes a credit note numbered `<number>-CN` that names the order's invoice.
  case creditNote = "credit-note"
}

/// An order left out of a run because of its status, with where it was and why.
public struct SkippedInvoice: Hashable, Sendable {
  public var number: String
  public var status: OrderStatus
  public var location: SourceLocation

  public init(number: String, status: OrderStatus, location: SourceLocation) {
    self.number = number
    self.status = status
    self.location = location
  }

  /// "refunded", "cancelled": the reason given in summaries.
  public var reason: String { status.rawValue.replacingOccurrences(of: "_", with: " ") }
}
