/// What an append to the journal does while `focus sync` holds the journal folder (from its last commit to the end
/// of its rebase, while git replaces the files: ``JournalSync``).
public enum SyncWait {
    /// Waits for the sync, however long it holds the folder (a commit waiting for a signing passphrase, slow git
    /// hooks): a line written meanwhile would land in a file git is about to replace. `notice` is called once, as
    /// the wait begins.
    case wait(notice: (() -> Void)?)
    /// Fails at once (exit 75): this focus runs from one of the sync's own git hooks, which git waits for, so
    /// waiting for the sync would hang both. Set when ``hookVariable`` is in the environment.
    case refuse

    /// The environment variable `focus sync` sets for git and so for its hooks: the folder it holds.
    public static let hookVariable = "FOCUS_SYNC_HOLDS"
}
