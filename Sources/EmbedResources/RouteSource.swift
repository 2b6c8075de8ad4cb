import Foundation

/// The Swift source of the built-in route, `Resources/expeditions.json`, as values: the `ExpeditionDefinitions` it
/// decodes to, and FNV-1a of their canonical JSON (keys sorted, no spaces, `null` members left out: the route's part
/// of the expedition's fingerprint, which `ExpeditionCheckpoint` computes from the JSON it writes for other routes).
///
/// Reading the JSON at run time took a million instructions in every command that shows the expedition, and writing
/// it again for the hash another million; these values cost an allocation or two each. Tests check that they are
/// what the decoder reads from the embedded text, and the hash what `ExpeditionCheckpoint` computes from them.
enum RouteSource {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// Declarations of `routeName` (the definitions) and `hashName` (the hash of `bytes`), indented for an enum.
    static func declarations(of bytes: Data, routeName: String, hashName: String) throws -> String {
        guard let root = try JSONSerialization.jsonObject(with: bytes) as? [String: Any] else {
            throw Problem(description: "the route is not a JSON object")
        }
        var canonical = ""
        write(root, to: &canonical)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in canonical.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let chapters = try array(root, "chapters", "").enumerated().map { index, chapter in
            try self.chapter(chapter, "chapters[\(index)]")
        }
        return """
                /// The route of `Resources/expeditions.json` as values.
                static let \(routeName) = ExpeditionDefinitions(
                    deepFocusMinutes: \(try int(root, "deepFocusMinutes", "")),
                    minimumSessionMinutes: \(try optional(root, "minimumSessionMinutes", "", int)),
                    chapters: [
            \(chapters.joined())        ])

                /// FNV-1a of the canonical JSON of `\(routeName)`.
                static let \(hashName): UInt64 = 0x\(String(hash, radix: 16))

            """
    }

    private static func chapter(_ value: Any, _ place: String) throws -> String {
        let chapter = try object(value, place)
        let missions = try array(chapter, "missions", place).enumerated().map { index, mission in
            try self.mission(mission, "\(place).missions[\(index)]")
        }
        let i18n = try translations(chapter, place) { text, place in
            let fields = try ["title", "country", "story", "soundscape"].map { key in
                "\(key): \(try optional(text, key, place, string))"
            }
            return ".init(\(fields.joined(separator: ", ")))"
        }
        return """
                        ExpeditionChapterDefinition(
                            id: \(try string(chapter, "id", place)),
                            title: \(try string(chapter, "title", place)),
                            country: \(try string(chapter, "country", place)),
                            story: \(try string(chapter, "story", place)),
                            soundscape: \(try string(chapter, "soundscape", place)),
                            missions: [
            \(missions.joined())                ],
                            i18n: \(i18n)),

            """
    }

    private static func mission(_ value: Any, _ place: String) throws -> String {
        let mission = try object(value, place)
        let kind = try string(mission, "kind", place, quoted: false)
        let i18n = try translations(mission, place) { text, place in
            ".init(title: \(try optional(text, "title", place, string)))"
        }
        return """
                                ExpeditionMissionDefinition(
                                    id: \(try string(mission, "id", place)),
                                    title: \(try string(mission, "title", place)),
                                    kind: .\(kind), targetValue: \(try int(mission, "targetValue", place)),
                                    rewardMiles: \(try int(mission, "rewardMiles", place)),
                                    i18n: \(i18n)),

            """
    }

    /// `value` as canonical JSON: strings escaped as focus's `JSONWriter` escapes them, whole numbers.
    private static func write(_ value: Any, to out: inout String) {
        switch value {
        case let object as [String: Any]:
            out += "{"
            let members = object.filter { !($0.value is NSNull) }.sorted { $0.key < $1.key }
            for (index, member) in members.enumerated() {
                out += index > 0 ? "," : ""
                write(member.key, to: &out)
                out += ":"
                write(member.value, to: &out)
            }
            out += "}"
        case let array as [Any]:
            out += "["
            for (index, item) in array.enumerated() {
                out += index > 0 ? "," : ""
                write(item, to: &out)
            }
            out += "]"
        case let text as String:
            out += "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{8}": out += "\\b"
                case "\u{C}": out += "\\f"
                case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += String(format: "\\u%04x", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            out += "\""
        default: out += String((value as? NSNumber)?.intValue ?? 0)
        }
    }

    /// An optional object of translations by language tag, each written by `translation`.
    private static func translations(
        _ object: [String: Any], _ place: String, _ translation: ([String: Any], String) throws -> String
    ) throws -> String {
        try optional(object, "i18n", place) { object, key, place in
            let tags = try self.object(object[key] as Any, "\(place).\(key)")
            let entries = try tags.keys.sorted().map { tag in
                let text = try self.object(tags[tag] as Any, "\(place).\(key).\(tag)")
                return "\(SwiftLiteral.quoted(tag)): \(try translation(text, place))"
            }
            return "[\(entries.joined(separator: ", "))]"
        }
    }

    /// `nil` for a missing key or `null`, as the decoder reads an optional; else the value `read` writes.
    private static func optional(
        _ object: [String: Any], _ key: String, _ place: String,
        _ read: ([String: Any], String, String) throws -> String
    ) throws -> String {
        guard let value = object[key], !(value is NSNull) else { return "nil" }
        return try read(object, key, place)
    }

    private static func object(_ value: Any, _ place: String) throws -> [String: Any] {
        guard let object = value as? [String: Any] else { throw Problem(description: "\(place): not an object") }
        return object
    }

    private static func array(_ object: [String: Any], _ key: String, _ place: String) throws -> [Any] {
        guard let array = object[key] as? [Any] else { throw Problem(description: "\(place).\(key): not an array") }
        return array
    }

    private static func int(_ object: [String: Any], _ key: String, _ place: String) throws -> String {
        guard let number = object[key] as? NSNumber, number.doubleValue == Double(number.intValue) else {
            throw Problem(description: "\(place).\(key): not a whole number")
        }
        return String(number.intValue)
    }

    private static func string(_ object: [String: Any], _ key: String, _ place: String) throws -> String {
        try string(object, key, place, quoted: true)
    }

    private static func string(_ object: [String: Any], _ key: String, _ place: String, quoted: Bool) throws
        -> String
    {
        guard let text = object[key] as? String else { throw Problem(description: "\(place).\(key): not a string") }
        return quoted ? SwiftLiteral.quoted(text) : text
    }
}
