import FocusCore
import Foundation
import Testing

@testable import focus

/// The process's variables, looked up in `environ` by name (``ProcessEnvironment``), are what `ProcessInfo` reads.
@Suite struct ProcessEnvironmentTests {
    @Test func everyVariableIsWhatProcessInfoReads() {
        let environment = ProcessEnvironment.read()
        // `TZ` aside: the zone tests set it in this process while others run (focus itself never sets a variable).
        let info = ProcessInfo.processInfo.environment.filter { $0.key != "TZ" }
        #expect(environment.variables.filter { $0.key != "TZ" } == info)
        for (name, value) in info { #expect(environment[name] == value, "\(name)") }
    }

    /// A name shorter or longer than a set one, or not set at all, finds nothing.
    @Test(arguments: ["PATH", "HOME", "LANG", "TERM", "USER"])
    func aNameFindsOnlyItself(_ name: String) {
        let environment = ProcessEnvironment.read()
        let info = ProcessInfo.processInfo.environment
        for other in [String(name.dropLast()), name + "X", name + "=", "", "FOCUS_SURELY_NOT_SET"]
        where info[other] == nil {
            #expect(environment[other] == nil, "\(other)")
        }
    }

    /// A name an `execve` gave twice is read as its last entry, as `ProcessInfo` reads it: the binary run with a bad
    /// `FOCUS_NOW` before or after a good one.
    @Test(arguments: [
        (["FOCUS_NOW=not-an-instant", "FOCUS_NOW=2026-11-29T18:00:00Z"], true),
        (["FOCUS_NOW=2026-11-29T18:00:00Z", "FOCUS_NOW=not-an-instant"], false),
    ])
    func aRepeatedNameIsReadAsItsLastEntry(_ entries: [String], _ succeeds: Bool) throws {
        let home = try TempHome()
        let environment =
            ["FOCUS_HOME=\(home.path)", "HOME=\(home.path)", "TZ=UTC", "LC_ALL=C.UTF-8", "PATH=/usr/bin:/bin"]
            + entries
        let arguments = [FocusBinary.path, "status"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        #expect(posix_spawn(&pid, FocusBinary.path, &actions, nil, &argv, &envp) == 0)
        var status: Int32 = 0
        #expect(waitpid(pid, &status, 0) == pid)
        #expect((status == 0) == succeeds, "wait status \(status)")
    }
}
