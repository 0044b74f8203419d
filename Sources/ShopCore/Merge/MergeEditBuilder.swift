import YAML

/// Writes a ``MergePlan`` as one batch of edits on ours' document: what theirs changed is carried
/// over from theirs' document with its comments (values, entries, whole items), what it removed
/// is removed. Where a conflict stands, ours' entry or item stays (theirs' where ours has none),
/// for the markers to go around. When theirs moved an item that both sides changed, the changes
/// inside items are made first and the items moved in a second batch.
struct MergeEditBuilder {
    let versions: MergeVersions
    let plan: MergePlan

    var ours: Document { versions.ours.document }
    var theirs: Document { versions.theirs.document }

    /// The merged list, decoded: the items of ours that the edits did not touch keep ours'
    /// records.
    func build() -> ShoppingList {
        var edit = DocumentEdit()
        addTopLevel(&edit)
        addItemContents(&edit)
        addBlankLines(&edit)
        let oursItems = versions.ours.items.map { NodeID(index: $0.node) }
        let movedAndEdited = plan.moved.contains { index in
            if case .oursEdited = plan.items[index].content { return true }
            return false
        }
        let oursList = versions.ours.list
        guard let itemsNode = versions.ours.itemsNode else { return oursList.applying(edit) }
        guard movedAndEdited else {
            addItemStructure(&edit, document: ours, items: NodeID(index: itemsNode), itemNodes: oursItems)
            return oursList.applying(edit)
        }
        let first = oursList.applying(edit)
        guard let sequence = first.itemsNode else { return first }
        let nodes = first.document.node(sequence).items.map(\.id)
        var second = DocumentEdit()
        addItemStructure(&second, document: first.document, items: sequence, itemNodes: nodes)
        return first.applying(second)
    }


    // MARK: Blank lines

    /// The blank lines before items and top-level keys, which the canonical form keeps as the
    /// author's grouping: where theirs added or removed one and ours left it as the base had it,
    /// theirs' stands (a moved item's are theirs' already, as theirs wrote it).
    private func addBlankLines(_ edit: inout DocumentEdit) {
        for index in plan.order where !plan.moved.contains(index) {
            let item = plan.items[index]
            guard let base = item.base, let ours = item.ours, let theirs = item.theirs else { continue }
            if case .removed = item.content { continue }
            mergeBlankLine(
                base: plan.baseBlankLines.items[base], ours: versions.ours.items[ours].node,
                theirs: versions.theirs.items[theirs].node, &edit)
        }
        // Every top-level key, `items` and `categories` too, which the plan merges apart.
        for (key, blank) in plan.baseBlankLines.topKeys {
            guard let ours = versions.ours.topEntry(key), let theirs = versions.theirs.topEntry(key) else { continue }
            mergeBlankLine(base: blank, ours: ours.keyNode, theirs: theirs.keyNode, &edit)
        }
    }

    /// The blank line before an item theirs moved and ours' copy of which is moved with it:
    /// theirs wrote the item in its new place, so theirs' stands, unless ours changed it from the
    /// base's. Nil for an item not on both sides.
    private func movedBlankLine(_ item: MergedItem) -> Bool? {
        guard let ours = item.ours, let theirs = item.theirs else { return nil }
        return movedBlankLine(
            base: item.base.map { plan.baseBlankLines.items[$0] }, ours: versions.ours.items[ours].node,
            theirs: versions.theirs.items[theirs].node)
    }

    /// The blank line before the node `ours` (of ours), moved where theirs has `theirs`; `base`
    /// says whether the base has one there, when it has the node (see ``movedBlankLine(_:)``).
    private func movedBlankLine(base: Bool?, ours: Int, theirs: Int) -> Bool {
        let oursBlank = versions.oursNodes.hasBlankLine(ours)
        if let base, base != oursBlank { return oursBlank }
        return versions.theirsNodes.hasBlankLine(theirs)
    }

    /// Theirs' blank line before the node `ours` (of ours) where theirs changed it from the
    /// base's (`before`) and ours did not.
    private func mergeBlankLine(base before: Bool, ours: Int, theirs: Int, _ edit: inout DocumentEdit) {
        let theirsBlank = versions.theirsNodes.hasBlankLine(theirs)
        if versions.oursNodes.hasBlankLine(ours) == before && theirsBlank != before {
            edit.setBlankLineBefore(NodeID(index: ours), theirsBlank)
        }
    }

