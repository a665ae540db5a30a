import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `invoicegen preview --input FILE [--config FILE] [--layout NAME] [--only NUMBER] [--port N] [--host H]`:
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
  }

  /// The pages or the error of the last render.
  struct Rendering {
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
      if ["--port", "--host", "--out", "-o"].contains(argument) {
        guard index + 1 < arguments.count else { throw .usage("preview: \(argument) needs a value") }
        let value = arguments[index + 1]
        if argument == "--port" {
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
    var rendering = render(options, generation: 1)
    var watcher = watch(options)
    say("preview: http://\(options.host):\(server.port)/ (\(describe(rendering)); Ctrl-C to stop)")
    var pendingSince: Date?
    while true {
      allowStopping()
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
      if descriptors[0].revents != 0 { server.serveOne { route($0, rendering) } }
      if let since = pendingSince, Date().timeIntervalSince(since) >= 0.06 {
        pendingSince = nil
        rendering = render(options, generation: rendering.generation + 1)
        // The config may now name another logo or fonts folder.
        watcher = watch(options, after: watcher)
        if !options.batch.quiet { say("preview: rendered again (\(describe(rendering)))") }
        server.announce(rendering.generation)
      }
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

  /// Renders the documents once, by running this executable into a temporary folder.
  static func render(_ options: Options, generation: Int) -> Rendering {
    var result = Rendering(generation: generation)
    let started = Date()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "invoicegen-preview-\(UUID().uuidString)")
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
      try process.run()
    } catch {
      result.failed = true
      result.messages = "cannot run \(executablePath): \(error.localizedDescription)"
      return result
    }
    let messages = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    result.messages = String(decoding: messages, as: UTF8.self)
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix("." + format) }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    for name in names {
      if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) {
        result.pages.append((name, data, format == "svg" ? "image/svg+xml" : "image/png"))
      }
    }
    result.failed = result.pages.isEmpty
    if result.failed && result.messages.isEmpty {
      result.messages = "no document was rendered (exit \(process.terminationStatus))"
    }
    result.milliseconds = Int(Date().timeIntervalSince(started) * 1000)
    return result
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
