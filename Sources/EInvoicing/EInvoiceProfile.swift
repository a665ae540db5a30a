/// The specification an e-invoice follows: EN 16931 itself, or a national or network CIUS of it.
public enum EInvoiceProfile: String, CaseIterable, Sendable {
  /// EN 16931 (Factur-X/ZUGFeRD "EN 16931" level).
  case en16931
  /// XRechnung 3.0, for German public buyers (Leitweg-ID, contacts and electronic addresses required).
  case xrechnung
  /// Peppol BIS Billing 3.0 (endpoint ids required).
  case peppol

  /// The specification identifier written in the document (EN 16931 BT-24).
  public var specificationIdentifier: String {
    switch self {
    case .en16931: return "urn:cen.eu:en16931:2017"
    case .xrechnung: return "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"
    case .peppol: return "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"
    }
  }
}

/// Why one invoice cannot be written as an e-invoice, with the business term and what to add.
public struct EInvoiceProblem: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String
  public var hint: String?
  /// Whether the config, not the invoice's data, must change (the seller): said once per run, not per invoice.
  public var isInConfig: Bool

  public init(_ message: String, hint: String? = nil, isInConfig: Bool = false) {
    self.message = message
    self.hint = hint
    self.isInConfig = isInConfig
  }

  public var description: String { hint.map { "\(message) (\($0))" } ?? message }
}

/// Everything that keeps one invoice from being a valid e-invoice.
public struct EInvoiceFailure: Error, Hashable, Sendable {
  public var problems: [EInvoiceProblem]

  public init(problems: [EInvoiceProblem]) {
    self.problems = problems
  }
}
