/// Whether bytes hold a run of bytes: what merge and diff ask of whole files (a name they reserve)
/// and of lines of their results. The standard library's `contains(_:)` for collections answers
/// too, but it took 2.8 s more over the three texts of a 100,000-item merge (32 MB); this loop
/// takes milliseconds.
enum ByteSearch {
    /// Whether `bytes` hold `pattern` anywhere.
    static func contains<Bytes: Collection>(_ bytes: Bytes, _ pattern: [UInt8]) -> Bool where Bytes.Element == UInt8 {
        guard !pattern.isEmpty else { return true }
        return bytes.withContiguousStorageIfAvailable { contains($0, pattern) } ?? contains(Array(bytes), pattern)
    }

    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ pattern: [UInt8]) -> Bool {
        guard let head = pattern.first, pattern.count <= bytes.count else { return false }
        let last = bytes.count - pattern.count
        var index = 0
        while index <= last {
            if bytes[index] == head && bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
    }
}
