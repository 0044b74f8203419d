import YAML

/// Follows the items of a list through its versions, one version at a time, oldest first (see
/// ``PriceHistory/read(_:text:skipped:)``): of the version before, only its items' names and ids
/// are held, with the track each item's prices go on.
struct HistoryReading {
    private let versions: [PriceHistory.Version]
    private var readVersions: [PriceHistory.ReadVersion] = []
    private var tracks = PriceTracks()
    /// The version read last: its place in `versions`, its items, and each one's track.
    private var previous: (index: Int, items: VersionItems, tracks: [Int32])?
    /// The tracks of items that went, by the keys of their id and name, for when they come back.
    private var gone: [String: Int32] = [:]

    init(versions: [PriceHistory.Version]) {
        self.versions = versions
    }

    /// The history of the versions followed so far: the items of the last one read.
    var history: PriceHistory {
        PriceHistory(
            readVersions: readVersions, tracks: tracks, newest: previous?.items ?? VersionItems(),
            trackOfItem: previous?.tracks ?? [])
    }

    /// Follows the items into version `index`, after those followed before.
    mutating func follow<Failure: Error>(
        _ index: Int, text: (Int) throws(Failure) -> [UInt8]?, skipped: (Int, PriceHistory.Skip) -> Void
    ) throws(Failure) {
        var items: VersionItems
        // The text is read where it is asked for and dropped there: only its items are kept.
        switch try text(index).map(Self.items) {
        case nil:
            return skipped(index, .missing)
        case .failure(let unreadable)?:
            return skipped(index, .unreadable(reason: unreadable.reason))
        case .success(let read)?:
            items = read
        }
        var next = [Int32](repeating: -1, count: items.count)
        if let previous {
            var matching = previous.items.withIdentities { old in
                items.withIdentities { new in ItemMatching(byIdentity: old, new) }
            }
            if let (removed, came) = matching.renameCandidates,
                let added = try renamed(removed, of: previous.index, among: came, of: index, text: text)
            {
                matching.pair(removed, added)
            }
            carryTracks(matching, into: &next)
        }
        for item in next.indices where next[item] < 0 {
            next[item] = recall(item, of: items) ?? tracks.add()
        }
        addPrices(of: items, to: next, version: versions[index])
        items.dropPrices()
        previous = (index, items, next)
    }

    /// The items of the version `bytes` hold, read as diff reads it; the text and the list are let
    /// go of once they are taken.
    private static func items(_ bytes: [UInt8]) -> Result<VersionItems, VersionReading.Unreadable> {
        switch VersionReading.list(bytes) {
        case .failure(let unreadable):
            return .failure(unreadable)
        case .success(let list):
            do throws(VersionReading.Unreadable) {
                return .success(try VersionItems(list))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Puts each matched item of the version read last on its track in `next`; an item that went
    /// leaves its track to be recalled when it comes back.
    private mutating func carryTracks(_ matching: ItemMatching, into next: inout [Int32]) {
        guard let previous else { return }
        for (old, new) in matching.newForOld.enumerated() {
            if let new {
                next[new] = previous.tracks[old]
            } else {
                for key in previous.items.returnKeys(old) { gone[key] = previous.tracks[old] }
            }
        }
    }

    /// The prices of `items` (of `version`), each on its track when it is not the track's last
    /// price (a new currency is a new price, whatever the number).
    private mutating func addPrices(of items: VersionItems, to itemTracks: [Int32], version: PriceHistory.Version) {
        readVersions.append(PriceHistory.ReadVersion(version: version, decimals: items.decimals, currency: items.currency))
        let number = readVersions.count - 1
        for (item, units) in items.priceUnits.enumerated() where units != ItemRecord.absent {
            let track = itemTracks[item]
            if let last = tracks.lastPrice(of: track) {
                let before = readVersions[last.version]
                let same =
                    DecimalNumber(units: Int128(last.units), scale: before.decimals)
                    == DecimalNumber(units: Int128(units), scale: items.decimals)
                if same && before.currency == items.currency { continue }
            }
            tracks.append(to: track, version: number, units: units)
        }
    }

    /// The track of an item that went before and comes back in `items` with its id or name.
    private mutating func recall(_ item: Int, of items: VersionItems) -> Int32? {
        let keys = items.returnKeys(item)
        guard let track = keys.compactMap({ gone[$0] }).first else { return nil }
        for key in keys { gone[key] = nil }
        return track
    }

    /// Which of the items `came` of version `newIndex` is item `removed` of version `oldIndex`
    /// renamed: the one whose other keys all mean what its keys mean, when exactly one does. Both
    /// texts are read again for it, one after the other: the item is copied out of the old one,
    /// which is let go of before the new one is asked for.
    private func renamed<Failure: Error>(
        _ removed: Int, of oldIndex: Int, among came: [Int], of newIndex: Int, text: (Int) throws(Failure) -> [UInt8]?
    ) throws(Failure) -> Int? {
        // The old text is let go of once the item is copied out of it, before the new one is read.
        guard let old = try text(oldIndex).flatMap({ copy(removed, of: $0) }) else { return nil }
        guard let newText = try text(newIndex), case .success(let new) = VersionReading.list(newText) else { return nil }
        let version = ListVersion(new)
        let oldEntries = old.entries(ofItem: 0)
        let candidates = came.filter { item in
            item < version.items.count
                && EntryComparison.otherKeysEqual(oldEntries, in: old, version.entries(ofItem: item), in: version, except: "name")
        }
        return candidates.count == 1 ? candidates[0] : nil
    }

    /// Item `item` of the version `text` holds, copied with all its keys and values into a list
    /// of its own (a ``Document/subtree(at:)`` owns its texts), so that the version's text can be
    /// let go of; nil when the version cannot be read.
    private func copy(_ item: Int, of text: [UInt8]) -> ListVersion? {
        guard case .success(let list) = VersionReading.list(text), item < list.records.count,
            case .success(let empty) = ShoppingList.read(Array("items: []\n".utf8)), let items = empty.itemsNode
        else { return nil }
        var edit = DocumentEdit()
        edit.insertItem(list.document.subtree(at: NodeID(index: Int(list.records[item].node))), into: items)
        let alone = ListVersion(ShoppingList(document: empty.document.applying(edit)))
        return alone.items.count == 1 ? alone : nil
    }
}
