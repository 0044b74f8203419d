#if canImport(TestSupport)
    import TestSupport
#endif

/// The merge of two edited copies of a household list worked out on the model, by the rules of
/// the merge written out again apart from shop's code: items matched by id, by name, or as the one
/// renamed; each key merged three ways (its value and its comment apart when both sides changed
/// it); an item removed on one side and changed on the other, or whose comment both changed, a
/// conflict on the whole item; two items with one name or id a conflict.
///
/// It gives what taking ours' side of every conflict leaves, and what taking theirs' leaves (the
/// same list when there is no conflict), as sorted item descriptions: a merge loses nothing when
/// these are what its text gives with the markers resolved each way.
struct HouseholdMergeOracle {
    typealias Item = HouseholdList.Item

    /// What the merge should give.
    struct Expected: Equatable {
        var conflicts: Bool
        var ours: [String]
        var theirs: [String]
        var oursTitle: String
        var theirsTitle: String
    }

    /// One key's entry: its value and its end-of-line comment.
    struct Entry: Equatable {
        var value: String
        var comment: String?
    }

    static let keys = ["name", "id"] + HouseholdList.keyOrder

    static func entry(_ item: Item?, _ key: String) -> Entry? {
        guard let item else { return nil }
        let value: String? =
            switch key {
            case "name": item.name
            case "id": item.id
            default: item.values[key]
            }
        return value.map { Entry(value: $0, comment: item.keyComments[key]) }
    }

    static func set(_ item: inout Item, _ key: String, _ entry: Entry?) {
        switch key {
        case "name": item.name = entry?.value ?? item.name
        case "id": item.id = entry?.value
        default: item.values[key] = entry?.value
        }
        item.keyComments[key] = entry?.comment
    }

    // MARK: Matching

    /// For each item of `old`, the item of `new` it is, by the rules of the merge.
    static func match(_ old: [Item], _ new: [Item]) -> [Int?] {
        var result = [Int?](repeating: nil, count: old.count)
        var taken = Set<Int>()
        for (index, item) in old.enumerated() {
            guard let id = item.id, let found = new.indices.first(where: { new[$0].id == id && !taken.contains($0) }) else { continue }
            result[index] = found
            taken.insert(found)
        }
        for (index, item) in old.enumerated() where result[index] == nil {
            let found = new.indices.first { other in
                !taken.contains(other) && HouseholdList.key(new[other].name) == HouseholdList.key(item.name)
                    && (item.id == nil || new[other].id == nil || item.id == new[other].id)
            }
            if let found {
                result[index] = found
                taken.insert(found)
            }
        }
        let gone = old.indices.filter { result[$0] == nil }
        if gone.count == 1, let removed = gone.first {
            let came = new.indices.filter { !taken.contains($0) && sameButName(old[removed], new[$0]) }
            if came.count == 1 { result[removed] = came[0] }
        }
        return result
    }

    static func sameButName(_ left: Item, _ right: Item) -> Bool {
        left.id == right.id && left.values == right.values
    }

    // MARK: Merging

