/// Turns libyaml's marks, which count Unicode scalars from the start of the input, into byte offsets.
///
/// libyaml reports positions in code points (a CRLF counts as two). Events arrive in document order,
/// so the converter walks forward from the last answer; every byte is visited about once. Runs of
/// ASCII are skipped eight bytes at a time.
struct MarkConverter {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private var scalarIndex = 0
    private var byteOffset = 0

    /// `base` points at the first byte libyaml reads; offsets are relative to it.
    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// The byte offset of the scalar with the given index.
    @inline(__always)
    mutating func offset(ofScalar target: Int) -> Int {
        if target >= scalarIndex {
            var remaining = target - scalarIndex
            while remaining > 0 && byteOffset < count {
                if byteOffset + 8 <= count {
                    // Up to eight ASCII bytes are eight scalars: check just the bytes needed.
                    let word = UnsafeRawPointer(base + byteOffset).loadUnaligned(as: UInt64.self)
                    let take = min(remaining, 8)
                    let mask: UInt64 = take == 8 ? 0x8080_8080_8080_8080 : 0x8080_8080_8080_8080 & ((1 << UInt64(take * 8)) - 1)
                    if word & mask == 0 {
                        byteOffset += take
                        remaining -= take
                        continue
                    }
                }
                byteOffset += 1
                while byteOffset < count && base[byteOffset] & 0xC0 == 0x80 {
                    byteOffset += 1
                }
                remaining -= 1
            }
        } else {
            var remaining = scalarIndex - target
            while remaining > 0 && byteOffset > 0 {
                byteOffset -= 1
                while byteOffset > 0 && base[byteOffset] & 0xC0 == 0x80 {
                    byteOffset -= 1
                }
                remaining -= 1
            }
        }
        scalarIndex = target
        return byteOffset
    }
}
