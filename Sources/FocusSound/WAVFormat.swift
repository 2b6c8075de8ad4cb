/// The canonical 44-byte RIFF/WAVE header for ``SoundFormat`` PCM.
public enum WAVFormat {
    /// The most frames a WAV file can hold: its sizes are 32-bit.
    public static let maxFrames = (Int(UInt32.max) - 36) / SoundFormat.bytesPerFrame

    /// The header of a file holding `frames` frames (at most ``maxFrames``).
    public static func header(frames: Int) -> [UInt8] {
        let dataBytes = UInt32(frames * SoundFormat.bytesPerFrame)
        var bytes: [UInt8] = []
        func text(_ s: String) { bytes += Array(s.utf8) }
        func u32(_ v: UInt32) { bytes += (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        func u16(_ v: UInt16) { bytes += [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)] }
        text("RIFF")
        u32(36 + dataBytes)
        text("WAVE")
        text("fmt ")
        u32(16)
        u16(1)
        u16(UInt16(SoundFormat.channels))
        u32(UInt32(SoundFormat.sampleRate))
        u32(UInt32(SoundFormat.sampleRate * SoundFormat.bytesPerFrame))
        u16(UInt16(SoundFormat.bytesPerFrame))
        u16(16)
        text("data")
        u32(dataBytes)
        return bytes
    }
}
