/// SHA-256 (FIPS 180-4), fed in pieces: the hash of repositories made with
/// `git init --object-format=sha256`.
public struct SHA256: GitHashFunction {
    private var blocks = HashBlocks(compressor: State())

    /// A hash of nothing yet.
    public init() {}

    /// The length of a digest in bytes.
    public static let digestLength = 32

    /// Adds `bytes` to what is hashed.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        blocks.feed(bytes)
    }

    /// The digest of everything added.
    public mutating func finish() -> [UInt8] {
        blocks.finish()
        let state = blocks.compressor.words
        return [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7].flatMap(HashBlocks<State>.bigEndianBytes)
    }

    /// The eight words of the state, and what a block does to them.
    struct State: BlockCompressor {
        var words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6A09_E667, 0xBB67_AE85, 0x3C6E_F372, 0xA54F_F53A, 0x510E_527F, 0x9B05_688C, 0x1F83_D9AB, 0x5BE0_CD19
        )

        /// The round constants.
        private static let k: [UInt32] = [
            0x428A_2F98, 0x7137_4491, 0xB5C0_FBCF, 0xE9B5_DBA5, 0x3956_C25B, 0x59F1_11F1, 0x923F_82A4, 0xAB1C_5ED5,
            0xD807_AA98, 0x1283_5B01, 0x2431_85BE, 0x550C_7DC3, 0x72BE_5D74, 0x80DE_B1FE, 0x9BDC_06A7, 0xC19B_F174,
            0xE49B_69C1, 0xEFBE_4786, 0x0FC1_9DC6, 0x240C_A1CC, 0x2DE9_2C6F, 0x4A74_84AA, 0x5CB0_A9DC, 0x76F9_88DA,
            0x983E_5152, 0xA831_C66D, 0xB003_27C8, 0xBF59_7FC7, 0xC6E0_0BF3, 0xD5A7_9147, 0x06CA_6351, 0x1429_2967,
            0x27B7_0A85, 0x2E1B_2138, 0x4D2C_6DFC, 0x5338_0D13, 0x650A_7354, 0x766A_0ABB, 0x81C2_C92E, 0x9272_2C85,
            0xA2BF_E8A1, 0xA81A_664B, 0xC24B_8B70, 0xC76C_51A3, 0xD192_E819, 0xD699_0624, 0xF40E_3585, 0x106A_A070,
            0x19A4_C116, 0x1E37_6C08, 0x2748_774C, 0x34B0_BCB5, 0x391C_0CB3, 0x4ED8_AA4A, 0x5B9C_CA4F, 0x682E_6FF3,
            0x748F_82EE, 0x78A5_636F, 0x84C8_7814, 0x8CC7_0208, 0x90BE_FFFA, 0xA450_6CEB, 0xBEF9_A3F7, 0xC671_78F2,
        ]

        /// One 64-byte block into the state, its schedule on the stack.
        mutating func compress(_ bytes: UnsafeRawBufferPointer) {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                for index in 0..<16 { w[index] = HashBlocks<State>.bigEndianWord(bytes, at: index * 4) }
                for index in 16..<64 {
                    let s0 = w[index &- 15].rotatedRight(7) ^ w[index &- 15].rotatedRight(18) ^ (w[index &- 15] &>> 3)
                    let s1 = w[index &- 2].rotatedRight(17) ^ w[index &- 2].rotatedRight(19) ^ (w[index &- 2] &>> 10)
                    w[index] = w[index &- 16] &+ s0 &+ w[index &- 7] &+ s1
                }
                var (a, b, c, d, e, f, g, h) = words
                Self.k.withUnsafeBufferPointer { k in
                    for index in 0..<64 {
                        let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                        let t1 = h &+ s1 &+ ((e & f) ^ (~e & g)) &+ k[index] &+ w[index]
                        let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                        let t2 = s0 &+ ((a & b) ^ (a & c) ^ (b & c))
                        (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                    }
                }
                words = (
                    words.0 &+ a, words.1 &+ b, words.2 &+ c, words.3 &+ d, words.4 &+ e, words.5 &+ f, words.6 &+ g,
                    words.7 &+ h
                )
            }
        }
    }
}
