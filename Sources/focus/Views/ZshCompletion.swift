/// The zsh completion script, generated from the declarations.
///
/// One function per command hands `_arguments` its options and arguments, and passes the words after a
/// subcommand's name to that subcommand's function. Words from the journal are split into an array with
/// `${(f)…}` and added with `compadd`, which quotes them for the command line; nothing in them is ever
/// expanded, globbed or evaluated.
enum ZshCompletion {
    static func script(_ tree: CompletionTree) -> String {
        preamble + tree.nodes.map(function).joined() + """
            if [[ ${funcstack[1]} == _focus ]]; then
                _focus "$@"
            else
                compdef _focus focus
            fi

            """
    }

    /// `_focus_log_add` for `focus log add`.
    private static func name(_ path: String) -> String {
        "_" + path.replacing(" ", with: "_").replacing("-", with: "_")
    }

    private static func function(_ node: CompletionTree.Node) -> String {
        let function = name(node.path)
        var out = "\(function)() {\n" + dispatch(node)
        var helpers = ""
        var specs = node.options.flatMap {
            optionSpecs($0, exclusive: $0.name == Flag.help.spec.name || node.path == "focus")
        }
        var positions = node.arguments.enumerated().map { index, argument in
            guard case .byPreviousArgument(let branches) = argument.completion else {
                return action(argument.completion)
            }
            let helper = function + "_\(index + 1)"
            helpers += "\(helper)() {\n    case ${words[CURRENT-1]} in\n"
            for branch in branches where branch.completion != .none {
                helpers += "        (\(ShellWord.singleQuoted(branch.word))) \(command(branch.completion)) ;;\n"
            }
            helpers += "    esac\n}\n\n"
            return helper
        }
        if !node.subcommands.isEmpty {
            // The first word is a subcommand or the first argument: one action offers both.
            let first = function + "_first"
            helpers += "\(first)() {\n    (( CURRENT == 2 )) && _describe -t commands 'command' subcommands\n"
            if let argument = node.arguments.first { helpers += "    \(command(argument.completion))\n" }
            helpers += "}\n\n"
            if positions.isEmpty { positions = [first] } else { positions[0] = first }
        }
        specs += positions.enumerated().map { index, action in
            let name = index < node.arguments.count ? node.arguments[index].name : "COMMAND"
            return ShellWord.singleQuoted("\(index + 1):\(bracketed(name)):\(action)")
        }
        out += "    _arguments -S : \\\n        " + specs.joined(separator: " \\\n        ") + "\n}\n\n"
        return out + helpers
    }

    /// Hands the words after a subcommand's name to its function, and lists the subcommands for `_describe`.
    private static func dispatch(_ node: CompletionTree.Node) -> String {
        guard !node.subcommands.isEmpty else { return "" }
        var out = "    if (( CURRENT > 2 )); then\n        case ${words[2]} in\n"
        for sub in node.subcommands {
            let words = ([sub.name] + sub.aliases).joined(separator: "|")
            out += "            (\(words)) shift words; (( CURRENT-- )); \(name(sub.path)); return ;;\n"
        }
        out += "        esac\n    fi\n    local -a subcommands=(\n"
        for sub in node.subcommands {
            out += "        " + ShellWord.singleQuoted(sub.name.replacing(":", with: "\\:") + ":" + sub.abstract) + "\n"
        }
        return out + "    )\n"
    }

    /// `'--tag=[Tag the session]:T:_focus_dynamic tags'`, one spec per spelling; `exclusive` ones end the line.
    private static func optionSpecs(_ option: OptionSpec, exclusive: Bool) -> [String] {
        let help = "[" + bracketed(option.help.description) + "]"
        let value = option.placeholder.map { ":" + bracketed($0) + ":" + action(option.completion) } ?? ""
        let spellings = ["--" + option.name + (option.takesValue ? "=" : "")] + option.shortNames.map { "-\($0)" }
        return spellings.map { ShellWord.singleQuoted((exclusive ? "(- *)" : "") + $0 + help + value) }
    }

    /// An `_arguments` action: `(7d 30d)`, `_files`, a function, or a space for free text.
    private static func action(_ kind: CompletionKind) -> String {
        switch kind {
        case .none, .commands, .subcommands, .byPreviousArgument: " "
        case .list(let words):
            "(" + words.map { bracketed($0).replacing(" ", with: "\\ ") }.joined(separator: " ") + ")"
        case .dynamic, .files: command(kind)
        }
    }

    /// A command that adds the candidates `kind` describes, for a function body.
    private static func command(_ kind: CompletionKind) -> String {
        switch kind {
        case .none, .commands, .subcommands, .byPreviousArgument: ":"
        case .list(let words): "compadd -- " + words.map(ShellWord.singleQuoted).joined(separator: " ")
        case .dynamic(let list): "_focus_dynamic \(list.rawValue)"
        case .files: "_files"
        }
    }

    /// `text` with the characters `_arguments` gives meaning to escaped.
    private static func bracketed(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("[", with: "\\[")
            .replacing("]", with: "\\]").replacing(":", with: "\\:")
    }

    private static let preamble = #"""
        #compdef focus
        # zsh completion for focus, generated by `focus completions zsh`.
        # Save it as _focus in a folder of $fpath, or load it after compinit with:
        #   source <(focus completions zsh)
        #
        # Tags and sounds come from your data: they are read as lines and added with
        # compadd, which quotes them for the command line; nothing in them is ever
        # expanded or evaluated.

        # Adds the lines `focus completions --LIST` prints (tags, unlocked sounds);
        # LIST is the last argument, the ones before it are options for compadd.
        _focus_dynamic() {
            local -a focus_lines
            focus_lines=(${(f)"$(command focus completions --${@[-1]} 2>/dev/null)"})
            compadd "${@[1,-2]}" -a focus_lines
        }


        """#
}
