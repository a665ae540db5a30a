// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "invoicegen",
  products: [
    .library(name: "PageKit", targets: ["PageKit"]),
    .library(name: "PageRendering", targets: ["PageRendering"]),
    .library(name: "DataModel", targets: ["DataModel"]),
    .library(name: "Layouts", targets: ["Layouts"]),
    // The command line as a library: a package of one's own runs it with its layouts added.
    .library(name: "InvoiceGenCLI", targets: ["InvoiceGenCLI"]),
    .executable(name: "invoicegen", targets: ["invoicegen"]),
  ],
  targets: [
    .systemLibrary(
      name: "CCairo",
      path: "Sources/CCairo",
      pkgConfig: "invoicegen-ccairo",
      providers: [
        .apt([
          "libcairo2-dev", "libpango1.0-dev", "librsvg2-dev", "libqpdf-dev", "libturbojpeg0-dev",
          "libpoppler-glib-dev",
        ])
      ]
    ),
    .systemLibrary(
      name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    // libqrencode: QR code symbols for PageKit's QRCode view.
    .systemLibrary(
      name: "CQREncode", path: "Sources/CQREncode", pkgConfig: "libqrencode",
      providers: [.apt(["libqrencode-dev"])]),
    // libzint: Code 128 for PageKit's Barcode view (Debian ships no pkg-config file for it).
    .systemLibrary(name: "CZint", path: "Sources/CZint", providers: [.apt(["libzint-dev"])]),
    .target(name: "PageKit", dependencies: ["CQREncode", "CZint"], path: "Sources/PageKit"),
    // C++: the streaming finishing pass (structure tree, artifacts, PDF/A) and libqpdf's content tokenizer as its fallback.
    .target(
      name: "CPDFContent", path: "Sources/CPDFContent",
      linkerSettings: [.linkedLibrary("qpdf"), .linkedLibrary("z")]),
    // C: a signed e-invoice's CMS envelope (.p7m) opened and its signature checked with OpenSSL's libcrypto.
    .target(
      name: "CCMS", path: "Sources/CCMS", linkerSettings: [.linkedLibrary("crypto"), .linkedLibrary("ssl")]),
    // C because libpng reports errors by longjmp: PNG rows decoded and reduced as they are read.
    .target(name: "CRaster", path: "Sources/CRaster", linkerSettings: [.linkedLibrary("png16")]),
    .target(
      name: "CFonts", dependencies: ["CCairo"], path: "Sources/CFonts",
      linkerSettings: [.linkedLibrary("freetype")]),
    // glibc's malloc.h (part of libc, nothing to link).
    .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
    .target(name: "DataModel", dependencies: ["CLibXML2", "CMalloc"], path: "Sources/DataModel"),
    .target(
      name: "PageRendering",
      dependencies: ["PageKit", "CCairo", "CFonts", "CPDFContent", "CRaster"],
      path: "Sources/PageRendering"
    ),
    // The labels of each language, JSON files compiled into the binary (no bundle to find at run time).
    .target(
      name: "Layouts", dependencies: ["PageKit", "DataModel"], path: "Layouts",
      resources: [
        .embedInCode("Strings/ar.json"),
        .embedInCode("Strings/de.json"),
        .embedInCode("Strings/en.json"),
        .embedInCode("Strings/es.json"),
        .embedInCode("Strings/fa.json"),
        .embedInCode("Strings/fr.json"),
        .embedInCode("Strings/he.json"),
        .embedInCode("Strings/hi.json"),
        .embedInCode("Strings/id.json"),
        .embedInCode("Strings/it.json"),
        .embedInCode("Strings/ja.json"),
        .embedInCode("Strings/ko.json"),
        .embedInCode("Strings/nl.json"),
        .embedInCode("Strings/pl.json"),
        .embedInCode("Strings/pt.json"),
        .embedInCode("Strings/ru.json"),
        .embedInCode("Strings/sv.json"),
        .embedInCode("Strings/th.json"),
        .embedInCode("Strings/tr.json"),
        .embedInCode("Strings/uk.json"),
        .embedInCode("Strings/vi.json"),
        .embedInCode("Strings/zh-Hans.json"),
      ]),
    .target(name: "EInvoicing", dependencies: ["DataModel"], path: "Sources/EInvoicing"),
    .target(
      name: "InvoiceGenCLI",
      dependencies: [
        "DataModel", "PageKit", "PageRendering", "Layouts", "EInvoicing", "CPDFContent", "CCMS",
      ],
      path: "Sources/InvoiceGenCLI"),
    .executableTarget(name: "invoicegen", dependencies: ["InvoiceGenCLI"], path: "Sources/invoicegen"),
    .executableTarget(
      name: "InvoiceGenBench",
      dependencies: ["PageKit", "PageRendering", "DataModel", "CLibXML2"],
      path: "Sources/InvoiceGenBench"
    ),
    .executableTarget(
      name: "InvoiceGenFuzz", dependencies: ["PageKit", "PageRendering", "InvoiceGenCLI"],
      path: "Sources/InvoiceGenFuzz"),
    .testTarget(name: "PageKitTests", dependencies: ["PageKit"], path: "Tests/PageKitTests"),
    .testTarget(
      name: "InvoiceGenCLITests", dependencies: ["DataModel", "Layouts", "InvoiceGenCLI", "EInvoicing"],
      path: "Tests/InvoiceGenCLITests", exclude: ["Browser"]),
    .testTarget(
      name: "DataModelTests", dependencies: ["DataModel"], path: "Tests/DataModelTests",
      exclude: ["Malformed", "Received"]),
    .testTarget(
      name: "PageRenderingTests",
      dependencies: ["PageKit", "PageRendering", "CCairo", "CFonts", "DataModel", "Layouts"],
      path: "Tests/PageRenderingTests",
      exclude: ["Goldens"]
    ),
  ],
  cxxLanguageStandard: .cxx17
)
