/// A sound of fixed length as a sequence of byte blocks: an optional WAV
/// header, then PCM that fades in at the start and out at the end.
///
/// Blocks are made one at a time as they are asked for, so an hour costs
/// no more memory than a second.
public struct SoundClip: Sequence, IteratorProtocol {
    private var stream: SoundStream
    private var header: [UInt8]?
    private var framesLeft: Int
    private let fadeFrames: Int
    private var fadingOut = false
    /// Frames per block.
    public static let blockFrames = 4096

    /// `seconds` of `stream`, with fades of up to a second (a quarter of a short clip).
    public init(_ stream: SoundStream, seconds: Int, wavHeader: Bool) {
        let frames = seconds * SoundFormat.sampleRate
        self.stream = stream
        framesLeft = frames
        fadeFrames = Swift.min(SoundFormat.sampleRate, frames / 4)
        header = wavHeader ? WAVFormat.header(frames: frames) : nil
        self.stream.fade(to: 1, seconds: Double(fadeFrames) / Double(SoundFormat.sampleRate))
    }

    public mutating func next() -> [UInt8]? {
        if let bytes = header {
            header = nil
            return bytes
        }
        guard framesLeft > 0 else { return nil }
        if !fadingOut, framesLeft <= fadeFrames {
            fadingOut = true
            stream.fade(to: 0, seconds: Double(framesLeft) / Double(SoundFormat.sampleRate))
        }
        let count =
            fadingOut ? Swift.min(Self.blockFrames, framesLeft) : Swift.min(Self.blockFrames, framesLeft - fadeFrames)
        framesLeft -= count
        return stream.renderBytes(frames: count)
    }
}
