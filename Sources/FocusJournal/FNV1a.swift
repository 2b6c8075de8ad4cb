/// 64-bit FNV-1a: a small hash that is the same on every run and platform, unlike `Hasher`.
///
/// Used where a value must be stable across processes: import ids, cache and
/// checkpoint fingerprints, the default sound of a city.
public enum FNV1a {
    /// The hash of `bytes`.
    public static func hash<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        hash(bytes, continuing: offsetBasis)
    }

    /// The hash of the bytes hashed into `hash` so far followed by `bytes`: `offsetBasis` hashes none.
    public static func hash<S: Sequence>(_ bytes: S, continuing hash: UInt64) -> UInt64 where S.Element == UInt8 {
        var hash = hash
        for byte in bytes { hash = mixing(byte, into: hash) }
        return hash
    }

    /// One step of the hash: `hash` followed by `byte` (the loops that hash as they do something else take it).
    @inline(__always)
    static func mixing(_ byte: UInt8, into hash: UInt64) -> UInt64 { (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }

    /// The hash of `lines`, each followed by a newline, without joining them first.
    public static func hash(lines: some Sequence<String>) -> UInt64 {
        lines.reduce(offsetBasis) { hash(line: $1, continuing: $0) }
    }

    /// ``hash(lines:)`` of the lines hashed into `hash` so far followed by `line`: `offsetBasis` hashes none.
    public static func hash(line: String, continuing hash: UInt64) -> UInt64 {
        var hash = hash
        var line = line
        // Through the contiguous bytes: a native string's are, and this runs once per session of a rebuild.
        line.withUTF8 { bytes in
            for byte in bytes { hash = mixing(byte, into: hash) }
        }
        return mixing(10, into: hash)
    }

    /// The hash of nothing, where every hash starts.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of `text`'s UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 {
        text.utf8.withContiguousStorageIfAvailable { hash($0) } ?? hash(text.utf8)
    }

    /// The hash as 16 hex digits.
    public static func hex(_ text: String) -> String {
        let hex = String(hash(text), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
