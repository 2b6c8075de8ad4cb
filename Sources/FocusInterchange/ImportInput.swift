import FocusModels

/// One file `focus import` reads: its name (which labels the records skipped) and its bytes.
///
/// The bytes may be a mapped file (``init(name:bytes:releasing:unchanged:closing:)``): a reader that goes through
/// them once says how far it has come (``read(upTo:)``), and the pages before that are let go, so a file of a million
/// frames is never all in memory. An input may also be read only when an import comes to it
/// (``init(name:opening:)``), and let go when it is done: a folder of Timewarrior month files is then never all in
/// memory either.
public final class ImportInput: @unchecked Sendable {
    /// The file's name, without its folder: it labels the records skipped (`2026-11.data:4`), and a Timewarrior
    /// month file's name says its month (`--prune` of one month file).
    public let name: String
    /// Whether this is one month file of a Timewarrior data folder read whole: the folder is all Timewarrior has,
    /// whichever month files it holds now (a month it deleted when its last interval went or moved out is gone too).
    public let ofFolder: Bool
    /// The file's bytes, valid while the input lives; empty for an input not yet opened (``opened()``).
    public let bytes: UnsafeBufferPointer<UInt8>
    private let release: ((_ upTo: Int) -> Void)?
    private let isUnchanged: () -> Bool
    private let close: () -> Void
    private let opening: (() throws(FocusError) -> ImportInput)?

    /// `bytes` that stay valid until `closing` runs (when the input is dropped); `releasing` is told each offset
    /// before which they are not read again, and `unchanged` says, once they are read, whether the file still holds
    /// what they were (a file mapped can change under its reader).
    public init(
        name: String, bytes: UnsafeBufferPointer<UInt8>, releasing: ((_ upTo: Int) -> Void)?,
        unchanged: @escaping () -> Bool = { true }, closing: @escaping () -> Void
    ) {
        self.name = name
        ofFolder = false
        self.bytes = bytes
        release = releasing
        isUnchanged = unchanged
        close = closing
        opening = nil
    }

    /// A copy of `bytes`.
    public convenience init(name: String, bytes: [UInt8]) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        self.init(name: name, bytes: UnsafeBufferPointer(copy), releasing: nil, closing: { copy.deallocate() })
    }

    /// An input named `name` (one month file of a data folder when `ofFolder`) whose bytes `opening` reads when an
    /// import comes to it (``opened()``).
    public init(name: String, ofFolder: Bool = false, opening: @escaping () throws(FocusError) -> ImportInput) {
        self.name = name
        self.ofFolder = ofFolder
        bytes = UnsafeBufferPointer(start: nil, count: 0)
        release = nil
        isUnchanged = { true }
        close = {}
        self.opening = opening
    }

    deinit { close() }

    /// The input to read: this one, or the one ``init(name:opening:)``'s `opening` reads now.
    func opened() throws(FocusError) -> ImportInput {
        guard let opening else { return self }
        return try opening()
    }

    /// Whether the file still holds the bytes read (see ``init(name:bytes:releasing:unchanged:closing:)``).
    var unchanged: Bool { isUnchanged() }

    /// Says that the bytes before `offset` are not read again.
    func read(upTo offset: Int) { release?(offset) }

    /// How much of the input the bytes before `offset` are, 0 to 1.
    func fraction(upTo offset: Int) -> Double { bytes.isEmpty ? 1 : Double(offset) / Double(bytes.count) }
}
