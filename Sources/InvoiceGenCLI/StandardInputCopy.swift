import DataModel
import Foundation
import PageRendering

/// A private file holding what standard input gave, so a report can read its rows twice.
///
/// The copy is streamed in 1 MiB chunks with checked writes, so memory stays flat however much
/// arrives; a NUL byte (binary data such as `/dev/zero`) stops it at once, and JSON is held to the
/// same size limit as a JSON file.
struct StandardInputCopy {
  /// Where the copy is; the caller removes it.
  let path: String
  /// `json` when the first character is `{`, else `csv`.
  let kind: InputKind

  /// Why standard input could not be copied.
  struct Problem: Error {
    let message: String
  }

  static func make() -> Result<StandardInputCopy, Problem> {
    let chunkSize = 1 << 20
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    var file: AtomicFile?
    var kind = InputKind.csv
    var total = 0
    while true {
      let got = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, chunkSize) }
      if got < 0 {
        if errno == EINTR { continue }
        return .failure(Problem(message: "cannot read: \(String(cString: strerror(errno)))"))
      }
      if got == 0 { break }
      let part = chunk[0..<got]
      if part.contains(0) {
        return .failure(Problem(message: "holds a NUL byte: this is not CSV or JSON text"))
      }
      if file == nil {
        let first = part.first {
          $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF
        }
        kind = first == UInt8(ascii: "{") ? .json : .csv
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
          "invoicegen-stdin-\(getpid()).\(kind.rawValue)"
        ).path
        do {
          file = try AtomicFile(path: path)
        } catch {
          return .failure(Problem(message: "cannot keep a copy in the temporary folder: \(error)"))
        }
      }
      total += got
      if kind == .json, total > InputLimits.jsonDocumentBytes {
        return .failure(
          Problem(message: "JSON input may be at most \(InputLimits.jsonDocumentBytes >> 20) MiB"))
      }
      guard part.withUnsafeBytes({ file!.write($0) }) else { break }
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "invoicegen-stdin-\(getpid()).\(kind.rawValue)"
    )
    .path
    do {
      if let file {
        try file.commit()
      } else {
        try AtomicFile.write(Data(), to: path)
      }
    } catch let error as RenderError {
      return .failure(Problem(message: "cannot keep a copy in the temporary folder: \(error.description)"))
    } catch {
      return .failure(Problem(message: "cannot keep a copy in the temporary folder: \(error)"))
    }
    return .success(StandardInputCopy(path: path, kind: kind))
  }
}
