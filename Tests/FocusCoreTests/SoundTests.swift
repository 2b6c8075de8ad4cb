import FocusCore
import Foundation
import SoundAnalysis
import Synchronization
import Testing

@testable import FocusSound

/// Every sound of the catalogue as `focus sound NAME` plays it (from its default seed, at the default volume): the
/// integrated loudness of its first three minutes, and its first minute for the tests that listen to it. Rendered
/// once for all tests, on every core: this is the slow part.
private let heard: [(name: String, sound: Recording, loudness: Double)] = {
    let entries = SoundCatalog(definitions: .builtIn).entries
    let sounds = Mutex([(Recording, Double)?](repeating: nil, count: entries.count))
    DispatchQueue.concurrentPerform(iterations: entries.count) { i in
        let heard = Recording.listen(
            entries[i].recipe, seconds: loudnessWindow, seed: entries[i].defaultSeed, keeping: 60)
        sounds.withLock { $0[i] = heard }
    }
    return zip(entries, sounds.withLock { $0 }).map { ($0.name, $1!.0, $1!.1) }
}()

/// How long loudness is measured: a sound with strikes or swells varies by up to ±0.8 LU from one minute to the
/// next, by up to ±0.6 LU over three (five seeds, ten minutes each, measured in a release build).
private let loudnessWindow = 180.0

private let plainNames: Set = ["white", "pink", "brown", "rain", "ocean", "wind"]

/// The noises whose loudness is the same from any seed, to 0.05 LU over a minute.
private let steadyNames: Set = ["white", "pink", "brown"]

@Suite struct SoundGeneratorTests {
    @Test(arguments: [("white", 0.0, 1.0), ("pink", -3.0, 0.5), ("brown", -6.0, 1.0)])
    func noiseColourFallsByItsSlopePerOctave(name: String, slope: Double, tolerance: Double) {
        let sound = Recording.render(.single(SoundLayerKind(rawValue: name)!), seconds: 3)
        let measured = Spectrum.slope(Spectrum.octaveBands(sound.left))
        #expect(abs(measured - slope) <= tolerance, "\(name): \(measured) dB per octave")
    }

    @Test func everySoundStaysUnderMinusOneDBFS() {
        let ceiling = Double(SoundFormat.peakLimit) + 1 / 32768
        for (name, sound, _) in heard {
            let peak = max(sound.left.map(abs).max()!, sound.right.map(abs).max()!)
            #expect(peak <= ceiling, "\(name) peaks at \(Spectrum.decibels(peak)) dBFS")
        }
    }

    /// Loudness, not RMS: every sound is as loud as every other within 1 LU, and within 0.5 LU of the volume's
    /// share of the target (integrated loudness, ITU-R BS.1770, over its first three minutes), from the seed
    /// `focus sound NAME` plays it from.
    @Test func everySoundIsEquallyLoud() {
        expectEquallyLoud(heard.map { ($0.name, $0.loudness) }, seed: "the default seed")
    }

    /// The same from other seeds (`--seed N`): two more, three minutes each, of every sound whose loudness depends on
    /// its seed (strikes and swells). More seeds or longer windows would cost minutes in a debug build; the levels
    /// themselves were measured over six seeds of ten minutes (SoundLayerKind.loudness).
    @Test(arguments: [1, 2] as [UInt64])
    func everySoundIsEquallyLoudFromAnotherSeed(seed: UInt64) {
        let entries = SoundCatalog(definitions: .builtIn).entries.filter { !steadyNames.contains($0.name) }
        let loudness = Mutex([(String, Double)]())
        DispatchQueue.concurrentPerform(iterations: entries.count) { i in
            let lufs = Recording.listen(entries[i].recipe, seconds: loudnessWindow, seed: seed).loudness
            loudness.withLock { $0.append((entries[i].name, lufs)) }
        }
        expectEquallyLoud(
            loudness.withLock { $0 }
                + heard.filter { steadyNames.contains($0.name) }.map {
                    ($0.name, $0.loudness)
                }, seed: "seed \(seed)")
    }

