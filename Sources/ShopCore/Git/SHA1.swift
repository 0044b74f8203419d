/// SHA-1 (FIPS 180-4), fed in pieces: the hash git names objects by in most repositories.
///
/// Written here because the platforms shop runs on offer none without Foundation's cryptography
/// (which Linux lacks): shop needs it only to tell whether a file is byte for byte a version git
/// holds, never for security.
public struct SHA1: GitHashFunction {
    private var blocks = HashBlocks(compressor: State())

    /// A hash of nothing yet.
    public init() {}

    /// The length of a digest in bytes.
    public static let digestLength = 20

    /// Adds `bytes` to what is hashed.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        blocks.feed(bytes)
    }

    /// The digest of everything added.
    public mutating func finish() -> [UInt8] {
        blocks.finish()
        let state = blocks.compressor.words
        return [state.0, state.1, state.2, state.3, state.4].flatMap(HashBlocks<State>.bigEndianBytes)
    }

    /// The five words of the state, and what a block does to them.
    struct State: BlockCompressor {
        var words: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)

        /// One 64-byte block into the state. The message schedule is 16 words on the stack, each
        /// replaced as the next one is made: a heap allocation for each block would cost more than
        /// the block, and the rounds are written out, not called through a closure, for the
        /// optimizer to keep the five words in registers.
        mutating func compress(_ bytes: UnsafeRawBufferPointer) {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { w in
                for index in 0..<16 { w[index] = HashBlocks<State>.bigEndianWord(bytes, at: index * 4) }
                var (a, b, c, d, e) = words
                for index in 0..<80 {
                    let word: UInt32
                    if index < 16 {
                        word = w[index]
                    } else {
                        word = (w[(index &- 3) & 15] ^ w[(index &- 8) & 15] ^ w[(index &- 14) & 15] ^ w[index & 15])
                            .rotatedLeft(1)
                        w[index & 15] = word
                    }
                    let f: UInt32
                    let k: UInt32
                    if index < 20 {
                        (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
                    } else if index < 40 {
                        (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
                    } else if index < 60 {
                        (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                    } else {
                        (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
                    }
                    let t = a.rotatedLeft(5) &+ f &+ e &+ k &+ word
                    (e, d, c, b, a) = (d, c, b.rotatedLeft(30), a, t)
                }
                words = (words.0 &+ a, words.1 &+ b, words.2 &+ c, words.3 &+ d, words.4 &+ e)
            }
        }
    }
}
