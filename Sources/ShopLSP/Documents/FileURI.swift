import JSON

/// The path of a `file:` URI, as editors name the documents they open: `file:///home/a/b.yaml`,
/// `file://localhost/home/a/b.yaml`, with `%XX` escapes decoded (`%20` is a space).
enum FileURI {
    /// The path `uri` names; nil for another scheme, another host, or an escape that is not two
    /// hex digits or does not decode to UTF-8.
    static func path(_ uri: String) -> String? {
        var rest = Substring(uri)
        guard rest.lowercased().hasPrefix("file://") else { return nil }
        rest = rest.dropFirst("file://".count)
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.first == "/" else { return nil }
        var bytes: [UInt8] = []
        var utf8 = rest.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.popFirst().flatMap(HexDigit.value), let low = utf8.popFirst().flatMap(HexDigit.value) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