    private func expectEquallyLoud(_ loudness: [(String, Double)], seed: String) {
        let target = SoundFormat.fullVolumeLoudness + Spectrum.decibels(Double(70) / 100)
        for (name, lufs) in loudness {
            #expect(abs(lufs - target) <= 0.5, "\(name), \(seed): \(lufs) LUFS, target \(target)")
        }
        let spread = loudness.map(\.1).max()! - loudness.map(\.1).min()!
        #expect(spread <= 1, "\(seed), from quietest to loudest: \(spread) LU")
    }

    /// Below 20 Hz a sound is felt, not heard, and takes headroom: a 20-25 Hz high-pass leaves under 2 % there
    /// (brown noise and the sea had 25-40 %).
    @Test func almostNothingLiesBelowTwentyHertz() {
        for (name, sound, _) in heard {
            let share = Spectrum.share(below: 20, Array(sound.left.prefix(20 * 44_100)))
            #expect(share < 0.02, "\(name): \(100 * share) % of its power below 20 Hz")
        }
    }

    /// No clicks anywhere: every strike rises over a millisecond or more, so nothing steps.
    @Test func noSoundClicks() {
        for (name, sound, _) in heard {
            let clicks = Transients.clicks(sound.left) + Transients.clicks(sound.right)
            #expect(clicks.isEmpty, "\(name) clicks at \(clicks.prefix(5).map { String(format: "%.3f s", $0) })")
        }
    }

    /// Rain is heard as drops on a bed, not a steady hiss: in 2-8 kHz its peaks stand far above its RMS and
    /// onsets come several times a second, where pink noise (a hiss) has neither.
    @Test func rainHasAudibleDrops() {
        let rain = heard.first { $0.name == "rain" }!.sound.mid
        let pink = heard.first { $0.name == "pink" }!.sound.mid
        #expect(Transients.crestFactor(rain) >= Transients.crestFactor(pink) + 6)
        #expect(Transients.onsetRate(rain) >= 4, "rain: \(Transients.onsetRate(rain)) onsets a second")
        #expect(Transients.onsetRate(pink) < 0.5, "pink: \(Transients.onsetRate(pink)) onsets a second")
    }

