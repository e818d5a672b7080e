// swift-tools-version:6.0
import PackageDescription

/// A Swift app that uses the navcore core (the `NavCore` product) as a package dependency.
/// It depends on this checkout by path; an app elsewhere writes
/// `.package(url: "<navcore's git URL>", from: "0.8.0")` instead, or, before a release is
/// tagged, `branch: "main"` (or `revision: "<commit>"`) in place of `from:` (README.md).
let package = Package(
    name: "swiftpm-consumer",
    dependencies: [
        .package(name: "navcore", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "ShopTour",
            dependencies: [.product(name: "NavCore", package: "navcore")]
        ),
    ]
)
