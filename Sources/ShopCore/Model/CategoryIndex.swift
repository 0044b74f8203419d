import YAML

/// The `categories` of a list, ready to look items' categories up in: as written, each once, and by
/// key (compared like names). Built once when the list is decoded.
struct CategoryIndex: Sendable {
    /// The categories that are names, each once (compared like names), as written, in aisle order.
    let names: [String]
    /// Each category's key, with its first spelling.
    let byKey: [NameKey: String]
    /// The names' bytes, and a set of them for lists with many.
    private let texts: [[UInt8]]
    private let textSet: Set<[UInt8]>

    /// The entries of the sequence `categories` that are names.
    init(_ sequence: Int, nodes: RawNodes) {
        var names: [String] = []
        var byKey: [NameKey: String] = [:]
        for entry in nodes.items(of: sequence) where nodes.isScalar(entry) && !nodes.isNull(entry) {
            let bytes = nodes.value(entry)
            let key = NameKey(utf8: bytes)
            guard byKey[key] == nil else { continue }
            let name = String(decoding: bytes, as: UTF8.self)
            byKey[key] = name
            names.append(name)
        }
        self.names = names
        self.byKey = byKey
        texts = names.map { Array($0.utf8) }
        // A store has a few dozen aisles: compared one by one below that, looked up above.
        textSet = texts.count > 32 ? Set(texts) : []
    }

    /// Whether `bytes` spell a category exactly as `categories` does.
    func lists(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard texts.count <= 32 else { return textSet.contains(Array(bytes)) }
        for text in texts where text.count == bytes.count {
            if text.withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) { return true }
        }
        return false
    }
}
