import FocusCore
import FoundationEssentials

/// `focus status` output.
enum StatusView {
    /// The state's line, then one per session on another device; each cut to `width` when given (on a
    /// terminal), so that a long tag never wraps it.
    static func lines(
        _ state: RunningState?, elsewhere: [RunningMarker], now: Date, timeZone: Zone, width: Int?
    ) -> [TerminalLine] {
        let lines =
            [TerminalLine(text(state, now: now, timeZone: timeZone))]
            + self.elsewhere(elsewhere, timeZone: timeZone).map { TerminalLine($0) }
        guard let width else { return lines }
        return lines.map { $0.truncated(toWidth: width) }
    }

    /// `Focus · 12:34 left · #writing · started 09:00`, or `idle`.
    static func text(_ state: RunningState?, now: Date, timeZone: Zone) -> String {
        guard let state else { return "idle" }
        var parts =
            state.isOpen
            ? [state.phase.title + " · open", LocalTime.countdown(Double(state.counted(at: now))) + " so far"]
            : [state.phase.title, LocalTime.countdown(Double(state.remaining(at: now))) + " left"]
        if let tags = FocusLog.hashtags(state.tags) { parts.append(tags) }
        if state.isWaiting { return (parts + ["waiting for Enter"]).joined(separator: " · ") }
        if state.paused { parts.append("paused") }
        parts.append("started " + LocalTime.hourMinute(state.startedAt, in: timeZone))
        return parts.joined(separator: " · ")
    }

    /// One line per session another device says it is running: `running on laptop, ends 10:25 · #thesis`.
    static func elsewhere(_ markers: [RunningMarker], timeZone: Zone) -> [String] {
        markers.map { marker in
            var line =
                marker.open == true && !marker.paused
                ? "tracking on \(marker.device.name), since \(LocalTime.hourMinute(marker.startedAt, in: timeZone))"
                : marker.paused
                    ? "\(marker.phase == .focus ? "paused" : marker.phase.title.lowercased() + " paused") on "
                        + "\(marker.device.name), \(LocalTime.countdown(Double(marker.remaining))) left"
                    : "\(marker.phase == .focus ? "running" : marker.phase.title.lowercased()) on "
                        + "\(marker.device.name), ends "
                        + LocalTime.hourMinute(marker.endsAt ?? marker.updatedAt, in: timeZone)
            if let tags = FocusLog.hashtags(marker.tags) { line += " · " + tags }
            return line
        }
    }

    /// The state as JSON; sessions on other devices, when there are any, under `elsewhere`.
    static func json(_ state: RunningState?, now: Date, elsewhere: [RunningMarker] = []) -> String {
        var members = local(state, now: now)
        if !elsewhere.isEmpty {
            members.append(
                .init(
                    "elsewhere",
                    .array(
                        elsewhere.map { marker in
                            var fields: [JSONValue.Member] = [
                                .init("device", .string(marker.device.name)), .init("id", .string(marker.id)),
                                .init("phase", .string(marker.phase.rawValue)), .init("paused", .bool(marker.paused)),
                                .init("remaining", .int(marker.remaining)),
                                .init("startedAt", .string(UTCTimestamp.format(marker.startedAt))),
                                .init("endsAt", .string(marker.endsAt.map(UTCTimestamp.format))),
                            ]
                            fields += tagMembers(marker.tags)
                            return .object(fields)
                        })))
        }
        return JSONValue.object(members).text()
    }

    /// `tag` (the first, as before sessions had several) and `tags`, when there are any.
    private static func tagMembers(_ tags: [String]) -> [JSONValue.Member] {
        guard let first = tags.first else { return [] }
        return [.init("tag", .string(first)), .init("tags", .array(tags.map(JSONValue.string)))]
    }

    private static func local(_ state: RunningState?, now: Date) -> [JSONValue.Member] {
        guard let state else { return [.init("state", .string("idle"))] }
        var members: [JSONValue.Member] = [
            .init("state", .string(state.stateWord)), .init("id", .string(state.id)),
            .init("phase", .string(state.phase.rawValue)), .init("paused", .bool(state.paused)),
            .init("planned", .int(state.planned)), .init("elapsed", .int(min(state.planned, state.counted(at: now)))),
            .init("remaining", .int(state.remaining(at: now))),
            .init("startedAt", .string(UTCTimestamp.format(state.startedAt))),
        ]
        members += tagMembers(state.tags)
        if let note = state.note { members.append(.init("note", .string(note))) }
        members += [.init("cycle", .int(state.cycle)), .init("cycles", .int(state.cycles))]
        if state.isOpen { members.append(.init("open", .bool(true))) }
        return members
    }
}
