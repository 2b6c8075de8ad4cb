import FocusJournal
import FocusModels
import FoundationEssentials

/// The journal checks of `focus doctor`: pure, over the records a load read.
public enum JournalDoctor {
    /// One thing found. Problems make the journal unhealthy; notes do not.
    public struct Finding: Equatable, Sendable, CustomStringConvertible {
        public let isProblem: Bool
        public let text: Message
        public var description: String { text.description }

        public init(isProblem: Bool, text: Message) {
            self.isProblem = isProblem
            self.text = text
        }
    }

    /// Bad lines, conflicting duplicate ids, changes that name nothing, overlapping sessions,
    /// times after `now`, and session zones that are not IANA names, with how they are read.
    ///
    /// - Parameters:
    ///   - history: every record read; `sessions` is its effective view, sorted by start.
    ///   - issues: the lines that could not be read; `duplicates`, the ids read more than once.
    ///   - conflictCopies: sync engines' copies of journal files; they are notes, not problems (their records
    ///     are read once like any other's), saying whether each can be deleted.
    ///   - tornTails: records a crash cut short (``JournalIssue/isTornTail``); notes, not problems: they were never
    ///     saved, and the file is never rewritten to remove them.
    public static func check(
        history: JournalHistory, sessions: [FocusLog], issues: [JournalIssue], duplicates: [DuplicateRecord],
        conflictCopies: [ConflictCopy] = [], tornTails: [JournalIssue] = [], now: Date, days: LocalDays
    ) -> [Finding] {
        var checks = SessionChecks(now: now, days: days)
        for log in sessions { checks.visit(log) }
        return check(
            changes: history.changes, danglingChanges: history.danglingChanges, sessions: checks, issues: issues,
            duplicates: duplicates, conflictCopies: conflictCopies, tornTails: tornTails)
    }

    /// ``check(history:sessions:issues:duplicates:conflictCopies:tornTails:now:days:)`` from what a streamed read
    /// of the journal found: its change records, those that name nothing, and the checks of its sessions, which
    /// visited them one at a time.
    public static func check(
        changes: [JournalChange], danglingChanges: [JournalChange], sessions: SessionChecks, issues: [JournalIssue],
        duplicates: [DuplicateRecord], conflictCopies: [ConflictCopy] = [], tornTails: [JournalIssue] = []
    ) -> [Finding] {
        var out: [Finding] = []
        for torn in tornTails { out.append(Finding(isProblem: false, text: torn.message)) }
        for copy in conflictCopies {
            let text = Message(
                copy.onlyHere == 0
                    ? """
                    \(copy.path) is a sync conflict copy of \(copy.original); every one of its \(copy.records) \
                    record(s) is in another journal file too, so it can be deleted
                    """
                    : """
                    \(copy.path) is a sync conflict copy of \(copy.original) and holds \(copy.onlyHere) record(s) no \
                    other file has; focus reads them, so keep it until they are elsewhere
                    """)
            out.append(Finding(isProblem: false, text: text))
        }
        for issue in issues { out.append(Finding(isProblem: true, text: "bad line: \(issue.message)")) }
        let copies = Set(conflictCopies.map(\.path))
        func inACopy(_ place: String) -> Bool {
            copies.contains(String(place[..<(place.lastIndex(of: ":") ?? place.endIndex)]))
        }
        for dup in duplicates {
            if dup.identical {
                // A conflict copy repeats its original's records: the copy's own note counts them.
                if inACopy(dup.first) || inACopy(dup.again) { continue }
                out.append(
                    Finding(
                        isProblem: false,
                        text: "id \(dup.id) is repeated at \(dup.again) with the same content (read once)"))
            } else {
                out.append(
                    Finding(
                        isProblem: true,
                        text: "duplicate id \(dup.id): \(dup.again) differs from \(dup.first), which is the one used"))
            }
        }
        for change in danglingChanges {
            out.append(
                Finding(
                    isProblem: true,
                    text:
                        """
                        \(change.kind.rawValue) record \(change.id) names \(change.target), which is not in the \
                        journal
                        """
                ))
        }
        for (tz, count) in sessions.zoneCounts.sorted(by: { $0.key < $1.key }) {
            if let finding = zoneFinding(tz, count: count, files: sessions.days.timeZone.files) { out.append(finding) }
        }
        out += sessions.findings
        for change in changes where change.at > sessions.now {
            out.append(
                Finding(
                    isProblem: true,
                    text:
                        """
                        \(change.kind.rawValue) record \(change.id) is dated in the future \
                        (\(UTCTimestamp.format(change.at)))
                        """
                ))
        }
        return out
    }

