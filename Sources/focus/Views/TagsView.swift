import FocusCore

/// Renders `focus tags`: a table measured on the tags it shows (escaped data), or a JSON array.
enum TagsView {
    static func lines(_ model: TagsViewModel, width: Int?) -> [TerminalLine] {
        guard !model.rows.isEmpty else { return [TerminalLine("No tags yet: give one with focus start --tag T.")] }
        let names = model.rows.map { TerminalLine(verbatim: "#" + $0.usage.tag).truncated(toWidth: 30) }
        let counts = model.rows.map { TerminalLine(plural($0.usage.sessions)) }
        let times = model.rows.map { TerminalLine(Message.duration($0.usage.focusedSeconds)) }
        let header = [TerminalLine("tag", .bold), TerminalLine("sessions", .bold), TerminalLine("focus", .bold)]
        // Each column as wide as its widest value or its header: a header never runs into the next one.
        let nameW = (names.map(\.width) + [header[0].width]).max()!
        let countW = (counts.map(\.width) + [header[1].width]).max()!
        let timeW = (times.map(\.width) + [header[2].width]).max()!
        var lines = [
            header[0].padded(toWidth: nameW + 2) + header[1].padded(toWidth: countW + 2)
                + header[2].padded(toWidth: timeW + 2) + TerminalLine("last used", .bold)
        ]
        for (i, row) in model.rows.enumerated() {
            let line =
                names[i].padded(toWidth: nameW + 2) + counts[i].padded(toWidth: countW + 2)
                + times[i].padded(toWidth: timeW, alignment: .right)
                + TerminalLine(verbatim: "  " + row.lastUsed.isoString)
            lines.append(line)
        }
        lines.append(TerminalLine("A session with several tags counts under each of them.", .dim))
        return width.map { w in lines.map { $0.truncated(toWidth: w) } } ?? lines
    }

    static func json(_ model: TagsViewModel) -> String {
        JSONValue.array(
            model.rows.map { row in
                .object([
                    "tag": .string(row.usage.tag), "sessions": .int(row.usage.sessions),
                    "focusedSeconds": .int(row.usage.focusedSeconds),
                    "lastUsed": .string(UTCTimestamp.format(row.usage.lastUsed)),
                    "lastUsedDate": .string(row.lastUsed.isoString),
                ])
            }
        ).text()
    }

    private static func plural(_ n: Int) -> Message { n == 1 ? "1 session" : "\(n) sessions" }
}
