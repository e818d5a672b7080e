// swift-tools-version:6.0
import PackageDescription

/// A Swift app that uses the navcore core (the `NavCore` product) and the route table reader
/// (`NavCoreTable`) as a package dependency. It depends on this checkout by path (`name:` names it
/// for `.product(name:package:)`, whatever this checkout's directory is called); an app elsewhere
/// writes `.package(url: "<navcore's git URL>", from: "0.19.0")` instead, or, before a release is
/// tagged, `branch: "main"` (or `revision: "<commit>"`) in place of `from:`, and then `package:`
/// is the last path component of that URL, without `.git` (README.md, "From Swift").
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
        // The shared JSON route table through a typed router (docs/swift.md); NavCoreTable needs libjansson.
        .executableTarget(
            name: "ShopRouter",
            dependencies: [
                .product(name: "NavCore", package: "navcore"),
                .product(name: "NavCoreTable", package: "navcore"),
            ]
        ),
    ]
)
