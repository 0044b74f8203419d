/// Whether bytes are text a diff can show: a file with a NUL byte, or with more than a few bytes
/// that are not UTF-8, is not (an image, an archive, a list saved as UTF-16). Its bytes would
/// garble a terminal, so `shop diff` says only that the files differ, as git does.
enum BinaryContent {
    /// How many bytes outside UTF-8 a text may have: a few, as a list saved once in Latin-1 with
    /// an accented name has, still read as text and shown line by line.
    static let toleratedInvalidBytes = 8

    /// Why `bytes` are not text (`it has NUL bytes`), or nil when they are.
    static func reason(_ bytes: [UInt8]) -> String? {
        if bytes.contains(0) { return "it has NUL bytes" }
        // ASCII, by far the most common, needs no decoding.
        guard bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        var invalid = 0
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid:
                continue
            case .error(let length):
                invalid += length
                if invalid > toleratedInvalidBytes { return "it has bytes that are not UTF-8" }
            case .emptyInput:
                return nil
            }
        }
    }
}
