/// Unsigned LEB128, the number format of what is packed into bytes to be held small (findings
/// waiting to be shown, the fixes a round made, the splices that undo it): seven bits a byte, the
/// high bit set on every byte but the last. Small numbers, the most of them, take a byte or two.
enum LEB128 {
    /// Appends `value` to `bytes`.
    static func append(_ value: UInt, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Appends `value`, which is not negative, to `bytes`.
    static func append(_ value: Int, to bytes: inout [UInt8]) {
        append(UInt(bitPattern: value), to: &bytes)
    }

    /// Appends `value`, which may be negative, to `bytes`, zigzag encoded: 0, -1, 1, -2, ... as
    /// 0, 1, 2, 3, ..., so that a small number takes a byte whatever its sign.
    static func appendSigned(_ value: Int, to bytes: inout [UInt8]) {
        append(UInt(bitPattern: (value << 1) ^ (value >> (Int.bitWidth - 1))), to: &bytes)
    }

    /// Appends a string, as its length and its UTF-8 bytes, to `bytes`.
    static func append(_ text: String, to bytes: inout [UInt8]) {
        append(text.utf8.count, to: &bytes)
        bytes.append(contentsOf: text.utf8)
    }

    /// The number at `offset` in `bytes`, with `offset` moved past it; nil when it is cut off by
    /// the end of the bytes or does not fit in 64 bits.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> UInt? {
        var value: UInt = 0
        var shift: UInt = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            let bits = UInt(byte & 0x7F)
            guard shift < 63 || bits <= 1 else { return nil }
            value |= bits << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }

    /// The number at `offset`, written by ``appendSigned(_:to:)``, or nil.
    static func readSigned(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> Int? {
        read(bytes, at: &offset).map { Int(bitPattern: $0 >> 1) ^ -Int(bitPattern: $0 & 1) }
    }

    /// The number at `offset` as an `Int` not negative, or nil.
    static func readCount(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> Int? {
        guard let value = read(bytes, at: &offset), value <= UInt(Int.max) else { return nil }
        return Int(value)
    }

    /// The string at `offset` (its length, then its UTF-8 bytes), or nil when it is cut off.
    static func readString(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> String? {
        guard let length = readCount(bytes, at: &offset), length <= bytes.count - offset else { return nil }
        defer { offset += length }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
    }
}
