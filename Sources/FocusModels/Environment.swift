/// Environment variables by name: the process's own (``init(lookup:all:)``, which the executable gives the C
/// library's `environ`), or given as a dictionary (tests, and what a child process is handed).
///
/// A command asks for a dozen variables by name; the process's are looked up where they are, never copied into a
/// dictionary first: hashing every variable of a shell's environment cost more than `focus status` does besides.
public struct Environment: Sendable, ExpressibleByDictionaryLiteral {
    private let lookup: @Sendable (String) -> String?
    private let all: @Sendable () -> [String: String]

    /// Variables read by `lookup`, and all of them by `all` (for a child process's environment).
    public init(lookup: @escaping @Sendable (String) -> String?, all: @escaping @Sendable () -> [String: String]) {
        self.lookup = lookup
        self.all = all
    }

    /// The variables of `variables`.
    public init(_ variables: [String: String]) {
        self.init(lookup: { variables[$0] }, all: { variables })
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { $1 }))
    }

    /// The value of the variable `name`, `nil` when it is not set.
    public subscript(name: String) -> String? { lookup(name) }

    /// Every variable, by name.
    public var variables: [String: String] { all() }
}