    /// Every city sounds like itself: its level-normalised third-octave spectrum is at least 3 dB (RMS over the
    /// bands from 31.5 Hz to 16 kHz) from every other city's; from a plain sound it differs by as much, or in how
    /// it moves: its loudness range (EBU Tech 3342) is 3 LU from the plain sound's (waves against a steady hiss).
    @Test func everyCitySoundsLikeItself() {
        let measured = heard.map {
            (
                name: $0.name, shape: Spectrum.thirdOctaves($0.sound.mid),
                range: Loudness.range(left: $0.sound.left, right: $0.sound.right)
            )
        }
        for (i, a) in measured.enumerated() where !plainNames.contains(a.name) {
            for b in measured[..<i] {
                let distance = Spectrum.distance(a.shape, b.shape)
                let moves = abs(a.range - b.range)
                let plain = plainNames.contains(b.name)
                #expect(
                    distance >= 3 || plain && moves >= 3,
                    "\(a.name) and \(b.name) differ by \(distance) dB in spectrum, \(moves) LU in loudness range")
            }
        }
    }

    /// A clock's beats fall on their own samples, whatever the render block: each comes within 1 ms of its period.
    @Test(arguments: [(SoundLayerKind.wallClock, 1.0), (.clockwork, 1.5)])
    func aClockKeepsItsPeriod(kind: SoundLayerKind, period: Double) {
        let beats = onsets(layer(kind, seconds: 12))
        #expect(beats.count >= 7)
        for (a, b) in zip(beats, beats.dropFirst()) {
            #expect(abs(Double(b - a) / Recording.rate - period) <= 0.001, "beats \(b - a) samples apart")
        }
    }

    /// Events due in the same render block start on their own samples, not all at its start.
    @Test func eventsInOneBlockStartOnTheirOwnSamples() {
        var layer = EventLayer<EveryFiveMilliseconds>(seed: 1)
        var l = [Float](repeating: 0, count: 4096)
        var r = l
        l.withUnsafeMutableBufferPointer { l in r.withUnsafeMutableBufferPointer { r in layer.add(to: l, r, gain: 1) } }
        let starts = onsets(l.map(Double.init), quiet: 10)
        #expect(starts.count == 19)
        #expect(zip(starts, starts.dropFirst()).allSatisfy { abs($1 - $0 - 220) <= 1 }, "\(starts)")
    }

    /// A strike never starts on a step: it starts from zero and its first 0.2 ms stay under 15 % of its peak; an
    /// envelope takes a millisecond at least to rise, without a step.
    @Test(arguments: [0.0, 0.001, 0.003])
    func aStrikeRisesOverAMillisecondAtLeast(attack: Double) {
        var l = [Float](repeating: 0, count: 2048)
        var r = l
        var bell = RingVoice(
            hertz: 3000, partials: [.init(ratio: 1, amplitude: 1, decay: 0.05)], loudness: 1, pan: Pan(0.5),
            attack: attack)
        _ = l.withUnsafeMutableBufferPointer { l in
            r.withUnsafeMutableBufferPointer { r in bell.add(to: l, r, from: 0, gain: 1) }
        }
        let peak = l.prefix(441).map(abs).max()!
        #expect(abs(l[0]) < 0.01 * peak)
        #expect(l.prefix(9).map(abs).max()! < 0.15 * peak)
        var envelope = Envelope(attack: attack, decay: 1)
        let rise = (0..<441).map { _ in envelope.next() }
        #expect(rise.prefix(4).allSatisfy { $0 < 0.05 })
        #expect(rise.prefix(40).allSatisfy { $0 < 0.99 })
        #expect(zip(rise, rise.dropFirst()).allSatisfy { $1 - $0 < 0.05 })
    }

    @Test func panningKeepsThePowerConstant() {
        for position in stride(from: Float(0), through: 1, by: 0.1) {
            let pan = Pan(position)
            #expect(abs(pan.left * pan.left + pan.right * pan.right - 2) < 1e-5)
        }
        #expect(abs(Pan(0.5).left - 1) < 1e-5 && abs(Pan(0.5).right - 1) < 1e-5)
    }
}

/// A tick every 5 ms: twenty in one block of 4096 frames.
private struct EveryFiveMilliseconds: Score {
    init(_ random: SoundRandom) {}

    mutating func next() -> (voice: Voice?, wait: Double) {
        let tick = RingVoice(
            hertz: 2000, partials: [.init(ratio: 1, amplitude: 1, decay: 0.0005)], loudness: 1, pan: Pan(0.5))
        return (.ring(tick), 0.005)
    }
}

/// The samples where `x` rises above a fifth of its peak after at least `quiet` samples below that.
private func onsets(_ x: [Double], quiet: Int = 2000) -> [Int] {
    let peak = x.map(abs).max()!
    var starts: [Int] = []
    var sinceLoud = quiet
    for (i, v) in x.enumerated() {
        if abs(v) > 0.2 * peak {
            if sinceLoud >= quiet { starts.append(i) }
            sinceLoud = 0
        } else {
            sinceLoud += 1
        }
    }
    return starts
}

/// `seconds` of one layer alone at gain 1, straight from its generator (no high-pass, no limiter), left ear.
private func layer(_ kind: SoundLayerKind, seconds: Double) -> [Double] {
    var layer = kind.makeLayer(seed: 1)
    var out: [Double] = []
    var l = [Float](repeating: 0, count: 4096)
    var r = l
    while out.count < Int(seconds * Recording.rate) {
        for i in l.indices {
            l[i] = 0
            r[i] = 0
        }
        l.withUnsafeMutableBufferPointer { l in r.withUnsafeMutableBufferPointer { r in layer.add(to: l, r, gain: 1) } }
        out += l.map(Double.init)
    }
    return out
}

@Suite struct SoundCatalogTests {
    private func state(stamped ids: [String]) -> ExpeditionState {
        let opened = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18
        let chapters = ids.map { id -> ExpeditionChapterState in
            var chapter = ExpeditionChapterState(
                id: id, unlockedAt: opened, unlockedOn: CivilDate(iso: "2026-11-18")!, missions: [])
            chapter.stampedAt = opened
            return chapter
        }
        return ExpeditionState(chapters: chapters)
    }

