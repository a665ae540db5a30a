import Foundation

/// `invoicegen new-layout NAME [--dir DIR] [--invoicegen PATH|URL]`: writes a Swift package whose
/// executable is invoicegen with a layout of one's own, starting as a copy of the built-in one.
public enum NewLayoutCommand {
  /// What the command line asks for.
  public struct Options: Sendable {
    var name = ""
    var directory: String?
    /// A local checkout (path dependency) or a repository URL (by version).
    var source: String?
  }

  /// The checkout this binary was built from, when it is still there.
  static var builtFrom: String? {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
      ? root.path : nil
  }

  static func parse(_ arguments: [String]) throws(CLIError) -> Options {
    var options = Options()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--dir", "--invoicegen":
        guard index + 1 < arguments.count else { throw .usage("new-layout: \(argument) needs a value") }
        if argument == "--dir" {
          options.directory = arguments[index + 1]
        } else {
          options.source = arguments[index + 1]
        }
        index += 2
        continue
      default:
        if argument.hasPrefix("-") {
          throw .usage("unknown option \(argument) for new-layout (it takes --dir and --invoicegen)")
        }
        guard options.name.isEmpty else {
          throw .usage("new-layout: one NAME, not \"\(options.name)\" and \"\(argument)\"")
        }
        options.name = argument
      }
      index += 1
    }
    guard !options.name.isEmpty else {
      throw .usage("new-layout: give the layout a NAME (letters and digits, e.g. Acme)")
    }
    try check(name: options.name)
    if let source = options.source,
      source.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    {
      throw .usage("new-layout: --invoicegen has a control character; give a path or a URL")
    }
    return options
  }

  /// The longest name taken: it names a folder, a module, a type and a file.
  static let maximumNameLength = 64

  /// Names a package cannot take: Swift's keywords, invoicegen's and the toolchain's modules (a
  /// module of the same name, in any case, would clash), and names whose `NAMELayout` type is one of
  /// invoicegen's.
  static let reservedNames: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
    "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
    "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
    "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
    "where", "while", "any", "as", "await", "false", "is", "nil", "self", "super", "throws", "true", "try",
    "type", "package", "some", "async", "consume", "copy", "borrowing", "consuming",
    "datamodel", "einvoicing", "layouts", "pagekit", "pagerendering", "invoicegencli", "invoicegen",
    "invoicegenbench", "invoicegenfuzz", "ccairo", "cfonts", "clibxml2", "cmalloc", "cpdfcontent",
    "cqrencode",
    "craster", "czint", "swift", "foundation", "foundationessentials", "dispatch", "glibc", "testing",
    "xctest", "synchronization", "invoice", "report", "page",
  ]

  /// Refuses a name that would not make a package that builds.
  static func check(name: String) throws(CLIError) {
    guard let first = name.unicodeScalars.first, CharacterSet.letters.contains(first),
      name.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) })
    else {
      throw .usage(
        "new-layout: \"\(name.prefix(80))\" is not a name: use ASCII letters and digits, starting with a letter"
      )
    }
    guard name.count <= maximumNameLength else {
      throw .usage("new-layout: the name has \(name.count) characters; use at most \(maximumNameLength)")
    }
    guard !reservedNames.contains(name.lowercased()) else {
      throw .usage(
        "new-layout: \"\(name)\" is a Swift keyword or a module name that a package of that name would clash with; choose another name, e.g. \(name)Invoices"
      )
    }
  }

  /// Writes the package and says what to do next.
  static func run(_ options: Options) throws(CLIError) -> Outcome {
    let folder = options.directory ?? options.name
    guard let source = options.source ?? builtFrom else {
      throw .usage(
        "new-layout: the checkout this invoicegen was built from is gone; say where invoicegen is with --invoicegen PATH|URL"
      )
    }
    let dependency = dependency(on: source)
    if (try? FileManager.default.destinationOfSymbolicLink(atPath: folder)) != nil {
      // Renaming over it would replace the link, not fill the folder it names.
      throw .output("new-layout: \(folder) is a symbolic link; give the folder itself as --dir")
    }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
      // Only an empty folder is taken (and replaced); a file or a folder with anything in it never is.
      let contents = isFolder.boolValue ? (try? FileManager.default.contentsOfDirectory(atPath: folder)) : nil
      guard contents?.isEmpty == true else {
        throw .output("new-layout: \(folder) exists and is not an empty folder; choose another --dir")
      }
    }
    let files: [(String, String)] = [
      ("Package.swift", LayoutPackageTemplate.packageSwift),
      ("Sources/\(options.name)/\(options.name)Layout.swift", LayoutPackageTemplate.layoutSwift),
      ("Sources/\(options.name)/main.swift", LayoutPackageTemplate.mainSwift),
      ("Tests/\(options.name)Tests/\(options.name)LayoutTests.swift", LayoutPackageTemplate.testSwift),
      ("README.md", LayoutPackageTemplate.readme),
      (".gitignore", LayoutPackageTemplate.gitignore),
    ]
    // Written beside the folder and renamed into place: a failed run leaves no half a package.
    let staging = folder + ".invoicegen.tmp-\(UUID().uuidString)"
    for (path, template) in files {
      let text = template.replacingOccurrences(of: "__NAME__", with: options.name)
        .replacingOccurrences(of: "__DEPENDENCY__", with: dependency.declaration)
        .replacingOccurrences(of: "__PACKAGE__", with: dependency.identity)
      let url = URL(fileURLWithPath: staging).appendingPathComponent(path)
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
      } catch {
        try? FileManager.default.removeItem(atPath: staging)
        throw .output("\(folder)/\(path): cannot write: \(error.localizedDescription)")
      }
    }
    // An empty folder of that name is replaced; rename(2) is atomic.
    try? FileManager.default.removeItem(atPath: folder)
    guard rename(staging, folder) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(atPath: staging)
      throw .output("\(folder): cannot write: \(reason)")
    }
    print(
      """
      layout package written to \(folder) (invoicegen from \(source))
        cd \(folder) && swift build -c release
        .build/release/\(options.name) --input orders.csv --out invoices/ --layout \(options.name)
      """)
    return Outcome()
  }

  /// The package dependency on invoicegen at `source`, and the identity its products are named by.
  static func dependency(on source: String) -> (declaration: String, identity: String) {
    let isURL = source.contains("://") || source.hasPrefix("git@")
    var name = URL(fileURLWithPath: source).standardizedFileURL.lastPathComponent
    if isURL {
      name = String(source.split(separator: "/").last ?? "invoicegen")
      if name.hasSuffix(".git") { name.removeLast(4) }
      return (".package(url: \(quoted(source)), from: \(quoted(InvoiceGenCLI.version)))", identity(name))
    }
    let absolute = URL(fileURLWithPath: source).standardizedFileURL.path
    return (".package(path: \(quoted(absolute)))", identity(name))
  }

  /// The package identity SwiftPM derives from a last path component, lower-cased, written inside
  /// quotes in `Package.swift`: escaped like any string there.
  static func identity(_ name: String) -> String {
    String(quoted(name.lowercased()).dropFirst().dropLast())
  }

  static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      + "\""
  }
}
