@testable import ShopCore
@testable import YAML

/// One fuzzing input: whatever the bytes, reading them either fails with a diagnostic or gives a
/// document that formats to text which reads again and formats to itself; every export of a list
/// without errors runs to the end, and its CSV and Markdown exports read back as one record per
/// item; the editor refuses or applies a typical edit cleanly, and the list it makes is what
/// decoding its document afresh gives; reading and printing on two threads give what they give on
/// one; and the import readers answer for the bytes as text, CSV and Markdown. Read in parts, as
/// check, export, fmt, import and the edits of named items read a list, cut after nearly every
/// item, the list gives the same findings, exports, text, edits and imports as read whole.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard reading(bytes, schedule: .inline) == reading(bytes, schedule: .concurrent) else {
        fatalError("reading on two threads differs")
    }
    _ = try? TextImportReader.read(bytes)
    _ = try? CSVImportReader.read(bytes)
    _ = try? MarkdownImportReader.read(bytes)
    guard case .success(let document) = ShoppingList.parseDocument(bytes) else { return 0 }
    let list = ShoppingList(document: document)
    readInParts(bytes, list: list, chunkCapacity: 1 + size % 5)
    let formatted = CanonicalForm.format(document)
    guard printedInRuns(document, policy: CanonicalForm.policy(for: list)) == formatted else {
        fatalError("printing in runs on two threads differs:\n\(String(decoding: formatted, as: UTF8.self))")
    }
    guard case .success(let reread) = ShoppingList.parseDocument(formatted) else {
        fatalError("fmt wrote text that does not read back:\n\(String(decoding: formatted, as: UTF8.self))")
    }
    guard CanonicalForm.format(reread) == formatted else {
        fatalError("fmt is not idempotent on:\n\(String(decoding: formatted, as: UTF8.self))")
    }
    guard ShoppingList(document: reread).diagnostics.count == list.diagnostics.count else {
        fatalError("fmt changed what check finds:\n\(String(decoding: formatted, as: UTF8.self))")
    }
    if !list.hasErrors {
        for format in ExportFormat.allCases {
            for scope in [ItemScope.shoppingList, .all] {
                _ = format.export(list, options: ExportOptions(scope: scope))
            }
        }
        for scope in [ItemScope.shoppingList, .all] {
            let count = list.items.filter { scope == .all || $0.buy }.count
            let options = ExportOptions(scope: scope)
            guard let csv = try? CSVImportReader.read(ExportFormat.csv.export(list, options: options)),
                csv.records.count == count, csv.problems.isEmpty
            else { fatalError("the CSV export does not read back as one record per item") }
            guard let markdown = try? MarkdownImportReader.read(ExportFormat.markdown.export(list, options: options)),
                markdown.items.count == count, markdown.problems.isEmpty
            else { fatalError("the Markdown export does not read back as one item per item") }
        }
        // An export imported back changes nothing (a checklist of every item would put all of
        // them on the list, so only the shopping list's).
        let known = Set(list.items.compactMap { $0.name.map(NameKey.init) })
        let roundTrips: [(ExportFormat, ImportFormat, ItemScope)] = [
            (.markdown, .markdown, .shoppingList), (.csv, .csv, .shoppingList), (.csv, .csv, .all),
            (.json, .json, .shoppingList), (.json, .json, .all),
        ]
        for (export, format, scope) in roundTrips {
            guard var editor = try? ListEditor(list: list),
                let entries = try? ImportEntries.read(
                    export.export(list, options: ExportOptions(scope: scope)), format: format, knownNames: known),
                (try? editor.importEntries(entries)) != nil, !editor.changed
            else { fatalError("the \(format) export imported back changes the list") }
        }
    }
    if var editor = try? ListEditor(document: document) {
        try? editor.add(ItemValues(name: "fuzz item", price: "1.5"))
        _ = CanonicalForm.format(editor.document)
        // An edit of an item in the middle: the records the edited list keeps for the others are
        // what decoding it afresh gives.
        let names = list.items.compactMap(\.name)
        if !names.isEmpty {
            let name = names[names.count / 2]
            try? (size % 3 == 0 ? editor.unbuy(name) : size % 3 == 1 ? editor.buy(name) : editor.remove(name))
        }
        let carried = editor.editedList
        guard carried.diagnostics == ShoppingList(document: carried.document).diagnostics else {
            fatalError("records carried across an edit differ from a fresh decode")
        }
    }
    return 0
}

