// swift-tools-version:6.0
import PackageDescription

// Concrete types' metadata through their accessors, not by mangled name: the runtime then never demangles a name and
// searches every conformance record of the (static) binary to check a generic requirement (`Int: Hashable` for a
// `Set<Int>`, `Int: Comparable` for a `[ClosedRange<Int>]`), 100-200 k instructions the first time each is met.
// Start-up and the fold after an append cost a fraction of what they did (Tests/Benchmarks/notes.md, `startup2`).
let metadata: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]

// The layers, lowest first; each module may import only the ones before it (docs/ARCHITECTURE.md).
let package = Package(
    name: "focus",
    products: [
        .executable(name: "focus", targets: ["focus"]),
        .library(name: "FocusCore", targets: ["FocusCore"]),
    ],
    targets: [
        // Values: sessions, dates, settings, expedition definitions and state, the timer's arithmetic.
        .target(name: "FocusModels", swiftSettings: metadata, plugins: ["EmbedResourcesPlugin"]),
        // The journal format: codecs, the line reader and writer, how records merge into a history.
        .target(name: "FocusJournal", dependencies: ["FocusModels"], swiftSettings: metadata),
        // Other tools' formats: Watson, Timewarrior, CSV, JSON Lines, iCalendar.
        .target(
            name: "FocusInterchange", dependencies: ["FocusModels", "FocusJournal"], swiftSettings: metadata),
        // Pure functions of values: statistics, streaks, growth, the expedition reducer.
        .target(name: "FocusServices", dependencies: ["FocusModels", "FocusJournal"], swiftSettings: metadata),
        // Generated soundscapes and which of them are unlocked.
        .target(name: "FocusSound", dependencies: ["FocusModels", "FocusJournal"], swiftSettings: metadata),
        // The one source of truth and the only writer of files.
        .target(
            name: "FocusStore",
            dependencies: ["FocusModels", "FocusJournal", "FocusInterchange", "FocusServices", "FocusSound"],
            swiftSettings: metadata),
        // Struct view models: the store and UI state in, computed properties out.
        .target(
            name: "FocusViewModels",
            dependencies: ["FocusModels", "FocusJournal", "FocusServices", "FocusSound", "FocusStore"],
            swiftSettings: metadata),
        // Every layer behind one import.
        .target(
            name: "FocusCore",
            dependencies: [
                "FocusModels", "FocusJournal", "FocusInterchange", "FocusServices", "FocusSound", "FocusStore",
                "FocusViewModels",
            ]),
        // The thin executable: parse, call the core, render, map errors to exit codes.
        .executableTarget(name: "focus", dependencies: ["FocusCore"], swiftSettings: metadata),
        .executableTarget(name: "EmbedResources"),
        .plugin(
            name: "EmbedResourcesPlugin", capability: .buildTool(), dependencies: ["EmbedResources"],
            path: "Sources/EmbedResourcesPlugin"),
        // Measurements of sound for the tests (loudness, spectra, onsets, clicks); never part of the product.
        // Optimised even in debug builds: the tests measure minutes of sound with it.
        .target(name: "SoundAnalysis", path: "Tests/SoundAnalysis", swiftSettings: [.unsafeFlags(["-O"])]),
        .testTarget(name: "FocusCoreTests", dependencies: ["FocusCore", "SoundAnalysis"], exclude: ["Fixtures"]),
        .testTarget(
            name: "focusTests", dependencies: ["focus", "FocusCore", "SoundAnalysis"], exclude: ["Snapshots"]),
    ]
)
