/// The identity rule of record ids (sessions' and change records'), the one every path keeps.
///
/// Two ids are one when they are equal as Swift `String`s: canonically equivalent (`caf\u{E9}-1` and
/// `cafe\u{301}-1` are one id), as the load's `Set<String>` and an import's keys take them. The derived files, the
/// session index and the streamed reads find ids by ``hash(_:)-(UnsafeRawBufferPointer)``, the FNV-1a of the UTF-8
/// of the id's NFC form, so they tell apart exactly the ids `==` tells apart. An ASCII id (every id focus writes)
/// is its own NFC form: its bytes are hashed as they are, in the same pass that finds it is ASCII.
package enum RecordID {
    /// The hash of the id whose UTF-8 is `bytes`.
    package static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = FNV1a.offsetBasis
        var seen: UInt8 = 0
        for byte in bytes {
            seen |= byte
            hash = FNV1a.mixing(byte, into: hash)
        }
        guard seen >= 0x80 else { return hash }
        // (`_nfcCodeUnits` is the standard library's own normalization, the one its `==` and `Hasher` use.)
        return String(decoding: bytes, as: UTF8.self)._nfcCodeUnits.withUnsafeBytes { FNV1a.hash($0) }
    }

    /// The hash of `id`.
    package static func hash(_ id: String) -> UInt64 {
        var id = id
        return id.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }
}
