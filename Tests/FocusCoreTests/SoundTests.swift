import FocusCore
import Foundation
import Testing

@testable import FocusSound

@Suite struct SoundGeneratorTests {
    @Test(arguments: [("white", 0.0, 1.0), ("pink", -3.0, 1.0), ("brown", -6.0, 1.5)])
    func noiseColourFallsByItsSlopePerOctave(name: String, slope: Double, tolerance: Double) {
        let recipe = SoundRecipe.single(SoundLayerKind(rawValue: name)!)
        let left = Spectrum.render(recipe, seconds: 3).left
        let measured = Spectrum.slope(Spectrum.octaveBands(left))
        #expect(abs(measured - slope) <= tolerance, "\(name): \(measured) dB per octave")
    }

    /// Steady beds hold their RMS within 1 dB even over 3 s; waves and gusts swing by several dB over
    /// seconds (their long-run RMS was calibrated over 30 s), so 3 s of them must be within 6 dB.
    @Test func everySoundStaysUnderMinusOneDBFSAndNearItsRMS() {
        let steady: Set = ["white", "pink", "brown", "rain"]
        let ceiling = Int(SoundFormat.peakLimit * 32767) + 1
        for entry in SoundCatalog(definitions: .builtIn).entries {
            var stream = SoundStream(recipe: entry.recipe, seed: 3, volume: 100)
            stream.fade(to: 1, seconds: 0)
            let samples = stream.render(frames: SoundFormat.sampleRate * 3)
            #expect(samples.allSatisfy { abs(Int($0)) <= ceiling }, "\(entry.name) peaks above -1 dBFS")
            let rms = Spectrum.rms(samples.map { Double($0) / 32768 })
            let offset = Spectrum.decibels(rms / Double(SoundFormat.fullVolumeRMS))
            let tolerance = steady.contains(entry.name) ? 1.0 : 6.0
            #expect(abs(offset) <= tolerance, "\(entry.name): RMS \(offset) dB from its target")
        }
    }
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

    @Test func theSameSeedGivesTheSameSoundAndAnotherDoesNot() {
        let recipe = SoundRecipe.city("istanbul")
        #expect(
            Spectrum.render(recipe, seconds: 0.2, seed: 1).left == Spectrum.render(recipe, seconds: 0.2, seed: 1).left)
        #expect(
            Spectrum.render(recipe, seconds: 0.2, seed: 1).left != Spectrum.render(recipe, seconds: 0.2, seed: 2).left)
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
}