    static func merge(base: HouseholdList, ours: HouseholdList, theirs: HouseholdList) -> Expected {
        var conflicts = false
        func threeWay<T: Equatable>(_ b: T, _ o: T, _ t: T) -> (ours: T, theirs: T) {
            if o == t { return (o, o) }
            if b == o { return (t, t) }
            if b == t { return (o, o) }
            conflicts = true
            return (o, t)
        }
        let title = threeWay(base.title, ours.title, theirs.title)
        let oursOfBase = match(base.items, ours.items)
        let theirsOfBase = match(base.items, theirs.items)
        // Each slot: the base item, ours', theirs'.
        var slots: [(base: Item?, ours: Item?, theirs: Item?)] = base.items.indices.map { index in
            (base.items[index], oursOfBase[index].map { ours.items[$0] }, theirsOfBase[index].map { theirs.items[$0] })
        }
        let oursAdded = ours.items.indices.filter { !oursOfBase.contains($0) }.map { ours.items[$0] }
        var theirsAdded = theirs.items.indices.filter { !theirsOfBase.contains($0) }.map { theirs.items[$0] }
        for item in oursAdded {
            let found =
                theirsAdded.firstIndex { $0.id != nil && $0.id == item.id }
                ?? theirsAdded.firstIndex {
                    HouseholdList.key($0.name) == HouseholdList.key(item.name) && (item.id == nil || $0.id == nil)
                }
            slots.append((nil, item, found.map { theirsAdded.remove(at: $0) }))
        }
        slots += theirsAdded.map { (nil, nil, $0) }

        /// Each slot as taking ours' side and theirs' side of its conflicts leaves it; whether it
        /// is a conflict on the whole item.
        var results: [(ours: Item?, theirs: Item?, nameFromTheirs: Bool, onlyTheirs: Bool, whole: Bool)] = []
        for slot in slots {
            switch (slot.ours, slot.theirs) {
            case (nil, nil):
                results.append((nil, nil, false, false, false))
            case (let o?, nil):
                if let b = slot.base {
                    if b != o {
                        conflicts = true
                        results.append((o, nil, false, false, true))
                    } else {
                        results.append((nil, nil, false, false, false))
                    }
                } else {
                    results.append((o, o, false, false, false))
                }
            case (nil, let t?):
                if let b = slot.base {
                    if b != t {
                        conflicts = true
                        results.append((nil, t, true, true, true))
                    } else {
                        results.append((nil, nil, false, false, false))
                    }
                } else {
                    results.append((t, t, true, true, false))
                }
            case (let o?, let t?):
                var resolvedOurs = o
                var resolvedTheirs = o
                var whole = false
                var nameFromTheirs = false
                for key in keys {
                    let (b, ov, tv) = (entry(slot.base, key), entry(o, key), entry(t, key))
                    var picked: (ours: Entry?, theirs: Entry?)
                    if ov == tv {
                        picked = (ov, ov)
                    } else if b == ov {
                        picked = (tv, tv)
                    } else if b == tv {
                        picked = (ov, ov)
                    } else if let ov, let tv {
                        // Value and comment apart; a conflict in either shows each side's entry.
                        let value = threeWay(b?.value, ov.value, tv.value)
                        let comment = threeWay(b?.comment, ov.comment, tv.comment)
                        if value.ours != value.theirs || comment.ours != comment.theirs {
                            picked = (ov, tv)
                        } else {
                            picked = (
                                value.ours.map { Entry(value: $0, comment: comment.ours) },
                                value.ours.map { Entry(value: $0, comment: comment.ours) }
                            )
                        }
                    } else {
                        conflicts = true
                        picked = (ov, tv)
                    }
                    if key == "name" && picked.ours?.value != ov?.value { nameFromTheirs = true }
                    set(&resolvedOurs, key, picked.ours)
                    set(&resolvedTheirs, key, picked.theirs)
                }
                let comment = threeWay(slot.base?.comment, o.comment, t.comment)
                resolvedOurs.comment = comment.ours
                resolvedTheirs.comment = comment.theirs
                if comment.ours != comment.theirs {
                    // The whole item: ours as merged, theirs as theirs has it.
                    whole = true
                    resolvedTheirs = t
                }
                results.append((resolvedOurs, resolvedTheirs, nameFromTheirs, false, whole))
            }
        }
        // Two items with one name or one id: the one whose value comes from theirs gives way.
        for key in ["name", "id"] {
            var owner: [String: Int] = [:]
            for index in results.indices {
                guard let item = results[index].ours, let value = entry(item, key)?.value else { continue }
                let normalized = key == "name" ? HouseholdList.key(value) : value
                guard let other = owner[normalized] else {
                    owner[normalized] = index
                    continue
                }
                conflicts = true
                let yielding = results[index].nameFromTheirs || key == "id" && results[index].onlyTheirs ? index : other
                let kept = yielding == index ? other : index
                if results[yielding].onlyTheirs {
                    // Written with the kept item; taking ours' side drops it.
                    let theirsItem = results[yielding].theirs
                    results[yielding] = (nil, theirsItem, false, false, true)
                    results[kept].whole = true
                    if let theirsSide = slots[kept].theirs { results[kept].theirs = theirsSide } else { results[kept].theirs = nil }
                } else if let original = slots[yielding].ours {
                    set(&results[yielding].ours!, key, entry(original, key))
                }
                owner[normalized] = kept
            }
        }
        let describe = { (items: [Item?]) in items.compactMap { $0.map(HouseholdMergeOracle.describe) }.sorted() }
        return Expected(
            conflicts: conflicts, ours: describe(results.map(\.ours)), theirs: describe(results.map(\.theirs)),
            oursTitle: title.ours, theirsTitle: title.theirs)
    }

    /// An item as one line: every key, its comment, the comment above it.
    static func describe(_ item: Item) -> String {
        var parts = ["name=\(item.name)"]
        if let id = item.id { parts.append("id=\(id)") }
        for key in HouseholdList.keyOrder {
            if let value = item.values[key] { parts.append("\(key)=\(value)") }
        }
        for key in item.keyComments.keys.sorted() { parts.append("#\(key)=\(item.keyComments[key] ?? "")") }
        if let comment = item.comment { parts.append("above=\(comment)") }
        return parts.joined(separator: "|")
    }
}