    @Test func plainNoisesAreFreeAndEveryCityWaitsForItsStamp() {
        let catalog = SoundCatalog(definitions: .builtIn)
        let fresh = ExpeditionState()
        #expect(
            catalog.entries.filter { SoundCatalog.isUnlocked($0, in: fresh) }.map(\.name) == ["white", "pink", "brown"])
        #expect(catalog.entries.count == 6 + ExpeditionDefinitions.builtIn.chapters.count)
        #expect(SoundCatalog.count(definitions: .builtIn) == catalog.entries.count)
        #expect(SoundCatalog.count(definitions: ExpeditionDefinitions(chapters: [])) == 6)
        #expect(
            catalog.unlockedEntries(in: state(stamped: ["lisbon", "barcelona"])).map(\.name) == [
                "white", "pink", "brown", "ocean", "wind", "lisbon", "barcelona",
            ])
        let afterLisbon = state(stamped: ["lisbon"])
        #expect(SoundCatalog.isUnlocked(catalog.entry(named: "lisbon")!, in: afterLisbon))
        #expect(SoundCatalog.isUnlocked(catalog.entry(named: "wind")!, in: afterLisbon))
        #expect(!SoundCatalog.isUnlocked(catalog.entry(named: "seville")!, in: afterLisbon))
        #expect(catalog.entry(named: "rain")?.unlockedBy?.id == "amsterdam")
        #expect(catalog.entry(named: "ocean")?.unlockedBy?.id == "barcelona")
        #expect(catalog.entry(named: "Tram 28 on the hill")?.name == "lisbon")
        #expect(catalog.entry(named: "PINK")?.name == "pink")
    }

    @Test func aCityAddedInJSONGetsADefaultSoundscape() {
        let chapter = ExpeditionChapterDefinition(
            id: "oslo", title: "Oslo", country: "Norway", story: "Fjords.", soundscape: "Fjord wind", missions: [])
        let catalog = SoundCatalog(definitions: ExpeditionDefinitions(chapters: [chapter]))
        let entry = catalog.entry(named: "oslo")!
        #expect(entry.title == "Fjord wind")
        #expect(entry.recipe.layers.count == 2)
        #expect(entry.recipe == SoundRecipe.city("oslo"))
        #expect(
            SoundCatalog.isUnlocked(catalog.entry(named: "rain")!, in: ExpeditionState())
                == !(entry.recipe.layers.first?.kind == .rain))
    }

    /// The sound a stamp unlocks is the lead of its city's soundscape, for every built-in city and for cities added
    /// in JSON; each entry of the catalog is made of its plain sound, or of its city's soundscape.
    @Test(arguments: ExpeditionDefinitions.builtIn.chapters.map(\.id) + ["oslo", "reykjavik", "", "東京", "e\u{301}"])
    func aCitysLeadIsItsSoundscapesFirstLayer(_ id: String) {
        #expect(SoundRecipe.leadKind(ofCity: id) == SoundRecipe.city(id).layers.first?.kind)
        for entry in SoundCatalog(definitions: .builtIn).entries {
            let plain = SoundLayerKind(rawValue: entry.name)
            #expect(entry.recipe == (plain.map(SoundRecipe.single) ?? .city(entry.name)), "\(entry.name)")
        }
    }

    @Test func theSameSeedGivesTheSameSoundAndAnotherDoesNot() {
        let recipe = SoundRecipe.city("istanbul")
        #expect(
            Recording.render(recipe, seconds: 0.2, seed: 1).left == Recording.render(recipe, seconds: 0.2, seed: 1).left
        )
        #expect(
            Recording.render(recipe, seconds: 0.2, seed: 1).left != Recording.render(recipe, seconds: 0.2, seed: 2).left
        )
    }

    @Test func aClipIsAValidWAVHeaderAndExactlyItsFrames() {
        let blocks = Array(
            SoundClip(SoundStream(recipe: .single(.pink), seed: 1, volume: 50), seconds: 2, wavHeader: true))
        let header = blocks[0]
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(header[at + $1]) << (8 * $1) } }
        func u16(_ at: Int) -> Int { Int(header[at]) | Int(header[at + 1]) << 8 }
        let dataBytes = blocks.dropFirst().reduce(0) { $0 + $1.count }
        #expect(header.count == 44)
        #expect(
            String(decoding: header[0..<4], as: UTF8.self) == "RIFF"
                && String(decoding: header[8..<16], as: UTF8.self) == "WAVEfmt ")
        #expect(u32(4) == 36 + dataBytes && u32(16) == 16 && u16(20) == 1 && u16(22) == 2)
        #expect(u32(24) == 44_100 && u32(28) == 176_400 && u16(32) == 4 && u16(34) == 16)
        #expect(
            String(decoding: header[36..<40], as: UTF8.self) == "data" && u32(40) == dataBytes
                && dataBytes == 2 * 176_400)
        let last = blocks.last!
        #expect(last.suffix(4) == [0, 0, 0, 0], "the clip fades out to silence")
    }

    /// An endless clip plays until ended, then fades out over exactly the seconds asked and stops.
    @Test func anEndlessClipEndsWithItsFadeOut() {
        var clip = SoundClip(SoundStream(recipe: .single(.pink), seed: 1, volume: 50), seconds: nil, blockFrames: 1000)
        let playing = (0..<50).reduce(0) { total, _ in total + clip.next()!.count }
        #expect(playing == 50 * 4000)
        clip.end(fadingOut: 0.5)
        var tail: [UInt8] = []
        while let block = clip.next() { tail += block }
        #expect(tail.count == 22_050 * 4)
        let sound = Recording(pcm: tail)
        #expect(sound.level(0..<441) > sound.level(sound.frames - 441..<sound.frames) + 20)
    }
}

