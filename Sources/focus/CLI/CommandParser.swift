import FocusCore

/// A command line the parser refused, and the command whose usage line goes with the message.
struct CommandLineError: Error {
    let message: Message
    let path: CommandPath
}

/// Reads a command line against the declarations under a root command.
///
/// Subcommand names come first (`focus log add`); then `--name value`, `--name=value`, flags,
/// positional arguments in order, and `--` to end the options. Every value is read by its declared
/// parser before the command runs, so a command only ever sees typed, checked values.
enum CommandParser {
    static func parse(_ words: [String], root: any ParsableCommand.Type) throws(CommandLineError) -> ParsedArguments {
        var path = CommandPath(commands: [root])
        var index = 0
        // No command's name starts with `-`: an option (`--version`) is told apart without reading every command's
        // configuration (``CommandParserTests`` checks the names).
        while index < words.count, !words[index].hasPrefix("-"),
            let next = path.configuration.subcommand(named: words[index])
        {
            path = path.appending(next)
            index += 1
        }
        let configuration = path.configuration
        var parsed = ParsedArguments(path: path)
        var positionals: [String] = []
        var given: [(OptionSpec, String)] = []
        var optionsEnded = false
        func failure(_ message: Message) -> CommandLineError { CommandLineError(message: message, path: path) }

        // Built once for the words (each option is looked up in them) and the required options' check below.
        let optionSpecs = configuration.optionSpecs
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" || isNumber(word) {
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word == "-h" || word == "--help" {
                parsed.helpRequested = true
                continue
            }
            var name = word
            var inline: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                inline = String(word[word.index(after: equals)...])
                name = String(word[..<equals])
            }
            guard let option = optionSpecs.first(where: { $0.matches(name) }) else {
                throw failure(unknownOption(word, name: name, in: path))
            }
            guard option.takesValue else {
                guard inline == nil else { throw failure("\(option.flagName) takes no value") }
                parsed.setFlag(option)
                continue
            }
            if let inline {
                given.append((option, inline))
            } else {
                guard index < words.count else {
                    throw failure("\(option.flagName) needs a value (\(option.placeholder ?? ""))")
                }
                given.append((option, words[index]))
                index += 1
            }
        }
        if parsed.helpRequested { return parsed }

        let arguments = configuration.argumentSpecs
        if positionals.count > arguments.count {
            let extra = positionals[arguments.count]
            if arguments.isEmpty, !configuration.subcommands.isEmpty {
                if configuration.subcommand(named: extra) != nil {
                    throw failure("'\(extra)' goes right after '\(path.words)'")
                }
                throw failure(unknownSubcommand(extra, of: path))
            }
            throw failure("unexpected argument '\(extra)' for '\(path.words)'")
        }
        if positionals.count < arguments.filter({ $0.isRequired }).count {
            let names = arguments.filter(\.isRequired).map(\.name).joined(separator: " ")
            throw failure("'\(path.words)' needs \(names)")
        }
        for option in optionSpecs
        where option.isRequired && !given.contains(where: { $0.0.name == option.name }) {
            guard case .list(let words) = option.completion, !words.isEmpty else {
                throw failure("'\(path.words)' needs \(option.synopsis)")
            }
            throw failure("'\(path.words)' needs \(option.synopsis): \(Message.choice(words))")
        }
        do throws(FocusError) {
            // Every option that takes a value is an `Option`, which always has a reader.
            for (option, text) in given { parsed.set(try option.read!(text), for: option) }
            for (argument, text) in zip(arguments, positionals) { parsed.set(try argument.read(text), for: argument) }
        } catch {
            throw failure(error.message)
        }
        return parsed
    }

    /// The message for a word that names none of `path`'s subcommands, with the closest one if any.
    static func unknownSubcommand(_ word: String, of path: CommandPath) -> Message {
        let names = path.configuration.visibleSubcommands.map { $0.configuration.name }
        let closest = Suggestion.closest(to: word, among: names)
        if path.isRoot {
            guard let closest else { return "'\(word)' is not a focus command." }
            return "'\(word)' is not a focus command. Did you mean '\(closest)'?"
        }
        let name = path.configuration.name
        guard let closest else { return "'\(word)' is not a \(name) action (\(Message.list(names)))" }
        return "unknown \(name) action '\(word)'; did you mean '\(closest)'?"
    }

    /// An option `path` does not take: one its relatives take "does not apply"; else the closest, if any.
    private static func unknownOption(_ word: String, name: String, in path: CommandPath) -> Message {
        let family = CommandPath(commands: Array(path.commands.prefix(2))).descendants(includingHidden: true)
        if !path.isRoot, family.contains(where: { $0.configuration.optionSpecs.contains { $0.matches(name) } }) {
            return "\(name) does not apply to '\(path.words)'"
        }
        let names = path.configuration.optionSpecs.map(\.name) + ["help"]
        guard let closest = Suggestion.closest(to: String(name.drop { $0 == "-" }), among: names) else {
            return "unknown option '\(word)' for '\(path.words)'"
        }
        return "unknown option '\(word)' for '\(path.words)'; did you mean '--\(closest)'?"
    }

    /// `-5` and `-1.5` are arguments (a negative duration is refused by its parser, not taken for an option).
    private static func isNumber(_ text: String) -> Bool {
        text.count > 1 && text.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }
}

extension OptionSpec {
    /// Whether `word` (`--tag`, `-v`) names this option.
    func matches(_ word: String) -> Bool {
        if word == flagName { return true }
        guard word.count == 2, word.first == "-", let letter = word.last else { return false }
        return shortNames.contains(letter)
    }
}
