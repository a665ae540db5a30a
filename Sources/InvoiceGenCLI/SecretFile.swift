import Foundation

/// Reads a small file holding a secret (a PKCS #12 seal, a password): a regular file only, within a size limit.
///
/// A FIFO or device given by mistake would block the run or fill memory; it is refused before it is opened.
enum SecretFile {
  /// The bytes of the regular file at `path`, at most `limit` of them; or why it cannot be used.
  static func read(_ path: String, limit: Int) -> Result<Data, SecretFileProblem> {
    var info = stat()
    guard stat(path, &info) == 0 else { return .failure(SecretFileProblem(message: "cannot be read")) }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      return .failure(SecretFileProblem(message: "is not a regular file (a folder, FIFO or device)"))
    }
    guard Int(info.st_size) <= limit else {
      return .failure(SecretFileProblem(message: "is \(info.st_size) bytes long; at most \(limit) are read"))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(SecretFileProblem(message: "cannot be read"))
    }
    return .success(data)
  }
}

/// Why a secret's file cannot be used (its path is said by the caller).
struct SecretFileProblem: Error {
  var message: String
}