    func trivia(_ node: Int, _ side: MergeVersions.Side) -> Trivia {
        versions.version(side).document.node(NodeID(index: node)).trivia
    }

    // MARK: Entries

    /// The edits that make ours' entry of one key what the merge decided, in the mapping
    /// `container` of ours whose entries are `oursEntries`; theirs' entries of the same mapping
    /// are `theirsEntries` (where an entry only theirs has goes).
    func addEntry(
        _ merge: KeyMerge, container: Int, oursEntries: [ListVersion.Entry], theirsEntries: [ListVersion.Entry],
        to edit: inout DocumentEdit
    ) {
        let oursEntry = merge.ours?.entry
        let theirsEntry = merge.theirs?.entry
        switch merge.outcome {
        case .ours:
            return
        case .conflict:
            if oursEntry == nil, let theirsEntry {
                insert(theirsEntry, container: container, oursEntries: oursEntries, theirsEntries: theirsEntries, &edit)
            }
        case .theirs:
            switch (oursEntry, theirsEntry) {
            case (let oursEntry?, let theirsEntry?):
                edit.replace(NodeID(index: oursEntry.valueNode), with: theirs.subtree(at: NodeID(index: theirsEntry.valueNode)))
                edit.setComments(of: NodeID(index: oursEntry.keyNode), to: trivia(theirsEntry.keyNode, .theirs))
                edit.setComments(of: NodeID(index: oursEntry.valueNode), to: trivia(theirsEntry.valueNode, .theirs))
            case (let oursEntry?, nil):
                edit.removeEntry(key: NodeID(index: oursEntry.keyNode), comments: .drop)
            case (nil, let theirsEntry?):
                insert(theirsEntry, container: container, oursEntries: oursEntries, theirsEntries: theirsEntries, &edit)
            case (nil, nil):
                return
            }
        case .compose(let value, let comments):
            guard let oursEntry, let theirsEntry else { return }
            let valueNode = NodeID(index: oursEntry.valueNode)
            if value == .theirs {
                edit.replace(valueNode, with: theirs.subtree(at: NodeID(index: theirsEntry.valueNode)))
            }
            if comments == .theirs {
                edit.setComments(of: NodeID(index: oursEntry.keyNode), to: trivia(theirsEntry.keyNode, .theirs))
                edit.setComments(of: valueNode, to: trivia(theirsEntry.valueNode, .theirs))
            } else if value == .theirs {
                // The replacing value brings theirs' comments; the entry keeps ours'.
                edit.setComments(of: valueNode, to: trivia(oursEntry.valueNode, .ours))
            }
        }
    }

    /// Inserts theirs' entry into ours' mapping after the entry that precedes it in theirs (the
    /// nearest one ours has), else first.
    private func insert(
        _ entry: ListVersion.Entry, container: Int, oursEntries: [ListVersion.Entry], theirsEntries: [ListVersion.Entry],
        _ edit: inout DocumentEdit
    ) {
        var before: Int? = oursEntries.first?.keyNode
        if let position = theirsEntries.firstIndex(where: { $0.keyNode == entry.keyNode }) {
            for previous in theirsEntries[..<position].reversed() {
                guard let key = previous.key, let found = oursEntries.firstIndex(where: { $0.key == key }) else { continue }
                before = found + 1 < oursEntries.count ? oursEntries[found + 1].keyNode : nil
                break
            }
        }
        edit.insertEntry(
            key: theirs.subtree(at: NodeID(index: entry.keyNode)), value: theirs.subtree(at: NodeID(index: entry.valueNode)),
            into: NodeID(index: container), before: before.map(NodeID.init(index:)))
    }

    // MARK: Top level

    private func addTopLevel(_ edit: inout DocumentEdit) {
        guard let root = versions.ours.root else { return }
        for merge in plan.topKeys {
            addEntry(
                merge, container: root, oursEntries: versions.ours.topEntries, theirsEntries: versions.theirs.topEntries,
                to: &edit)
        }
        if plan.header.changed || plan.footer.changed {
            var rootTrivia = trivia(root, .ours)
            rootTrivia.leading = plan.header.comments
            rootTrivia.end = plan.footer.comments
            edit.setComments(of: NodeID(index: root), to: rootTrivia)
        }
        addItemsComments(&edit)
        addCategories(&edit)
        addStores(&edit)
    }