/// What is made of a list read in parts, `chunkCapacity` events at a time, is what is made of the
/// list read whole: the findings, the fixes of `check --fix`, the exports written in parts, the
/// canonical text, the edits.
func readInParts(_ bytes: [UInt8], list: ShoppingList, chunkCapacity: Int) {
    let findings = list.check()
    // The rounds of check --fix from the whole list's findings and from those found in parts.
    let fixes = FixRounds(bytes, findings: findings)
    guard case .success(let fixedInParts) = FixRounds.apply(to: bytes), fixedInParts.bytes == fixes.bytes,
        fixedInParts.fixed == fixes.fixed
    else { fatalError("fixing in parts fixes otherwise") }
    // The edits that undo a round give its text back, as a round that breaks the list needs.
    let (_, splices) = Fixer.chooseSafeFixes(findings)
    var made: [UInt8] = []
    let undo = splices.apply(to: bytes) { made.append(contentsOf: $0) }
    guard undo.applied(to: made) == bytes else { fatalError("undoing a round of fixes gives another text") }
    guard (try? ShoppingList.checkInParts(bytes, rules: nil, chunkCapacity: chunkCapacity) { _, _ in }.get().findings) == findings
    else { fatalError("checking in parts finds otherwise") }
    var text: [UInt8] = []
    let formatted = CanonicalForm.formatInParts(bytes, chunkCapacity: chunkCapacity, restart: { text.removeAll() }) {
        text.append(contentsOf: $0)
    }
    guard case .success = formatted, text == CanonicalForm.format(list.document) else {
        fatalError("printing in parts prints otherwise")
    }
    if !findings.contains(where: { $0.severity == .error }) {
        for format in ExportFormat.allCases {
            let options = ExportOptions(scope: .all)
            var written: [UInt8] = []
            let export = PartsExport(format: format, options: options) { written.append(contentsOf: $0) }
            guard case .success(.read(let rest)) = ShoppingList.readInParts(bytes, chunkCapacity: chunkCapacity, { export.write($0) })
            else { continue }
            export.finish(rest)
            guard written == format.export(list, options: options) else { fatalError("the \(format) export in parts differs") }
        }
    }
    // Putting the middle item on the list, renaming it, removing one, adding one, clearing the
    // list: in parts and whole.
    let names = list.items.compactMap(\.name)
    guard !names.isEmpty else { return }
    let name = names[names.count / 2]
    sameEditInParts(list, "buy", whole: { editor throws(EditRefusal) in try editor.buy(name) }) { sink in
        ListEditor.editInParts(
            bytes, names: [name], chunkCapacity: chunkCapacity, configure: { _ in },
            change: { editor, name throws(EditRefusal) in try editor.buy(name) }, into: sink)
    }
    let newName = bytes.count % 3 == 0 ? names[0] : "Fuzzed \(bytes.count)"
    let rename = { (editor: inout ListEditor, name: String) throws(EditRefusal) in
        try editor.edit(name, values: ItemValues(name: newName), unset: [])
    }
    sameEditInParts(list, "a rename", whole: { editor throws(EditRefusal) in try rename(&editor, name) }) { sink in
        ListEditor.editInParts(
            bytes, names: [name], claiming: newName, chunkCapacity: chunkCapacity, configure: { _ in }, change: rename,
            into: sink)
    }
    let removed = names[(bytes.count / 7) % names.count]
    sameEditInParts(list, "rm", whole: { editor throws(EditRefusal) in try editor.remove(removed) }) { sink in
        ListEditor.removeInParts(bytes, names: [removed], chunkCapacity: chunkCapacity, configure: { _ in }, into: sink)
    }
    let categories = list.items.compactMap(\.category)
    let values = ItemValues(
        name: bytes.count % 5 == 0 ? names[0] : "Fuzzed \(bytes.count)",
        category: categories.isEmpty || bytes.count % 4 == 0 ? nil : categories[bytes.count % categories.count])
    sameEditInParts(list, "add", whole: { editor throws(EditRefusal) in try editor.add(values) }) { sink in
        ListEditor.addInParts(bytes, values: values, chunkCapacity: chunkCapacity, configure: { _ in }, into: sink)
    }
    let all = bytes.count % 2 == 0
    sameEditInParts(list, "clear", whole: { editor throws(EditRefusal) in try editor.clear(all: all) }) { sink in
        ListEditor.clearInParts(bytes, all: all, chunkCapacity: chunkCapacity, configure: { _ in }, into: sink)
    }
    // A spreadsheet and a checklist that name the list's items (a new price for the middle one,
    // a new item in a category), and the input itself as lines of text.
    func quoted(_ text: String) -> String {
        "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
    let rows =
        "name,price,category,done\n\(quoted(name)),2.5,,true\n\(quoted(values.name ?? "")),1,"
        + "\(quoted(values.category ?? "")),\n\(quoted(removed)),,,false\n"
    let checklist = "## \(values.category ?? "Other")\n" + names.prefix(3).map { "- [x] \($0)\n" }.joined() + "- [ ] Fuzzed new\n"
    for (input, format) in [(Array(rows.utf8), ImportFormat.csv), (Array(checklist.utf8), .markdown), (bytes, .text)] {
        sameImportInParts(list, bytes, input, format, chunkCapacity: chunkCapacity)
    }
    // A history of the list, the list with the middle item renamed (a rename to follow), and
    // without an item: what is found in parts is what is found whole.
    var versions = [bytes]
    for removing in [false, true] {
        guard var editor = try? ListEditor(list: list) else { continue }
        do throws(EditRefusal) {
            if removing { try editor.remove(removed) } else { try rename(&editor, name) }
        } catch {
            continue
        }
        let edited = editor.editedList
        versions.append(edited.document.formatted(policy: CanonicalForm.policy(for: edited)))
    }
    sameHistoryInParts(versions + [bytes], chunkCapacity: chunkCapacity)
}

/// The price history of `versions` read in parts, `chunkCapacity` events at a time, is the
/// history read whole: the same items, prices and skipped versions.
func sameHistoryInParts(_ versions: [[UInt8]], chunkCapacity: Int) {
    let stamps = versions.indices.map { PriceHistory.Version(commit: "commit \($0)", date: "2026-01-01") }
    func read(_ reading: HistoryReading.Reading) -> (items: [PriceHistory.Item], skips: [PriceHistory.Skip]) {
        var skips: [PriceHistory.Skip] = []
        let history = PriceHistory.read(stamps, reading: reading, text: { versions[$0] }, skipped: { skips.append($1) })
        return (Array(history.items), skips)
    }
    let whole = read(.whenLong)
    let inParts = read(.inParts(chunkCapacity: chunkCapacity))
    guard whole.items == inParts.items, whole.skips == inParts.skips else { fatalError("the history in parts differs") }
}

/// An import made in parts, and its preview, are the import of the whole list: the same text,
/// notes and diff, or the same problems.
func sameImportInParts(_ list: ShoppingList, _ bytes: [UInt8], _ input: [UInt8], _ format: ImportFormat, chunkCapacity: Int) {
    guard let text = try? ImportText(input) else { return }
    var problems: [ImportProblem]?
    var edited: [UInt8] = []
    // The facts gathered in parts or on the whole list, new items made one to three at a time.
    let facts: ListEditor.FactsReading = chunkCapacity % 2 == 0 ? .inParts : .whole
    let batchSize = chunkCapacity % 3 + 1
    let inParts = ListEditor.importInParts(
        bytes, text: text, format: format, chunkCapacity: chunkCapacity, facts: facts, batchSize: batchSize,
        refusing: { refusal in
            problems = refusal.problems
            return EditRefusal("refused")
        }, configure: { _ in }, into: { edited.append(contentsOf: $0) })
    var changes: [ListDiff.ItemChange] = []
    let preview = ListEditor.importPreviewInParts(
        bytes, text: text, format: format, chunkCapacity: chunkCapacity, facts: facts, batchSize: batchSize,
        refusing: { _ in EditRefusal("refused") }, changes: { changes.append($0) })
    var whole: ListEditor?
    var refusal: [ImportProblem]?
    if var editor = try? ListEditor(list: list),
        let read = try? ImportEntries.read(
            text, format: format, knownNames: Set(list.items.compactMap { $0.name.map(NameKey.init) }),
            priceDecimals: list.priceDecimals)
    {
        do throws(ImportRefusal) {
            try editor.importEntries(read)
            whole = editor
        } catch {
            refusal = error.problems
        }
    }
    switch (inParts, preview) {
    case (.success(.refused), _), (_, .success(.refused)):
        guard let refusal, problems.map({ $0 == refusal }) ?? true else { fatalError("\(format) import refused in parts otherwise") }
    case (.success(.edited(let notes, let changed)), _):
        guard let whole, notes == whole.notes, changed == whole.changed else {
            fatalError("\(format) import in parts says otherwise")
        }
        let after = whole.editedList
        if changed && edited != after.document.formatted(policy: CanonicalForm.policy(for: after)) {
            fatalError("\(format) import in parts writes otherwise")
        }
        if case .success(.changes(let counts, let notes)) = preview {
            let diff = ListDiff(listChanges: [], itemChanges: changes, options: ListDiff.Options())
            let expected = ListDiff(old: list, new: after)
            guard notes == whole.notes, diff == expected, counts == expected.counts else {
                fatalError("\(format) import previewed in parts shows otherwise")
            }
        }
    default:
        break
    }
}

/// An edit made in parts (`inParts`, which writes to the sink it is given) is the edit `whole`
/// makes on the whole list: the same notes and text; and one the whole list refuses is never made
/// in parts.
func sameEditInParts(
    _ list: ShoppingList, _ label: String, whole change: (inout ListEditor) throws(EditRefusal) -> Void,
    inParts edit: (@escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Result<ListEditor.PartsEdit, ReadFailure>
) {
    var edited: [UInt8] = []
    let inParts = edit { edited.append(contentsOf: $0) }
    if case .success(.refused(let refusal)) = inParts {
        do throws(EditRefusal) {
            var editor = try ListEditor(list: list)
            try change(&editor)
            fatalError("\(label) refused in parts, made whole")
        } catch {
            guard error == refusal else { fatalError("\(label) refused in parts otherwise: \(refusal.message)") }
        }
        return
    }
    guard case .success(.edited(let notes, let changed)) = inParts else { return }
    guard var editor = try? ListEditor(list: list), (try? change(&editor)) != nil else {
        fatalError("\(label) made in parts, refused whole")
    }
    guard notes == editor.notes, changed == editor.changed else { fatalError("\(label) in parts says otherwise") }
    guard changed else { return }
    let whole = editor.editedList
    guard whole.check(RuleRegistry.structural).isEmpty else { fatalError("\(label) made in parts breaks the whole list") }
    guard edited == whole.document.formatted(policy: CanonicalForm.policy(for: whole)) else {
        fatalError("\(label) in parts writes otherwise")
    }
}

/// The canonical text with every sequence of two items or more printed in runs of one item, every
/// other one on a second thread: it must be the text of a print on one thread.
func printedInRuns(_ document: Document, policy: PrintPolicy) -> [UInt8] {
    var text: [UInt8] = []
    CanonicalPrinter.print(document, policy: policy, chunkSize: 1 << 16, runLength: 1, minimumRunItems: 0) {
        text.append(contentsOf: $0)
    }
    return text
}

/// Everything a read keeps, or its error.
func reading(_ bytes: [UInt8], schedule: DocumentReader.Schedule) -> Result<String, YAMLError> {
    do throws(YAMLError) {
        let document = try DocumentReader.read(SourceText(bytes: bytes), limits: ParseLimits(), schedule: schedule)
        return .success(document.outline() + "\(document.allComments)")
    } catch {
        return .failure(error)
    }
}
