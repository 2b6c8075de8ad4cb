// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "focus",
    products: [
        .executable(name: "focus", targets: ["focus"]),
        .library(name: "FocusCore", targets: ["FocusCore"]),
    ],
    targets: [
        .target(name: "FocusCore"),
        .executableTarget(name: "focus", dependencies: ["FocusCore"]),
        .testTarget(name: "FocusCoreTests", dependencies: ["FocusCore"]),
        .testTarget(name: "focusTests", dependencies: ["focus", "FocusCore"]),
    ]
)
