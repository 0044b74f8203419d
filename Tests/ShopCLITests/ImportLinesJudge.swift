import Foundation

/// Imports the rows of the import table one by one with the built `shop`, into a fresh copy of
/// their base list each, and says of each whether the list came out as the row says.
struct ImportLinesJudge {
    /// How one row came out.
    struct Verdict {
        var row: ImportLinesTable.Row
        /// What differs from the row's expectation ("price", "refused", "missing item", ...):
        /// nothing when the row came out exactly right.
        var misses: Set<String>
        /// What the row wants and what came, as a person reads them.
        var wanted: [String]
        var got: [String]
        /// Whether shop answered as a program must: exit 0, or 1 saying why; never a signal.
        var clearAnswer: Bool

        var isRight: Bool { misses.isEmpty }
    }

    let table: ImportLinesTable

    /// Imports every row, in `folder`, in the table's order.
    func verdicts(in folder: URL) throws -> [Verdict] {
        try table.rows.map { try verdict(of: $0, in: folder) }
    }

    func verdict(of row: ImportLinesTable.Row, in folder: URL) throws -> Verdict {
        let baseText = table.baseTexts[row.currency] ?? ""
        let base = table.baseItems[row.currency] ?? []
        let list = folder.appendingPathComponent("list.yaml")
        let inputName = "lines.\(row.kind.fileExtension)"
        try Files.write(baseText, to: list)
        try Files.write(row.fileText, to: folder.appendingPathComponent(inputName))
        let run = try EditCLI.run(["-f", "list.yaml", "import", "--format", row.kind.rawValue, inputName], in: folder)
        let after = try Files.text(list)
        let clearAnswer = !run.signaled && (run.status == 0 || (run.status == 1 && run.err.contains("shop: error:")))
        var verdict = Verdict(row: row, misses: [], wanted: [], got: [], clearAnswer: clearAnswer)
        let refusal = run.err.split(separator: "\n").first.map(String.init) ?? ""
        if run.signaled || (run.status != 0 && run.status != 1) {
            verdict.misses.insert("crashed or failed")
            verdict.got = ["\(run.signaled ? "signal" : "exit status") \(run.status): \(refusal)"]
        }

        switch row.outcome {
        case .refused:
            verdict.wanted = ["refused, the list left as it was"]
            if run.status == 0 {
                verdict.misses.insert("not refused")
                verdict.got = changes(from: base, to: ListItem.items(ofList: after) ?? [])
            } else if after != baseText {
                verdict.misses.insert("changed a refused list")
            }
        case .skipped:
            verdict.wanted = ["skipped, the list left as it was"]
            if run.status != 0 {
                verdict.misses.insert("refused")
                verdict.got = ["refused: \(refusal)"]
            } else if let items = ListItem.items(ofList: after) {
                let changed = changes(from: base, to: items)
                if !changed.isEmpty {
                    verdict.misses.insert("not skipped")
                    verdict.got = changed
                }
            } else {
                verdict.misses.insert("unreadable list")
            }
        case .items(let wanted):
            verdict.wanted = wanted.map { ($0.known ? "= " : "+ ") + $0.item.description }
            guard run.status == 0 else {
                verdict.misses.insert("refused")
                verdict.got = ["refused: \(refusal)"]
                break
            }
            guard let items = ListItem.items(ofList: after) else {
                verdict.misses.insert("unreadable list")
                break
            }
            compare(wanted: wanted, base: base, items: items, into: &verdict)
        }
        return verdict
    }

