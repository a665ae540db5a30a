/// Cents, rounded half away from zero.
public func roundedCents(_ milli: Int) -> Int {
  milli >= 0 ? (milli + 5) / 10 : -((-milli + 5) / 10)
}
