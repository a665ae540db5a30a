import DataModel
import Foundation
import PageKit
import PageRendering

/// What a batch run checks of its config before reading any invoice: that there is one, and its images.
///
/// Each problem is said once, naming the config key, instead of once per invoice; with `--strict`
/// each is an error and nothing is written.
struct ConfigCheck {
  let config: Config
  let strict: Bool
  let quiet: Bool
  /// Whether invoices need the config's seller: received e-invoices bring their own.
  var needsSeller = true

  /// The config with the logo dropped when it cannot be read (the seller's name is shown in its place).
  func run() throws(CLIError) -> Config {
    var checked = config
    var problems: [String] = []
    if config.file == nil, needsSeller {
      let folder = FileManager.default.currentDirectoryPath
      problems.append(
        "no config file: no --config given and no invoicegen.json in \(folder); invoices carry no seller, "
          + "VAT id or bank details (write one as the README's \"Config reference\" shows, or pass --config FILE)"
      )
    }
    if let logo = config.invoiceSettings.brand.logo,
      let failure = CairoImageLoader().load(.file(logo)).failure
    {
      let place = config.logoLocation.map { "\($0): " } ?? ""
      problems.append(
        "\(place)brand.logo: image \(logo): \(failure); invoices show the seller's name instead")
      checked.invoiceSettings.brand.logo = nil
    }
    if strict, !problems.isEmpty {
      for problem in problems { Console.error(problem) }
      throw .config(file: config.file ?? "invoicegen.json")
    }
    if !quiet { for problem in problems { Console.warning(problem) } }
    return checked
  }
}
