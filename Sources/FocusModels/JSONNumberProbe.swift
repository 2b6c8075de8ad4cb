import FoundationEssentials

/// Finds where a JSON text holds a number that no `Int` holds (`1e300`, `2^63`, `1.5`), which `JSONDecoder` reports
/// only as "not valid JSON", so the error can name the key (`chapters[0].missions[0].targetValue`).
///
/// For files whose numbers are all whole (`config.json`, `expeditions.json`); it only explains a failure.
public enum JSONNumberProbe {
    /// The place of the first number in `bytes` (keys in order, elements by index) that is not a whole number an
    /// `Int` can hold, or `nil` when there is none or `bytes` are not JSON at all.
    public static func firstNonInteger(in bytes: [UInt8]) -> String? {
        guard let tree = try? JSONDecoder().decode(Node.self, from: Data(bytes)) else { return nil }
        return tree.firstNonInteger(at: "")
    }

    private indirect enum Node: Decodable {
        case object([(String, Node)])
        case array([Node])
        case number(Double)
        case other

        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            if let object = try? decoder.container(keyedBy: Key.self) {
                self = .object(
                    try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                        ($0.stringValue, try object.decode(Node.self, forKey: $0))
                    })
            } else if var array = try? decoder.unkeyedContainer() {
                var nodes: [Node] = []
                while !array.isAtEnd { nodes.append(try array.decode(Node.self)) }
                self = .array(nodes)
            } else if let number = try? decoder.singleValueContainer().decode(Double.self) {
                self = .number(number)
            } else {
                self = .other
            }
        }

        func firstNonInteger(at place: String) -> String? {
            switch self {
            case .number(let n):
                return n == n.rounded() && abs(n) < 9.2e18 ? nil : (place.isEmpty ? "top level" : place)
            case .object(let fields):
                return fields.lazy.compactMap { $1.firstNonInteger(at: place.isEmpty ? $0 : place + "." + $0) }.first
            case .array(let nodes):
                return nodes.enumerated().lazy.compactMap { $1.firstNonInteger(at: place + "[\($0)]") }.first
            case .other: return nil
            }
        }
    }
}
