/// A sound as a sequence of byte blocks: an optional WAV header, then PCM
/// that fades in at the start and, when it has a length, out at its end.
///
/// Blocks are made one at a time as they are asked for, so an hour costs
/// no more memory than a second. A clip of exactly `seconds` seconds is
/// exactly that many frames, whoever plays it; an endless one ends when
/// ``end(fadingOut:)`` is called.
public struct SoundClip: Sequence, IteratorProtocol {
    private var stream: SoundStream
    private var header: [UInt8]?
    /// Frames still to come; `nil` while the clip is endless.
    private var framesLeft: Int?
    private let fadeFrames: Int
    private let blockFrames: Int
    private var fadingOut = false

    /// `seconds` of `stream` (`nil`: without end), fading in over `fadeSeconds` (at most a quarter of a
    /// short clip) and, with a length, out over as long; in blocks of `blockFrames` frames.
    public init(
        _ stream: SoundStream, seconds: Int?, fadeSeconds: Double = 1, wavHeader: Bool = false,
        blockFrames: Int = 4096
    ) {
        let fade = Int(fadeSeconds * Double(SoundFormat.sampleRate))
        self.stream = stream
        self.blockFrames = blockFrames
        framesLeft = seconds.map { $0 * SoundFormat.sampleRate }
        fadeFrames = framesLeft.map { Swift.min(fade, $0 / 4) } ?? fade
        header = wavHeader ? WAVFormat.header(frames: framesLeft ?? WAVFormat.maxFrames) : nil
        self.stream.fade(to: 1, seconds: Double(fadeFrames) / Double(SoundFormat.sampleRate))
    }

    /// Moves the level (0 silent, 1 full) over `seconds`, as for a pause; ignored once the clip fades out to its end.
    public mutating func fade(to level: Float, seconds: Double) {
        guard !fadingOut else { return }
        stream.fade(to: level, seconds: seconds)
    }

    /// Ends the clip: it fades out over `seconds` and stops there, at once if it is silent already.
    public mutating func end(fadingOut seconds: Double) {
        let frames = stream.isSilent ? 0 : Int(seconds * Double(SoundFormat.sampleRate))
        guard frames < framesLeft ?? .max else { return }
        framesLeft = frames
        fadingOut = true
        stream.fade(to: 0, seconds: seconds)
    }

    public mutating func next() -> [UInt8]? {
        if let bytes = header {
            header = nil
            return bytes
        }
        guard let left = framesLeft else { return stream.renderBytes(frames: blockFrames) }
        guard left > 0 else { return nil }
        if !fadingOut, left <= fadeFrames {
            fadingOut = true
            stream.fade(to: 0, seconds: Double(left) / Double(SoundFormat.sampleRate))
        }
        let count = Swift.min(blockFrames, fadingOut ? left : left - fadeFrames)
        framesLeft = left - count
        return stream.renderBytes(frames: count)
    }
}
