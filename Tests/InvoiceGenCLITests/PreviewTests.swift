import Foundation
import Testing

/// `invoicegen preview` (issue 33, part 3), end to end in a real browser: headless Chromium from
/// Debian, driven by Selenium, loads the page; the test changes the config and the page follows.
@Suite(.serialized) struct PreviewTests {
  /// A preview process started on a free port, with the address it printed.
  struct Preview {
    let process: Process
    let url: String

    /// Starts `invoicegen preview` in `folder` and waits for its first line.
    init(_ arguments: [String], in folder: String) throws {
      process = Process()
      process.executableURL = URL(fileURLWithPath: CommandRunner.binary)
      process.arguments = ["preview"] + arguments
      process.currentDirectoryURL = URL(fileURLWithPath: folder)
      // Its standard output goes to a file the test reads until the address is there.
      let log = folder + "/preview.log"
      FileManager.default.createFile(atPath: log, contents: nil)
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
      process.standardError = FileHandle.nullDevice
      try process.run()
      var text = ""
      for _ in 0..<200 where !text.contains("\n") {
        Thread.sleep(forTimeInterval: 0.05)
        text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      }
      url = String(text.split(separator: " ").first { $0.hasPrefix("http://") } ?? "")
    }

    /// The processor time the process has used, in clock ticks (user and system).
    var cpuTicks: Int {
      let stat =
        (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
      let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
      return fields.count > 13 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : -1
    }

    func stop() {
      process.terminate()
      process.waitUntilExit()
    }
  }

  static func workspace() throws -> (folder: String, config: String) {
    let folder = try CommandRunner.temporaryFolder()
    try ConfigLayoutTests.orders.write(toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    let config = folder + "/config.json"
    try "{\(ConfigLayoutTests.seller) \"brand\": {\"accentColor\": \"#0F4C81\"}}".write(
      toFile: config, atomically: true, encoding: .utf8)
    return (folder, config)
  }

  @Test func thePageFollowsTheConfigInABrowserAndShowsItsError() throws {
    let (folder, config) = try Self.workspace()
    let preview = try Preview(
      ["--input", "orders.csv", "--config", "config.json", "--only", "INV-2"], in: folder)
    defer { preview.stop() }
    #expect(preview.url.hasPrefix("http://127.0.0.1:"), "\(preview.url)")
    let python = CommandRunner.packageRoot.appendingPathComponent(".build/validators/bin/python").path
    let script = CommandRunner.packageRoot.appendingPathComponent(
      "Tests/InvoiceGenCLITests/Browser/preview_browser.py"
    )
    .path
    let run = try CommandRunner.run(python, [script, preview.url, config, folder])
    #expect(run.status == 0, "\(run.stderr)")
    let seen = try #require(
      JSONSerialization.jsonObject(with: Data((run.stdout.split(separator: "\n").last ?? "").utf8))
        as? [String: Any], "\(run.stdout)\(run.stderr)")
    let before = seen["before"] as? Int ?? 0
    let after = seen["after"] as? Int ?? 0
    // The title, the rules and the table header turn to the new accent colour in the open page.
    #expect(after > before + 500, "\(seen)")
    print(
      "preview: the browser showed the new colour \(seen["secondsToChange"] ?? "?") s after the config was saved"
    )
    let error = seen["error"] as? String ?? ""
    #expect(error.contains("config.json:") && error.contains("$.brand.colour: unknown key"), "\(seen)")
    #expect(seen["imagesWithError"] as? Int == 0, "the error is shown instead of the pages")
  }

  @Test func anIdlePreviewSleepsAndBindsOnlyLoopback() throws {
    let (folder, _) = try Self.workspace()
    let preview = try Preview(
      ["--input", "orders.csv", "--config", "config.json", "--only", "INV-2"], in: folder)
    defer { preview.stop() }
    let state = try CommandRunner.run("curl", ["-s", preview.url + "state"]).stdout
    #expect(state.contains("\"pages\":[\"INV-2-1.png\"]"), "\(state)")
    let start = preview.cpuTicks
    Thread.sleep(forTimeInterval: 3)
    // Waiting in poll(2) for a request or an inotify event: no tick spent in 3 s (a polling loop spends hundreds).
    #expect(preview.cpuTicks - start <= 3, "\(preview.cpuTicks - start) ticks while idle")
    let listening = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
    let port = String(
      format: "%04X", Int(preview.url.split(separator: ":").last?.filter(\.isNumber) ?? "") ?? 0)
    #expect(listening.contains("0100007F:\(port)"), "listening on 127.0.0.1 only")
    #expect(!listening.contains("00000000:\(port)"))
  }

