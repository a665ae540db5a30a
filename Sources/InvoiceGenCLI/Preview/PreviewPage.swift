import Foundation

/// The HTML of the preview: a page that swaps in new content when the server announces a render.
enum PreviewPage {
  /// The whole page, with `content` in place and the script that keeps it current.
  static func html(content: String) -> String {
    """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>invoicegen preview</title>
    <style>
      body { margin: 0; background: #e6e6e6; font: 14px system-ui, sans-serif; color: #222; }
      header { padding: 8px 16px; background: #fff; border-bottom: 1px solid #ccc; }
      main { display: flex; flex-wrap: wrap; gap: 16px; padding: 16px; align-items: flex-start; }
      figure { margin: 0; } figure img { display: block; max-width: calc(100vw - 48px); height: auto; background: #fff; box-shadow: 0 1px 4px #0004; }
      figcaption { font-size: 12px; color: #555; padding-top: 4px; }
      pre.error { background: #fff4f4; border: 1px solid #d33; color: #900; padding: 12px; white-space: pre-wrap; }
      pre.warnings { background: #fffbe8; border: 1px solid #cb3; padding: 8px; white-space: pre-wrap; width: 100%; }
    </style></head>
    <body><header>invoicegen preview: the pages change when the config, the data, the logo or a font does</header>
    <main id="content">\(content)</main>
    <script>
      const events = new EventSource("/events");
      events.onmessage = async () => {
        const response = await fetch("/content", {cache: "no-store"});
        document.getElementById("content").innerHTML = await response.text();
      };
    </script></body></html>
    """
  }

  /// The pages of the last render, or its error.
  static func content(_ rendering: PreviewCommand.Rendering) -> String {
    if rendering.failed {
      return "<pre class=\"error\" id=\"error\">\(escape(rendering.messages))</pre>"
    }
    let warnings =
      rendering.messages.isEmpty ? "" : "<pre class=\"warnings\">\(escape(rendering.messages))</pre>"
    return warnings
      + rendering.pages.indices.map { index in
        "<figure><img src=\"/page/\(index)?g=\(rendering.generation)\" alt=\"\(escape(rendering.pages[index].name))\"><figcaption>\(escape(rendering.pages[index].name))</figcaption></figure>"
      }.joined()
  }

  /// The state as JSON: the generation, the pages and the messages.
  static func state(_ rendering: PreviewCommand.Rendering) -> String {
    let object: [String: Any] = [
      "generation": rendering.generation, "failed": rendering.failed, "messages": rendering.messages,
      "pages": rendering.pages.map(\.name), "milliseconds": rendering.milliseconds,
    ]
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
