import FocusCore

/// What a shell may offer when completing a value or argument.
enum Completion: Sendable, Equatable {
    /// Nothing to offer: free text.
    case none
    /// One of these words.
    case words([String])
    /// A tag from history (`focus completions --tags`).
    case tags
    /// A file name.
    case files
}

/// One option a command accepts.
struct Option: Sendable {
    let name: String
    /// Placeholder for the value (`T`, `DURATION`); `nil` for a flag.
    let value: String?
    let help: String
    /// What completion offers for the value.
    var completion: Completion = .none

    static func flag(_ name: String, _ help: String) -> Option { Option(name: name, value: nil, help: help) }

    /// An option with a value; completion offers `completion`, else tags for `--tag` and files for a `FILE`.
    static func value(_ name: String, _ placeholder: String, _ help: String, completion: Completion? = nil) -> Option {
        Option(
            name: name, value: placeholder, help: help,
            completion: completion ?? (name == "tag" ? .tags : placeholder == "FILE" ? .files : .none))
    }
}

/// A command of the `focus` executable: how to parse it, how to explain it, what to run.
struct Command: Sendable {
    let name: String
    let summary: String
    /// The usage line without the leading `Usage: `.
    let usage: String
    /// `(name, help)` for each positional argument, for `--help`.
    var arguments: [(String, String)] = []
    var options: [Option] = []
    /// How many positional arguments are allowed.
    var positionals: ClosedRange<Int> = 0...0
    var discussion: String? = nil
    /// What completion offers for each positional argument, by position.
    var completions: [Completion] = []
    /// Left out of the overview, completions and the man page (tools for the build).
    var hidden = false
    let run: @Sendable (ParsedArguments, Context) throws(FocusError) -> Int32
}

/// A command line split into positionals and options.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name] }

    /// A free-text option such as `--tag` or `--note`, trimmed; empty is a usage error.
    func text(_ name: String) throws(FocusError) -> String? {
        guard let value = values[name] else { return nil }
        let trimmed = value.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw FocusError(.usage, "--\(name) is empty") }
        return trimmed
    }
    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    /// Splits `arguments` according to `command`'s options.
    ///
    /// Accepts `--name value`, `--name=value` and `--` to end options. A word
    /// starting with `-` that is not a known option is a usage error with a
    /// suggestion; so is a missing value or a surplus positional.
    static func parse(_ arguments: [String], for command: Command) throws(FocusError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let arg = arguments[index]
            index += 1
            if optionsEnded || !arg.hasPrefix("-") || arg == "-" || Self.isNumber(arg) {
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" {
                optionsEnded = true
                continue
            }
            if arg == "-h" || arg == "--help" {
                parsed.flags.insert("help")
                continue
            }
            var name = String(arg.drop(while: { $0 == "-" }))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let option = command.options.first(where: { $0.name == name }) else {
                let hint =
                    Suggestion.closest(to: name, among: command.options.map(\.name) + ["help"]).map {
                        "; did you mean '--\($0)'?"
                    } ?? ""
                throw FocusError(.usage, "unknown option '\(arg)' for 'focus \(command.name)'\(hint)")
            }
            if option.value == nil {
                guard inline == nil else { throw FocusError(.usage, "--\(name) takes no value") }
                parsed.flags.insert(name)
            } else if let inline {
                parsed.values[name] = inline
            } else {
                guard index < arguments.count else {
                    throw FocusError(.usage, "--\(name) needs a value (\(option.value!))")
                }
                parsed.values[name] = arguments[index]
                index += 1
            }
        }
        if parsed.flags.contains("help") { return parsed }
        if parsed.positionals.count > command.positionals.upperBound {
            let extra = parsed.positionals[command.positionals.upperBound]
            throw FocusError(.usage, "unexpected argument '\(extra)' for 'focus \(command.name)'")
        }
        if parsed.positionals.count < command.positionals.lowerBound {
            throw FocusError(.usage, "'focus \(command.name)' needs \(command.arguments.first?.0 ?? "an argument")")
        }
        return parsed
    }

    private static func isNumber(_ text: String) -> Bool {
        text.count > 1 && text.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }
}

/// "Did you mean": the closest candidate within a small edit distance.
enum Suggestion {
    static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0)) }.filter {
            $0.1 <= max(1, min(2, word.count - 2)) || $0.0.hasPrefix(word) && !word.isEmpty
        }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Edit distance counting a swap of two neighbouring letters as one edit (optimal string alignment).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
