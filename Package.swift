// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "focus",
    products: [
        .executable(name: "focus", targets: ["focus"]),
        .library(name: "FocusCore", targets: ["FocusCore"]),
    ],
    targets: [
        .target(name: "FocusCore", plugins: ["EmbedResourcesPlugin"]),
        .executableTarget(name: "focus", dependencies: ["FocusCore"]),
        .executableTarget(name: "EmbedResources"),
        .plugin(
            name: "EmbedResourcesPlugin", capability: .buildTool(), dependencies: ["EmbedResources"],
            path: "Sources/EmbedResourcesPlugin"),
        .testTarget(name: "FocusCoreTests", dependencies: ["FocusCore"], exclude: ["Fixtures"]),
        .testTarget(name: "focusTests", dependencies: ["focus", "FocusCore"]),
    ]
)
