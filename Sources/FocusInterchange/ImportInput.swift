/// One file `focus import` reads: its name (which labels the records skipped) and its bytes.
///
/// The bytes may be a mapped file (``init(name:bytes:releasing:closing:)``): a reader that goes through them once
/// says how far it has come (``read(upTo:)``), and the pages before that are let go, so a file of a million frames
/// is never all in memory.
public final class ImportInput: @unchecked Sendable {
    public let name: String
    public let bytes: UnsafeBufferPointer<UInt8>
    private let release: ((_ upTo: Int) -> Void)?
    private let close: () -> Void

    /// `bytes` that stay valid until `closing` runs (when the input is dropped); `releasing` is told each offset
    /// before which they are not read again.
    public init(
        name: String, bytes: UnsafeBufferPointer<UInt8>, releasing: ((_ upTo: Int) -> Void)?,
        closing: @escaping () -> Void
    ) {
        self.name = name
        self.bytes = bytes
        release = releasing
        close = closing
    }

    /// A copy of `bytes`.
    public convenience init(name: String, bytes: [UInt8]) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        self.init(name: name, bytes: UnsafeBufferPointer(copy), releasing: nil, closing: { copy.deallocate() })
    }

    deinit { close() }

    /// Says that the bytes before `offset` are not read again.
    func read(upTo offset: Int) { release?(offset) }

    /// How much of the input the bytes before `offset` are, 0 to 1.
    func fraction(upTo offset: Int) -> Double { bytes.isEmpty ? 1 : Double(offset) / Double(bytes.count) }
}