    /// The checks of the effective sessions, fed one at a time in their order (by start): the zones they are dated
    /// in, sessions that overlap, and those that end after `now`.
    public struct SessionChecks: Sendable {
        public let now: Date
        public let days: LocalDays
        /// How many sessions name each zone.
        var zoneCounts: [String: Int] = [:]
        /// Overlaps and sessions that end in the future, in the order of the sessions.
        var findings: [Finding] = []
        /// The session that ends last so far, and its end (read without copying the session).
        var latest: FocusLog?
        var latestEnd: Date?

        public init(now: Date, days: LocalDays) {
            self.now = now
            self.days = days
        }

        /// Checks the next session.
        public mutating func visit(_ log: FocusLog) {
            if let tz = log.tz, !tz.isEmpty { zoneCounts[tz, default: 0] += 1 }
            // Only a session that starts before the latest end can overlap it.
            if let latestEnd, log.start < latestEnd, let previous = latest, log.overlaps(previous) {
                findings.append(Finding(isProblem: true, text: overlapText(previous, log, days)))
            }
            if latestEnd.map({ log.end > $0 }) ?? true {
                latest = log
                latestEnd = log.end
            }
            if log.end > now {
                findings.append(
                    Finding(
                        isProblem: true, text: "session \(log.id) ends in the future (\(UTCTimestamp.format(log.end)))")
                )
            }
        }
    }

    /// What a session `tz` that is not an IANA name is read as (``SessionZone``); `nil` for an IANA name.
    ///
    /// A reading the C library makes exactly (a POSIX rule, an offset earlier versions of focus wrote)
    /// is a note; one where it falls back (`PST`, a name this machine's tzdata lacks) is a problem,
    /// since those sessions are likely dated in the wrong zone.
    static func zoneFinding(_ tz: String, count: Int, files: ZoneFiles) -> Finding? {
        let reading = SessionZone(tz, files: files)
        let sessions = Message("\(count) session(s) are dated")
        let offsets = reading.zone.offsetsDescription
        switch reading.kind {
        case .name:
            return nil
        case .legacyOffset:
            return Finding(
                isProblem: false,
                text: "time zone '\(tz)' is an offset as earlier versions of focus wrote it: \(sessions) in \(offsets)")
        case .rule:
            return Finding(
                isProblem: false,
                text: "time zone '\(tz)' is not a zone name: \(sessions) as the C library reads TZ='\(tz)', \(offsets)")
        case .fallback:
            return Finding(
                isProblem: true,
                text: """
                    time zone '\(tz)' is not a zone name this machine knows: \(sessions) as the C library reads \
                    TZ='\(tz)', \(offsets)
                    """)
        }
    }

    /// Which two sessions overlap, from which sources, and how to repair it: delete one of them, or end the
    /// earlier one where the later begins (often the case after importing from two tools).
    ///
    /// The commands are given only for ids that are safe to paste into a shell: an id comes from data (an
    /// imported file may hold `$(...)`), and a repair hint must never be a way to run it.
    static func overlapText(_ first: FocusLog, _ second: FocusLog, _ days: LocalDays) -> Message {
        let head: Message = """
            sessions overlap: \(first.id) (\(describe(first, days)), \(first.source.rawValue)) and \(second.id) \
            (\(describe(second, days)), \(second.source.rawValue))
            """
        guard isShellSafe(first.id), isShellSafe(second.id) else {
            return "\(head); keep one with `focus log delete ID`, or shorten one with `focus log edit ID --end TIME`"
        }
        guard second.start > first.start else {
            return "\(head); keep one with `focus log delete \(second.id)` (or the other id)"
        }
        let end = LocalTime.dateTime(second.start, in: days.zone(first.tz))
        return """
            \(head); keep one with `focus log delete \(second.id)` (or the other id), or end the first as the second \
            begins with `focus log edit \(first.id) --end '\(end)'`
            """
    }

    /// Letters, digits, `-`, `_` and `.` only: what a shell never expands.
    private static func isShellSafe(_ id: String) -> Bool {
        !id.isEmpty && !id.hasPrefix("-")
            && id.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                        || "-_.".unicodeScalars.contains($0))
            }
    }

    static func describe(_ log: FocusLog, _ days: LocalDays) -> String {
        let zone = days.zone(log.tz)
        return LocalTime.dateTime(log.start, in: zone) + "–" + LocalTime.hourMinute(log.end, in: zone)
    }
}
