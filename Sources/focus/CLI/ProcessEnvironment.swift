#if canImport(Glibc)
    import Glibc
#endif

/// The process environment, read from the C library's `environ`.
///
/// What `ProcessInfo.environment` gives (each `NAME=value` split at its first `=`, the last of a repeated name
/// kept, bytes that are not UTF-8 repaired), for a fraction of its cost: focus reads it on every run, and
/// Foundation's copy looks up runtime type metadata worth more than `focus status` itself.
enum ProcessEnvironment {
    static func read() -> [String: String] {
        var result: [String: String] = [:]
        // `environ` is null after `clearenv()`, which nothing in focus calls; the guard costs nothing.
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = start else { return result }
        var count = 0
        while entry[count] != nil { count += 1 }
        result.reserveCapacity(count)
        while let pointer = entry.pointee {
            let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)).bindMemory(to: UInt8.self)
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
                result[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
            }
            entry += 1
        }
        return result
    }
}
