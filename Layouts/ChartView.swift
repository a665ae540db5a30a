import DataModel
import Foundation
import PageKit

/// A bar or line chart drawn as vectors: axes, value ticks, labels and a legend.
struct ChartView: View {
  let chart: ReportChart
  let brand: Brand
  static let palette: [Color] = [
    Color(hex: "#0F4C81")!, Color(hex: "#E07A1F")!, Color(hex: "#2E9E5B")!, Color(hex: "#B8336A")!,
    Color(hex: "#7B5EA7")!, Color(hex: "#3A9AB8")!,
  ]

  var body: some View {
    VStack(alignment: .leading, spacing: 6) {
      if let title = chart.title { Text(title).font(brand.font(10, weight: .bold)) }
      Canvas { context, size in draw(&context, size: size) }
        .frame(height: 170)
        .accessibilityLabel(ChartView.description(of: chart))
      // The legend's names are in the figure's description, so readers skip the swatches.
      HStack(spacing: 12) {
        ForEach(Array(chart.series.enumerated()), id: \.offset) { index, series in
          HStack(spacing: 4) {
            RoundedRectangle(cornerRadius: 2).fill(color(index)).frame(width: 10, height: 10)
            Text(series.name).font(brand.font(8))
          }
        }
      }
      .accessibilityHidden(true)
    }
  }

  /// What the chart shows, for readers who cannot see it: its title, then each series with its values by label.
  ///
  /// "Duration by suite. Seconds: DataModel 18.4, PageKit 9.7." Long series list their first 24 values.
  static func description(of chart: ReportChart) -> String {
    let limit = 24
    var parts: [String] = []
    if let title = chart.title, !title.isEmpty { parts.append(title) }
    for series in chart.series {
      var values: [String] = []
      for (label, value) in zip(chart.labels, series.values).prefix(limit) {
        guard let value else { continue }
        values.append(
          "\(label) \(value.formatted(.number.precision(.fractionLength(0...2)).grouping(.never)))")
      }
      let more = min(chart.labels.count, series.values.count) > limit ? ", …" : ""
      parts.append("\(series.name): \(values.joined(separator: ", "))\(more)")
    }
    return parts.joined(separator: ". ") + "."
  }

  func color(_ index: Int) -> Color {
    index == 0 ? brand.accentColor : ChartView.palette[index % ChartView.palette.count]
  }

  /// Round steps for an axis from `low` to `high`: 1, 2 or 5 times a power of ten.
  static func ticks(low: Double, high: Double, count: Int = 5) -> [Double] {
    let span = max(high - low, 1e-9)
    let raw = span / Double(count)
    let power = pow(10, floor(log10(raw)))
    let step = [1.0, 2.0, 5.0, 10.0].map { $0 * power }.first { $0 >= raw } ?? raw
    let start = floor(low / step) * step
    // Up to the first tick at or above `high`, so the tallest bar is never cut off.
    var values: [Double] = []
    var value = start
    repeat {
      values.append(value)
      value += step
    } while values.last! < high - step * 1e-9 && values.count < 1000
    return values
  }

  /// The plot area and the value range it shows, bottom to top.
  struct Plot {
    let rect: CGRect
    let bottom: Double
    let top: Double
    /// The number of label slots along the x axis.
    let count: Int

    /// The width of one label's slot.
    var slot: CGFloat { rect.width / CGFloat(count) }

    /// The vertical position of `value`.
    func y(_ value: Double) -> CGFloat {
      rect.maxY - CGFloat((value - bottom) / max(top - bottom, 1e-9)) * rect.height
    }
  }

