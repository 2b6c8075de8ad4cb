import FocusCore
import Testing

@testable import focus

/// A small command tree declared the way focus's commands are, to test the parser on its own.
private enum Toy: ContextFreeCommand {
    static let configuration = CommandConfiguration(
        name: "toy", abstract: "A toy", subcommands: [ToyRun.self, ToyGroup.self])
    static func run(_ arguments: ParsedArguments, _ out: TerminalWriter, columns: Int) throws(FocusError) -> Int32 { 0 }
}

private enum ToyRun: ContextFreeCommand {
    static let count = Argument<Int>("COUNT", "How many", parser: .wholeNumber(1...9))
    static let name = Option<String>("name", "N", "A name", parser: .text, required: true)
    static let seconds = Option<Int>("seconds", "D", "How long", parser: .duration)
    static let loud = Flag("loud", short: ["l"], "Shout")
    static let configuration = CommandConfiguration(
        name: "run", abstract: "Run it", arguments: [count], options: [name, seconds, loud])
    static func run(_ arguments: ParsedArguments, _ out: TerminalWriter, columns: Int) throws(FocusError) -> Int32 { 0 }
}

private enum ToyGroup: ContextFreeCommand {
    static let all = Flag("all", "Everything")
    static let configuration = CommandConfiguration(
        name: "group", abstract: "A group", options: [all], subcommands: [ToyLeaf.self])
    static func run(_ arguments: ParsedArguments, _ out: TerminalWriter, columns: Int) throws(FocusError) -> Int32 { 0 }
}

private enum ToyLeaf: ContextFreeCommand {
    static let configuration = CommandConfiguration(name: "leaf", abstract: "A leaf", aliases: ["lf"])
    static func run(_ arguments: ParsedArguments, _ out: TerminalWriter, columns: Int) throws(FocusError) -> Int32 { 0 }
}

/// The parser reads typed values by their declarations and refuses what they do not allow, in one line.
@Suite struct CommandParserTests {
    static func parse(_ words: [String]) throws(CommandLineError) -> ParsedArguments {
        try CommandParser.parse(words, root: Toy.self)
    }

    @Test func valuesAreReadTypedByTheirDeclarations() throws {
        let args = try Self.parse(["run", "3", "--name", " ada ", "--seconds=1m30s", "-l"])
        #expect(args.path.words == "toy run")
        #expect(args[ToyRun.count] == 3 && args.required(ToyRun.name) == "ada" && args[ToyRun.seconds] == 90)
        #expect(args[ToyRun.loud] && args.given(ToyRun.seconds) && !args.helpRequested)
        let bare = try Self.parse(["run", "--name", "x"])
        #expect(bare[ToyRun.count] == nil && bare[ToyRun.seconds] == nil && !bare[ToyRun.loud])
        #expect(!bare.given(ToyRun.seconds, ToyRun.loud))
    }

    @Test func subcommandsByNameOrAliasAndHelpBeforeChecks() throws {
        #expect(try Self.parse(["group", "lf"]).path.words == "toy group leaf")
        #expect(try Self.parse(["group", "--all"]).path.words == "toy group")
        // --help wins over a missing required option and a bad value.
        let help = try Self.parse(["run", "0", "--help"])
        #expect(help.helpRequested && help.path.words == "toy run")
        #expect(try Self.parse(["run", "--name", "x", "--", "5"])[ToyRun.count] == 5)
    }

    /// Each refusal, and the command whose usage line is printed with it.
    @Test(arguments: [
        (["run"], "'toy run' needs --name N", "toy run"),
        (["run", "1", "2", "--name", "x"], "unexpected argument '2' for 'toy run'", "toy run"),
        (["run", "--nam", "x"], "unknown option '--nam' for 'toy run'; did you mean '--name'?", "toy run"),
        (["run", "--loud=yes", "--name", "x"], "--loud takes no value", "toy run"),
        (["run", "--name"], "--name needs a value (N)", "toy run"),
        (["run", "--name", "  "], "--name is empty", "toy run"),
        (["run", "0", "--name", "x"], "COUNT must be a whole number from 1 to 9, not '0'", "toy run"),
        (["run", "--name", "x", "--", "-5"], "COUNT must be a whole number from 1 to 9, not '-5'", "toy run"),
        (["run", "--name", "x", "--seconds", "0"], "--seconds: '0' is zero; a session needs some time", "toy run"),
        (["group", "leaf", "--all"], "--all does not apply to 'toy group leaf'", "toy group leaf"),
        (["group", "lef"], "unknown group action 'lef'; did you mean 'leaf'?", "toy group"),
        (["group", "zzz"], "'zzz' is not a group action (leaf)", "toy group"),
        (["group", "--all", "leaf"], "'leaf' goes right after 'toy group'", "toy group"),
        (["rnu"], "'rnu' is not a focus command. Did you mean 'run'?", "toy"),
    ])
    func refusalsSayWhatIsWrongAndWhere(_ words: [String], _ message: String, _ command: String) {
        do {
            _ = try Self.parse(words)
            Issue.record("\(words) was accepted")
        } catch {
            #expect(error.message.description == message)
            #expect(error.path.words == command)
        }
    }

    @Test func usageAndHelpComeFromTheDeclarations() {
        let run = CommandPath(commands: [Toy.self, ToyRun.self])
        #expect(UsageText.errorLine(run) == "toy run [COUNT] --name N [--seconds D] [--loud]")
        let help = HelpText.render(run)
        #expect(help.hasPrefix("toy run: Run it\n\nUsage: toy run [COUNT] --name N [--seconds D] [--loud]\n"))
        #expect(help.contains("\n  -l, --loud   Shout\n") && help.contains("\n  COUNT  How many\n"))
        let group = CommandPath(commands: [Toy.self, ToyGroup.self])
        #expect(UsageText.block(group) == "Usage: toy group [--all]\n       toy group leaf\n")
        #expect(UsageText.errorLine(group) == "toy group [leaf] [--all]")
    }

    /// focus's own declarations: one spelling per option, abstracts short enough for the overview, and no command
    /// named (or aliased) with a leading `-`, which the parser takes for an option without looking the word up.
    @Test func focusDeclarationsAreConsistent() {
        for path in CommandPath(commands: [FocusCommand.self]).descendants(includingHidden: true) {
            let configuration = path.configuration
            #expect(!([configuration.name] + configuration.aliases).contains { $0.hasPrefix("-") }, "\(path.words)")
            let names = path.configuration.optionSpecs.map(\.name)
            #expect(Set(names).count == names.count && !names.contains("help"), "\(path.words)")
            #expect(
                path.configuration.abstract.description.count <= 65, "\(path.words): abstract too long for the overview"
            )
            let arguments = path.configuration.argumentSpecs
            #expect(
                !arguments.drop { $0.isRequired }.contains { $0.isRequired }, "\(path.words): required after optional")
        }
    }
}
