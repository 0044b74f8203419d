import YAML

/// What the items of a list read in parts have in common across the parts: the fingerprints of
/// the names and ids seen so far, by which a later part's item is found to repeat an earlier one.
struct ItemFingerprints: Sendable {
    var names: RepeatedFingerprints
    var ids: RepeatedFingerprints

    /// Tables with room for `names` names at first, and a few ids.
    init(names: Int) {
        self.names = RepeatedFingerprints(.name, capacity: names)
        ids = RepeatedFingerprints(.id)
    }
}

extension ShoppingList {
    /// How a read in parts ended, when the file is one readable document.
    public enum PartsRead: Sendable {
        /// Every part was handed over; `rest` is the last part: the whole top level and the items
        /// no earlier part held.
        case read(rest: ShoppingList)
        /// The list sets its `title`, `currency` or `categories` after its items: the parts were
        /// read without it, and what was made of them is wrong. Read the list whole instead.
        case settingsAfterItems
    }

    /// Reads a list from bytes in parts, as its items are read: each run of items is decoded into a
    /// list of its own (the top level read so far, and those items), handed to `part`, and then
    /// forgotten, so that a long list is read in the memory of a few hundred items. The last part
    /// is returned. `part` runs on the thread that builds the tree, while libyaml parses the rest.
    ///
    /// What the parts were told holds only when the read ends with ``PartsRead/read(rest:)``: a file
    /// that cannot be read gets its findings, as ``read(_:)`` gives them, and a list that sets its
    /// settings after its items asks to be read whole.
    public static func readInParts(
        _ bytes: [UInt8], limits: ParseLimits = ParseLimits(), _ part: (ShoppingList) -> Void
    ) -> Result<PartsRead, ReadFailure> {
        readInParts(bytes, limits: limits, chunkCapacity: nil, part)
    }

    /// ``readInParts(_:limits:_:)`` with libyaml's events handed over `chunkCapacity` at a time:
    /// small chunks cut a small list into many parts, for tests.
    ///
    /// With `findingRepeatsAcrossParts` false, a part's names and ids are not compared with those
    /// of earlier parts, and its `duplicate-name` and `duplicate-id` findings are only those
    /// within the part: for a reader that asks no rule about them, which is spared the table of
    /// every name (2.8 MB for 100,000 items).
    static func readInParts(
        _ bytes: [UInt8], limits: ParseLimits = ParseLimits(), chunkCapacity: Int?, findingRepeatsAcrossParts: Bool = true,
        _ part: (ShoppingList) -> Void
    ) -> Result<PartsRead, ReadFailure> {
        withoutActuallyEscaping(part) { part in
            let reader = PartReader(size: bytes.count, findingRepeats: findingRepeatsAcrossParts, part: part)
            return parseDocument(bytes) { bytes throws(YAMLError) in
                try Document(parsing: bytes, limits: limits, stream: reader, chunkCapacity: chunkCapacity)
            }.map { document in
                let rest = reader.rest(document)
                if reader.items > 0 && rest.setsSettingsAfterItems { return .settingsAfterItems }
                return .read(rest: rest)
            }
        }
    }

    /// Whether the top level sets `title`, `currency` or `categories` (the first of each, which
    /// counts) after the first `items`.
    var setsSettingsAfterItems: Bool {
        guard layout.itemsKey >= 0 else { return false }
        let itemsKey = Int(layout.itemsKey)
        return [layout.title, layout.currency, layout.categories].contains { Int($0) > itemsKey }
    }
}

/// Hands the parts of a read in parts over (see ``ShoppingList/readInParts(_:limits:_:)``).
private final class PartReader: EntryStream {
    let part: (ShoppingList) -> Void
    /// Nil when repeats across parts are not looked for.
    var fingerprints: ItemFingerprints?
    let memory = CheckMemory()
    /// The top level as the first part's decoding found it.
    var topLevel: ListDecoder.TopLevel?
    /// How many entries of `items` the parts held so far.
    var items = 0
    /// How many of them are items, mappings: what the next part's items are numbered from.
    var records = 0

    init(size: Int, findingRepeats: Bool, part: @escaping (ShoppingList) -> Void) {
        self.part = part
        // About one item per 100 bytes of a list: the table of names is sized once, not grown
        // (growing holds the old and the new table at once); ids are fewer.
        fingerprints = findingRepeats ? ItemFingerprints(names: max(1024, size / 100)) : nil
    }

    func streamsValue(ofKey key: UnsafeBufferPointer<UInt8>) -> Bool {
        ListKey.matching(key) == .items
    }

    /// The last part: the document the read returned.
    func rest(_ document: Document) -> ShoppingList {
        // Its top level is decoded whole, but for the categories the parts read already.
        let earlier = topLevel
        topLevel = nil
        // Taken in place: a copy of the tables would be made when they change.
        return ShoppingList(
            part: document, scope: .rest(firstPosition: records), topLevel: nil, earlierTopLevel: earlier,
            fingerprints: &fingerprints, memory: memory)
    }

    func take(_ streamed: StreamedPart) {
        // Every part holds the same rows before its items: their top level is decoded once.
        let list = ShoppingList(
            part: streamed.document, scope: .items(firstPosition: records), topLevel: topLevel,
            fingerprints: &fingerprints, memory: memory)
        topLevel = list.decodedTopLevel
        items = streamed.firstPosition + streamed.entries.count
        records += list.records.count
        part(list)
    }
}
