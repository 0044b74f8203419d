/// The first node seen with each 64-bit fingerprint: what the duplicate rules look up once per item.
///
/// Fingerprints are hashes already, so the table spreads them with one multiplication instead of
/// hashing them again, as a `Dictionary` would, and keeps keys and nodes in two flat arrays sized
/// once. On 100,000 items that makes a lookup about a third of a dictionary's. Two different texts
/// may share a fingerprint: callers compare the texts when a lookup finds one.
struct FingerprintTable {
    private var keys: [UInt64]
    /// The node for each slot; -1 for an empty slot.
    private var nodes: [Int32]
    private let shift: UInt64

    /// A table with room for `count` fingerprints.
    init(capacity count: Int) {
        var bits: UInt64 = 4
        // At most three quarters full, so that probe runs stay short.
        while (1 << bits) * 3 < 4 * count { bits += 1 }
        keys = Array(repeating: 0, count: 1 << Int(bits))
        nodes = Array(repeating: -1, count: 1 << Int(bits))
        shift = 64 - bits
    }

    /// The node first recorded for `fingerprint`; or nil, having recorded `node` for it.
    mutating func first(_ fingerprint: UInt64, else node: Int32) -> Int32? {
        let mask = keys.count - 1
        // Fibonacci hashing: the high bits of the product depend on every bit of the fingerprint.
        var slot = Int(truncatingIfNeeded: (fingerprint &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while nodes[slot] >= 0 {
            if keys[slot] == fingerprint { return nodes[slot] }
            slot = (slot + 1) & mask
        }
        keys[slot] = fingerprint
        nodes[slot] = node
        return nil
    }
}
