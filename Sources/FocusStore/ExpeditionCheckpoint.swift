import FocusJournal
import FocusModels
import FoundationEssentials

/// The saved fold of ``ExpeditionService`` over the journal, `expedition.json` in the data folder.
///
/// It names the sessions it holds: the first `applied` sessions that earn
/// progress, in journal order, the last of them `lastID`, and a hash of all
/// their ids, so a journal whose earlier sessions changed (a file swapped for
/// another) is never resumed from. A store that finds
/// more sessions applies only the newer ones, so a crash between appending a
/// session and saving the checkpoint loses nothing. The `fingerprint` covers
/// what else the fold depends on (the definitions, the zone, the day start);
/// when it differs, or the named sessions are not the journal's first ones,
/// or the file cannot be read, the state is rebuilt from the journal.
struct ExpeditionCheckpoint: Codable, Equatable {
    /// The format version; another version is rebuilt.
    static let currentVersion = 2

    var version: Int
    var fingerprint: String
    /// How many sessions that earn progress the state holds.
    var applied: Int
    /// The id of the last of them.
    var lastID: String?
    /// ``appliedHash(_:)`` of their ids.
    var appliedHash: String
    var state: ExpeditionState

    /// Whether this checkpoint is a prefix of the fold over `sessions` with `fingerprint`.
    func holds(prefixOf sessions: [FocusLog], fingerprint: String) -> Bool {
        guard version == Self.currentVersion, self.fingerprint == fingerprint, applied <= sessions.count else {
            return false
        }
        guard applied == 0 ? lastID == nil : sessions[applied - 1].id == lastID else { return false }
        return Self.appliedHash(sessions[..<applied]) == appliedHash
    }

    /// A hash of the ids of `sessions`, in order.
    static func appliedHash(_ sessions: ArraySlice<FocusLog>) -> String {
        String(FNV1a.hash(lines: sessions.lazy.map(\.id)), radix: 16)
    }

    /// A fingerprint of what the fold depends on besides the sessions: FNV-1a over the canonical JSON of
    /// the definitions, the reader's zone, the day start and the ids of the journal's change records
    /// (an edit or deletion can change a session the checkpoint already holds, so any change rebuilds it).
    static func fingerprint(_ definitions: ExpeditionDefinitions, days: LocalDays, changes: [String] = []) -> String {
        var bytes = Array(((try? JSONValueEncoder.text(definitions)) ?? "").utf8)
        bytes += Array("|\(days.timeZone.identifier)|\(days.dayStartSeconds)".utf8)
        for id in changes { bytes += Array("|\(id)".utf8) }
        return String(FNV1a.hash(bytes), radix: 16)
    }
}
