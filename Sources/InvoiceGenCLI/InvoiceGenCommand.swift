import Foundation
import Layouts

/// The `invoicegen` command as a program of one's own builds it: invoicegen with the user's layouts added.
///
/// A package made by `invoicegen new-layout NAME` has one line in its `main.swift`:
/// `InvoiceGenCommand.main(layouts: [LayoutRegistry.NamedLayout(name: "acme", document: AcmeLayout.document)])`.
/// Every option, sharding, e-invoices, `--check`, `preview` and `diff` then work unchanged, and
/// `--layout acme` picks the layout.
public enum InvoiceGenCommand {
  /// Adds `layouts`, runs the command line of this process and exits with its code.
  public static func main(layouts: [LayoutRegistry.NamedLayout]) -> Never {
    LayoutRegistry.add(layouts)
    exit(InvoiceGenCLI.main(Array(CommandLine.arguments.dropFirst()), keepsWhatItRead: true))
  }
}
