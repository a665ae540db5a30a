import Foundation

// libFuzzer entry point for the readers of untrusted input, built by `make fuzz` together with
// DataModel's sources (one module, so no import). FUZZ_TARGET picks the reader: orders-csv,
// orders-csv-1252 (the Windows-1252 transcoder), invoice-json, report-json, report-csv or junit-xml
// (the libxml2 reader with the JUnit and Cobertura readers) or received-xml (the received
// e-invoice reader: CII, UBL, FatturaPA and its lottos). A crash, a trap, a leak or a timeout is a finding;
// diagnostics are the expected answer to bad input.

private let target = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "orders-csv"
private let scratch = "/tmp/invoicegen-fuzz-\(getpid()).csv"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
  var options = ImportOptions()
  options.defaultTaxRate = ExactDecimal(19)
  switch target {
  case "invoice-json":
    _ = InvoiceJSONImporter(options: options).importBytes(bytes, name: "fuzz.json")
  case "report-json":
    _ = ReportJSONImporter().importBytes(bytes, name: "fuzz.json")
  case "report-csv":
    guard FileManager.default.createFile(atPath: scratch, contents: Data(bytes)) else { return 0 }
    if let report = ReportCSVImporter().importFile(scratch, name: "fuzz.csv").report {
      // Read the rows back the way the layout does.
      for section in report.sections {
        for case .table(let table) in section.blocks {
          if let cursor = try? table.rows.makeCursor() {
            while (try? cursor.next()) != nil {}
          }
        }
      }
    }
  case "junit-xml":
    guard FileManager.default.createFile(atPath: scratch, contents: Data(bytes)) else { return 0 }
    _ = TestResultsImporter().importFiles([(scratch, "fuzz.xml")])
  case "received-xml":
    guard FileManager.default.createFile(atPath: scratch, contents: Data(bytes)) else { return 0 }
    if let each = try? ReceivedInvoiceReader.readEach(path: scratch, file: "fuzz.xml") {
      // Read each invoice's transcript, as --summary and the reports do.
      for case .success(let received) in each { _ = received.transcript }
    }
  case "orders-csv-1252":
    options.encoding = size % 2 == 0 ? .windows1252 : .utf16
    _ = OrdersCSVImporter(options: options).importBytes(bytes, name: "fuzz.csv", chunkSize: 1 + size % 61)
  default:
    _ = OrdersCSVImporter(options: options).importBytes(bytes, name: "fuzz.csv", chunkSize: 1 + size % 61)
  }
  return 0
}
