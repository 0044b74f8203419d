/// The first node seen with each fingerprint: how repeated names and ids are found, one lookup
/// per item.
///
/// Fingerprints are hashes already, so the table spreads them with one multiplication instead of
/// hashing them again, as a `Dictionary` would, and keeps them with their nodes in one flat array
/// (with dictionaries, duplicate-name and duplicate-id took 7.4 of the rules' 17.6 ms on 100,000
/// items). Two different texts may share a fingerprint: callers compare the texts when a lookup
/// finds one.
struct FingerprintTable {
    /// One slot: 32 bits of a fingerprint and its node, side by side in 8 bytes, so that a probe
    /// reads one cache line and 100,000 names take 2 MB. Two fingerprints that agree in those 32
    /// bits are taken for equal: the texts are compared anyway.
    private struct Slot {
        var tag: UInt32 = 0
        /// -1 for an empty slot.
        var node: Int32 = -1
    }

    private var slots: [Slot]
    /// 32 minus the number of bits of a slot's index.
    private var shift: UInt32
    private var count = 0

    /// A table with room for `count` fingerprints; it grows past them.
    init(capacity count: Int) {
        var bits: UInt32 = 4
        // At most three quarters full, so that probe runs stay short.
        while (1 << bits) * 3 < 4 * count && bits < 31 { bits += 1 }
        slots = Array(repeating: Slot(), count: 1 << Int(bits))
        shift = 32 - bits
    }

    /// The node first recorded for `fingerprint`; or nil, having recorded `node` for it.
    mutating func first(_ fingerprint: UInt64, else node: Int32) -> Int32? {
        let tag = UInt32(truncatingIfNeeded: fingerprint)
        var slot = home(of: tag)
        while slots[slot].node >= 0 {
            if slots[slot].tag == tag { return slots[slot].node }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = Slot(tag: tag, node: node)
        count += 1
        if count * 4 > slots.count * 3 && shift > 1 { grow() }
        return nil
    }

    /// Fibonacci hashing: the high bits of the product depend on every bit of the tag.
    @inline(__always)
    private func home(of tag: UInt32) -> Int {
        Int(truncatingIfNeeded: (tag &* 0x9E37_79B9) >> shift)
    }

    /// Twice the slots, every entry placed again.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        shift -= 1
        for entry in old where entry.node >= 0 {
            var slot = home(of: entry.tag)
            while slots[slot].node >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = entry
        }
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
