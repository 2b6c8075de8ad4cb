import FocusModels

#if canImport(Glibc)
    import Glibc
#endif

/// The line splitter the line-based formats share (JSON Lines, Timewarrior's month files).
extension SessionImporter {
    /// Calls `body` with each line of `bytes` and its number, without making a `String` of each: a line ends at
    /// every LF, and a CR before it (or at the end of the text) is not part of it, so CR LF, LF and a last line with
    /// no line end read the same lines.
    static func forEachLine(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void
    ) {
        guard let base = bytes.baseAddress else { return body(1, bytes) }
        var number = 0
        var start = 0
        while true {
            number += 1
            let end =
                memchr(base + start, 10, bytes.count - start).map {
                    base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                } ?? bytes.count
            let stop = end > start && bytes[end - 1] == 13 ? end - 1 : end
            body(number, UnsafeBufferPointer(rebasing: bytes[start..<stop]))
            if end == bytes.count { return }
            start = end + 1
        }
    }

    /// Whether `line` is only white space (`Character.isWhitespace`), looked at byte by byte when it is ASCII.
    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var ascii = true
        for byte in line {
            if byte >= 0x80 {
                ascii = false
            } else if !(9...13).contains(byte) && byte != 32 {
                return false
            }
        }
        return ascii || String(decoding: line, as: UTF8.self).trimmingWhitespace().isEmpty
    }

}
