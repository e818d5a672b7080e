// swift-tools-version:6.0
import PackageDescription

/// A Swift app that uses the navcore core (the `NavCore` product) as a package dependency.
/// It depends on this checkout by path; an app elsewhere writes
/// `.package(url: "<navcore's git URL>", from: "0.2.0")` instead.
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