    /// Each store as ``StoresMerge`` decided, in ours' `stores` mapping.
    private func addStores(_ edit: inout DocumentEdit) {
        guard let stores = plan.stores, let oursEntry = versions.ours.topEntry(ListKey.stores.rawValue),
            let theirsEntry = versions.theirs.topEntry(ListKey.stores.rawValue)
        else { return }
        let oursStores = ListVersion.entries(of: oursEntry.valueNode, nodes: versions.oursNodes)
        let theirsStores = ListVersion.entries(of: theirsEntry.valueNode, nodes: versions.theirsNodes)
        for merge in stores.stores {
            addEntry(merge, container: oursEntry.valueNode, oursEntries: oursStores, theirsEntries: theirsStores, to: &edit)
        }
    }

    private func addItemsComments(_ edit: inout DocumentEdit) {
        guard let oursItems = versions.ours.topEntry(ListKey.items.rawValue) else { return }
        let theirsItems = versions.theirs.topEntry(ListKey.items.rawValue)
        let fromTheirs = plan.itemsComments == .theirs && theirsItems != nil
        guard fromTheirs || plan.itemsEnd.changed else { return }
        var sequenceTrivia = trivia(oursItems.valueNode, .ours)
        if fromTheirs, let theirsItems {
            edit.setComments(of: NodeID(index: oursItems.keyNode), to: trivia(theirsItems.keyNode, .theirs))
            sequenceTrivia = trivia(theirsItems.valueNode, .theirs)
        }
        sequenceTrivia.end = plan.itemsEnd.comments
        edit.setComments(of: NodeID(index: oursItems.valueNode), to: sequenceTrivia)
    }

    private func addCategories(_ edit: inout DocumentEdit) {
        guard let categories = plan.categories, !categories.conflict,
            let oursEntry = versions.ours.topEntry(ListKey.categories.rawValue),
            let theirsEntry = versions.theirs.topEntry(ListKey.categories.rawValue)
        else { return }
        if categories.entryComments == .theirs {
            edit.setComments(of: NodeID(index: oursEntry.keyNode), to: trivia(theirsEntry.keyNode, .theirs))
            edit.setComments(of: NodeID(index: oursEntry.valueNode), to: trivia(theirsEntry.valueNode, .theirs))
        }
        let oursElements = CategoriesMerge.elements(MergeVersions.SideEntry(side: .ours, entry: oursEntry), versions)
        let theirsElements = CategoriesMerge.elements(MergeVersions.SideEntry(side: .theirs, entry: theirsEntry), versions)
        let sequence = NodeID(index: oursEntry.valueNode)
        let stationary = Set(
            categories.order.filter { categories.members[$0].ours != nil && !categories.moved.contains($0) })
        // The blank lines between categories, the author's grouping of aisles, merge as between
        // items.
        for index in stationary {
            let member = categories.members[index]
            guard let base = member.base, let ours = member.ours, let theirs = member.theirs else { continue }
            mergeBlankLine(base: categories.baseBlankLines[base], ours: oursElements[ours], theirs: theirsElements[theirs], &edit)
        }
        for (index, member) in categories.members.enumerated() {
            guard let ours = member.ours else { continue }
            let node = NodeID(index: oursElements[ours])
            if !stationary.contains(index) {
                edit.removeItem(node)
            } else if case .theirs = member.content, let theirs = member.theirs {
                edit.replace(node, with: self.theirs.subtree(at: NodeID(index: theirsElements[theirs])))
                edit.setComments(of: node, to: trivia(theirsElements[theirs], .theirs))
            }
        }
        for (position, index) in categories.order.enumerated() where !stationary.contains(index) {
            let member = categories.members[index]
            var subtree: Subtree
            if case .theirs = member.content, let theirs = member.theirs {
                subtree = self.theirs.subtree(at: NodeID(index: theirsElements[theirs]))
            } else if let ours = member.ours {
                subtree = self.ours.subtree(at: NodeID(index: oursElements[ours]))
                if let theirs = member.theirs {
                    subtree.hasBlankLineBefore = movedBlankLine(
                        base: member.base.map { categories.baseBlankLines[$0] }, ours: oursElements[ours],
                        theirs: theirsElements[theirs])
                }
            } else {
                continue
            }
            let next = categories.order[(position + 1)...].first { stationary.contains($0) }
            let before = next.flatMap { categories.members[$0].ours }.map { NodeID(index: oursElements[$0]) }
            edit.insertItem(subtree, into: sequence, before: before)
        }
    }

