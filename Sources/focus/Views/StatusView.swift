import FocusCore
import FoundationEssentials

/// `focus status` output.
enum StatusView {
    static func text(_ state: RunningState?, now: Date, timeZone: TimeZone) -> String {
        guard let state else { return "idle" }
        var parts = [state.phase.title, LocalTime.countdown(Double(state.remaining(at: now))) + " left"]
        if let tag = state.tag { parts.append("#" + tag) }
        if state.isWaiting { return (parts + ["waiting for Enter"]).joined(separator: " · ") }
        if state.paused { parts.append("paused") }
        parts.append("started " + LocalTime.hourMinute(state.startedAt, in: timeZone))
        return parts.joined(separator: " · ")
    }

    static func json(_ state: RunningState?, now: Date) -> String {
        guard let state else { return JSONValue.object(["state": .string("idle")]).text() }
        var members: [JSONValue.Member] = [
            .init("state", .string(state.stateWord)), .init("id", .string(state.id)),
            .init("phase", .string(state.phase.rawValue)), .init("paused", .bool(state.paused)),
            .init("planned", .int(state.planned)), .init("elapsed", .int(min(state.planned, state.counted(at: now)))),
            .init("remaining", .int(state.remaining(at: now))),
            .init("startedAt", .string(UTCTimestamp.format(state.startedAt))),
        ]
        if let tag = state.tag { members.append(.init("tag", .string(tag))) }
        if let note = state.note { members.append(.init("note", .string(note))) }
        members += [.init("cycle", .int(state.cycle)), .init("cycles", .int(state.cycles))]
        return JSONValue.object(members).text()
    }
}
