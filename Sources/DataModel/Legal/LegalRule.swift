/// One particular the law of a country asks of an invoice: where it comes from, when it applies and
/// what satisfies it (a class: a run checks every invoice against the same few, never copying them).
///
/// Rules live in `LegalRuleBook`, one table for every country; the run checks each invoice against
/// the rules of its seller's country, and the layouts print what a `printed` rule asks for from the
/// same table (`LegalNotes`), so nothing depends on a text the user must know to write.
public final class LegalRule: Sendable, Identifiable {
  /// What satisfies a rule.
  public enum Kind: String, Sendable {
    /// A value the data or the config must give (the seller's VAT id, a delivery date).
    case particular
    /// A value given in the form the law prescribes (a registration number and its check digits).
    case format
    /// A text or mark the document prints, which the layout takes from the rule table.
    case printed
    /// The form the invoice is issued in (an e-invoice through a national platform).
    case issuance
  }

  /// The rule's id, stable across versions: the country, then the article ("DE-14-4-6").
  public let id: String
  /// The country whose law it is (ISO 3166-1 alpha-2), or `EU` for the VAT directive.
  public let country: String
  /// The law, as a lawyer cites it ("DE §14 Abs. 4 Nr. 6 UStG").
  public let law: String
  /// What the invoice must state or be, as a sentence's object ("the seller's VAT identification number").
  public let requirement: String
  /// When the rule applies, for people ("over 250 EUR", "reverse charge"); empty for always.
  public let condition: String
  /// The column, config key or option that satisfies the rule.
  public let fix: String
  public let kind: Kind
  let applies: @Sendable (LegalFacts) -> Bool
  let holds: @Sendable (LegalFacts) -> Bool

  init(
    _ id: String, _ kind: Kind, law: String, requires requirement: String, when condition: String = "",
    fix: String, applies: @escaping @Sendable (LegalFacts) -> Bool = { _ in true },
    holds: @escaping @Sendable (LegalFacts) -> Bool
  ) {
    self.id = id
    self.country = String(id.prefix { $0 != "-" })
    self.kind = kind
    self.law = law
    self.requirement = requirement
    self.condition = condition
    self.fix = fix
    self.applies = applies
    self.holds = holds
  }

  /// The rule's finding on `facts`: nil when it does not apply or holds.
  public func check(_ facts: LegalFacts) -> LegalFinding? {
    guard applies(facts), !holds(facts) else { return nil }
    return LegalFinding(rule: self)
  }
}

/// A rule an invoice does not satisfy.
public struct LegalFinding: Sendable, Hashable {
  public let rule: LegalRule

  init(rule: LegalRule) {
    self.rule = rule
  }

  public var ruleID: String { rule.id }
  public var law: String { rule.law }

  /// "DE-14-4-6: the invoice lacks the date of delivery or the service period (over 250 EUR…), as DE §14… requires".
  public var message: String {
    let when = rule.condition.isEmpty ? "" : " (\(rule.condition))"
    let what = rule.kind == .issuance ? "must be \(rule.requirement)" : "lacks \(rule.requirement)"
    return "\(rule.id): the invoice \(what)\(when), as \(rule.law) requires"
  }

  /// The column, config key or option that satisfies the rule.
  public var hint: String { rule.fix }

  public static func == (lhs: LegalFinding, rhs: LegalFinding) -> Bool { lhs.rule.id == rhs.rule.id }

  public func hash(into hasher: inout Hasher) { hasher.combine(rule.id) }
}
