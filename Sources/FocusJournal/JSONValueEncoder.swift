import FocusModels
import FoundationEssentials

/// Turns an `Encodable` value into a ``JSONValue``, so Codable types are written by the one ``JSONWriter``.
///
/// Keys come in the order the type encodes them (declaration order for synthesised conformances); a `Date`
/// is the journal's UTC instant (`2026-11-29T09:00:00Z`, whole seconds); an optional that is `nil` is left
/// out, as `JSONEncoder` does.
public enum JSONValueEncoder {
    /// The JSON of `value`.
    public static func encode(_ value: some Encodable) throws -> JSONValue {
        let root = Node()
        try root.encode(value, codingPath: [])
        return root.json
    }

    /// The text of `value` with its keys sorted, as focus's `--json` objects and state files have them.
    public static func text(_ value: some Encodable, pretty: Bool = false) throws -> String {
        try encode(value).text(sortedKeys: true, pretty: pretty)
    }

    /// One value of the tree being built: a scalar, or an object or array whose children are still filling in.
    fileprivate final class Node {
        enum Content {
            case scalar(JSONValue)
            case object([(key: String, node: Node)])
            case array([Node])
        }

        var content = Content.object([])

        var json: JSONValue {
            switch content {
            case .scalar(let value): value
            case .object(let members): .object(members.map { JSONValue.Member($0.key, $0.node.json) })
            case .array(let items): .array(items.map(\.json))
            }
        }

        func encode(_ value: some Encodable, codingPath: [any CodingKey]) throws {
            if let date = value as? Date {
                content = .scalar(.string(UTCTimestamp.format(date)))
            } else {
                try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
            }
        }

        func child(_ key: String) -> Node {
            guard case .object(var members) = content else { return Node() }
            let node = Node()
            members.removeAll { $0.key == key }
            members.append((key, node))
            content = .object(members)
            return node
        }

        func appended() -> Node {
            guard case .array(var items) = content else { return Node() }
            let node = Node()
            items.append(node)
            content = .array(items)
            return node
        }

        var count: Int {
            if case .array(let items) = content { return items.count }
            return 0
        }
    }

    fileprivate struct NodeEncoder: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object = node.content {} else { node.content = .object([]) }
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array = node.content {} else { node.content = .array([]) }
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }
    }

    fileprivate struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        private func set(_ key: Key, _ value: JSONValue) { node.child(key.stringValue).content = .scalar(value) }

        mutating func encodeNil(forKey key: Key) throws { set(key, .null) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { set(key, .bool(value)) }
        mutating func encode(_ value: String, forKey key: Key) throws { set(key, .string(value)) }
        mutating func encode(_ value: Double, forKey key: Key) throws { set(key, .double(value)) }
        mutating func encode(_ value: Int, forKey key: Key) throws { set(key, .int(value)) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { set(key, .int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { set(key, .int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { set(key, .int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { set(key, .int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { set(key, .int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { set(key, .int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { set(key, .int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { set(key, .int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { set(key, .int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: Float, forKey key: Key) throws { set(key, .double(Double(value))) }
        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            try node.child(key.stringValue).encode(value, codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { NodeEncoder(node: node, codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key])
        }
    }

    fileprivate struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int { node.count }

        private func append(_ value: JSONValue) { node.appended().content = .scalar(value) }

        mutating func encodeNil() throws { append(.null) }
        mutating func encode(_ value: Bool) throws { append(.bool(value)) }
        mutating func encode(_ value: String) throws { append(.string(value)) }
        mutating func encode(_ value: Double) throws { append(.double(value)) }
        mutating func encode(_ value: Int) throws { append(.int(value)) }
        mutating func encode(_ value: Int8) throws { append(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: Int16) throws { append(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: Int32) throws { append(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: Int64) throws { append(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt) throws { append(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt8) throws { append(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt16) throws { append(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt32) throws { append(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt64) throws { append(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: Float) throws { append(.double(Double(value))) }
        mutating func encode(_ value: some Encodable) throws {
            try node.appended().encode(value, codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            NodeEncoder(node: node.appended(), codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            NodeEncoder(node: node.appended(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.appended(), codingPath: codingPath) }
    }

    fileprivate struct Single: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.content = .scalar(.null) }
        mutating func encode(_ value: Bool) throws { node.content = .scalar(.bool(value)) }
        mutating func encode(_ value: String) throws { node.content = .scalar(.string(value)) }
        mutating func encode(_ value: Double) throws { node.content = .scalar(.double(value)) }
        mutating func encode(_ value: Int) throws { node.content = .scalar(.int(value)) }
        mutating func encode(_ value: Int8) throws { node.content = .scalar(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: Int16) throws { node.content = .scalar(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: Int32) throws { node.content = .scalar(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: Int64) throws { node.content = .scalar(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt) throws { node.content = .scalar(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt8) throws { node.content = .scalar(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt16) throws { node.content = .scalar(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt32) throws { node.content = .scalar(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt64) throws { node.content = .scalar(.int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: Float) throws { node.content = .scalar(.double(Double(value))) }
        mutating func encode(_ value: some Encodable) throws { try node.encode(value, codingPath: codingPath) }
    }
}
