import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Watches files and folders for changes through inotify: no polling, no core spent while idle.
///
/// Editors save by writing a new file and renaming it over the old one, so each file's folder is
/// watched and events are filtered by name; a folder (fonts) counts every change inside it.
final class FileWatcher {
  /// The inotify descriptor, for `poll`.
  let descriptor: Int32
  /// Per watch: the folder and the names in it that matter (nil: every name).
  private var watches: [Int32: (folder: String, names: Set<String>?)] = [:]

  /// The files and folders watched, as given.
  let files: [String]
  let folders: [String]

  /// Watches `files` (by their folders) and `folders` (everything inside them).
  init(files: [String], folders: [String]) {
    self.files = files
    self.folders = folders
    descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    // Per folder, the names in it that matter; nil for a folder watched whole (it wins over names).
    var byFolder: [String: Set<String>?] = [:]
    for file in files {
      let url = URL(fileURLWithPath: file).standardizedFileURL
      let folder = url.deletingLastPathComponent().path
      let names = byFolder[folder] ?? []
      byFolder[folder] = names.map { $0.union([url.lastPathComponent]) }
    }
    for folder in folders { byFolder[URL(fileURLWithPath: folder).standardizedFileURL.path] = .some(nil) }
    // A file renamed away (IN_MOVED_FROM) or deleted is a change too: the page says it is gone.
    let mask = UInt32(
      IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)
    for (folder, names) in byFolder {
      let watch = inotify_add_watch(descriptor, folder, mask)
      if watch >= 0 { watches[watch] = (folder, names) }
    }
  }

  deinit { close(descriptor) }

  /// Reads the pending events; true when one concerns a watched file or folder.
  func drain() -> Bool {
    var relevant = false
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      var offset = 0
      buffer.withUnsafeBytes { raw in
        while offset + MemoryLayout<inotify_event>.size <= count {
          let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          let nameStart = offset + MemoryLayout<inotify_event>.size
          let nameBytes = raw[nameStart..<min(count, nameStart + Int(event.len))].prefix { $0 != 0 }
          let name = String(decoding: nameBytes, as: UTF8.self)
          if let watch = watches[event.wd], watch.names.map({ $0.contains(name) }) ?? true { relevant = true }
          offset = nameStart + Int(event.len)
        }
      }
    }
    return relevant
  }
}
