import Foundation
import Testing
@testable import FocusCore

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
