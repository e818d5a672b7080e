// swift-tools-version:6.0
import PackageDescription

/// This package's directory, from this file's own path: linker flags name files by absolute
/// path, so they hold whichever directory the build starts in (a consumer package's, say).
let packageDirectory = String(#filePath.dropLast("/Package.swift".count))

/// navcore: a headless navigation engine. `NavCore` is the pure Swift core;
/// `NavCoreTable` reads the JSON route table every language shares (it needs libjansson);
/// `NavCoreC` is the self-contained C-ABI shared library built on top of it, which the Makefile
/// installs as `libnavcore.so` (no two targets or products differ only by case: their modules
/// would collide on a case-insensitive file system).
/// `NavCore` must stay free of unsafe flags: SwiftPM refuses such a product from a
/// versioned dependency, and apps depend on it that way (docs/building.md, "SwiftPM").
let package = Package(
    name: "navcore",
    products: [
        .library(name: "NavCore", targets: ["NavCore"]),
        .library(name: "NavCoreTable", targets: ["NavCoreTable"]),
        .library(name: "NavCoreC", type: .dynamic, targets: ["NavCoreC"]),
    ],
    targets: [
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        // Include/navcore.h for Swift: the library's version comes from the header's macros.
        .systemLibrary(name: "CNavcore"),
        .target(name: "NavCore"),
        .target(name: "NavCoreJSON", dependencies: ["NavCore", "CJansson"]),
        .target(name: "NavCoreSession", dependencies: ["NavCore", "NavCoreJSON"]),
        // The route table's JSON for Swift apps (`RouteTable(json:)`, `RouteTable(contentsOfFile:)`),
        // read by the codec as the C ABI reads it; needs libjansson, as NavCore does not.
        .target(name: "NavCoreTable", dependencies: ["NavCore", "NavCoreJSON"]),
        // `navcore check`: breadth-first search over the engine, checking its laws (docs/tools.md, "navcore check").
        .target(name: "NavCoreCheck", dependencies: ["NavCore", "NavCoreJSON", "NavCoreSession", "CJansson"]),
        .target(
            name: "NavCoreC",
            dependencies: ["NavCore", "NavCoreJSON", "NavCoreSession", "NavCoreTable", "NavCoreCheck", "CJansson", "CNavcore"],
            exclude: ["navcore.map", "startup.order"],
            linkerSettings: [
                .unsafeFlags([
                    "-Xlinker", "--version-script", "-Xlinker", "\(packageDirectory)/Sources/NavCoreC/navcore.map",
                    "-Xlinker", "-soname=libnavcore.so.0",
                    "-use-ld=lld",
                    // The functions that run from dlopen to the first navigator, laid out first and
                    // together (make startup-order writes the list; docs/building.md, "Size").
                    "-Xlinker", "--symbol-ordering-file", "-Xlinker", "\(packageDirectory)/Sources/NavCoreC/startup.order",
                    "-Xlinker", "--no-warn-symbol-ordering",
                    // The stdlib's lookups of Unicode scalar names, answered by UnicodeNames.swift
                    // without the name tables, which the link then drops (docs/building.md, "Size").
                    "-Xlinker", "--wrap=_swift_stdlib_getScalarName",
                    "-Xlinker", "--wrap=_swift_stdlib_getNameAlias",
                    // The Glibc overlay's hypotf, the one symbol of glibc 2.35, answered by Hypotf.swift
                    // (docs/building.md, "The wheel").
                    "-Xlinker", "--wrap=hypotf",
                ])
            ]
        ),
        .target(name: "TestSupport", dependencies: ["NavCore"], path: "Tests/TestSupport"),
        .testTarget(name: "NavCoreTests", dependencies: ["NavCore", "TestSupport"]),
        .testTarget(name: "NavCoreJSONTests", dependencies: ["NavCoreJSON", "NavCoreCheck", "NavCoreSession", "NavCoreTable", "NavCore", "TestSupport", "CNavcore"]),
    ]
)
