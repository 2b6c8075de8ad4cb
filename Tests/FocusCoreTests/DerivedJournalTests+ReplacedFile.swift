import Foundation
import Testing

@testable import FocusCore
@testable import FocusStore

/// A journal file a sync engine replaced (another inode): its prefix is read once to tell whether it holds the bytes
/// the derived files were built from, not once more by every check after it.
extension DerivedJournalTests {
    enum Replacement: String, CaseIterable {
        /// The same bytes in a new file.
        case sameBytes
        /// The same length, a second less focus in the first session, far from the end.
        case editedBytes

        /// Writes the copy of the own journal file in its place.
        func apply(_ paths: DataPaths) throws {
            var text = try String(contentsOfFile: paths.journalFile, encoding: .utf8)
            if self == .editedBytes { text = DerivedJournalTests.firstSessionEdited(text) }
            let before = FileIO.status(paths.journalFile)?.inode
            try Data(text.utf8).write(to: URL(fileURLWithPath: paths.journalFile), options: .atomic)
            #expect(FileIO.status(paths.journalFile)?.inode != before)
        }
    }

    /// The session index records the replaced file's new state when it only changed files (the same bytes): the next
    /// command finds it current without reading the file. Edited bytes build it again, as its own scan does.
    @Test(arguments: Replacement.allCases)
    func theSessionIndexRecordsAReplacedFile(_ replacement: Replacement) throws {
        let paths = try Self.sixtyDays()
        #expect(AppStore(paths: paths).sessionIndex() != nil)
        try replacement.apply(paths)
        let store = AppStore(paths: paths)
        let index = try #require(store.sessionIndex())
        #expect(store.prefixReads == 1)
        let current = try #require(FileIO.status(paths.journalFile))
        #expect(index.files.map(\.state.inode) == [current.inode])
        if replacement == .editedBytes {
            let scanned = try AppStore(paths: paths).scanSessionIndex().encoded()
            #expect(FileManager.default.contents(atPath: paths.sessionIndexFile) == Data(scanned))
        }
        // The next command: the index as the journal is, nothing read again.
        let next = AppStore(paths: paths)
        #expect(next.sessionIndex() != nil)
        #expect(next.prefixReads == 0)
        let loaded = AppStore(paths: paths)
        try loaded.load()
        let sample = Array(loaded.focusLogs.prefix(3) + loaded.focusLogs.suffix(3))
        let spans = [Self.session(0, hoursAgo: 24 * 30, tag: nil)]
        let reference = Self.answers(loaded.loadedLookup, sessions: sample, spans: spans)
        let lookup = try #require(AppStore(paths: paths).indexedLookup())
        for (question, answer) in Self.answers(lookup, sessions: sample, spans: spans) where answer != .cannotTell {
            #expect(answer == reference[question], "\(question)")
        }
    }

    /// The end of a session after a sync engine replaced the file: the id's check (``AppStore/lacksRecord(id:)``)
    /// reads the file's prefix, the fold after the append does not read it again; edited bytes are told by the check
    /// (the id is not known to be new: the journal is loaded). Either way the derived files then give what a rebuild
    /// gives.
    @Test(arguments: Replacement.allCases)
    func aSessionRecordedAfterAReplacedFileReadsItOnce(_ replacement: Replacement) throws {
        let paths = try Self.sixtyDays()
        _ = try Self.derived(paths)
        try replacement.apply(paths)
        let store = AppStore(paths: paths)
        let log = Self.session(99, hoursAgo: 2, tag: "new")
        #expect(store.lacksRecord(id: log.id) == (replacement == .sameBytes))
        #expect(store.prefixReads == 1)
        _ = try store.recordOnce(log)
        if replacement == .sameBytes {
            #expect(store.derivedJournal(days: Self.days, definitions: .builtIn) != nil)
            #expect(store.prefixReads == 1)
            #expect(!store.isLoaded)
        }
        #expect(try Self.derived(paths).views == Self.rebuilt(paths).views)
    }
}
