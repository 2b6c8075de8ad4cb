/// The label on every view computed from demo data.
enum DemoBanner {
    static func line(_ style: Style) -> String {
        style.yellow("Demo: your journal is empty, so this is sample data. `focus start` begins the real thing.")
    }
}
