/// Three performers of one score, each on its own time line: birds that sing over one another.
struct Chorus<Performer: Score>: Score {
    private var performers: [Performer]
    /// Seconds until each performer is asked for its next voice.
    private var due: [Double]

    init(_ random: SoundRandom) {
        var random = random
        performers = (0..<3).map { _ in Performer(random.fork()) }
        due = [0, 0, 0]
    }

    mutating func next() -> (voice: Voice?, wait: Double) {
        let i = due.indices.min { due[$0] < due[$1] }!
        let (voice, wait) = performers[i].next()
        due[i] = wait
        let soonest = due.min()!
        for k in due.indices { due[k] -= soonest }
        return (voice, soonest)
    }
}
