extension String {
    /// The label of a tag wherever the sessions' spellings of it merge into one (`stats` "By tag", `focus tags`,
    /// `completions --tags`): its NFC form, the same whichever spelling a path met first, so the derived files and
    /// a fresh read print the same bytes. (`_nfcCodeUnits` is the standard library's own normalization, the one its
    /// `==` uses; ASCII is its own NFC form.)
    package var tagLabel: String {
        utf8.allSatisfy { $0 < 0x80 } ? self : String(decoding: _nfcCodeUnits, as: UTF8.self)
    }
}
