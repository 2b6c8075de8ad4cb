import Foundation
import Testing

/// Local accounts for the tests where one user attacks another: `focus-eve` plants files, `focus-ana` is a
/// victim who is not root (the tests' own user, root here, is the other victim).
///
/// They are created with `useradd` (system accounts, no home, no login shell) the first time a test asks, when the
/// tests run as root; elsewhere ``unavailable`` says why, and the tests that need them are skipped with that
/// reason. Commands run as them through `setpriv`, with exactly the environment given.
enum LocalUsers {
    struct User: Sendable {
        let name: String
        let uid: uid_t
        let gid: gid_t
    }

    /// The attacker.
    static let eve = account("focus-eve")
    /// A victim who is not root.
    static let ana = account("focus-ana")

    /// Why the two accounts cannot be had here, or `nil` when they can.
    static var unavailable: String? {
        if getuid() != 0 { return "the tests do not run as root, so they cannot create a second user" }
        if eve == nil || ana == nil { return "useradd could not create the test users focus-eve and focus-ana" }
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") { return "setpriv is missing" }
        return nil
    }

    private static func account(_ name: String) -> User? {
        guard getuid() == 0 else { return nil }
        if getpwnam(name) == nil {
            _ = try? Spawned(
                executable: "/usr/sbin/useradd",
                arguments: ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "--user-group", name],
                environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]
            ).wait()
        }
        guard let entry = getpwnam(name) else { return nil }
        return User(name: name, uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid)
    }

    /// Runs `script` with `/bin/sh` as `user`; `"$FOCUS"` in it is the built binary.
    @discardableResult
    static func shell(_ script: String, as user: User, env: [String: String] = [:]) throws -> RunResult {
        try run("/bin/sh", ["-c", script], as: user, env: ["FOCUS": FocusBinary.path].merging(env) { $1 })
    }

    /// Runs `focus args…` as `user` in the sandbox of ``FocusBinary/run(_:home:tz:now:env:stdin:)``.
    static func focus(_ args: [String], as user: User, home: String, env: [String: String] = [:]) throws -> RunResult {
        let sandbox = [
            "FOCUS_HOME": home, "TZ": "UTC", "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "HOME": home,
            "FOCUS_NOW": BadInputTests.now,
        ]
        return try run(FocusBinary.path, args, as: user, env: sandbox.merging(env) { $1 })
    }

    private static func run(_ executable: String, _ args: [String], as user: User, env: [String: String]) throws
        -> RunResult
    {
        let identity = ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--"]
        var environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"]
        environment.merge(env) { $1 }
        return try Spawned(
            executable: "/usr/bin/setpriv", arguments: identity + [executable] + args, environment: environment
        ).wait()
    }

    /// Gives `path` (and what is under it) to `user`.
    static func give(_ path: String, to user: User) {
        _ = try? FocusBinary.shell("chown -R \(user.uid):\(user.gid) '\(path)'")
    }
}
