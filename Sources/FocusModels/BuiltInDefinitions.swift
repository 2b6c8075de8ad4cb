/// Reads the expedition definitions embedded in the binary (``ExpeditionDefinitions/builtIn``) by hand.
///
/// Every command that shows the expedition needs them, and `JSONDecoder` takes about five million instructions
/// for these 19 KB, more than the rest of `focus expedition`. This reader takes the subset of JSON the file is
/// written in (objects, arrays, strings without escapes, whole numbers, `null`) and the fields of the definitions;
/// anything else gives `nil`, and the caller decodes the file the general way. A test checks that both read the
/// embedded file to the same value, and that the decoder finds it valid.
enum BuiltInDefinitions {
    /// The definitions in `text`, or `nil` when it is not written in the subset this reader takes.
    static func read(_ text: String) -> ExpeditionDefinitions? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let root = reader.document() else { return nil }
        return definitions(root)
    }

    /// A parsed value: objects keep their members in order.
    private enum Node {
        case object([(key: String, value: Node)])
        case array([Node])
        case string(String)
        case int(Int)
        case null

        subscript(key: String) -> Node? {
            guard case .object(let members) = self else { return nil }
            return members.last { $0.key == key }?.value
        }

        var string: String? { if case .string(let text) = self { text } else { nil } }
        var int: Int? { if case .int(let number) = self { number } else { nil } }
    }

    private static func definitions(_ root: Node) -> ExpeditionDefinitions? {
        guard let deepFocus = root["deepFocusMinutes"]?.int,
            let minimum = optional(root["minimumSessionMinutes"], { $0.int }),
            case .array(let items)? = root["chapters"]
        else { return nil }
        var chapters: [ExpeditionChapterDefinition] = []
        for item in items {
            guard let chapter = chapter(item) else { return nil }
            chapters.append(chapter)
        }
        return ExpeditionDefinitions(deepFocusMinutes: deepFocus, minimumSessionMinutes: minimum, chapters: chapters)
    }

    private static func chapter(_ node: Node) -> ExpeditionChapterDefinition? {
        guard let id = node["id"]?.string, let title = node["title"]?.string, let country = node["country"]?.string,
            let story = node["story"]?.string, let soundscape = node["soundscape"]?.string,
            case .array(let items)? = node["missions"],
            let i18n = translations(
                node["i18n"],
                { text -> ExpeditionChapterDefinition.Translation? in
                    guard let title = optional(text["title"], { $0.string }),
                        let country = optional(text["country"], { $0.string }),
                        let story = optional(text["story"], { $0.string }),
                        let soundscape = optional(text["soundscape"], { $0.string })
                    else { return nil }
                    return .init(title: title, country: country, story: story, soundscape: soundscape)
                })
        else { return nil }
        var missions: [ExpeditionMissionDefinition] = []
        for item in items {
            guard let mission = mission(item) else { return nil }
            missions.append(mission)
        }
        return ExpeditionChapterDefinition(
            id: id, title: title, country: country, story: story, soundscape: soundscape, missions: missions,
            i18n: i18n)
    }

    private static func mission(_ node: Node) -> ExpeditionMissionDefinition? {
        guard let id = node["id"]?.string, let title = node["title"]?.string,
            let kind = node["kind"]?.string.flatMap(ExpeditionMissionKind.init(rawValue:)),
            let target = node["targetValue"]?.int, let reward = node["rewardMiles"]?.int,
            let i18n = translations(
                node["i18n"],
                { text -> ExpeditionMissionDefinition.Translation? in
                    optional(text["title"], { $0.string }).map { .init(title: $0) }
                })
        else { return nil }
        return ExpeditionMissionDefinition(
            id: id, title: title, kind: kind, targetValue: target, rewardMiles: reward, i18n: i18n)
    }

    /// An optional field as the decoder reads it: missing or `null` is `.some(nil)`; a value of another type `nil`.
    private static func optional<T>(_ node: Node?, _ value: (Node) -> T?) -> T?? {
        guard let node else { return .some(nil) }
        if case .null = node { return .some(nil) }
        return value(node).map { .some($0) }
    }

    /// An optional object of translations by language.
    private static func translations<T>(_ node: Node?, _ translation: (Node) -> T?) -> [String: T]?? {
        optional(node) { node -> [String: T]? in
            guard case .object(let members) = node else { return nil }
            var out: [String: T] = [:]
            for member in members {
                guard let value = translation(member.value) else { return nil }
                out[member.key] = value
            }
            return out
        }
    }

    /// A recursive-descent reader of the subset described above.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func document() -> Node? {
            guard let node = value(depth: 0) else { return nil }
            skipSpace()
            return index == bytes.count ? node : nil
        }

        private mutating func value(depth: Int) -> Node? {
            guard depth < 16 else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(Node.string)
            case UInt8(ascii: "n"): return word("null") ? .null : nil
            default: return int().map(Node.int)
            }
        }

        private mutating func object(depth: Int) -> Node? {
            index += 1
            var members: [(key: String, value: Node)] = []
            if next(is: "}") { return .object(members) }
            repeat {
                skipSpace()
                guard let key = string(), next(is: ":"), let value = value(depth: depth + 1) else { return nil }
                members.append((key, value))
            } while next(is: ",")
            return next(is: "}") ? .object(members) : nil
        }

        private mutating func array(depth: Int) -> Node? {
            index += 1
            var items: [Node] = []
            if next(is: "]") { return .array(items) }
            repeat {
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
            } while next(is: ",")
            return next(is: "]") ? .array(items) : nil
        }

        /// A string without escapes or control characters. The bytes are a Swift string's, so valid UTF-8, and a
        /// string between two quotes starts and ends on a scalar's boundary: nothing to check or repair.
        private mutating func string() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index + 1
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                guard bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 else { return nil }
                end += 1
            }
            guard end < bytes.count else { return nil }
            index = end + 1
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }

        /// A whole number: digits after an optional minus, no leading zero, no fraction or exponent.
        private mutating func int() -> Int? {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digits, index - digits == 1 || bytes[digits] != UInt8(ascii: "0"), index - digits <= 18
            else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") {
                return nil
            }
            return Int(String(decoding: bytes[start..<index], as: UTF8.self))
        }

        private mutating func word(_ text: StaticString) -> Bool {
            let word = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
            guard bytes.count - index >= word.count, bytes[index..<index + word.count].elementsEqual(word) else {
                return false
            }
            index += word.count
            return true
        }

        /// Whether the next byte after spaces is `character`, which is then consumed.
        private mutating func next(is character: Unicode.Scalar) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        private mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
                default: return
                }
            }
        }
    }
}
