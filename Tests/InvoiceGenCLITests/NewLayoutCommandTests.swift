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

  /// Names that would give a package that does not build are refused before anything is written
  /// (issue 58, point 19), and so are a symbolic link as the folder and a control character in the source.
  @Test(arguments: [
    ("class", "is a Swift keyword"), ("PageKit", "module name"), ("layouts", "module name"),
    ("Invoice", "clash"), (String(repeating: "A", count: 300), "the name has 300 characters"),
  ])
  func aNameThatCannotBuildIsRefused(name: String, expected: String) throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.invoicegen(["new-layout", name, "--dir", folder + "/x"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains(expected), "\(run.stderr)")
    #expect(CommandRunner.files(folder).isEmpty)
  }

  @Test func aSymbolicLinkOrAControlCharacterIsRefused() throws {
    let folder = try CommandRunner.temporaryFolder()
    try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link", withDestinationPath: folder + "/real")
    let linked = try CommandRunner.invoicegen(["new-layout", "Acme", "--dir", folder + "/link"])
    #expect(linked.status == 3, "\(linked.stderr)")
    #expect(linked.stderr.contains("is a symbolic link"), "\(linked.stderr)")
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link")) != nil)
    let control = try CommandRunner.invoicegen([
      "new-layout", "Acme", "--dir", folder + "/acme", "--invoicegen", "/tmp/x\n\")]\nlet y = 1",
    ])
    #expect(control.status == 1, "\(control.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/acme"))
    let quote = try CommandRunner.invoicegen([
      "new-layout", "Acme", "--dir", folder + "/quoted", "--invoicegen",
      "https://example.com/a/in\"voice.git",
    ])
    #expect(quote.status == 0, "\(quote.stderr)")
    let manifest = try String(contentsOfFile: folder + "/quoted/Package.swift", encoding: .utf8)
    #expect(manifest.contains(#"package: "in\"voice""#), "\(manifest)")
  }
}
