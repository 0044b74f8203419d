@testable import ShopCore
@testable import YAML

/// One fuzzing input: whatever the bytes, reading them either fails with a diagnostic or gives a
/// document that formats to text which reads again and formats to itself; every export of a list
/// without errors runs to the end, and its CSV and Markdown exports read back as one record per
/// item; the editor refuses or applies a typical edit cleanly, and the list it makes is what
/// decoding its document afresh gives; reading and printing on two threads give what they give on
/// one; and the import readers answer for the bytes as text, CSV and Markdown. The fixes of
/// `check --fix`, the edits of named items, imports and a history of the list run on it, and what
/// they write reads as a list again.
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
    editsAndImports(bytes, list: list)
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

/// The rounds of `check --fix`, the edits of named items and imports made on `list` (read from
/// `bytes`) leave a list that reads again without structure errors; a history of the list, one
/// with an item renamed and one without an item, is followed to its end.
func editsAndImports(_ bytes: [UInt8], list: ShoppingList) {
    let fixes = FixRounds(list, findings: list.check())
    guard fixes.bytes == (try? FixRounds.apply(to: bytes).get())?.bytes else { fatalError("fixing finds otherwise") }
    if !fixes.fixed.isEmpty {
        guard case .success(let fixed) = ShoppingList.read(fixes.bytes) else { fatalError("the fixes write text that does not read") }
        expectWritable(fixed, "the fixes")
    }
    let names = list.items.compactMap(\.name)
    guard !names.isEmpty else { return }
    let name = names[names.count / 2]
    let newName = bytes.count % 3 == 0 ? names[0] : "Fuzzed \(bytes.count)"
    let rename = { (editor: inout ListEditor, name: String) throws(EditRefusal) in
        try editor.edit(name, values: ItemValues(name: newName), unset: [])
    }
    let removed = names[(bytes.count / 7) % names.count]
    let categories = list.items.compactMap(\.category)
    let values = ItemValues(
        name: bytes.count % 5 == 0 ? names[0] : "Fuzzed \(bytes.count)",
        category: categories.isEmpty || bytes.count % 4 == 0 ? nil : categories[bytes.count % categories.count])
    let all = bytes.count % 2 == 0
    let edits: [(String, (inout ListEditor) throws(EditRefusal) -> Void)] = [
        ("buy", { editor throws(EditRefusal) in try editor.buy(name) }),
        ("a rename", { editor throws(EditRefusal) in try rename(&editor, name) }),
        ("rm", { editor throws(EditRefusal) in try editor.remove(removed) }),
        ("add", { editor throws(EditRefusal) in try editor.add(values) }),
        ("clear", { editor throws(EditRefusal) in try editor.clear(all: all) }),
    ]
    for (label, change) in edits {
        guard var editor = try? ListEditor(list: list), (try? change(&editor)) != nil, editor.changed else { continue }
        expectWritable(editor.editedList, label)
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
    let known = Set(names.map(NameKey.init))
    for (input, format) in [(Array(rows.utf8), ImportFormat.csv), (Array(checklist.utf8), .markdown), (bytes, .text)] {
        guard var editor = try? ListEditor(list: list),
            let read = try? ImportEntries.read(input, format: format, knownNames: known, priceDecimals: list.priceDecimals),
            (try? editor.importEntries(read)) != nil, editor.changed
        else { continue }
        expectWritable(editor.editedList, "the \(format) import")
    }
    // A history of the list, the list with the middle item renamed (a rename to follow), and
    // without an item.
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
    versions.append(bytes)
    let stamps = versions.indices.map { PriceHistory.Version(commit: "commit \($0)", date: "2026-01-01") }
    _ = PriceHistory.read(stamps, text: { versions[$0] }, skipped: { _, _ in })
}

/// `edited`, made by `label`, has no structure errors, and its canonical text reads again.
func expectWritable(_ edited: ShoppingList, _ label: String) {
    guard edited.check(RuleRegistry.structural).isEmpty else { fatalError("\(label) breaks the list") }
    let text = edited.document.formatted(policy: CanonicalForm.policy(for: edited))
    guard case .success = ShoppingList.read(text) else { fatalError("\(label) writes text that does not read back") }
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
