/// The names of the tax where it is not called VAT by law: Australia's and New Zealand's GST,
/// Canada's GST/HST, by the seller's country, in the languages those invoices are written in.
///
/// They are laid under the config's labels (a config label wins) and over the shipped ones.
enum TaxLabels {
  /// The labels for an invoice of a seller in `country`, in `language` ("en", "fr"); empty where VAT is the word.
  static func labels(sellerCountry country: String?, language: String) -> [StringKey: String] {
    switch (country, language) {
    case ("AU", "en"): return gst(id: "ABN")
    case ("NZ", "en"): return gst(id: "GST No.")
    case ("CA", "en"): return gst(name: "GST/HST", id: "GST/HST No.")
    case ("CA", "fr"):
      return [
        .vat: "TPS/TVH", .taxAmount: "TPS/TVH", .vatAtRate: "TPS/TVH %1",
        .vatSummary: "Récapitulatif TPS/TVH",
        .pricesIncludeVat: "Prix TPS/TVH comprises.", .vatId: "No TPS/TVH",
      ]
    default: return [:]
    }
  }

  static func gst(name: String = "GST", id: String) -> [StringKey: String] {
    [
      .vat: name, .taxAmount: name, .vatAtRate: "\(name) %1", .vatSummary: "\(name) summary",
      .pricesIncludeVat: "Prices include \(name).", .vatId: id,
    ]
  }
}
