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
        guard let state else { return "{\"state\":\"idle\"}" }
        var out =
            "{\"state\":\"\(state.stateWord)\",\"id\":\(JournalCodec.quoted(state.id)),\"phase\":\"\(state.phase.rawValue)\""
        out +=
            ",\"paused\":\(state.paused),\"planned\":\(state.planned),\"elapsed\":\(min(state.planned, state.counted(at: now)))"
        out += ",\"remaining\":\(state.remaining(at: now)),\"startedAt\":\"\(UTCTimestamp.format(state.startedAt))\""
        if let tag = state.tag { out += ",\"tag\":" + JournalCodec.quoted(tag) }
        if let note = state.note { out += ",\"note\":" + JournalCodec.quoted(note) }
        out += ",\"cycle\":\(state.cycle),\"cycles\":\(state.cycles)}"
        return out
    }
}
