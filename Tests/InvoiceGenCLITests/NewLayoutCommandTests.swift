import Foundation
import Testing

/// `invoicegen new-layout` (issue 33, part 2): what it writes, and what it refuses to write over.
/// Building the package it writes is `make test-layout-package`.
@Suite struct NewLayoutCommandTests {
  @Test func thePackageNamesTheLayoutAndTheCheckout() throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen(
      ["new-layout", "Acme", "--dir", folder + "/acme", "--invoicegen", CommandRunner.packageRoot.path])
    #expect(run.status == 0, "\(run.stderr)")
    let files = try FileManager.default.subpathsOfDirectory(atPath: folder + "/acme").sorted()
    for expected in [
      "Package.swift", "README.md", "Sources/Acme/AcmeLayout.swift", "Sources/Acme/main.swift",
      "Tests/AcmeTests/AcmeLayoutTests.swift",
    ] {
      #expect(files.contains(expected), "\(files)")
    }
    let manifest = try String(contentsOfFile: folder + "/acme/Package.swift", encoding: .utf8)
    #expect(
      manifest.contains(".package(path: \"\(CommandRunner.packageRoot.standardizedFileURL.path)\")"),
      "\(manifest)")
    let main = try String(contentsOfFile: folder + "/acme/Sources/Acme/main.swift", encoding: .utf8)
    #expect(main.contains(#".invoice("Acme""#) && main.contains("style: AcmeLayout()"), "\(main)")
    // The layout is a template, not a copy: one block replaced by its built-in view, in a few lines.
    let layout = try String(contentsOfFile: folder + "/acme/Sources/Acme/AcmeLayout.swift", encoding: .utf8)
    #expect(layout.split(separator: "\n", omittingEmptySubsequences: false).count <= 25)
    #expect(
      layout.contains("configuration.body.replacing(.totals)")
        && layout.contains("configuration.view(for: .totals)"))
    #expect(!layout.contains("Page(") && !layout.contains("Document("), "no copy of the renderer's internals")
    let readme = try String(contentsOfFile: folder + "/acme/README.md", encoding: .utf8)
    #expect(readme.split(separator: "\n").count <= 12)
    // Nothing left beside it.
    #expect(CommandRunner.files(folder) == ["acme"])
  }

  @Test func aURLIsADependencyByVersion() throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen(
      [
        "new-layout", "Acme", "--dir", folder + "/acme", "--invoicegen",
        "https://git.example.com/acme/invoicegen.git",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    let manifest = try String(contentsOfFile: folder + "/acme/Package.swift", encoding: .utf8)
    #expect(
      manifest.contains(#".package(url: "https://git.example.com/acme/invoicegen.git", from: "0.1.0")"#))
    #expect(manifest.contains(#".product(name: "InvoiceGenCLI", package: "invoicegen")"#))
  }

  @Test func aFileOrAFullFolderIsNeverWrittenOver() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/taken"))
    let onFile = try CommandRunner.invoicegen(["new-layout", "Acme", "--dir", folder + "/taken"])
    #expect(onFile.status == 3)
    #expect(onFile.stderr.contains("taken exists and is not an empty folder"), "\(onFile.stderr)")
    #expect(try String(contentsOfFile: folder + "/taken", encoding: .utf8) == "keep")
    let badName = try CommandRunner.invoicegen(["new-layout", "9-lives", "--dir", folder + "/x"])
    #expect(badName.status == 1)
    #expect(badName.stderr.contains(#""9-lives" is not a name"#))
    #expect(CommandRunner.files(folder) == ["taken"])
  }
}
