import DataModel
import Foundation
import PageRendering

/// The name stage: each invoice's file name, safe, inside the folder, and never two invoices on one file.
struct OutputNaming {
  let plan: RunPlan

  /// The jobs of the invoices that got a name, and the summary with those that did not.
  func name(_ invoices: [Invoice], summary: inout RunSummary) -> [RenderJob] {
    var jobs: [RenderJob] = []
    var taken: [String: String] = [:]
    let pattern = OutputName.Pattern(plan.fileNamePattern)
    func fail(_ number: String, _ message: String) {
      Console.error(message)
      summary.fail(number, line: nil, "error: " + message)
      summary.invalid.append(number)
    }
    for invoice in invoices {
      switch pattern.name(for: invoice) {
      case .failure(.unusable(let message)):
        fail(invoice.number, message)
      case .success(let name):
        let key = name.lowercased()
        if let longest = longestFileName(for: name), longest.utf8.count > AtomicFile.maxNameBytes {
          fail(
            invoice.number,
            "invoice \(Diagnostic.quote(invoice.number)): its file name \(Diagnostic.quote(longest)) would be \(longest.utf8.count) bytes long; file systems allow at most \(AtomicFile.maxNameBytes); set output.fileName in the config to a shorter pattern (such as \"{date}-{customerId}.pdf\")"
          )
        } else if let other = taken[key] {
          fail(
            invoice.number,
            "invoice \"\(invoice.number)\" would be written to \(name), which invoice \"\(other)\" already uses; change one number or the output.fileName pattern"
          )
        } else {
          taken[key] = invoice.number
          jobs.append(RenderJob(invoice: invoice, name: name))
        }
      }
    }
    return jobs
  }

  /// The longest name this run would write for an invoice named `name`: its PDF's hash sidecar, or its last page's PNG or SVG.
  private func longestFileName(for name: String) -> String? {
    switch plan.format {
    case .pdf: return plan.skipUnchanged ? "." + name + ".invoicegen-hash" : name
    case .png: return OutputName.stem(name) + "-99999.png"
    case .svg: return OutputName.stem(name) + "-99999.svg"
    case .cii, .ubl: return OutputName.stem(name) + ".xml"
    }
  }
}
