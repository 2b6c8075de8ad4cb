import FocusCore

#if canImport(Glibc)
    import Glibc
#endif

/// The process environment, read from the C library's `environ`.
///
/// What `ProcessInfo.environment` gives (each `NAME=value` split at its first `=`, the last of a repeated name
/// kept, bytes that are not UTF-8 repaired), for a fraction of its cost: focus reads it on every run, and a
/// variable is looked up where it is, by its bytes, without making a string of every other one.
enum ProcessEnvironment {
    static func read() -> Environment {
        Environment(lookup: value, all: variables)
    }

    /// The value of the last `name=` entry of `environ`.
    @Sendable private static func value(_ name: String) -> String? {
        var name = name
        return name.withUTF8 { name -> String? in
            var found: String?
            forEachEntry { bytes in
                guard bytes.count > name.count, bytes[name.count] == UInt8(ascii: "="),
                    memcmp(bytes.baseAddress!, name.baseAddress!, name.count) == 0
                else { return }
                found = String(decoding: UnsafeBufferPointer(rebasing: bytes[(name.count + 1)...]), as: UTF8.self)
            }
            return found
        }
    }

    @Sendable private static func variables() -> [String: String] {
        var result: [String: String] = [:]
        forEachEntry { bytes in
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
            result[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
        }
        return result
    }

    /// Calls `body` with the bytes of each `NAME=value` entry, in order.
    private static func forEachEntry(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        // `environ` is null after `clearenv()`, which nothing in focus calls; the guard costs nothing.
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = start else { return }
        while let pointer = entry.pointee {
            body(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)).bindMemory(to: UInt8.self))
            entry += 1
        }
    }
}
