/// A deterministic random number generator (SplitMix64), so that generated inputs are the same on
/// every run and a failure can be reproduced from its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Starts the sequence for `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next number of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

extension SeededGenerator {
    /// Up to `maximumPieces` of `pieces` one after another, as UTF-8, behind a byte order mark
    /// when `byteOrderMark` is true: texts with line breaks of every kind and characters of
    /// several bytes where positions are worked out.
    public mutating func text(of pieces: [String], maximumPieces: Int, byteOrderMark: Bool) -> [UInt8] {
        var bytes: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        for _ in 0..<Int.random(in: 0...maximumPieces, using: &self) {
            bytes += Array(pieces[Int.random(in: 0..<pieces.count, using: &self)].utf8)
        }
        return bytes
    }
}
