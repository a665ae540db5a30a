import DataModel
import EInvoicing
import Foundation

/// The e-invoice stage: every job checked and made an EN 16931 document before anything is written.
///
/// A job that is not a valid e-invoice fails with each problem, located; a gap in the seller's
/// settings is the config's, said once and still failing every invoice.
struct EInvoicePreparation {
  let plan: RunPlan

  /// The jobs that are valid e-invoices (named `.xml` for `--format cii|ubl`) and their documents by invoice number.
  func prepare(_ jobs: [RenderJob], summary: inout RunSummary) -> (
    jobs: [RenderJob], documents: [String: EInvoiceDocument]
  ) {
    var kept: [RenderJob] = []
    var documents: [String: EInvoiceDocument] = [:]
    var saidInConfig = Set<String>()
    for job in jobs {
      switch EInvoiceDocument.make(job.invoice, issuer: plan.settings.issuer, profile: plan.einvoiceProfile) {
      case .success(let document):
        documents[job.invoice.number] = document
        kept.append(
          RenderJob(
            invoice: job.invoice,
            name: plan.format.isEInvoiceXML ? OutputName.stem(job.name) + ".xml" : job.name))
      case .failure(let failure):
        for problem in failure.problems {
          let message =
            (problem.isInConfig
              ? "\(plan.configName): "
              : "\(job.invoice.source): invoice \(Diagnostic.quote(job.invoice.number)): ")
            + problem.message + (problem.hint.map { "\nhint: " + $0 } ?? "")
          if !problem.isInConfig || saidInConfig.insert(problem.message).inserted { Console.error(message) }
          summary.fail(job.invoice.number, line: job.invoice.source.line, "error: " + message)
        }
        summary.invalid.append(job.invoice.number)
      }
    }
    return (kept, documents)
  }
}