    /// Compares a list after an import with its base list as the row's items change it.
    private func compare(
        wanted: [ImportLinesTable.ExpectedItem], base: [ListItem], items: [ListItem], into verdict: inout Verdict
    ) {
        // The list that must come out: the base list with the known items the row names as the
        // row says they are, then its new items; categories compared where the row gives one.
        var expected: [(item: ListItem, checksCategory: Bool)] = base.map { item in
            if let named = wanted.first(where: { $0.known && $0.item.name == item.name }) {
                return (named.item, named.checksCategory)
            }
            return (item, true)
        }
        expected += wanted.filter { !$0.known }.map { ($0.item, $0.checksCategory) }
        let wantedNames = Set(wanted.map(\.item.name))
        var unmatched = items
        for (item, checksCategory) in expected {
            guard let index = unmatched.firstIndex(where: { $0.name == item.name }) else {
                verdict.misses.insert("missing item")
                verdict.got.append("no item \(item.name)")
                continue
            }
            var found = unmatched.remove(at: index)
            if !checksCategory { found.category = item.category }
            let differences = fieldDifferences(item, found)
            verdict.misses.formUnion(differences)
            if !differences.isEmpty || wantedNames.contains(item.name) {
                let mark = base.contains { $0.name == found.name } ? "= " : "+ "
                verdict.got.append(mark + found.description)
            }
        }
        for extra in unmatched {
            verdict.misses.insert("extra item")
            verdict.got.append("+ " + extra.description)
        }
    }

    /// The keys in which two items differ, by name.
    private func fieldDifferences(_ wanted: ListItem, _ got: ListItem) -> Set<String> {
        var differences: Set<String> = []
        if wanted.quantity != got.quantity { differences.insert("quantity") }
        if wanted.unit != got.unit { differences.insert("unit") }
        if wanted.size != got.size { differences.insert("size") }
        if wanted.price != got.price { differences.insert("price") }
        if wanted.category != got.category { differences.insert("category") }
        if wanted.buy != got.buy { differences.insert("buy") }
        if wanted.done != got.done { differences.insert("done") }
        return differences
    }

    /// The items that differ between two versions of a list, as a person reads them.
    private func changes(from base: [ListItem], to items: [ListItem]) -> [String] {
        var lines: [String] = []
        for item in items where !base.contains(item) {
            lines.append((base.contains { $0.name == item.name } ? "= " : "+ ") + item.description)
        }
        for item in base where !items.contains(where: { $0.name == item.name }) {
            lines.append("- " + item.name)
        }
        return lines
    }

    /// The accuracy, how it divides by kind and language, what the misses got wrong, and every
    /// miss with what its row wants and what came.
    static func report(_ verdicts: [Verdict]) -> String {
        let right = verdicts.filter(\.isRight).count
        let share = percent(right, verdicts.count)
        var lines = ["import table: \(right) of \(verdicts.count) rows exactly right (\(share))"]
        func tally(_ title: String, by key: (Verdict) -> String) {
            let groups = Dictionary(grouping: verdicts, by: key)
            let parts = groups.keys.sorted().map { name in
                let group = groups[name] ?? []
                return "\(name) \(group.filter(\.isRight).count)/\(group.count)"
            }
            lines.append("  \(title): " + parts.joined(separator: ", "))
        }
        tally("by kind") { $0.row.kind.rawValue }
        tally("by language") { $0.row.language }
        tally("by currency") { $0.row.currency }
        let missed = verdicts.filter { !$0.isRight }
        var kinds: [String: Int] = [:]
        for verdict in missed {
            for miss in verdict.misses { kinds[miss, default: 0] += 1 }
        }
        let ranked = kinds.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        lines.append("  rows missed by what differs: " + ranked.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        lines.append("")
        for verdict in missed {
            lines.append(verdict.row.title)
            lines.append("    want: " + verdict.wanted.joined(separator: "; "))
            let got = verdict.got.isEmpty ? "(as wanted in what is shown)" : verdict.got.joined(separator: "; ")
            lines.append("    got:  " + got)
            lines.append("    differs: " + verdict.misses.sorted().joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `part` of `whole` in percent with one decimal, in whole numbers (no rounding surprises).
    static func percent(_ part: Int, _ whole: Int) -> String {
        guard whole > 0 else { return "0.0%" }
        let permille = part * 1000 / whole
        return "\(permille / 10).\(permille % 10)%"
    }
}
