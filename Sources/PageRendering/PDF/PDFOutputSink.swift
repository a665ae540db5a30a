import Foundation

/// Where cairo writes a PDF: the bytes it writes before the first page are held until the writer
/// knows whether they go through the finishing pass or straight to the destination.
final class PDFOutputSink: ByteSink {
  /// The file or memory the PDF ends in.
  let destination: any ByteSink
  private var target: (any ByteSink)?
  private var early: [UInt8] = []
  /// Receives a copy of cairo's bytes as cairo writes them (tests compare what the finishing pass made of them).
  var copy: MemorySink?

  init(destination: any ByteSink) {
    self.destination = destination
  }

  /// Whether `start` has chosen the target.
  var isStarted: Bool { target != nil }

  /// Sends what was held, and all bytes from now on, through `pass`, or straight to the destination when nil.
  func start(through pass: (any ByteSink)?) {
    let chosen = pass ?? destination
    target = chosen
    if !early.isEmpty {
      _ = early.withUnsafeBytes { chosen.write($0) }
      early = []
    }
  }

  func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
    _ = copy?.write(bytes)
    guard let target else {
      early.append(contentsOf: bytes)
      return true
    }
    return target.write(bytes)
  }

  var writeFailure: String? { target?.writeFailure ?? destination.writeFailure }

  var name: String { destination.name }
}
