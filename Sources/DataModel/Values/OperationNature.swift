/// What an invoice supplies: only goods, only services, or both, as French invoices state it
/// from September 2026 ("nature des opérations", CGI ann. II art. 242 nonies A).
public enum OperationNature: String, Sendable, Hashable, CaseIterable {
  case goods, services, both

  /// The nature `text` names, in English or French ("goods", "biens", "livraison", "mixte"…), or nil.
  public init?(text: String) {
    switch text.trimmingCharacters(in: .whitespaces).lowercased() {
    case "goods", "g", "biens", "livraison", "livraisons", "livraisons de biens", "lb": self = .goods
    case "services", "s", "service", "prestation", "prestations", "prestations de services", "ps":
      self = .services
    case "both", "mixed", "mixte", "goods and services", "biens et services", "lbps": self = .both
    default: return nil
    }
  }
}
