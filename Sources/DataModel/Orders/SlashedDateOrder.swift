/// Which of `3/14/2026` and `14/3/2026` a file writes, as its own dates show.
enum SlashedDateOrder {
  case dayFirst
  case monthFirst
  /// No date has a part over 12, or dates of both kinds appear: the file does not say.
  case unknown
}
