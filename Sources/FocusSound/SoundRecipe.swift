import FocusJournal

/// What a sound is made of: layers and their levels in dB. The first layer leads.
public struct SoundRecipe: Equatable, Sendable {
    /// One layer and its level relative to the others.
    public struct Layer: Equatable, Sendable {
        public let kind: SoundLayerKind
        public let decibels: Double
    }

    public let layers: [Layer]
    /// The measured long-run loudness of the whole (as a listener hears it: gated, after the high-pass and the
    /// limiter) over the sum of its layers' loudness, in LU, which the stream takes off: gating favours a sound
    /// that swells (the sea's quiet troughs fall under the gate), the high-pass takes some of a deep one.
    let trim: Double

    init(_ layers: [(SoundLayerKind, Double)], trim: Double = 0) {
        self.layers = layers.map { Layer(kind: $0.0, decibels: $0.1) }
        self.trim = trim
    }

    /// The generator a plain sound is: `white` is white noise alone.
    static func single(_ kind: SoundLayerKind) -> SoundRecipe {
        SoundRecipe([(kind, 0)], trim: trims[kind.rawValue] ?? 0)
    }

    /// The soundscape of the chapter `id`: a composition for each built-in
    /// city, and for any other a default one chosen by its id, so a city
    /// added in JSON has a sound of its own without code.
    static func city(_ id: String) -> SoundRecipe {
        if let known = cities[id] { return SoundRecipe(known, trim: trims[id] ?? 0) }
        let hash = FNV1a.hash(id)
        let accents: [SoundLayerKind] = [.churchBells, .glasses, .sparrows, .songbirds, .gulls, .canalDrips, .piano]
        return SoundRecipe([(bed(hash), 0), (accents[Int((hash >> 16) % UInt64(accents.count))], -4)])
    }

    /// The plain sound the soundscape of the chapter `id` is built on (``city(_:)``'s first layer), without making
    /// the soundscape: what tells which stamp unlocks that sound.
    static func leadKind(ofCity id: String) -> SoundLayerKind { cities[id]?.first?.0 ?? bed(FNV1a.hash(id)) }

    /// The first layer of the default soundscape of a chapter whose id hashes to `hash`.
    private static func bed(_ hash: UInt64) -> SoundLayerKind {
        let beds: [SoundLayerKind] = [.rain, .ocean, .wind, .brown, .pink, .murmur, .fountain, .lapping, .steam]
        return beds[Int(hash % UInt64(beds.count))]
    }

    /// The sounds whose measured loudness (five seeds, ten minutes each, ITU-R BS.1770) is 0.1 LU or more from
    /// the sum of their layers'; every other is within 0.1 LU.
    private static let trims: [String: Double] = ["brown": -0.15, "ocean": 0.23, "madrid": -0.11, "budapest": -0.1]

    /// Each city as it sounds. The first layer leads: the plain sound it is built on unlocks with it.
    private static let cities: [String: [(SoundLayerKind, Double)]] = [
        "lisbon": [(.wind, 0), (.tram, -6), (.gulls, -10), (.rumble, -6)],
        "seville": [(.fountain, 0), (.sparrows, -8), (.churchBells, -10)],
        "madrid": [(.songbirds, 0), (.rumble, -5), (.wind, -9)],
        "barcelona": [(.ocean, 0), (.foam, -1), (.gulls, -9)],
        "paris": [(.murmur, 0), (.glasses, -8), (.rumble, -6)],
        "amsterdam": [(.rain, 0), (.lapping, 0), (.canalDrips, -8), (.bicycleBells, -10)],
        "berlin": [(.brown, 0), (.wallClock, -8), (.pages, -8)],
        "prague": [(.murmur, 0), (.clockBells, -6), (.clockwork, -10)],
        "vienna": [(.murmur, 0), (.piano, -4), (.cups, -10)],
        "budapest": [(.steam, 0), (.fountain, -5), (.bathDrips, -10), (.murmur, -12)],
        "istanbul": [(.engine, 0), (.ocean, -5), (.gulls, -6), (.ferryHorn, -10)],
    ]
}
