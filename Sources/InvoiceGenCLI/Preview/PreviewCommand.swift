import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The render running now (its process id, 0 when none): a SIGTERM to the preview stops it too.
private let runningRender = Atomic<Int32>(0)

/// `invoicegen preview --input FILE [--config FILE] [--layout NAME] [--only NUMBER] [--port N] [--host H] [--render-timeout S]`:
/// a page on 127.0.0.1 that shows the rendered pages, rendered again when a file they come from changes.
///
/// Each render is a run of this same executable (so a package's own layouts and every batch option
/// work unchanged) writing PNG (or SVG) pages into a temporary folder; its messages are shown on the
/// page in place of the pages when nothing could be rendered.
public enum PreviewCommand {
  /// What the command line asks for.
  public struct Options: Sendable {
    /// The batch options, passed on to each render.
    var batchArguments: [String] = []
    var batch = BatchOptions()
    var host = "127.0.0.1"
    var port: UInt16 = 0
    /// The longest a render may take before it is stopped and said so (`--render-timeout`).
    var renderSeconds = 60
  }

  /// The pages or the error of the last render.
  struct Rendering: Sendable {
    var generation = 0
    var pages: [(name: String, data: Data, type: String)] = []
    /// What the render printed on standard error (errors and warnings).
    var messages = ""
    /// Whether nothing could be rendered (the messages say why).
    var failed = false
    var milliseconds = 0
  }