  func draw(_ context: inout GraphicsContext, size: CGSize) {
    let values = chart.series.flatMap { $0.values.compactMap { $0 } }
    let low = min(0, values.min() ?? 0)
    let high = max(values.max() ?? 1, low + 1)
    let ticks = ChartView.ticks(low: low, high: high)
    let axisWidth: CGFloat = 40
    let plot = Plot(
      rect: CGRect(x: axisWidth, y: 4, width: size.width - axisWidth - 4, height: size.height - 22),
      bottom: ticks.first ?? low, top: ticks.last ?? high, count: max(chart.labels.count, 1))
    drawAxes(&context, plot, ticks: ticks)
    switch chart.kind {
    case .bar: drawBars(&context, plot)
    case .line: drawLines(&context, plot)
    }
  }

  /// The grid lines with their values, the axes, and the labels under their slots.
  private func drawAxes(_ context: inout GraphicsContext, _ plot: Plot, ticks: [Double]) {
    let labelFont = brand.font(7)
    for tick in ticks {
      let y = plot.y(tick)
      let line = Path { $0.addLines([CGPoint(x: plot.rect.minX, y: y), CGPoint(x: plot.rect.maxX, y: y)]) }
      context.stroke(line, with: .color(Color(white: 0.88)), lineWidth: 0.5)
      let label =
        tick == tick.rounded() && abs(tick) < 1e15 ? String(Int(tick)) : String(format: "%.2g", tick)
      context.draw(Text(label).font(labelFont), at: CGPoint(x: plot.rect.minX - 4, y: y), anchor: .trailing)
    }
    let axis = Path {
      $0.addLines([
        CGPoint(x: plot.rect.minX, y: plot.rect.minY), CGPoint(x: plot.rect.minX, y: plot.rect.maxY),
        CGPoint(x: plot.rect.maxX, y: plot.rect.maxY),
      ])
    }
    context.stroke(axis, with: .color(Color(white: 0.35)), lineWidth: 0.8)
    for (index, label) in chart.labels.enumerated() {
      context.draw(
        Text(label).font(labelFont),
        at: CGPoint(x: plot.rect.minX + plot.slot * (CGFloat(index) + 0.5), y: plot.rect.maxY + 4),
        anchor: .top)
    }
  }

  /// One bar per value, the series side by side in each slot.
  private func drawBars(_ context: inout GraphicsContext, _ plot: Plot) {
    let slot = plot.slot
    let barWidth = slot * 0.7 / CGFloat(max(chart.series.count, 1))
    for (seriesIndex, series) in chart.series.enumerated() {
      for (index, value) in series.values.enumerated() where index < plot.count {
        guard let value else { continue }
        let x = plot.rect.minX + slot * CGFloat(index) + slot * 0.15 + barWidth * CGFloat(seriesIndex)
        // A value that is not zero is never a bar of no height: at least 1 pt, away from the axis.
        let height = value == 0 ? 0 : max(abs(plot.y(value) - plot.y(0)), 1)
        let rect = CGRect(
          x: x, y: value < 0 ? plot.y(0) : plot.y(0) - height, width: barWidth * 0.92, height: height)
        context.fill(Path(rect), with: .color(color(seriesIndex)))
      }
    }
  }

  /// One line per series with a dot at each value; a missing value breaks the line.
  private func drawLines(_ context: inout GraphicsContext, _ plot: Plot) {
    for (seriesIndex, series) in chart.series.enumerated() {
      var path = Path()
      var pen = false
      for (index, value) in series.values.enumerated() where index < plot.count {
        guard let value else {
          pen = false
          continue
        }
        let point = CGPoint(x: plot.rect.minX + plot.slot * (CGFloat(index) + 0.5), y: plot.y(value))
        if pen { path.addLine(to: point) } else { path.move(to: point) }
        pen = true
        context.fill(
          Path(ellipseIn: CGRect(x: point.x - 2, y: point.y - 2, width: 4, height: 4)),
          with: .color(color(seriesIndex)))
      }
      context.stroke(
        path, with: .color(color(seriesIndex)),
        style: StrokeStyle(lineWidth: 1.6, lineCap: .round, lineJoin: .round))
    }
  }
}
