import FocusModels
import FoundationEssentials

/// Writes canonical session lines as bytes, for exports of every session at once.
///
/// The same line ``JournalCodec/encode(_:)-(FocusLog)`` returns (it is built
/// on this), without a `String` per field: an export of 100,000 sessions
/// spends most of its time here.
struct JournalLineWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Appends `log`'s line, without a newline.
    mutating func append(_ log: FocusLog) {
        raw("{\"id\":")
        quoted(log.id)
        raw(",\"start\":\"")
        timestamp(log.start)
        raw("\",\"end\":\"")
        timestamp(log.end)
        raw("\",\"planned\":")
        integer(log.planned)
        raw(",\"focused\":")
        integer(log.focused)
        raw(log.completed ? ",\"completed\":true" : ",\"completed\":false")
        if let tz = log.tz {
            raw(",\"tz\":")
            quoted(tz)
        }
        if let tag = log.tag {
            raw(",\"tag\":")
            quoted(tag)
        }
        if let note = log.note {
            raw(",\"note\":")
            quoted(note)
        }
        if log.source != .timer {
            raw(",\"source\":\"")
            raw(log.source.rawValue)
            raw("\"")
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends a newline.
    mutating func newline() { bytes.append(10) }

    /// Appends `text` as a JSON string literal, quotes included.
    mutating func quoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 10: raw("\\n")
            case 13: raw("\\r")
            case 9: raw("\\t")
            case 0..<0x20, 0x7F:
                raw("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 15)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func raw(_ text: String) { bytes += text.utf8 }

    private mutating func integer(_ n: Int) {
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        var value = n.magnitude
        var digits: [UInt8] = []
        repeat {
            digits.append(UInt8(value % 10) + 48)
            value /= 10
        } while value > 0
        bytes += digits.reversed()
    }

    private mutating func timestamp(_ date: Date) {
        UTCTimestamp.append(epochSeconds: Int(date.timeIntervalSince1970.rounded(.down)), to: &bytes)
    }
}
