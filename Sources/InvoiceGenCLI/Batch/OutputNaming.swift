import DataModel
import Foundation
import PageRendering

/// The name stage: each invoice's file name, safe, inside the folder, and never two invoices on one file.
struct OutputNaming {
  let plan: RunPlan
  /// The names given so far (lower-cased: case-insensitive file systems), with their invoice's number.
  private let takenNames = TakenNames()
  private var taken = StringSlots()
  private let pattern: OutputName.Pattern

  init(plan: RunPlan) {
    self.plan = plan
    pattern = OutputName.Pattern(plan.fileNamePattern)
  }

  /// A failure of an invoice's name: its number and the message that says why.
  struct Failure: Error {
    let number: String
    let message: String

    /// Shows the failure and counts the invoice invalid.
    func report(into summary: inout RunSummary) {
      Console.error(message)
      summary.fail(number, line: nil, "error: " + message)
      summary.invalid.append(number)
    }
  }

  /// The file name of `invoice`, or why it has none: unusable, too long, or already another invoice's.
  mutating func name(_ invoice: Invoice) -> Result<String, Failure> {
    switch pattern.name(for: invoice) {
    case .failure(.unusable(let message)):
      return .failure(Failure(number: invoice.number, message: message))
    case .success(let name):
      let key = name.lowercased()
      if let longest = longestFileName(for: name), longest.utf8.count > AtomicFile.maxNameBytes {
        return .failure(
          Failure(
            number: invoice.number,
            message:
              "invoice \(Diagnostic.quote(invoice.number)): its file name \(Diagnostic.quote(longest)) would be \(longest.utf8.count) bytes long; file systems allow at most \(AtomicFile.maxNameBytes); set output.fileName in the config to a shorter pattern (such as \"{date}-{customerId}.pdf\")"
          ))
      }
      let names = takenNames
      let hash = StringSlots.hash(key)
      if let position = taken.position(of: key, hash: hash, { names.all[$0].key }) {
        let other = names.all[position].number
        return .failure(
          Failure(
            number: invoice.number,
            message:
              "invoice \"\(invoice.number)\" would be written to \(name), which invoice \"\(other)\" already uses; change one number or the output.fileName pattern"
          ))
      }
      names.all.append((key, invoice.number))
      taken.insert(names.all.count - 1, hash: hash) { names.all[$0].key }
      return .success(name)
    }
  }

  /// The jobs of the invoices that got a name, and the summary with those that did not.
  mutating func name(_ invoices: [Invoice], summary: inout RunSummary) -> [RenderJob] {
    var jobs: [RenderJob] = []
    for invoice in invoices {
      switch name(invoice) {
      case .success(let name): jobs.append(RenderJob(invoice: invoice, name: name))
      case .failure(let failure): failure.report(into: &summary)
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
    case .cii, .ubl, .ksef: return OutputName.stem(name) + ".xml"
    // The SdI's name, whatever the pattern: IT, the partita IVA, _ and the progressivo.
    case .fatturapa: return "IT00000000000_00000.xml"
    }
  }
}

/// The file names a run has given, in order, each with the number of the invoice it was given to.
private final class TakenNames {
  var all = ChunkedArray<(key: String, number: String)>()
}
