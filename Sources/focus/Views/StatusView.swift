import FocusCore
import FoundationEssentials

/// `focus status` output.
enum StatusView {
    /// The state's line, then one per session on another device; each cut to `width` when given (on a
    /// terminal), so that a long tag never wraps it. The zone is read only for a time of day to show: never
    /// when nothing runs here or elsewhere.
    static func lines(
        _ state: RunningState?, elsewhere: [RunningMarker], now: Date, timeZone: @autoclosure () -> Zone, width: Int?
    ) -> [TerminalLine] {
        let lines =
            [TerminalLine(verbatim: text(state, now: now, timeZone: timeZone()))]
            + self.elsewhere(elsewhere, timeZone: timeZone()).map { TerminalLine(verbatim: $0) }
        guard let width else { return lines }
        return lines.map { $0.truncated(toWidth: width) }
    }

    /// `Focus · 12:34 left · #writing · started 09:00`, or `idle`.
    static func text(_ state: RunningState?, now: Date, timeZone: @autoclosure () -> Zone) -> String {
        guard let state else { return Message("idle").localized }
        var parts: [Message] =
            state.isOpen
            ? [
                "\(state.phase.title) · open", "\(LocalTime.countdown(Double(state.counted(at: now)))) so far",
            ]
            : [state.phase.title, "\(LocalTime.countdown(Double(state.remaining(at: now)))) left"]
        if let tags = FocusLog.hashtags(state.tags) { parts.append("\(tags)") }
        if state.isWaiting { return Message.joined(parts + ["waiting for Enter"], separator: " · ").localized }
        if state.paused { parts.append("paused") }
        parts.append("started \(LocalTime.hourMinute(state.startedAt, in: timeZone()))")
        return Message.joined(parts, separator: " · ").localized
    }

    /// One line per session another device says it is running: `running on laptop, ends 10:25 · #thesis`.
    static func elsewhere(_ markers: [RunningMarker], timeZone: @autoclosure () -> Zone) -> [String] {
        markers.map { marker in
            let device = marker.device.name
            let line: Message
            if marker.open == true && !marker.paused {
                line = "tracking on \(device), since \(LocalTime.hourMinute(marker.startedAt, in: timeZone()))"
            } else if marker.paused {
                let left = LocalTime.countdown(Double(marker.remaining))
                line =
                    marker.phase == .focus
                    ? "paused on \(device), \(left) left" : "\(marker.phase.word) paused on \(device), \(left) left"
            } else {
                let ends = LocalTime.hourMinute(marker.endsAt ?? marker.updatedAt, in: timeZone())
                line =
                    marker.phase == .focus
                    ? "running on \(device), ends \(ends)" : "\(marker.phase.word) on \(device), ends \(ends)"
            }
            guard let tags = FocusLog.hashtags(marker.tags) else { return line.localized }
            return Message("\(line) · \(tags)").localized
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
