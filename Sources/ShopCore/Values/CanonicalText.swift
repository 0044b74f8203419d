/// Whether numbers are already written the canonical way, checked on the bytes.
enum CanonicalText {
    /// `0`, or digits without a leading zero, then exactly `decimals` digits after a point.
    static func isPrice(_ bytes: UnsafeBufferPointer<UInt8>, decimals: Int) -> Bool {
        guard let integerEnd = integerPartEnd(bytes) else { return false }
        if decimals == 0 { return integerEnd == bytes.count }
        guard integerEnd < bytes.count, bytes[integerEnd] == UInt8(ascii: "."),
            bytes.count - integerEnd - 1 == decimals
        else { return false }
        return bytes[(integerEnd + 1)...].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// `0`, or digits without a leading zero, then optionally a point and digits not ending in 0.
    static func isShortestDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let integerEnd = integerPartEnd(bytes) else { return false }
        if integerEnd == bytes.count { return true }
        guard bytes[integerEnd] == UInt8(ascii: "."), integerEnd + 1 < bytes.count,
            bytes[bytes.count - 1] != UInt8(ascii: "0")
        else { return false }
        return bytes[(integerEnd + 1)...].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    private static func integerPartEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
        guard index > 0, index == 1 || bytes[0] != 0x30 else { return nil }
        return index
    }
}