    // MARK: Items

    /// The changes inside the items of ours that stay in their place.
    private func addItemContents(_ edit: inout DocumentEdit) {
        for index in plan.order where !plan.moved.contains(index) {
            let item = plan.items[index]
            guard let ours = item.ours else { continue }
            let oursNode = versions.ours.items[ours].node
            switch item.content {
            case .ours, .removed:
                continue
            case .theirs:
                guard let theirs = item.theirs else { continue }
                let theirsNode = versions.theirs.items[theirs].node
                edit.replace(NodeID(index: oursNode), with: self.theirs.subtree(at: NodeID(index: theirsNode)))
                edit.setComments(of: NodeID(index: oursNode), to: trivia(theirsNode, .theirs))
            case .oursEdited(let keys, let comments):
                addEdits(keys, comments: comments, ours: ours, theirs: item.theirs, to: &edit)
            }
        }
        // An item that both changed and theirs moved is changed in place first (see build()).
        for index in plan.moved {
            guard case .oursEdited(let keys, let comments) = plan.items[index].content, let ours = plan.items[index].ours
            else { continue }
            addEdits(keys, comments: comments, ours: ours, theirs: plan.items[index].theirs, to: &edit)
        }
    }

    /// The keys of ours' item `ours` merged, and its own comments theirs' when `comments` says so.
    private func addEdits(
        _ keys: [KeyMerge], comments: MergeVersions.Side, ours: Int, theirs: Int?, to edit: inout DocumentEdit
    ) {
        let oursNode = versions.ours.items[ours].node
        let oursEntries = versions.ours.entries(ofItem: ours)
        let theirsEntries = theirs.map { versions.theirs.entries(ofItem: $0) } ?? []
        for merge in keys {
            addEntry(merge, container: oursNode, oursEntries: oursEntries, theirsEntries: theirsEntries, to: &edit)
        }
        if comments == .theirs, let theirs {
            edit.setComments(of: NodeID(index: oursNode), to: trivia(versions.theirs.items[theirs].node, .theirs))
        }
    }

    /// Items removed, added and moved, in `document` (ours', or ours' with the changes inside
    /// items made), whose items sequence is `items` and whose nodes of ours' items are
    /// `itemNodes`.
    private func addItemStructure(_ edit: inout DocumentEdit, document: Document, items: NodeID, itemNodes: [NodeID]) {
        let stationary = Set(plan.order.filter { plan.items[$0].ours != nil && !plan.moved.contains($0) })
        for (index, item) in plan.items.enumerated() {
            guard let ours = item.ours, !stationary.contains(index) else { continue }
            edit.removeItem(itemNodes[ours])
        }
        // The stationary item each position's item goes before, found in one pass from the end,
        // so that a side that adds or moves many items costs as much as the items it adds.
        var nextStationary = [Int?](repeating: nil, count: plan.order.count)
        var following: Int? = nil
        for position in plan.order.indices.reversed() {
            nextStationary[position] = following
            if stationary.contains(plan.order[position]) { following = plan.order[position] }
        }
        for (position, index) in plan.order.enumerated() where !stationary.contains(index) {
            let item = plan.items[index]
            var subtree: Subtree
            if case .theirs = item.content, let theirs = item.theirs {
                subtree = self.theirs.subtree(at: NodeID(index: versions.theirs.items[theirs].node))
            } else if let ours = item.ours {
                subtree = document.subtree(at: itemNodes[ours])
                if let blank = movedBlankLine(item) { subtree.hasBlankLineBefore = blank }
            } else {
                continue
            }
            let before = nextStationary[position].flatMap { plan.items[$0].ours }.map { itemNodes[$0] }
            edit.insertItem(subtree, into: items, before: before)
        }
    }
}
