import Foundation

/// A seal for the benchmark's sealed runs: a root and a seal certificate made with openssl, never committed.
enum BenchSeal {
  /// Makes a seal with `key` (openssl's `-newkey` arguments) in `folder`; returns invoicegen's arguments to seal with it.
  static func make(key: [String], in folder: String) throws -> [String] {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "keyUsage=critical,digitalSignature,nonRepudiation\n".write(
      toFile: folder + "/ext.cnf", atomically: true, encoding: .utf8)
    try "bench\n".write(toFile: folder + "/password", atomically: true, encoding: .utf8)
    let file = { (name: String) in folder + "/" + name }
    let steps: [[String]] = [
      ["req", "-x509"] + key + [
        "-nodes", "-keyout", file("root.key"), "-out", file("root.pem"), "-days", "30", "-subj",
        "/CN=Bench Root",
      ],
      ["req"] + key + [
        "-nodes", "-keyout", file("seal.key"), "-out", file("seal.csr"), "-subj",
        "/O=Bench GmbH/CN=Bench Seal",
      ],
      [
        "x509", "-req", "-in", file("seal.csr"), "-CA", file("root.pem"), "-CAkey", file("root.key"),
        "-CAcreateserial", "-out", file("seal.pem"), "-days", "30", "-extfile", file("ext.cnf"),
      ],
      [
        "pkcs12", "-export", "-inkey", file("seal.key"), "-in", file("seal.pem"), "-certfile",
        file("root.pem"),
        "-out", file("seal.p12"), "-passout", "pass:bench",
      ],
    ]
    for step in steps {
      // Quiet: openssl draws its key generation's progress on standard error.
      let quoted = step.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(
        separator: " ")
      _ = try Bench.measure(["/bin/sh", "-c", "exec /usr/bin/openssl \(quoted) 2>/dev/null"])
    }
    return ["--sign", file("seal.p12"), "--sign-password-file", file("password")]
  }
}
