/// A JSON document as a value: what focus prints with `--json` and writes into its small state files.
///
/// Objects keep their members in the order given; ``JSONWriter`` writes them in that order or sorted by key.
/// Build one by hand where the key order is part of a documented schema (`focus stats --json`), or from any
/// `Encodable` value with ``JSONValueEncoder``.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])

    /// One key and its value in an object.
    public struct Member: Equatable, Sendable {
        public let key: String
        public let value: JSONValue

        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// An object with `members` in this order.
    public static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { Member($0.key, $0.value) })
    }

    /// `text`, or `null` when it is `nil`.
    public static func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// `number`, or `null` when it is `nil`.
    public static func int(_ number: Int?) -> JSONValue { number.map(JSONValue.int) ?? .null }

    /// The document as one line of text (``JSONWriter/write(_:sortedKeys:pretty:)``).
    public func text(sortedKeys: Bool = false, pretty: Bool = false) -> String {
        var writer = JSONWriter()
        writer.write(self, sortedKeys: sortedKeys, pretty: pretty)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
