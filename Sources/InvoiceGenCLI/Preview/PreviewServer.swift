import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A small HTTP/1.1 server: answers each request and closes, keeps event streams open.
///
/// Loopback only unless told otherwise; `poll` waits on the listening socket, the event streams and
/// any other descriptor the owner adds (inotify), so an idle server spends no time. Each client is
/// read and answered on a thread of its own (at most `maximumClients` at once), so silent or slow
/// clients hold only their own thread, never the others or the renders.
final class PreviewServer {
  /// An answer: status, content type and body.
  struct Response: Sendable {
    var status = "200 OK"
    var contentType = "text/html; charset=utf-8"
    var body = Data()
  }

  let listener: Int32
  /// The port bound (the one asked for, or the one the system chose for 0).
  let port: UInt16
  /// Clients of `/events`, told of each new generation.
  private(set) var streams: [Int32] = []
  /// The `Host` headers answered: this server's own names. Any other is refused, so a web page the
  /// user visits cannot read the invoices through a name of its own pointed at 127.0.0.1 (DNS rebinding).
  let allowedHosts: Set<String>
  /// How long one client may take to send its request, in all: a client that sends a byte now and
  /// then cannot hold the server.
  static let requestDeadline = 1.5
  /// The most clients read and answered at once; one more is closed at once.
  static let maximumClients = 64

  /// What the client threads hand back: event streams opened, and how many clients are served now.
  private final class Inbox: Sendable {
    let streams = Mutex<[Int32]>([])
    let active = Atomic<Int>(0)
  }
  private let inbox = Inbox()

  /// Binds `host:port` (port 0: a free one) and listens.
  init(host: String, port: UInt16) throws(CLIError) {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0 else {
      throw .output("preview: cannot open a socket: \(String(cString: strerror(errno)))")
    }
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1 else {
      close(listener)
      throw .usage("preview: --host must be an IPv4 address such as 127.0.0.1, not \"\(host)\"")
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 16) == 0 else {
      let reason = String(cString: strerror(errno))
      close(listener)
      throw .output("preview: cannot listen on \(host):\(port): \(reason)")
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    self.listener = listener
    let chosen = UInt16(bigEndian: actual.sin_port)
    self.port = chosen
    allowedHosts = Set(["127.0.0.1", "localhost", "[::1]", host].map { "\($0):\(chosen)".lowercased() })
  }

  deinit {
    for stream in streams { close(stream) }
    close(listener)
  }

  /// Accepts one client and reads and answers it on a thread of its own with `route(path)`;
  /// `/events` stays open and joins `streams` at the next `adoptStreams()`.
  func serveOne(route: @escaping @Sendable (String) -> Response) {
    let client = accept(listener, nil, nil)
    guard client >= 0 else {
      // Out of descriptors: wait a moment instead of spinning on a listener that stays readable.
      if errno == EMFILE || errno == ENFILE { usleep(100_000) }
      return
    }
    _ = fcntl(client, F_SETFD, FD_CLOEXEC)
    let inbox = self.inbox
    guard inbox.active.add(1, ordering: .acquiringAndReleasing).newValue <= Self.maximumClients else {
      inbox.active.subtract(1, ordering: .acquiringAndReleasing)
      close(client)
      return
    }
    let (allowedHosts, port) = (self.allowedHosts, self.port)
    let thread = Thread {
      defer { inbox.active.subtract(1, ordering: .acquiringAndReleasing) }
      if let stream = Self.answer(client, allowedHosts: allowedHosts, port: port, route: route) {
        inbox.streams.withLock { $0.append(stream) }
      }
    }
    thread.stackSize = 512 << 10
    thread.start()
  }

  /// Takes in the event streams the client threads opened since the last call.
  func adoptStreams() {
    streams += inbox.streams.withLock { opened in
      defer { opened = [] }
      return opened
    }
  }

  /// Reads `client`'s request and answers it; returns the client when it stays open as an event stream.
  private static func answer(
    _ client: Int32, allowedHosts: Set<String>, port: UInt16, route: (String) -> Response
  ) -> Int32? {
    var timeout = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    guard let request = request(client) else {
      close(client)
      return nil
    }
    guard let host = request.host, allowedHosts.contains(host.lowercased()) else {
      let body = Data("this preview answers only requests to itself (Host 127.0.0.1:\(port))\n".utf8)
      let head =
        "HTTP/1.1 421 Misdirected Request\r\nContent-Type: text/plain\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
      _ = send(client, Data(head.utf8) + body)
      close(client)
      return nil
    }
    if request.path == "/events" {
      let head =
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\r\n: ready\n\n"
      if send(client, Data(head.utf8)) { return client }
      close(client)
      return nil
    }
    let response = route(request.path)
    let head =
      "HTTP/1.1 \(response.status)\r\nContent-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
    _ = send(client, Data(head.utf8) + response.body)
    close(client)
    return nil
  }

  /// Tells every event stream that generation `generation` is ready; drops the ones that went away.
  func announce(_ generation: Int) {
    let message = Data("data: \(generation)\n\n".utf8)
    streams = streams.filter { stream in
      if PreviewServer.send(stream, message) { return true }
      close(stream)
      return false
    }
  }

  /// Closes the event streams whose client went away (readable with nothing to say, or hung up),
  /// as soon as `poll` says so rather than at the next change.
  func releaseClosedStreams(_ ready: [pollfd]) {
    let gone = Set(ready.filter { $0.revents != 0 }.map(\.fd))
    guard !gone.isEmpty else { return }
    streams.removeAll { stream in
      guard gone.contains(stream) else { return false }
      close(stream)
      return true
    }
  }

  /// The path (without its query) and `Host` header of a GET request read within
  /// `requestDeadline`, or nil for anything else.
  static func request(_ client: Int32) -> (path: String, host: String?)? {
    guard let bytes = readRequest(client) else { return nil }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n")
    let first = lines.first?.split(separator: " ") ?? []
    guard first.count >= 2, first[0] == "GET" else { return nil }
    let host = lines.dropFirst().first { $0.lowercased().hasPrefix("host:") }
      .map { $0.dropFirst(5).trimmingCharacters(in: .whitespaces) }
    return (String(first[1].split(separator: "?", maxSplits: 1).first ?? "/"), host)
  }

  /// The bytes of a request up to its headers' end, read within `requestDeadline` in all.
  static func readRequest(_ client: Int32) -> [UInt8]? {
    let deadline = Date().addingTimeInterval(requestDeadline)
    var request = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    while request.count < 16_384 {
      let left = Int32(deadline.timeIntervalSinceNow * 1000)
      var ready = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
      guard left > 0, poll(&ready, 1, left) == 1 else { return nil }
      let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      request += chunk[0..<count]
      // Read to the headers' end: closing with a request unread would reset the connection.
      if request.count >= 4,
        (0...(request.count - 4)).contains(where: { request[$0..<($0 + 4)].elementsEqual([13, 10, 13, 10]) })
      {
        break
      }
    }
    return request
  }

  /// Writes all of `data`; false when the client went away.
  static func send(_ client: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let sent = Glibc.send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
        if sent <= 0 { return false }
        offset += sent
      }
      return true
    }
  }
}
