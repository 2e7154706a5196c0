// swift-tools-version:6.0
// layoutd: a headless Texture-style layout daemon. No package dependencies (design card: "packages: none").
import PackageDescription

let package = Package(
  name: "layoutd",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "layoutd", targets: ["layoutd"])
  ],
  targets: [
    // Pure modules: no I/O.
    .target(name: "JSONCodec"),
    .target(name: "FlexLayout", exclude: ["CSS-and-Yoga.md"]),
    .target(name: "Typography"),
    .target(name: "LayoutSpecs", dependencies: ["FlexLayout", "Typography", "JSONCodec"]),
    .target(name: "NodeTree", dependencies: ["LayoutSpecs"]),
    .target(name: "SpecLanguage", dependencies: ["JSONCodec"]),
    // Transport and commands.
    .target(name: "JSONRPC", dependencies: ["JSONCodec"]),
    .target(
      name: "Server", dependencies: ["JSONRPC", "NodeTree", "LayoutSpecs", "Typography", "JSONCodec", "SpecLanguage"]),
    .target(name: "LayoutdCLI", dependencies: ["LayoutSpecs", "Typography", "JSONCodec", "JSONRPC", "Server"]),
    .executableTarget(name: "layoutd", dependencies: ["LayoutdCLI"]),
    // Fuzz targets: libFuzzer entry points when built with -DFUZZING (Tests/Fuzz/run.sh), corpus replayers
    // otherwise (so CI replays the seed corpus with a normal build).
    .target(name: "FuzzSupport"),
    .executableTarget(name: "FuzzFraming", dependencies: ["FuzzSupport", "JSONRPC"]),
    .executableTarget(name: "FuzzEnvelope", dependencies: ["FuzzSupport", "JSONRPC", "JSONCodec"]),
    .executableTarget(name: "FuzzSpecs", dependencies: ["FuzzSupport", "LayoutSpecs", "JSONCodec"]),
    // Tests.
    .target(name: "TestSupport", dependencies: ["JSONCodec"]),
    .testTarget(name: "JSONCodecTests", dependencies: ["JSONCodec", "TestSupport"]),
    .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "JSONCodec"]),
    .testTarget(name: "FlexLayoutTests", dependencies: ["FlexLayout"]),
    .testTarget(name: "TypographyTests", dependencies: ["Typography", "TestSupport"]),
    .testTarget(name: "LayoutSpecsTests", dependencies: ["LayoutSpecs", "JSONCodec", "TestSupport"]),
    .testTarget(name: "NodeTreeTests", dependencies: ["NodeTree", "JSONCodec"]),
    .testTarget(name: "ServerTests", dependencies: ["Server", "JSONRPC", "JSONCodec", "TestSupport"]),
    .testTarget(name: "SpecLanguageTests", dependencies: ["SpecLanguage", "JSONCodec", "TestSupport"]),
    .testTarget(name: "ConformanceTests", dependencies: ["LayoutSpecs", "JSONCodec", "FlexLayout"]),
    // Spawn the real binary and talk to it through pipes.
    .testTarget(name: "ProtocolTests", dependencies: ["JSONRPC", "JSONCodec", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
