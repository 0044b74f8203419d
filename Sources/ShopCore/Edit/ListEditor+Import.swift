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
    ///
    /// Nothing that is already as the entry says is touched, so a list imported from its own
    /// export does not change. Refused, with every problem on its line, when the input had lines
    /// that cannot be read, or when a value does not fit the list: a price with more decimals than
    /// the currency has or in another currency, an item whose name the list has twice or that has
    /// a key twice, an id another item has. A refused import plans nothing.
    public mutating func importEntries(_ read: ImportEntries) throws(ImportRefusal) {
        let facts = ItemFacts(list: list, questions: ItemQuestions(read.entries))
        var changes = ImportChanges(try Self.importPlan(read, facts: facts))
        changes.apply(toWhole: &self)
        for note in changes.plan.notes { self.note(note.kind, note.message) }
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
        if !read.ignoredColumns.isEmpty {
            // A column under a header shop does not know is data the person may think was read.
            let names = read.ignoredColumns.map { "\"\($0)\"" }.joined(separator: ", ")
            let known = CSVColumn.allCases.filter { $0 != .total }.map(\.rawValue).joined(separator: ", ")
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
        for entry in entries where entry.price != nil {
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

extension ListEditor {
    /// The size from which a list is read in parts for an import: from a megabyte on, the
    /// list's own memory is what counts (61 MB whole against 24 MB in parts for a 10.7 MB list).
    public static let importInPartsMinimumSize = 1 << 20

    /// The size of an input from which an import into a shorter list is made in parts too: its
    /// new items, made a batch at a time, are what counts then (an 8 MiB text of 214,000 new
    /// items into a 2,000-item list: 266 MB with the whole list's editor holding them all).
    public static let importInPartsMinimumInput = 1 << 20

    /// ``importEntries(_:)`` of what `text` holds in `format`, made as the list `bytes` hold is
    /// read in parts (``ShoppingList/readInParts(_:limits:_:)``), handing the edited list in
    /// canonical form to `sink` as it goes: an import into a long list in the memory of a few
    /// hundred of its items, and of the import.
    ///
    /// What the import asks of the list (``ItemFacts``: its settings, the items the entries name,
    /// the items with their ids, where their categories end) is gathered first, on a read in parts
    /// of a list of ``importInPartsMinimumSize`` or more, else on the whole list. The import is
    /// planned from those, exactly as on the whole list, and a read in parts makes the plan's
    /// changes on the editor of each part (``ImportChanges``), with the new items made apart, a
    /// batch at a time, and printed among the part's. A refused import says why by `refusing` its
    /// problems. What the whole list's editor would say otherwise (the list has structure errors,
    /// the input cannot be read) asks for the whole list (``PartsEdit/readWhole``), as does a list
    /// that cannot be printed in parts. A list shorter than ``importInPartsMinimumSize`` with an
    /// input shorter than ``importInPartsMinimumInput`` asks for the whole list: the list and the
    /// import are small then, and a read in parts only adds to them.
    public static func importInParts(
        _ bytes: [UInt8], text: ImportText, format: ImportFormat, refusing: (ImportRefusal) -> EditRefusal,
        configure: (inout ListEditor) -> Void = { _ in },
        into sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Result<PartsEdit, ReadFailure> {
        guard let facts = FactsReading(bytes, text) else { return .success(.readWhole) }
        return importInParts(
            bytes, text: text, format: format, chunkCapacity: nil, facts: facts, refusing: refusing,
            configure: configure, into: sink)
    }

    /// How an import in parts gathers what it asks of the list.
    enum FactsReading {
        /// On a read of the list in parts.
        case inParts
        /// On the whole list, which is short.
        case whole

        /// How the import of `text` into the list `bytes` hold gathers its facts; nil when the
        /// import is made on the whole list.
        init?(_ bytes: [UInt8], _ text: ImportText) {
            if bytes.count >= ListEditor.importInPartsMinimumSize {
                self = .inParts
            } else if text.text.utf8.count >= ListEditor.importInPartsMinimumInput {
                self = .whole
            } else {
                return nil
            }
        }
    }

    /// ``importInParts(_:text:format:refusing:configure:into:)`` with libyaml's events handed over
    /// `chunkCapacity` at a time, the facts gathered as `facts` says and new items made
    /// `batchSize` at a time (for tests).
    static func importInParts(
        _ bytes: [UInt8], text: ImportText, format: ImportFormat, chunkCapacity: Int?, facts: FactsReading,
        batchSize: Int = PartInsertion.batchSize, refusing: (ImportRefusal) -> EditRefusal,
        configure: (inout ListEditor) -> Void, into sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Result<PartsEdit, ReadFailure> {
        switch planned(bytes, text: text, format: format, chunkCapacity: chunkCapacity, facts: facts, refusing: refusing) {
        case .failure(let failure):
            return .failure(failure)
        case .success(.readWhole):
            return .success(.readWhole)
        case .success(.refused(let refusal)):
            return .success(.refused(refusal))
        case .success(.planned(let plan, _)):
            return editPartwise(
                bytes, chunkCapacity: chunkCapacity, ImportChanges(plan), configure: configure, batchSize: batchSize,
                into: sink)
        }
    }

    /// What an import would change, worked out as the list is read in parts.
    public enum ImportPreview: Sendable {
        /// The changes were handed on; these are their counts, as ``ListDiff`` counts them of the
        /// whole list, and what the import would say.
        case changes(ListDiff.Counts, notes: [EditNote])
        /// The import is refused.
        case refused(EditRefusal)
        /// The import cannot be worked out in parts: preview it on the whole list, which says why.
        case readWhole
    }

    /// What ``importInParts(_:text:format:refusing:configure:into:)`` would change, written
    /// nowhere: the list's changes, handed to `changes` one by one in the order ``ListDiff``
    /// gives them for the whole list (``ListDiff/init(old:new:options:)``), so that a preview
    /// of many new items never holds them all. An import moves and renames no item, so that each
    /// part's changes are its own; a part that changes the top level, or a list with an item that
    /// has neither a name nor an id (told apart by its place in the whole list), asks for the
    /// whole list, as any outcome but ``ImportPreview/changes(_:notes:)`` does: what `changes`
    /// was given is then not the preview. Made in parts for the lists and inputs
    /// ``importInParts(_:text:format:refusing:configure:into:)`` makes in parts.
    public static func importPreviewInParts(
        _ bytes: [UInt8], text: ImportText, format: ImportFormat, refusing: (ImportRefusal) -> EditRefusal,
        changes: @escaping (ListDiff.ItemChange) -> Void
    ) -> Result<ImportPreview, ReadFailure> {
        guard let facts = FactsReading(bytes, text) else { return .success(.readWhole) }
        return importPreviewInParts(
            bytes, text: text, format: format, chunkCapacity: nil, facts: facts, refusing: refusing, changes: changes)
    }

    /// ``importPreviewInParts(_:text:format:refusing:changes:)`` with libyaml's events handed over
    /// `chunkCapacity` at a time, the facts gathered as `facts` says and new items made
    /// `batchSize` at a time (for tests).
    static func importPreviewInParts(
        _ bytes: [UInt8], text: ImportText, format: ImportFormat, chunkCapacity: Int?, facts: FactsReading,
        batchSize: Int = PartInsertion.batchSize, refusing: (ImportRefusal) -> EditRefusal,
        changes: @escaping (ListDiff.ItemChange) -> Void
    ) -> Result<ImportPreview, ReadFailure> {
        let plan: ImportPlan
        switch planned(bytes, text: text, format: format, chunkCapacity: chunkCapacity, facts: facts, refusing: refusing) {
        case .failure(let failure): return .failure(failure)
        case .success(.readWhole): return .success(.readWhole)
        case .success(.refused(let refusal)): return .success(.refused(refusal))
        case .success(.planned(_, hasUnidentifiedItems: true)): return .success(.readWhole)
        case .success(.planned(let planned, _)): plan = planned
        }
        let preview = PartsPreview(sink: changes)
        let edited = editPartwise(
            bytes, chunkCapacity: chunkCapacity, ImportChanges(plan), configure: { _ in }, preview: preview,
            batchSize: batchSize, into: { _ in })
        switch edited {
        case .failure(let failure):
            return .failure(failure)
        case .success(.edited(let notes, _)) where !preview.topLevelChanged:
            return .success(.changes(preview.counts, notes: notes))
        case .success(.refused(let refusal)):
            return .success(.refused(refusal))
        case .success:
            return .success(.readWhole)
        }
    }

    /// How planning an import in parts ended.
    private enum PlannedImport {
        /// The plan, and whether the list has items with neither a name nor an id.
        case planned(ImportPlan, hasUnidentifiedItems: Bool)
        case refused(EditRefusal)
        case readWhole
    }

    /// The plan of an import into the list `bytes` hold, from the facts gathered as `facts` says.
    private static func planned(
        _ bytes: [UInt8], text: ImportText, format: ImportFormat, chunkCapacity: Int?, facts reading: FactsReading,
        refusing: (ImportRefusal) -> EditRefusal
    ) -> Result<PlannedImport, ReadFailure> {
        let gathered: (ImportEntries, ItemFacts)?
        switch reading {
        case .inParts:
            var gathering = ImportFactsGathering(text: text, format: format)
            switch ShoppingList.readInParts(bytes, chunkCapacity: chunkCapacity, { gathering.look(at: $0) }) {
            case .failure(let failure):
                return .failure(failure)
            case .success(.settingsAfterItems):
                return .success(.readWhole)
            case .success(.read(let rest)):
                gathering.look(at: rest)
            }
            gathered = gathering.finish()
        case .whole:
            switch ShoppingList.read(bytes) {
            case .failure(let failure):
                return .failure(failure)
            case .success(let list):
                gathered = wholeListFacts(list, text: text, format: format)
            }
        }
        guard let (read, facts) = gathered else { return .success(.readWhole) }
        do throws(ImportRefusal) {
            return .success(.planned(try importPlan(read, facts: facts), hasUnidentifiedItems: facts.hasUnidentifiedItems))
        } catch {
            return .success(.refused(refusing(error)))
        }
    }

    /// The input as read for `list` and the facts of `list`, as ``importEntries(_:)`` gathers
    /// them; nil when the whole list's import is to say what happens (the list has structure
    /// errors, the input cannot be read).
    private static func wholeListFacts(
        _ list: ShoppingList, text: ImportText, format: ImportFormat
    ) -> (ImportEntries, ItemFacts)? {
        guard (try? ListEditor(list: list)) != nil else { return nil }
        let known = Set(list.items.compactMap { $0.name.map(NameKey.init) })
        guard let read = try? ImportEntries.read(text, format: format, knownNames: known, priceDecimals: list.priceDecimals)
        else { return nil }
        return (read, ItemFacts(list: list, questions: ItemQuestions(read.entries)))
    }
}

/// The first read of ``ListEditor/importInParts(_:text:format:refusing:configure:into:)``: the
/// input read once the first part tells the list's settings, and the facts of every part.
private struct ImportFactsGathering {
    let text: ImportText
    let format: ImportFormat
    var facts: ItemFacts?
    /// The decimals the input was read with.
    var decimals = Currency.defaultDecimals
    /// The input as read first, when its reader asked nothing of the list's names: then it
    /// reads the same with any names.
    var unasked: ImportEntries?
    /// Set when the input cannot be read; the whole list's import says why.
    var unreadable = false

    /// Every name a reader asks about, answered as if the list had none: the names any answers
    /// could make it ask about.
    private final class AskedNames {
        /// Their fingerprints, as ``ItemQuestions/names`` has them.
        var names: Set<UInt64> = []
        func ask(_ name: NameKey) -> Bool {
            names.insert(NameKey.fingerprint(of: name.bytes))
            return false
        }
    }

    init(text: ImportText, format: ImportFormat) {
        self.text = text
        self.format = format
    }

    mutating func look(at part: ShoppingList) {
        guard !unreadable else { return }
        if facts == nil {
            // Prices are read with the list's decimals, which the first part knows.
            decimals = part.priceDecimals
            let asked = AskedNames()
            do throws(ImportProblem) {
                let read = try ImportEntries.read(text, format: format, isKnown: asked.ask, priceDecimals: decimals)
                facts = ItemFacts(questions: ItemQuestions(read.entries, askedNames: asked.names))
                if asked.names.isEmpty { unasked = read }
            } catch {
                unreadable = true
                return
            }
        }
        facts?.look(at: part)
    }

    /// The input as read with the names the list has, and the facts; nil when the whole list's
    /// import is to say what happens.
    func finish() -> (ImportEntries, ItemFacts)? {
        guard !unreadable, let facts, !facts.broken, facts.priceDecimals == decimals else { return nil }
        let known = facts.knownNames
        guard
            let read = unasked
                ?? (try? ImportEntries.read(text, format: format, isKnown: { known.contains($0) }, priceDecimals: decimals)),
            facts.questions.cover(read.entries)
        else { return nil }
        return (read, facts)
    }
}
