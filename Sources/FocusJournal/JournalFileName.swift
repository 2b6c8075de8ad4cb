import FocusModels

/// What a name in the journal folder is: which files are part of the journal, and whose.
///
/// Every file ending in `.jsonl` (or `.jsonl.orig`, what git leaves after a merge) is read; hidden files and
/// what sync engines keep for themselves (`.stfolder`, `.syncthing.*.tmp`, `~syncthing~*.tmp`, `.git`) are not.
/// A conflict copy a sync engine made of a file (Syncthing's `name.sync-conflict-20261129-101500-ABCDEFG.jsonl`,
/// Dropbox's and Nextcloud's `name (… conflicted copy …).jsonl`, git's `name.jsonl.orig`) is read like any
/// other file: its records are de-duplicated by id, and `focus doctor` names it.
///
/// A device writes many records at once (an import, or the undo of one) as a file of their own, a
/// ``JournalBatch`` (`<name>-<id>.batch-<after>-<n>.jsonl`): written in full under a hidden temp name, flushed,
/// then linked in, so a reader sees the whole batch or none of it, even when the writer is killed mid-way. Its
/// records are that device's own, in the place its name gives them among the lines of `<name>-<id>.jsonl`.
public enum JournalFileName: Equatable, Sendable {
    /// `<name>-<id>.jsonl`: the one file a device appends to.
    case device(Device)
    /// `<name>-<id>.batch-<after>-<n>.jsonl`: records the device wrote at once, never appended to.
    case batch(JournalBatch)
    /// `focus.jsonl`, where focus wrote before journals were per device: read, never written.
    case legacy
    /// A sync engine's copy of `original` (a file name in the same folder).
    case conflictCopy(of: String)
    /// Any other `*.jsonl` file: a user's dropped-in export, say.
    case other

    /// The journal's name of the file of an older focus.
    public static let legacyName = "focus.jsonl"

    /// What `name` is, or `nil` when it is not part of the journal.
    public init?(_ name: String) {
        guard !name.hasPrefix("."), !name.hasPrefix("~"), name.hasSuffix(".jsonl") || name.hasSuffix(".jsonl.orig")
        else { return nil }
        if name.hasSuffix(".orig") {
            self = .conflictCopy(of: String(name.dropLast(5)))
        } else if let original = Self.syncthingOriginal(name) ?? Self.conflictedCopyOriginal(name) {
            self = .conflictCopy(of: original)
        } else if name == Self.legacyName {
            self = .legacy
        } else if let batch = JournalBatch(fileName: name) {
            self = .batch(batch)
        } else if let device = Device(journalFileName: name) {
            self = .device(device)
        } else {
            self = .other
        }
    }

    /// The device that wrote the file: the one it names, or for a conflict copy the one its original names.
    public var writer: Device? {
        switch self {
        case .device(let device): device
        case .batch(let batch): batch.device
        case .conflictCopy(let original): JournalFileName(original)?.writer
        case .legacy, .other: nil
        }
    }

    /// `a.sync-conflict-20261129-101500-ABCDEFG.jsonl` → `a.jsonl`.
    private static func syncthingOriginal(_ name: String) -> String? {
        guard name.utf8.contains(ascii: ".sync-conflict-"), let range = name.firstRange(of: ".sync-conflict-") else {
            return nil
        }
        return String(name[..<range.lowerBound]) + ".jsonl"
    }

    /// `a (conflicted copy 2026-11-29).jsonl`, `a (Ana's conflicted copy 2026-11-29).jsonl` → `a.jsonl`.
    private static func conflictedCopyOriginal(_ name: String) -> String? {
        guard name.utf8.contains(ascii: "conflicted copy"), name.contains("conflicted copy"),
            let open = name.ranges(of: " (").last
        else {
            return nil
        }
        return String(name[..<open.lowerBound]) + ".jsonl"
    }
}

/// A batch of records a device wrote at once: `<name>-<id>.batch-<after>-<n>.jsonl` in the journal folder.
///
/// `after` is how many lines the device's own file (`<name>-<id>.jsonl`) had when the batch was committed, and
/// `n` numbers the batches committed at that point (from 1), so the device's records keep the order it wrote
/// them in across its files: a batch comes after line `after` of its file and before line `after + 1`. That
/// order is what `focus undo` walks back, and it needs no clock. A batch file is complete when it appears (it is
/// linked in whole) and is never written again.
public struct JournalBatch: Equatable, Hashable, Sendable {
    /// The device that wrote it.
    public let device: Device
    /// Lines of the device's own file before it.
    public let after: Int
    /// Its number among the batches placed after the same line, from 1.
    public let sequence: Int

    public init(device: Device, after: Int, sequence: Int) {
        self.device = device
        self.after = after
        self.sequence = sequence
    }

    /// Its name in the journal folder.
    public var fileName: String { "\(device.name)-\(device.id).batch-\(after)-\(sequence).jsonl" }

    /// The batch `fileName` names, or `nil` for any other name.
    public init?(fileName: String) {
        guard fileName.hasSuffix(".jsonl"), fileName.utf8.contains(ascii: ".batch-"),
            let mark = fileName.ranges(of: ".batch-").last
        else {
            return nil
        }
        let place = fileName[mark.upperBound...].dropLast(6).split(separator: "-", omittingEmptySubsequences: false)
        guard let device = Device(journalFileName: fileName[..<mark.lowerBound] + ".jsonl"), place.count == 2,
            let after = Self.number(place[0]), let sequence = Self.number(place[1]), sequence >= 1
        else { return nil }
        self.init(device: device, after: after, sequence: sequence)
    }

    /// Plain decimal digits without a leading zero, at most 18 of them (so the value fits an `Int`).
    private static func number(_ text: Substring) -> Int? {
        guard (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }),
            text == "0" || text.first != "0"
        else { return nil }
        return Int(text)
    }
}

extension String.UTF8View {
    /// Whether these bytes hold `pattern`'s: a search that costs nothing to set up, done before the general one
    /// (`firstRange(of:)`, `contains(_:)`), which compares characters and whose first use in a run costs more
    /// than a whole `focus stats`. No character of an ASCII `pattern` is canonically equivalent to anything but
    /// itself except `K`, `;` and `` ` ``, so a `pattern` without them that is not among the bytes is not among the
    /// characters either.
    func contains(ascii pattern: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        guard let first = needle.first, count >= needle.count else { return needle.isEmpty }
        var start = startIndex
        while let found = self[start...].firstIndex(of: first) {
            if self[found...].starts(with: needle) { return true }
            start = index(after: found)
        }
        return false
    }
}
