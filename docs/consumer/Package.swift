// swift-tools-version:6.0
// A server app that renders invoices with invoicegen as a library. `make test-consumer` builds
// this package against a tagged clone of the repository (the URL below is replaced with it).
import PackageDescription

let package = Package(
  name: "InvoiceServer",
  dependencies: [
    .package(url: "https://example.com/invoicegen.git", from: "0.1.0")
  ],
  targets: [
    .executableTarget(
      name: "InvoiceServer",
      dependencies: [
        .product(name: "DataModel", package: "invoicegen"),
        .product(name: "Layouts", package: "invoicegen"),
        .product(name: "PageRendering", package: "invoicegen"),
      ])
  ]
)
