import FocusCore
import Foundation

/// A JSON Lines file of sessions for `focus import`, removed when the value goes away.
final class ImportFile {
    let path: String

    /// `count` sessions of one minute tagged `tag`, two minutes apart from `start` (seconds since the epoch), ids
    /// `<prefix>-0`, `<prefix>-1`…
    init(count: Int, from start: Int, tag: String, prefix: String) throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent("focus-import-\(UUID().uuidString).jsonl")
            .path
        var text = ""
        text.reserveCapacity(count * 160)
        for k in 0..<count {
            let begin = start + k * 120
            text +=
                "{\"id\":\"\(prefix)-\(k)\",\"start\":\"\(UTCTimestamp.format(epochSeconds: begin))\",\"end\":\""
                + UTCTimestamp.format(epochSeconds: begin + 60)
                + "\",\"planned\":60,\"focused\":60,\"completed\":true,\"tag\":\"\(tag)\"}\n"
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
