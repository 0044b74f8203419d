/// The first node seen with each 64-bit fingerprint: what the duplicate rules look up once per item.
///
/// Fingerprints are hashes already, so the table spreads them with one multiplication instead of
/// hashing them again, as a `Dictionary` would, and keeps them with their nodes in one flat array
/// sized once. On 100,000 items that makes a lookup about a third of a dictionary's. Two different texts
/// may share a fingerprint: callers compare the texts when a lookup finds one.
struct FingerprintTable {
    /// One slot: a fingerprint and its node, side by side so that a probe reads one cache line.
    private struct Slot {
        var fingerprint: UInt64 = 0
        /// -1 for an empty slot.
        var node: Int32 = -1
    }

    private var slots: [Slot]
    private let shift: UInt64

    /// A table with room for `count` fingerprints.
    init(capacity count: Int) {
        var bits: UInt64 = 4
        // At most three quarters full, so that probe runs stay short.
        while (1 << bits) * 3 < 4 * count { bits += 1 }
        slots = Array(repeating: Slot(), count: 1 << Int(bits))
        shift = 64 - bits
    }

    /// The node first recorded for `fingerprint`; or nil, having recorded `node` for it.
    mutating func first(_ fingerprint: UInt64, else node: Int32) -> Int32? {
        let mask = slots.count - 1
        // Fibonacci hashing: the high bits of the product depend on every bit of the fingerprint.
        var slot = Int(truncatingIfNeeded: (fingerprint &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while slots[slot].node >= 0 {
            if slots[slot].fingerprint == fingerprint { return slots[slot].node }
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(fingerprint: fingerprint, node: node)
        return nil
    }

    /// A fingerprint of any bytes, read eight at a time: for texts compared exactly, such as ids,
    /// where names are compared by their keys' fingerprints (``NameKey/fingerprint(ofName:)``).
    static func fingerprint(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(bytes)
        let count = raw.count
        var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        var offset = 0
        while offset + 8 <= count {
            hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var last: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            last |= UInt64(raw[offset]) << shift
            shift += 8
            offset += 1
        }
        return mix(hash ^ last)
    }

    /// Spreads every bit of `value` over the result (the finalizer of MurmurHash3).
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}
