import DataModel
import EInvoicing
import Foundation
import Layouts

/// The e-invoice stage: every job checked and made an EN 16931 document before anything is written.
///
/// A job that is not a valid e-invoice fails with each problem, located; a gap in the seller's
/// settings is the config's, said once and still failing every invoice.
struct EInvoicePreparation {
  let plan: RunPlan
  /// The config's problems already shown (each is said once, though it fails every invoice).
  private var saidInConfig = Set<String>()
  /// The problems of invoices shown so far, counted after their first few.
  private(set) var repeated = RepeatedProblems()

  init(plan: RunPlan) {
    self.plan = plan
  }

  /// The run's issuer with its payment terms' placeholders filled for `invoice`, as the PDF prints them.
  func issuer(for invoice: Invoice) -> Issuer {
    var issuer = plan.settings.issuer
    guard let terms = issuer.text(issuer.paymentTerms, for: invoice.locale), terms.contains("{") else {
      return issuer
    }
    let context = InvoiceContext(invoice: invoice, settings: plan.settings)
    issuer.paymentTerms = LocalizedText(FooterTemplate.fill(terms, context))
    return issuer
  }

  /// Why a job is not a valid e-invoice: its number, line and each problem's message.
  struct Failure: Error {
    let number: String
    let line: Int?
    let problems: [(message: String, isInConfig: Bool, key: String)]
  }

  /// The job with its e-invoice (named `.xml` for `--format cii|ubl`), or its problems.
  func prepare(_ job: RenderJob) -> Result<RenderJob, Failure> {
    var made = EInvoiceDocument.make(
      job.invoice, issuer: issuer(for: job.invoice), profile: plan.einvoiceProfile)
    if case .success(let document) = made {
      let problems =
        switch plan.format {
        case .fatturapa: FatturaPAWriter.problems(document)
        case .ksef: KSeFWriter.problems(document)
        default: [EInvoiceProblem]()
        }
      if !problems.isEmpty { made = .failure(EInvoiceFailure(problems: problems)) }
    }
    switch made {
    case .success(let document):
      return .success(
        RenderJob(
          invoice: job.invoice,
          name: plan.format.isEInvoiceXML ? OutputName.stem(job.name) + ".xml" : job.name,
          einvoice: document))
    case .failure(let failure):
      let problems = failure.problems.map { problem in
        (
          message:
            (problem.isInConfig
            ? "\(plan.configName): "
            : "\(job.invoice.source): invoice \(Diagnostic.quote(job.invoice.number)): ")
            + problem.message + (problem.hint.map { "\nhint: " + $0 } ?? ""),
          isInConfig: problem.isInConfig, key: problem.message
        )
      }
      return .failure(Failure(number: job.invoice.number, line: job.invoice.source.line, problems: problems))
    }
  }

  /// Shows a failure's problems (the config's once per run, the others on their first few invoices)
  /// and counts the invoice invalid; `closingLines` then says how many more had them.
  mutating func report(_ failure: Failure, into summary: inout RunSummary) {
    for problem in failure.problems {
      let shown =
        problem.isInConfig
        ? saidInConfig.insert(problem.key).inserted
        : repeated.show(problem.key, severity: .error, message: problem.key, invoice: failure.number)
      if shown { Console.error(problem.message) }
      summary.fail(failure.number, line: failure.line, "error: " + problem.message)
    }
    summary.invalid.append(failure.number)
  }

  /// The jobs that are valid e-invoices, each with its document; the others counted invalid.
  mutating func prepare(_ jobs: [RenderJob], summary: inout RunSummary) -> [RenderJob] {
    var kept: [RenderJob] = []
    for job in jobs {
      switch prepare(job) as Result<RenderJob, Failure> {
      case .success(let prepared): kept.append(prepared)
      case .failure(let failure): report(failure, into: &summary)
      }
    }
    return kept
  }
}
