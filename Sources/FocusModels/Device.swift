/// This machine as the journal knows it: the one writer of its own journal file.
///
/// Each device appends only to `journal/<name>-<id>.jsonl`, so a sync engine never sees two versions of one
/// file. The id is eight hex digits generated once per machine; the name comes from the host name.
public struct Device: Equatable, Hashable, Sendable, Codable {
    /// Eight lowercase hex digits, unique to this machine.
    public let id: String
    /// A file-name-safe form of the host name (see ``sanitizedName(_:)``).
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// The journal file this device appends to.
    public var journalFileName: String { "\(name)-\(id).jsonl" }

    /// Whether `text` is a device id: eight lowercase hex digits.
    @inlinable public static func isID(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 8 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The device that writes `fileName` (`<name>-<id>.jsonl`), or `nil` for another file (the journal of
    /// an older focus, `focus.jsonl`; a sync engine's conflict copy; a file the user dropped in).
    public init?(journalFileName fileName: String) {
        guard fileName.hasSuffix(".jsonl") else { return nil }
        let base = fileName.dropLast(6)
        guard let dash = base.lastIndex(of: "-"), base.startIndex != dash else { return nil }
        let id = base[base.index(after: dash)...]
        let name = String(base[..<dash])
        guard Self.isID(id), Self.sanitizedName(name) == name else { return nil }
        self.init(id: String(id), name: name)
    }

    /// A host name as part of a file name: lowercase ASCII letters, digits and single hyphens, at most 32
    /// characters, the domain dropped (`Ana's MacBook.local` → `ana-s-macbook`); `device` when nothing is left.
    public static func sanitizedName(_ hostName: String) -> String {
        if isSanitized(hostName) { return hostName }
        let host = hostName.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var out = ""
        for scalar in host.unicodeScalars {
            let c = Character(scalar)
            if scalar.isASCII, c.isLetter || c.isNumber {
                out.append(c.lowercased())
            } else if !out.isEmpty, out.last != "-" {
                out.append("-")
            }
            if out.count >= 32 { break }
        }
        while out.last == "-" { out.removeLast() }
        return out.isEmpty ? "device" : out
    }

    /// Whether `name` is its own ``sanitizedName(_:)`` (a device's name, as every journal file name and device file
    /// holds it): 1 to 32 lowercase letters, digits and single hyphens, none first or last. Checked by its bytes.
    static func isSanitized(_ name: String) -> Bool {
        var count = 0
        var previous = UInt8(ascii: "-")
        for byte in name.utf8 {
            let isHyphen = byte == UInt8(ascii: "-")
            guard (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || (isHyphen && previous != byte)
            else { return false }
            previous = byte
            count += 1
        }
        return count > 0 && count <= 32 && previous != UInt8(ascii: "-")
    }
}
