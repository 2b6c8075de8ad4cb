import FocusModels

/// What a name in the journal folder is: which files are part of the journal, and whose.
///
/// Every file ending in `.jsonl` (or `.jsonl.orig`, what git leaves after a merge) is read; hidden files and
/// what sync engines keep for themselves (`.stfolder`, `.syncthing.*.tmp`, `~syncthing~*.tmp`, `.git`) are not.
/// A conflict copy a sync engine made of a file (Syncthing's `name.sync-conflict-20261129-101500-ABCDEFG.jsonl`,
/// Dropbox's and Nextcloud's `name (… conflicted copy …).jsonl`, git's `name.jsonl.orig`) is read like any
/// other file: its records are de-duplicated by id, and `focus doctor` names it.
public enum JournalFileName: Equatable, Sendable {
    /// `<name>-<id>.jsonl`: the one file a device appends to.
    case device(Device)
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
        } else if let device = Device(journalFileName: name) {
            self = .device(device)
        } else {
            self = .other
        }
    }

    /// `a.sync-conflict-20261129-101500-ABCDEFG.jsonl` → `a.jsonl`.
    private static func syncthingOriginal(_ name: String) -> String? {
        guard let range = name.firstRange(of: ".sync-conflict-") else { return nil }
        return String(name[..<range.lowerBound]) + ".jsonl"
    }

    /// `a (conflicted copy 2026-11-29).jsonl`, `a (Ana's conflicted copy 2026-11-29).jsonl` → `a.jsonl`.
    private static func conflictedCopyOriginal(_ name: String) -> String? {
        guard name.contains("conflicted copy"), let open = name.ranges(of: " (").last else {
            return nil
        }
        return String(name[..<open.lowerBound]) + ".jsonl"
    }
}
