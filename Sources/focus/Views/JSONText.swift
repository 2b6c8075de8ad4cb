import FocusCore

/// Encodes `--json` output: one object, keys sorted, so scripts and tests can rely on it.
enum JSONText {
    static func encode(_ value: some Encodable) -> String {
        do {
            return try JSONValueEncoder.text(value)
        } catch {
            // Only a type whose own `encode(to:)` throws can fail, and none of focus's do.
            preconditionFailure("cannot encode \(type(of: value)): \(error)")
        }
    }
}
