#if canImport(Glibc)
    import Glibc
#endif

/// A text stream the process writes to: stdout or stderr, unbuffered.
///
/// Each call is one `write(2)` (looped on short writes), so callers build a
/// whole screen or report and write it at once.
struct Output: Sendable {
    let fd: Int32

    static let standard = Output(fd: 1)
    static let error = Output(fd: 2)

    /// Writes `text` as is.
    func write(_ text: String) { write(bytes: Array(text.utf8)) }

    /// Writes `bytes` as they are.
    func write(bytes: [UInt8]) {
        var bytes = bytes[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            bytes = bytes.dropFirst(n)
        }
    }

    /// Writes `text` and a newline.
    func line(_ text: String = "") { write(text + "\n") }

    var isTerminal: Bool { isatty(fd) == 1 }
}
