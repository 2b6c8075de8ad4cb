/// The one PCM format every sound is made in: 44.1 kHz, 16-bit signed little-endian, stereo.
public enum SoundFormat {
    /// Frames per second.
    public static let sampleRate = 44_100
    /// Interleaved channels: left, right.
    public static let channels = 2
    /// Bytes per frame (two 16-bit samples).
    public static let bytesPerFrame = 4
    /// The loudest sample allowed: -1 dBFS.
    public static let peakLimit: Float = 0.891
    /// The loudness of every sound at volume 100, in LUFS (ITU-R BS.1770 integrated loudness).
    public static let fullVolumeLoudness = -18.0
}