  static func parse(_ arguments: [String]) throws(CLIError) -> Options {
    var options = Options()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if ["--port", "--host", "--out", "-o", "--render-timeout"].contains(argument) {
        guard index + 1 < arguments.count else { throw .usage("preview: \(argument) needs a value") }
        let value = arguments[index + 1]
        if argument == "--render-timeout" {
          guard let seconds = Int(value), (1...3600).contains(seconds) else {
            throw .usage("preview: --render-timeout must be from 1 to 3600 seconds, not \"\(value)\"")
          }
          options.renderSeconds = seconds
        } else if argument == "--port" {
          guard let port = UInt16(value) else {
            throw .usage("preview: --port must be from 0 to 65535, not \"\(value)\"")
          }
          options.port = port
        } else if argument == "--host" {
          options.host = value
        }
        index += 2
        continue
      }
      options.batchArguments.append(argument)
      index += 1
    }
    // The batch options are checked now, so a typo is an error before anything is served.
    options.batch = try BatchOptions.parse(options.batchArguments + ["--out", "/dev/null"])
    guard !options.batch.input.isEmpty, options.batch.input != "-" else {
      throw .usage("preview: --input FILE is required (standard input cannot be watched)")
    }
    return options
  }

  /// Serves the preview until the process is stopped.
  static func run(_ options: Options) throws(CLIError) -> Outcome {
    let server = try PreviewServer(host: options.host, port: options.port)
    stopRenderOnTermination()
    removeStaleFolders()
    var watcher = watch(options)
    var rendering = render(options, generation: 1)
    say("preview: http://\(options.host):\(server.port)/ (\(describe(rendering)); Ctrl-C to stop)")
    var pendingSince: Date?
    while true {
      allowStopping()
      server.adoptStreams()
      // The event streams too: one whose client went away is closed at once.
      var descriptors =
        [
          pollfd(fd: server.listener, events: Int16(POLLIN), revents: 0),
          pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0),
        ] + server.streams.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      // Asleep until a request or a change; a change waits 60 ms for the rest of a save.
      let timeout = pendingSince.map { max(0, Int32(60 - Date().timeIntervalSince($0) * 1000)) } ?? -1
      _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
      server.releaseClosedStreams(Array(descriptors.dropFirst(2)))
      if descriptors[1].revents != 0, watcher.drain(), pendingSince == nil { pendingSince = Date() }
      if descriptors[0].revents != 0 {
        let shown = rendering
        server.serveOne { route($0, shown) }
      }
      if let since = pendingSince, Date().timeIntervalSince(since) >= 0.06 {
        pendingSince = nil
        rendering = render(options, generation: rendering.generation + 1)
        // The config may now name another logo or fonts folder. The new watcher starts before the
        // old one is read, so a save made while the render ran is never lost between the two.
        let previous = watcher
        watcher = watch(options, after: previous)
        if previous.drain() { pendingSince = Date() }
        if !options.batch.quiet { say("preview: rendered again (\(describe(rendering)))") }
        server.announce(rendering.generation)
      }
    }
  }

  /// Makes SIGTERM, SIGINT and SIGHUP stop the render running (its pages are never finished into a
  /// folder nobody removes), then the preview, as they would have.
  static func stopRenderOnTermination() {
    for number in [SIGTERM, SIGINT, SIGHUP] {
      signal(number) { number in
        let child = runningRender.load(ordering: .acquiring)
        if child > 0 { kill(child, SIGKILL) }
        signal(number, SIG_DFL)
        raise(number)
      }
    }
  }

  /// The prefix of the folders renders write into: `invoicegen-preview-PID-…` in the temporary folder.
  static let folderPrefix = "invoicegen-preview-"

  /// Removes the render folders of previews that no longer run (a preview killed with SIGKILL).
  static func removeStaleFolders() {
    let temporary = FileManager.default.temporaryDirectory
    for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
    where name.hasPrefix(folderPrefix) {
      guard let pid = Int32(name.dropFirst(folderPrefix.count).prefix { $0 != "-" }), pid != getpid(),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
    }
  }

  /// Unblocks SIGINT, SIGTERM and SIGHUP on this thread: Foundation's `Process` leaves them blocked
  /// after starting a render, and the preview must stop on Ctrl-C or a kill.
  static func allowStopping() {
    var signals = sigset_t()
    sigemptyset(&signals)
    for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, number) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }

  /// A line on standard output, unbuffered: a script waiting for the address sees it at once.
  static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  static func describe(_ rendering: Rendering) -> String {
    rendering.failed
      ? "an error, shown on the page"
      : "\(rendering.pages.count) page\(rendering.pages.count == 1 ? "" : "s") in \(rendering.milliseconds) ms"
  }

  /// The watcher of the input, the config, and the logo and fonts the config names.
  /// While the config cannot be read, the files it named when it last could are still watched
  /// (a broken label file is fixed in that file, not in the config).
  static func watch(_ options: Options, after previous: FileWatcher? = nil) -> FileWatcher {
    let configPath =
      options.batch.config
      ?? (FileManager.default.fileExists(atPath: "invoicegen.json") ? "invoicegen.json" : nil)
    var files = [options.batch.input] + (configPath.map { [$0] } ?? [])
    var folders: [String] = []
    if let configPath, case .success(let config) = Config.load(path: configPath) {
      if let logo = config.invoiceSettings.brand.logo { files.append(logo) }
      files += config.labelFiles
      folders += config.invoiceSettings.brand.fontFolders
    } else if let previous {
      files = Array(Set(files + previous.files))
      folders = previous.folders
    }
    return FileWatcher(files: files, folders: folders)
  }

  /// Renders the documents once, by running this executable into a private temporary folder.
  static func render(_ options: Options, generation: Int) -> Rendering {
    var result = Rendering(generation: generation)
    let started = Date()
    // Only this user may read the pages: the folder is made 0700 before the render writes into it.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(folderPrefix)\(getpid())-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let format = options.batch.format == .svg ? "svg" : "png"
    var arguments = options.batchArguments + ["--out", folder.path, "--progress", "never"]
    if !options.batchArguments.contains("--format") { arguments += ["--format", "png"] }
    if !options.batchArguments.contains("--scale") { arguments += ["--scale", "1.5"] }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executablePath)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: false,
        attributes: [
          .posixPermissions: 0o700
        ])
      try process.run()
    } catch {
      result.failed = true
      result.messages = "cannot run \(executablePath): \(error.localizedDescription)"
      return result
    }
    stopAfter(options.renderSeconds, process)
    let messages = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    runningRender.store(0, ordering: .releasing)
    result.messages = String(decoding: messages, as: UTF8.self)
    result.milliseconds = Int(Date().timeIntervalSince(started) * 1000)
    // A render stopped by a signal (the time limit, the kernel's OOM killer) has half its pages at most.
    guard process.terminationReason == .exit else {
      result.failed = true
      result.messages +=
        Date().timeIntervalSince(started) >= Double(options.renderSeconds)
        ? "the render took longer than \(options.renderSeconds) s (--render-timeout) and was stopped"
        : "the render was killed (signal \(process.terminationStatus)); its pages are not shown"
      return result
    }
    result.pages = pages(in: folder, format: format)
    result.failed = result.pages.isEmpty
    if result.failed && result.messages.isEmpty {
      result.messages = "no document was rendered (exit \(process.terminationStatus))"
    }
    return result
  }

  /// Kills `process` (the render running now) when it runs longer than `seconds`.
  private static func stopAfter(_ seconds: Int, _ process: Process) {
    let pid = process.processIdentifier
    runningRender.store(pid, ordering: .releasing)
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) {
      guard runningRender.load(ordering: .acquiring) == pid else { return }
      kill(pid, SIGKILL)
    }
  }

  /// The pages a render wrote into `folder`, in their names' order.
  private static func pages(in folder: URL, format: String) -> [(name: String, data: Data, type: String)] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix("." + format) }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    return names.compactMap { name in
      FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map {
        (name, $0, format == "svg" ? "image/svg+xml" : "image/png")
      }
    }
  }

  /// This executable (a package's own, with its layouts), to render with.
  static var executablePath: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }

  /// The answer to `path`: the page, its content, a page image, or the state as JSON.
  static func route(_ path: String, _ rendering: Rendering) -> PreviewServer.Response {
    switch path {
    case "/":
      return PreviewServer.Response(
        body: Data(PreviewPage.html(content: PreviewPage.content(rendering)).utf8))
    case "/content":
      return PreviewServer.Response(body: Data(PreviewPage.content(rendering).utf8))
    case "/state":
      return PreviewServer.Response(
        contentType: "application/json", body: Data(PreviewPage.state(rendering).utf8))
    default:
      if path.hasPrefix("/page/"), let index = Int(path.dropFirst(6)), rendering.pages.indices.contains(index)
      {
        let page = rendering.pages[index]
        return PreviewServer.Response(contentType: page.type, body: page.data)
      }
      return PreviewServer.Response(
        status: "404 Not Found", contentType: "text/plain", body: Data("not found\n".utf8))
    }
  }
}
