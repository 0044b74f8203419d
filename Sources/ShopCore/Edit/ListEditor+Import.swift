/// `shop import`: the entries an import reads, applied to the list as one batch with the other
/// edits' rules (canonical values, comments kept, categories spelled as `categories` spells them).
extension ListEditor {
    /// Applies what an import read. Entries are matched to items by name, the way names are
    /// compared; the entries that name one item are merged first (``ImportMerge``).
    ///
    /// - A known item goes on the list (`buy: true`) unless the entry's `buy` is false, which takes
    ///   it off (and out of the basket, unless `done` says otherwise); `done` true checks it off,
    ///   false unchecks it. When the entry ``ImportEntry/changesKnownItems``, each value it gives
    ///   replaces the item's (set, not added); values it does not give stay.
    /// - An unknown name becomes a new item with the entry's values, on the list unless `buy` is
    ///   false, placed after the last item of its category (else at the end), like `add` places it.
    ///   One close to exactly one name the list has gets a warning naming it (``ImportPlan/suggestions(among:)``).
    ///
    /// Nothing that is already as the entry says is touched, so a list imported from its own
    /// export does not change. Refused, with every problem on its line, when the input had lines
    /// that cannot be read, or when a value does not fit the list: a price with more decimals than
    /// the currency has or in another currency, an item whose name the list has twice or that has
    /// a key twice, an id another item has. A refused import plans nothing.
    public mutating func importEntries(_ read: ImportEntries) throws(ImportRefusal) {
        let facts = ItemFacts(list: list, questions: ItemQuestions(read.entries))
        let plan = try Self.importPlan(read, facts: facts)
        let suggestions = plan.suggestions(among: list.items.compactMap(\.name))
        plan.apply(to: &self)
        for note in suggestions + plan.notes { self.note(note.kind, note.message) }
    }

    /// The plan of an import of `read` into the list `facts` were gathered from; refused with
    /// every problem, as ``importEntries(_:)`` is.
    static func importPlan(_ read: ImportEntries, facts: ItemFacts) throws(ImportRefusal) -> ImportPlan {
        var problems = read.problems
        if let marker = read.currency {
            if let own = facts.currencyCode, !CurrencyMarker.marker(marker, standsFor: own) {
                problems.append(
                    ImportProblem(
                        line: read.currencyLine, message: "the prices are in \(marker) but the list's currency is \(own)"))
            } else if facts.currencyCode == nil {
                // The code to add, when the marker names one currency (`€`, `EUR`; not `$`).
                let codes = CurrencyMarker.codes(of: marker)
                let advice = codes.count == 1 ? "add \"currency: \(codes[0])\" to it first" : "add its currency to it first"
                problems.append(
                    ImportProblem(
                        line: read.currencyLine, message: "the prices are in \(marker) but the list has no currency; \(advice)"))
            }
        }
        if facts.currencyCode == nil { problems += Self.mixedCurrencies(read.entries) }
        var planner = ImportPlanner(entries: read.entries, facts: facts)
        planner.plan(problems: &problems)
        guard problems.isEmpty else { throw ImportRefusal(problems) }
        var plan = planner.made
        plan.skippedLines = read.skippedLines
        if !read.ignoredColumns.isEmpty {
            // A column under a header shop does not know is data the person may think was read.
            let names = read.ignoredColumns.map { "\"\($0)\"" }.joined(separator: ", ")
            let known = CSVColumn.allCases.filter { $0 != .total }.map(\.title).joined(separator: ", ")
            plan.warnings.append(
                EditNote(
                    .warning,
                    "not read: the column\(read.ignoredColumns.count == 1 ? "" : "s") \(names); the columns shop reads are \(known)"
                ))
        }
        return plan
    }

    /// For a list without a currency, the entries whose price is marked with a currency that no
    /// earlier marked price can share (`$12`, then `¥3000`): the list would add them up as one.
    static func mixedCurrencies(_ entries: [ImportEntry]) -> [ImportProblem] {
        var shared: Set<String>?
        var first: String?
        var problems: [ImportProblem] = []
        for entry in entries where entry.fields[.price] != nil {
            guard let marker = entry.priceCurrency else { continue }
            let codes = Set(CurrencyMarker.codes(of: marker))
            let common = shared.map { $0.intersection(codes) } ?? codes
            if common.isEmpty, let first {
                problems.append(
                    ImportProblem(
                        line: entry.line,
                        message: "the price is in \(marker) but another is in \(first), and the list has no currency to tell; add one to it first"))
                continue
            }
            shared = common
            first = first ?? marker
        }
        return problems
    }
}
