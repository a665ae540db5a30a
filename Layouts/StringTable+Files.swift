extension StringTable {
  /// The label files compiled in from `Layouts/Strings/`, by language code.
  static let shippedFiles: [(language: String, bytes: [UInt8])] = [
    ("ar", PackageResources.ar_json),
    ("de", PackageResources.de_json),
    ("en", PackageResources.en_json),
    ("es", PackageResources.es_json),
    ("fa", PackageResources.fa_json),
    ("fr", PackageResources.fr_json),
    ("he", PackageResources.he_json),
    ("hi", PackageResources.hi_json),
    ("id", PackageResources.id_json),
    ("it", PackageResources.it_json),
    ("ja", PackageResources.ja_json),
    ("ko", PackageResources.ko_json),
    ("nl", PackageResources.nl_json),
    ("pl", PackageResources.pl_json),
    ("pt", PackageResources.pt_json),
    ("ru", PackageResources.ru_json),
    ("sv", PackageResources.sv_json),
    ("th", PackageResources.th_json),
    ("tr", PackageResources.tr_json),
    ("uk", PackageResources.uk_json),
    ("vi", PackageResources.vi_json),
    ("zh-Hans", PackageResources.zh_Hans_json),
  ]
}
