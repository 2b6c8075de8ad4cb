import FocusCore

/// `focus sync [--init REMOTE]`: shares the journal folder through a git remote.
enum SyncCommand: ParsableCommand {
    static let initialise = Option<String>(
        "init", "REMOTE", "Make the journal folder a git repository with REMOTE (a URL or a path) and sync",
        parser: .text, completion: .files)

    static let configuration = CommandConfiguration(
        name: "sync",
        abstract: "Share the journal with your other machines through a git remote",
        discussion: """
            Commits this device's journal file, rebases onto the remote and pushes. Each
            device appends only to its own file, so a sync never conflicts; a failed one
            loses nothing and the next one finishes it. Syncthing, Dropbox, Nextcloud or
            rsync need no command: sync the journal folder and focus reads every file.
            """,
        options: [initialise])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        // A session whose timer died goes into this device's journal first, so it is sent too.
        ctx.recoverCrashedSession()
        let report =
            if let remote = args[initialise] {
                try ctx.store.initialiseSync(remote: remote, environment: ctx.environment.variables)
            } else {
                try ctx.store.sync(environment: ctx.environment.variables)
            }
        let sent: Message =
            switch report.sent {
            case 0: "nothing new to send"
            case 1: "sent 1 line"
            case let n: "sent \(n) lines"
            }
        let received: Message =
            switch report.received {
            case 0: "nothing new arrived"
            case 1: "received 1 line"
            case let n: "received \(n) lines"
            }
        ctx.out.line("Synced with \(report.remote) (\(report.url)), \(report.branch): \(sent), \(received).")
        return 0
    }
}
