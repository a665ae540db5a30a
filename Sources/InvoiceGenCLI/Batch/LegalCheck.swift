import DataModel
import Layouts

/// The legal stage: each invoice checked against the rules of its seller's country
/// (`LegalRuleBook`), before anything is written.
///
/// A finding is a warning, shown on the first few invoices that have it and then counted; with
/// `--strict` it is an error that fails its invoice, so the run writes nothing. Every finding of
/// every invoice goes to `--summary`.
struct LegalCheck {
  let plan: RunPlan
  private let document: LegalDocument
  /// The rules of the seller's country (none when checks are off or the country is unknown).
  private let rules: [LegalRule]
  private let issuer: Issuer
  private let titles: [DocumentKind: LocalizedText]
  private var repeated = RepeatedProblems()
  /// The messages to show, in input order (a rule's first few invoices only).
  private(set) var shown: [String] = []
  /// Every invoice with findings, for `--summary` (kept only when it is asked for) and `--strict`.
  private(set) var invoices: [(number: String, line: Int?, findings: [LegalFinding])] = []
  /// How many findings the run had.
  private(set) var count = 0

  init(plan: RunPlan) {
    self.plan = plan
    let format: LegalDocument.Format =
      switch plan.format {
      case .cii: .cii
      case .ubl: .ubl
      case .fatturapa: .fatturaPA
      case .ksef: .ksef
      case .pdf, .png, .svg: plan.facturX ? .facturX : .pdf
      }
    let issuer = plan.settings.issuer
    self.issuer = issuer
    titles = plan.settings.layout.titles
    rules =
      issuer.legal.checks
      ? LegalRuleBook.rules(
        for: issuer.legal.sellerCountry
          ?? issuer.seller.flatMap {
            LegalFacts.country(of: $0, fromAddressLines: true)
          }) : []
    document = LegalDocument(
      format: format, printsTaxNotes: plan.settings.layout.blocks.contains(.vatSummary),
      printsItemTable: plan.settings.layout.blocks.contains(.items))
  }

  /// The rules `invoice` does not satisfy.
  func findings(for invoice: Invoice) -> [LegalFinding] {
    guard !rules.isEmpty else { return [] }
    var document = self.document
    let kind: DocumentKind = invoice.isCreditNote ? .creditNote : .invoice
    if !titles.isEmpty, let title = titles[kind] {
      document.customTitle = title.text(
        for: invoice.locale ?? issuer.defaultLocale, defaultLocale: issuer.defaultLocale)
    }
    let facts = LegalFacts(invoice: invoice, issuer: issuer, document: document)
    return rules.compactMap { $0.check(facts) }
  }

  /// The VERI*FACTU record of `invoice`, when the seller issues through VERI*FACTU.
  func verifactuRecord(for invoice: Invoice) -> VerifactuRecord? {
    guard plan.settings.issuer.legal.verifactu else { return nil }
    return LegalNotes.verifactuRecord(for: LegalFacts(invoice: invoice, issuer: plan.settings.issuer))
  }

  /// Checks `invoice`; false when it fails (a finding with `--strict`).
  mutating func check(_ invoice: Invoice) -> Bool {
    let findings = findings(for: invoice)
    guard !findings.isEmpty else { return true }
    count += findings.count
    let severity: Diagnostic.Severity = plan.strict ? .error : .warning
    for finding in findings
    where repeated.show(
      finding.ruleID, severity: severity, message: finding.message, invoice: invoice.number)
    {
      if plan.strict || !plan.quiet { shown.append(message(finding, invoice: invoice, severity: severity)) }
    }
    if plan.strict || plan.summaryPath != nil {
      invoices.append((invoice.number, invoice.source.line, findings))
    }
    return !plan.strict
  }

  /// `warning: orders.csv:12: invoice "A-1": DE-14-4-6: … \nhint: …`.
  func message(_ finding: LegalFinding, invoice: Invoice, severity: Diagnostic.Severity) -> String {
    "\(severity.rawValue): \(invoice.source): invoice \(Diagnostic.quote(invoice.number)): \(finding.message)\nhint: \(finding.hint)"
  }

  /// Shows the findings (and how many more invoices had each), and with `--strict` fails their invoices.
  func report(into summary: inout RunSummary) {
    for line in shown { Console.write(line) }
    if plan.strict || !plan.quiet {
      for line in repeated.closingLines { Console.write(line) }
    }
    for entry in invoices {
      summary.legal.append(entry)
      guard plan.strict else { continue }
      for finding in entry.findings {
        summary.fail(entry.number, line: entry.line, "error: \(finding.message)\nhint: \(finding.hint)")
      }
      summary.invalid.append(entry.number)
    }
  }
}
