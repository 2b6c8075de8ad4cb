import FocusJournal

extension SoundCatalog.Entry {
    /// The seed a sound plays from unless `--seed` gives another: one for each name, so `focus sound paris` is the
    /// same sound every time, in a session and in a WAV file, and the one the loudness tests measure.
    public var defaultSeed: UInt64 { FNV1a.hash(name) }
}
