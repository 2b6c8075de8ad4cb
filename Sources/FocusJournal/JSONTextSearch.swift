#if canImport(Glibc)
    import Glibc
#endif

/// Asks whether JSON text (a file's lines, a derived file's stored lines) may hold a string, without parsing it.
package enum JSONTextSearch {
    /// Whether `text` may hold the string `value` written as a JSON string's content: `false` only when `value` is
    /// plain printable ASCII without `"`, `\` and `/` (which JSON writes as they are; `/` may also be written
    /// `\/`), its bytes are nowhere in `text`, and `text` holds no `\u` escape (another writer may spell any
    /// character that way).
    package static func mayHold(_ value: String, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let needle = Array(value.utf8)
        guard !needle.isEmpty,
            needle.allSatisfy({ (0x20...0x7E).contains($0) && $0 != 0x22 && $0 != 0x5C && $0 != 0x2F })
        else {
            return true
        }
        return find(needle, in: text) || find(Array(#"\u"#.utf8), in: text)
    }

    /// Whether the bytes `needle` (not empty) are somewhere in `text`.
    private static func find(_ needle: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard var at = text.baseAddress, text.count >= needle.count else { return false }
        let last = at + (text.count - needle.count)
        // Each place the first byte is, compared whole (glibc's memmem is not in its Swift module).
        while at <= last, let hit = memchr(at, Int32(needle[0]), last - at + 1) {
            at = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(at, needle, needle.count) == 0 { return true }
            at += 1
        }
        return false
    }
}
