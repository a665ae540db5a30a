/// Random Unicode strings of the kinds that broke renderers: noncharacters, controls, bidi marks, long combining runs, every plane.
struct RandomText {
  /// A small, fast, seedable generator (SplitMix64), so a finding can be replayed from its seed.
  struct Generator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var mixed = state
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      return mixed ^ (mixed >> 31)
    }
  }

  var generator: Generator

  init(seed: UInt64) {
    generator = Generator(state: seed)
  }

  /// Ranges to draw scalars from, each as likely as the others.
  static let pools: [ClosedRange<UInt32>] = [
    0x20...0x7E,  // ASCII
    0x00...0x1F, 0x7F...0x9F,  // C0 and C1 controls
    0xFDD0...0xFDEF, 0xFFFE...0xFFFF, 0x1FFFE...0x1FFFF, 0x10FFFE...0x10FFFF,  // noncharacters
    0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C...0x061C,  // zero-width and bidi controls
    0x0300...0x036F, 0x0E31...0x0E3A, 0x0900...0x097F,  // combining marks, Thai, Devanagari
    0x0590...0x05FF, 0x0600...0x06FF, 0xFB50...0xFDCF,  // Hebrew, Arabic, Arabic presentation forms
    0x3040...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,  // kana, CJK, Hangul
    0x1F300...0x1FAFF, 0xFE00...0xFE0F, 0x200D...0x200D,  // emoji, variation selectors, ZWJ
    0xE0000...0xE007F, 0xE000...0xF8FF, 0xF0000...0xF00FF,  // tags, private use
    0x10000...0x10FFFF,  // any plane above the first
    0x2028...0x2029, 0xFFF9...0xFFFD,  // line and paragraph separators, interlinear annotations
  ]

  /// One random string: usually short, now and then a combining sequence a thousand marks long.
  mutating func string() -> String {
    var scalars = String.UnicodeScalarView()
    if Int.random(in: 0..<16, using: &generator) == 0 {
      scalars.append("a")
      for _ in 0..<Int.random(in: 200...1000, using: &generator) {
        scalars.append(Unicode.Scalar(UInt32.random(in: 0x0300...0x036F, using: &generator))!)
      }
      return String(scalars)
    }
    for _ in 0..<Int.random(in: 0...40, using: &generator) {
      let pool = RandomText.pools[Int.random(in: 0..<RandomText.pools.count, using: &generator)]
      var value = UInt32.random(in: pool, using: &generator)
      if (0xD800...0xDFFF).contains(value) { value = 0xFFFD }  // Swift strings cannot hold surrogates
      if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
    }
    return String(scalars)
  }
}
