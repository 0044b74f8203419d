import YAML

/// Follows the items of a list through its versions, one version at a time, oldest first (see
/// ``PriceHistory/read(_:text:skipped:)``): of the version before, only its items' names and ids
/// are held, with the track each item's prices go on.
struct HistoryReading {
    /// How versions are read: in parts once long (as the command reads them), or cut into parts
    /// of `chunkCapacity` events whatever their length (for tests).
    enum Reading {
        case whenLong
        case inParts(chunkCapacity: Int)
    }

    private let versions: [PriceHistory.Version]
    private let reading: Reading
    private var readVersions: [PriceHistory.ReadVersion] = []
    private var tracks = PriceTracks()
    /// The version read last: its place in `versions`, its items, and each one's track.
    private var previous: (index: Int, items: VersionItems, tracks: [Int32])?
    /// The tracks of items that went, by the keys of their id and name, for when they come back.
    private var gone: [String: Int32] = [:]

    init(versions: [PriceHistory.Version], reading: Reading) {
        self.versions = versions
        self.reading = reading
    }

    /// The history of the versions followed so far: the items of the last one read.
    var history: PriceHistory {
        PriceHistory(
            readVersions: readVersions, tracks: tracks, newest: previous?.items ?? VersionItems(),
            trackOfItem: previous?.tracks ?? [])
    }

