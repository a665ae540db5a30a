import Foundation
import Layouts

/// The `invoicegen` command as a program of one's own builds it: invoicegen with the user's layouts added.
///
/// A package made by `invoicegen new-layout NAME` has one line in its `main.swift`:
/// `InvoiceGenCommand.main(layouts: [.invoice("Acme", style: AcmeStyle())])`. Every option,
/// sharding, e-invoices, `--check`, `preview` and `diff` then work unchanged, and `--layout Acme`
/// picks the layout.
public enum InvoiceGenCommand {
  /// Runs the command line of this process with `layouts` added and exits with its code.
  public static func main(layouts: [LayoutRegistry.NamedLayout]) -> Never {
    exit(
      InvoiceGenCLI.main(Array(CommandLine.arguments.dropFirst()), keepsWhatItRead: true, layouts: layouts))
  }
}