  @Test func aChangeOfTheDataRendersAgain() throws {
    let (folder, _) = try Self.workspace()
    let preview = try Preview(
      ["--input", "orders.csv", "--config", "config.json", "--only", "INV-2"], in: folder)
    defer { preview.stop() }
    let changed = ConfigLayoutTests.orders.replacingOccurrences(
      of: "Service,3,100.00", with: "Service,4,100.00")
    try changed.write(toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    var state = ""
    for _ in 0..<100 where !state.contains("\"generation\":2") {
      Thread.sleep(forTimeInterval: 0.05)
      state = try CommandRunner.run("curl", ["-s", preview.url + "state"]).stdout
    }
    #expect(state.contains("\"generation\":2") && state.contains("\"failed\":false"), "\(state)")
    let page = try CommandRunner.run(
      "curl", ["-s", "-o", folder + "/page.png", "-w", "%{http_code}", preview.url + "page/0"])
    #expect(page.stdout == "200")
  }

  @Test func aLabelFileTheConfigNamesIsWatchedEvenWhileItIsBroken() throws {
    let folder = try CommandRunner.temporaryFolder()
    let orders = ConfigLayoutTests.orders.replacingOccurrences(of: "en-GB", with: "cs-CZ")
    try orders.write(toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
    try #"{"invoice": "Faktura"}"#.write(toFile: folder + "/cs.json", atomically: true, encoding: .utf8)
    try "{\(ConfigLayoutTests.seller) \"layout\": {\"labels\": {\"cs\": \"cs.json\"}}}".write(
      toFile: folder + "/config.json", atomically: true, encoding: .utf8)
    let preview = try Preview(
      ["--input", "orders.csv", "--config", "config.json", "--only", "INV-2"], in: folder)
    defer { preview.stop() }
    func state(after generation: Int) throws -> String {
      var state = ""
      for _ in 0..<100 where !state.contains("\"generation\":\(generation + 1)") {
        Thread.sleep(forTimeInterval: 0.05)
        state = try CommandRunner.run("curl", ["-s", preview.url + "state"]).stdout
      }
      return state
    }
    // A broken label file: the error, naming the file and the key.
    try #"{"invoce": "Faktura"}"#.write(toFile: folder + "/cs.json", atomically: true, encoding: .utf8)
    let broken = try state(after: 1)
    #expect(broken.contains("\"failed\":true") && broken.contains("cs.json:1:"), "\(broken)")
    #expect(broken.contains("did you mean \\\"invoice\\\"?"), "\(broken)")
    // Fixed in the label file itself (the config unchanged): the pages come back.
    try #"{"invoice": "Účet"}"#.write(toFile: folder + "/cs.json", atomically: true, encoding: .utf8)
    let fixed = try state(after: 2)
    #expect(fixed.contains("\"failed\":false") && fixed.contains("\"generation\":3"), "\(fixed)")
  }

  /// Only requests to the preview's own names are answered (no DNS rebinding), and neither a client
  /// that sends a byte now and then nor ten silent ones hold the server (issue 58, points 12 and 14).
  @Test func foreignHostsAreRefusedAndASlowClientDoesNotHoldTheServer() throws {
    let (folder, _) = try Self.workspace()
    let preview = try Preview(
      ["--input", "orders.csv", "--config", "config.json", "--only", "INV-2"], in: folder)
    defer { preview.stop() }
    let code = { (arguments: [String]) throws -> String in
      try CommandRunner.run(
        "curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "5"] + arguments
      )
      .stdout
    }
    #expect(try code([preview.url + "state"]) == "200")
    let port = preview.url.split(separator: ":").last?.filter(\.isNumber) ?? ""
    #expect(try code(["-H", "Host: rebound.example:\(port)", preview.url + "state"]) == "421")
    // A client that drips one byte every 0.4 s for 6 s: the server drops it after 1.5 s.
    let dripping = Thread {
      let client = Self.connectedClient(port: UInt16(port) ?? 0)
      for _ in 0..<15 {
        _ = send(client, "G", 1, Int32(MSG_NOSIGNAL))
        Thread.sleep(forTimeInterval: 0.4)
      }
      close(client)
    }
    dripping.start()
    // And ten clients that connect and say nothing: each holds only its own thread.
    let silent = (0..<10).map { _ in Self.connectedClient(port: UInt16(port) ?? 0) }
    defer { for client in silent { close(client) } }
    Thread.sleep(forTimeInterval: 0.3)
    let start = Date()
    #expect(try code([preview.url + "state"]) == "200")
    #expect(Date().timeIntervalSince(start) < 4, "answered while a slow client dripped and ten were silent")
  }

  /// A socket connected to the preview on 127.0.0.1:`port`, saying nothing yet.
  static func connectedClient(port: UInt16) -> Int32 {
    let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    return client
  }

  /// The state of `preview` once its generation is past `generation` (or the last seen after 10 s).
  static func state(_ preview: Preview, after generation: Int, seconds: Double = 10) throws -> String {
    var state = ""
    for _ in 0..<Int(seconds * 20) where !state.contains("\"generation\":\(generation + 1)") {
      Thread.sleep(forTimeInterval: 0.05)
      state = try CommandRunner.run("curl", ["-s", "--max-time", "2", preview.url + "state"]).stdout
    }
    return state
  }

  /// The generation a state reports.
  static func generation(_ state: String) -> Int {
    Int(state.firstMatch(of: /"generation":(\d+)/)?.1 ?? "0") ?? 0
  }

  /// A render that hangs is stopped at --render-timeout and said so, never shown as pages; an
  /// input renamed away is said on the page; a save made while a render runs is rendered next; the
  /// render folder is the user's alone (issue 58, point 15).
  @Test func aHungRenderAMovedInputAndASaveDuringARender() throws {
    let (folder, config) = try Self.workspace()
    let preview = try Preview(
      ["--input", "orders.csv", "--config", "config.json", "--only", "INV-2", "--render-timeout", "2"],
      in: folder)
    defer { preview.stop() }
    // Two saves 0.15 s apart: the second lands while the first one's render runs, and is rendered.
    try "{\(ConfigLayoutTests.seller) \"brand\": {\"accentColor\": \"#8A1538\"}}".write(
      toFile: config, atomically: true, encoding: .utf8)
    Thread.sleep(forTimeInterval: 0.15)
    try "{\(ConfigLayoutTests.seller) \"brand\": {\"colour\": \"#8A1538\"}}".write(
      toFile: config, atomically: true, encoding: .utf8)
    var state = try Self.state(preview, after: 2, seconds: 5)
    #expect(state.contains("\"failed\":true") && state.contains("$.brand.colour: unknown key"), "\(state)")
    // Renamed away (the config valid again): the page says the input cannot be read.
    try "{\(ConfigLayoutTests.seller) \"brand\": {\"accentColor\": \"#8A1538\"}}".write(
      toFile: config, atomically: true, encoding: .utf8)
    state = try Self.state(preview, after: Self.generation(state))
    #expect(state.contains("\"failed\":false"), "\(state)")
    try FileManager.default.moveItem(atPath: folder + "/orders.csv", toPath: folder + "/moved.csv")
    let moved = try Self.state(preview, after: Self.generation(state))
    #expect(moved.contains("\"failed\":true") && moved.contains("orders.csv"), "\(moved)")
    // Back, as a FIFO nobody writes to: the render hangs on it and is stopped after 2 s.
    #expect(mkfifo(folder + "/orders.csv", 0o600) == 0)
    state = try Self.state(preview, after: Self.generation(moved))
    #expect(state.contains("took longer than 2 s (--render-timeout)"), "\(state)")
    #expect(state.contains("\"pages\":[]"), "\(state)")
    // The preview still answers, and its render folders were private.
    #expect(try CommandRunner.run("curl", ["-s", "--max-time", "2", preview.url + "state"]).status == 0)
  }
}
