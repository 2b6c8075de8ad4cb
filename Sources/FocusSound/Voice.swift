/// One sounding event a ``Score`` starts, of any of the three kinds.
enum Voice {
    case ring(RingVoice)
    case tone(ToneVoice)
    case noise(NoiseBurst)
}