@Suite struct SoundSceneClockTests {
    /// The clocks in the scenes as `focus sound berlin --out` writes them (its default seed, its fade-in, 16-bit):
    /// under the reading room's hum and pages, under the Old Town's crowd and bells, every beat comes within 1 ms of
    /// the clock's period after the one before. Each beat is found in the band where its clock rings clearest (the
    /// wall clock's tick, the clockwork's second partial), near where the period puts it, as the moment it first
    /// rises to half its peak.
    @Test(arguments: [("berlin", 1.0, 1000.0, 4500.0), ("prague", 1.5, 1000.0, 1200.0)])
    func aClockInItsSceneKeepsItsPeriod(name: String, period: Double, low: Double, high: Double) throws {
        let entry = try #require(SoundCatalog(definitions: .builtIn).entry(named: name))
        let clip = SoundClip(
            SoundStream(recipe: entry.recipe, seed: entry.defaultSeed, volume: 70), seconds: 20, wavHeader: true)
        let sound = try #require(Recording(wav: clip.flatMap { $0 }))
        let band = Filter.bandPass(low, high, order: 4).filtered(sound.mid)
        // The envelope: power over 1 ms.
        let reach = 44
        var sums = [0.0]
        for x in band { sums.append(sums.last! + x * x) }
        let envelope = (0..<band.count - reach).map { (sums[$0 + reach] - sums[$0]) / Double(reach) }
        func beat(near expected: Int, within: Int) -> Int {
            let window = max(0, expected - within)..<min(envelope.count, expected + within)
            let peak = window.max { envelope[$0] < envelope[$1] }!
            // Where it first rises to half its peak: the same point of every beat's rise.
            return (max(0, peak - 880)...peak).first { envelope[$0] >= envelope[peak] / 2 }!
        }
        let frames = Int(period * Recording.rate)
        var beats = [beat(near: 44_100 * 2 + frames / 2, within: frames / 2)]
        while beats.last! + frames + 4410 < envelope.count {
            beats.append(beat(near: beats.last! + frames, within: 4410))
        }
        #expect(beats.count >= 10)
        for (a, b) in zip(beats, beats.dropFirst()) {
            #expect(
                abs(Double(b - a) / Recording.rate - period) <= 0.001, "\(name): beats \(b - a) samples apart at \(a)")
        }
    }
}
