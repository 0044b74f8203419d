import JSON

/// `shop diff`'s text: one line per change, then a summary line.
extension ListDiff {
    /// The lines of the changes, without the summary: the top level first, then the items.
    ///
    ///     ~ title: Weekly -> Party
    ///     ~ categories: + Frozen, - Bakery
    ///     + Oat milk (price 1.89, quantity 2 l, category Dairy)
    ///     - Bread
    ///     ~ Apples: price 3.49 -> 3.29, buy false -> true
    ///     ~ Oat drink: renamed from Oat milk
    ///     ~ Salt: comments changed
    public var lines: [String] {
        var lines: [String] = []
        forEachLine { lines.append($0) }
        return lines
    }

    /// Hands `body` each line of ``lines``, in order, without holding them.
    public func forEachLine(_ body: (String) -> Void) {
        for change in listChanges { body(Self.line(change)) }
        for change in itemChanges { body(Self.line(change)) }
    }

    /// `2 added, 1 removed, 3 changed` (and `, 1 moved` with the order option); `no changes` when
    /// the versions are the same.
    public var summaryLine: String {
        guard counts != Counts() else { return "no changes" }
        var parts = ["\(counts.added) added", "\(counts.removed) removed", "\(counts.changed) changed"]
        if options.order { parts.append("\(counts.moved) moved") }
        return parts.joined(separator: ", ")
    }

    /// The lines and the summary, each ending with a line feed.
    public func text() -> String {
        var text = ""
        write { text += $0 }
        return text
    }

    /// Hands ``text()`` to `output` a line at a time: the preview of an import of 236,000 lines
    /// held its 12.5 MB as one string, and up to 46 MB while that string grew.
    public func write(to output: (String) -> Void) {
        forEachLine { output($0 + "\n") }
        output(summaryLine + "\n")
    }

    static func line(_ change: ListChange) -> String {
        guard let key = change.key else { return "~ file comments changed" }
        var parts: [String] = []
        switch change.kind {
        case .comments:
            return "~ \(key): comments changed"
        case .value(let old, let new):
            parts.append("\(old.text) -> \(new.text)")
        case .categories(let added, let removed, let respelled, let reordered):
            parts += added.map { "+ " + DiffValues.quotedIfUnclear($0) }
            parts += removed.map { "- " + DiffValues.quotedIfUnclear($0) }
            parts += respelled.map { DiffValues.quotedIfUnclear($0.old) + " -> " + DiffValues.quotedIfUnclear($0.new) }
            if reordered { parts.append("order changed") }
        }
        if change.commentsChanged { parts.append("comments changed") }
        return "~ \(key): " + parts.joined(separator: ", ")
    }

    /// The line of one item change, as ``lines`` has it.
    public static func line(_ change: ItemChange) -> String {
        let name = displayed(change.name)
        switch change.kind {
        case .added:
            // A unit without a quantity is said alone (`price 1.99, unit kg`): one of it.
            let hasQuantity = change.keys.contains { $0.key == "quantity" }
            let shown = change.keys.filter { ["price", "quantity", "size", "category"].contains($0.key) || ($0.key == "unit" && !hasQuantity) }
            guard !shown.isEmpty else { return "+ \(name)" }
            // A quantity says of what: `quantity 2 kg`.
            let unit = change.keys.first { $0.key == "unit" }.map { " " + $0.new.text } ?? ""
            return "+ \(name) ("
                + shown.map { "\($0.key) \($0.new.text)" + ($0.key == "quantity" ? unit : "") }.joined(separator: ", ") + ")"
        case .removed:
            return "- \(name)"
        case .changed, .moved:
            var parts: [String] = []
            if let old = change.renamedFrom { parts.append("renamed from \(displayed(old))") }
            parts += change.keys.map { "\($0.key) \($0.old.text) -> \($0.new.text)" }
            if change.commentsChanged { parts.append("comments changed") }
            switch change.movedTo {
            case .top: parts.append("moved to the top")
            case .after(let previous): parts.append("moved after \(displayed(previous))")
            case nil: break
            }
            return "~ \(name): " + parts.joined(separator: ", ")
        }
    }

    /// A name as a line shows it: quoted when it would be unclear.
    static func displayed(_ name: String) -> String {
        name.contains(": ") || name.hasSuffix(":") ? JSONStringEscaper.quoted(name) : DiffValues.quotedIfUnclear(name)
    }
}