    /// Follows the items into version `index`, after those followed before. While a long text is
    /// read, what was followed so far waits in `spool` (see ``setAside(in:)``).
    mutating func follow<Failure: Error, Spool: SetAsideSpool>(
        _ index: Int, text: (Int) throws(Failure) -> [UInt8]?, spool: inout Spool,
        skipped: (Int, PriceHistory.Skip) -> Void
    ) throws(Failure) where Spool.Failure == Failure {
        var items: VersionItems
        // The text is read where it is asked for and dropped there: only its items are kept.
        switch try read(index, text: text, spool: &spool) {
        case nil:
            return skipped(index, .missing)
        case .failure(let unreadable)?:
            return skipped(index, .unreadable(reason: unreadable.reason))
        case .success(let read)?:
            items = read
        }
        var next = [Int32](repeating: -1, count: items.count)
        if let oldIndex = previous?.index {
            // Not bound to a name: the version read last is let go of when it is set aside.
            var matching = Self.matching(previous?.items ?? VersionItems(), items)
            if let (removed, came) = matching.renameCandidates {
                // Both texts are read again, each as long as a version: the state waits meanwhile.
                setAside(in: &spool)
                items.setAside(in: &spool)
                let added = try renamed(removed, of: oldIndex, among: came, of: index, text: text)
                try takeBack(from: &spool)
                try items.takeBack(from: &spool)
                spool.restart()
                if let added { matching.pair(removed, added) }
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

    /// The items of `old` matched with those of `new`, by their ids and names.
    private static func matching(_ old: VersionItems, _ new: VersionItems) -> ItemMatching {
        old.withIdentities { old in
            new.withIdentities { new in ItemMatching(byIdentity: old, new) }
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

    /// The items of version `index`, when it has a text; the text is not kept. Once the history
    /// follows many items, its state waits in `spool` while the text is read (always, when
    /// `reading` cuts versions into parts).
    private mutating func read<Failure: Error, Spool: SetAsideSpool>(
        _ index: Int, text: (Int) throws(Failure) -> [UInt8]?, spool: inout Spool
    ) throws(Failure) -> Result<VersionItems, VersionReading.Unreadable>? where Spool.Failure == Failure {
        let waits = tracks.count >= setAsideMinimumItems
        if waits { setAside(in: &spool) }
        let read: Result<VersionItems, VersionReading.Unreadable>?
        do {
            // The text lives in this block: it is let go of before the state comes back.
            read = try text(index).map { bytes in
                inParts(bytes, start: { VersionItems() }) { items, list throws(VersionReading.Unreadable) in
                    try items.add(list)
                }
            }
        }
        if waits {
            try takeBack(from: &spool)
            spool.restart()
        }
        return read
    }

    /// From how many items followed on the state is set aside while a text is read: 10,000 items
    /// are a list of about 1 MB, whose state is half a megabyte.
    private var setAsideMinimumItems: Int {
        switch reading {
        case .whenLong: 10_000
        case .inParts: 0
        }
    }

    /// Writes the state (the price tracks and the version read last) to a restarted `spool` and
    /// lets go of it, so that it is not held while a long text is (a version's items may follow
    /// it, taken back after it): for 100,000 items it is several megabytes, half the text of a
    /// 10.7 MB list.
    private mutating func setAside<Spool: SetAsideSpool>(in spool: inout Spool) {
        spool.restart()
        tracks.setAside(in: &spool)
        previous?.items.setAside(in: &spool)
        if let kept = previous?.tracks {
            SetAsideArrays.write(kept, to: &spool)
            previous?.tracks = []
        }
    }

    /// Takes back what ``setAside(in:)`` wrote, in the order it was written.
    private mutating func takeBack<Spool: SetAsideSpool>(from spool: inout Spool) throws(Spool.Failure) {
        try tracks.takeBack(from: &spool)
        try previous?.items.takeBack(from: &spool)
        if previous != nil { previous?.tracks = try SetAsideArrays.read(from: &spool) }
    }

    /// ``VersionReading/inParts(_:chunkCapacity:minimumSize:start:part:)`` as `reading` says.
    private func inParts<State>(
        _ bytes: [UInt8], start: () -> State,
        part: (inout State, ShoppingList) throws(VersionReading.Unreadable) -> Void
    ) -> Result<State, VersionReading.Unreadable> {
        switch reading {
        case .whenLong:
            VersionReading.inParts(bytes, start: start, part: part)
        case .inParts(let capacity):
            VersionReading.inParts(bytes, chunkCapacity: capacity, minimumSize: 0, start: start, part: part)
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
    /// texts are read again for it, in parts, one after the other: the item is copied out of the
    /// old one, which is dropped before the new one is asked for.
    private func renamed<Failure: Error>(
        _ removed: Int, of oldIndex: Int, among came: [Int], of newIndex: Int, text: (Int) throws(Failure) -> [UInt8]?
    ) throws(Failure) -> Int? {
        guard let oldText = try text(oldIndex), let old = copy(removed, of: oldText) else { return nil }
        guard let newText = try text(newIndex) else { return nil }
        let oldEntries = old.entries(ofItem: 0)
        let candidates = inParts(newText, start: { [Int]() }) { candidates, list in
            let items = list.scope.firstPosition..<(list.scope.firstPosition + list.records.count)
            // `came` is in list order: the part's items among them are one run of it.
            var low = 0
            var high = came.count
            while low < high {
                let middle = (low + high) / 2
                if came[middle] < items.lowerBound { low = middle + 1 } else { high = middle }
            }
            guard candidates.count < 2, low < came.count, items.contains(came[low]) else { return }
            let version = ListVersion(list)
            for item in came[low...].prefix(while: items.contains) {
                if EntryComparison.otherKeysEqual(
                    oldEntries, in: old, version.entries(ofItem: item - items.lowerBound), in: version, except: "name")
                {
                    candidates.append(item)
                }
            }
        }
        guard case .success(let found) = candidates, found.count == 1 else { return nil }
        return found.first
    }

    /// Item `item` of the version `text` holds, copied with all its keys and values into a list
    /// of its own (a ``Document/subtree(at:)`` owns its texts), so that the version's text can be
    /// dropped; nil when the version cannot be read.
    private func copy(_ item: Int, of text: [UInt8]) -> ListVersion? {
        let copied = inParts(text, start: { () -> Subtree? in nil }) { copy, list in
            let first = list.scope.firstPosition
            guard item >= first && item < first + list.records.count else { return }
            copy = list.document.subtree(at: NodeID(index: Int(list.records[item - first].node)))
        }
        guard case .success(let subtree?) = copied, case .success(let empty) = ShoppingList.read(Array("items: []\n".utf8)),
            let items = empty.itemsNode
        else { return nil }
        var edit = DocumentEdit()
        edit.insertItem(subtree, into: items)
        let alone = ListVersion(ShoppingList(document: empty.document.applying(edit)))
        return alone.items.count == 1 ? alone : nil
    }
}
