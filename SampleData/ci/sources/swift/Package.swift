// swift-tools-version:6.0
import PackageDescription

// A tiny package whose `swift test --xunit-output` makes a real Swift Testing JUnit file.
let package = Package(
  name: "ShopMath",
  targets: [
    .target(name: "ShopMath", path: "Sources/ShopMath"),
    .testTarget(name: "ShopMathTests", dependencies: ["ShopMath"], path: "Tests/ShopMathTests"),
  ]
)
