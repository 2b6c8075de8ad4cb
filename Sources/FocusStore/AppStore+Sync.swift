import FocusModels

extension AppStore {
    /// `focus sync`: commits this device's journal file, rebases onto the remote and pushes (see ``JournalSync``).
    ///
    /// `environment` is the one git runs with (its `PATH` finds git).
    public func sync(environment: [String: String]) throws(FocusError) -> JournalSync.Report {
        try JournalSync(directory: paths.journalDirectory, device: try device(), environment: environment).sync()
    }

    /// `focus sync --init REMOTE`: makes the journal folder a git repository with `remote` as `origin`, then syncs.
    public func initialiseSync(remote: String, environment: [String: String]) throws(FocusError)
        -> JournalSync.Report
    {
        try JournalSync(directory: paths.journalDirectory, device: try device(), environment: environment)
            .initialise(remote: remote)
    }
}
