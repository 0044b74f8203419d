import Foundation
import ShopCore
import Testing
import YAML
import TestSupport

/// The canonical form's properties on generated files: idempotent, faithful (data and comments),
/// and readable by PyYAML and ruamel.yaml as shop reads it.
@Suite("fmt properties")
struct FormatPropertyTests {
    static let fileCount = 1_200

    /// The generated files, the same on every run.
    static let files: [(text: String, duplicateKeys: Bool, comments: [String])] = {
        var generator = ShopFileGenerator(seed: 0x5EED_0F_5409, sizes: true, stores: true)
        return (0..<fileCount).map { _ in
            let text = generator.file()
            return (text, generator.lastFileHasDuplicateKeys, generator.lastFileComments)
        }
    }()

    @Test("the generator writes well-formed YAML that exercises every rule, and its comments are read")
    func generatorCoverage() throws {
        var rules: Set<RuleID> = []
        var failures: [String] = []
        for (number, file) in Self.files.enumerated() {
            switch ShoppingList.parseDocument(Array(file.text.utf8)) {
            case .failure(let failure):
                failures.append("file \(number): \(failure.diagnostics)\n\(file.text)")
            case .success(let document):
                rules.formUnion(ShoppingList(document: document).diagnostics.map(\.rule))
                let read = document.allComments.map(\.text)
                if read.sorted() != file.comments.sorted() {
                    failures.append("file \(number): comments written \(file.comments.sorted()), read \(read.sorted())\n\(file.text)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) generated files do not parse or lose comments; first:\n\(failures.first ?? "")")
        // The catalog rules judge a list with the catalog it names: one file alone cannot show them.
        let judgedAlone = Set(RuleID.allCases).subtracting([.syntax, .mergeConflict, .unmerged, .catalog, .currencyMismatch, .notInCatalog])
        #expect(rules.isSuperset(of: judgedAlone), "missing: \(judgedAlone.subtracting(rules))")
    }

    @Test("fmt is idempotent, faithful and writes canonical text")
    func idempotentAndFaithful() throws {
        var failures: [String] = []
        for (number, file) in Self.files.enumerated() {
            guard failures.count < 5 else { break }
            let input = Array(file.text.utf8)
            guard let before = try? Document(parsing: input) else { continue }
            let output = CanonicalForm.format(before)
            let outputText = String(decoding: output, as: UTF8.self)
            func fail(_ what: String) {
                failures.append("file \(number): \(what)\n--- input\n\(file.text)--- output\n\(outputText)")
            }
            let after: Document
            do {
                after = try Document(parsing: output)
            } catch {
                fail("the output does not parse: \(error)")
                continue
            }
            let again = CanonicalForm.format(after)
            if again != output {
                fail("not idempotent:\n\(lineDiff(expected: output, actual: again))")
                continue
            }
            let dataBefore = ShopData(before)
            let dataAfter = ShopData(after)
            if dataBefore != dataAfter {
                let before = Array(dataBefore.description.utf8)
                let after = Array(dataAfter.description.utf8)
                fail("the data changed:\n\(lineDiff(expected: before, actual: after))")
                continue
            }
            let changedSources = dataBefore.keptSourceDifferences(in: dataAfter)
            if !changedSources.isEmpty {
                fail("values kept as written changed: \(changedSources)")
                continue
            }
            let commentsBefore = commentsInCanonicalOrder(before)
            let commentsAfter = after.allComments.map(\.text)
            if commentsBefore != commentsAfter || commentsInCanonicalOrder(after) != commentsAfter {
                fail("the comments changed:\n  before: \(commentsBefore)\n  after:  \(commentsAfter)")
                continue
            }
            if let problem = Self.canonicalTextProblem(output) {
                fail(problem)
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
    }

    /// What breaks the canonical form's rules for line ends, white space and markers, if anything.
    static func canonicalTextProblem(_ output: [UInt8]) -> String? {
        if output.starts(with: [0xEF, 0xBB, 0xBF]) { return "the output has a byte order mark" }
        if output.contains(0x0D) { return "the output has a carriage return" }
        guard output.last == 0x0A else { return "the output does not end with a line break" }
        if output.first == 0x0A { return "the output starts with a blank line" }
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast()
        // Lines of block scalars are content, where spaces, tabs and blank lines are the author's.
        var blockIndentation: Int?
        var previousBlank = false
        for (index, line) in lines.enumerated() {
            let indentation = line.prefix { $0 == " " }.count
            if let block = blockIndentation {
                if line.isEmpty || indentation > block {
                    previousBlank = false
                    continue
                }
                blockIndentation = nil
            }
            if line.hasSuffix(" ") || line.hasSuffix("\t") { return "line \(index + 1) ends with white space" }
            if line == "---" || line == "..." { return "line \(index + 1) is a document marker" }
            if line.isEmpty && (previousBlank || index == lines.count - 1) {
                return "line \(index + 1) is a second blank line, or a blank line at the end"
            }
            previousBlank = line.isEmpty
            if line.dropFirst(indentation).hasPrefix("\t") { return "line \(index + 1) is indented with a tab" }
            if isBlockHeader(line) { blockIndentation = indentation }
        }
        return nil
    }

    /// The end of a line that starts a literal or folded block scalar.
    static func isBlockHeader(_ line: Substring) -> Bool {
        var text = line
        if let comment = text.range(of: " #") { text = text[..<comment.lowerBound] }
        let indicators = text.reversed().prefix { "0123456789+-".contains($0) }.count
        text = text.dropLast(indicators)
        guard text.hasSuffix("|") || text.hasSuffix(">") else { return false }
        text = text.dropLast()
        return text.allSatisfy { $0 == " " } || text.hasSuffix(": ") || text.hasSuffix("- ")
    }

    @Test(
        "PyYAML and ruamel.yaml read the canonical output's data exactly as shop does", .requires(.pyYAML),
        .requires(.ruamelYAML))
    func pyYAMLAgrees() throws {
        var cases: [[String: Any]] = []
        for (number, file) in Self.files.enumerated() where !file.duplicateKeys {
            guard let document = try? Document(parsing: Array(file.text.utf8)) else { continue }
            let output = CanonicalForm.format(document)
            let formatted = try Document(parsing: output)
            cases.append([
                "number": number, "text": String(decoding: output, as: UTF8.self), "input": file.text,
                "view": ShopView.json(ShoppingList(document: formatted)),
            ])
        }
        #expect(cases.count > 1_000)
        let input = try JSONSerialization.data(withJSONObject: cases)
        let result = try runPython(PyYAMLComparison.script, input: [UInt8](input))
        #expect(result.status == 0, "python3 failed: \(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
        let failures = report?["failures"] as? [String] ?? ["no report: \(String(decoding: result.stdout, as: UTF8.self))"]
        #expect(report?["compared"] as? Int ?? 0 > 5_000, "too few values compared: \(report ?? [:])")
        #expect(failures.isEmpty, "\(failures.count) disagreements; first ones:\n\(failures.prefix(8).joined(separator: "\n\n"))")
    }
}

/// Shop's reading of a file as JSON, built from the model, for comparison with another YAML reader:
/// texts as strings, valid prices and quantities as decimal strings, bools, the currency code.
/// Values that break their rule, and keys that appear twice, are left out: shop does not interpret
/// them.
enum ShopView {
    static func json(_ list: ShoppingList) -> [String: Any] {
        var view: [String: Any] = [:]
        let document = list.document
        guard let root = document.root, root.isMapping else { return view }
        let counts = Dictionary(root.entries.compactMap { $0.key.value }.map { ($0, 1) }, uniquingKeysWith: +)
        func once(_ key: String) -> Bool { counts[key] == 1 }
        if once("title"), let node = root["title"], node.isScalar {
            let title: String = list.title ?? node.value ?? ""
            view["title"] = node.isNull ? NSNull() : title
        }
        if once("currency"), let currency = list.currency { view["currency"] = currency.code }
        if once("categories"), let node = root["categories"], node.isSequence {
            view["categories"] = node.items.map { entry -> Any in
                guard entry.isScalar else { return ["kind": "other"] }
                if entry.isNull { return NSNull() }
                return entry.value ?? ""
            }
        }
        guard once("items"), let itemsNode = list.itemsNode else { return view }
        let sequence = document.node(itemsNode)
        let positions = Dictionary(uniqueKeysWithValues: sequence.items.enumerated().map { ($1.id, $0) })
        view["items"] = list.items.map { item -> [String: Any] in
            let mapping = document.node(item.node)
            let keyCounts = Dictionary(
                mapping.entries.compactMap { $0.key.value }.map { ($0, 1) }, uniquingKeysWith: +)
            var fields: [String: Any] = [:]
            for key in ItemKey.allCases where keyCounts[key.rawValue] == 1 {
                guard let valueID = item.valueNode(key) else { continue }
                let node = document.node(valueID)
                guard node.isScalar else { continue }
                if node.isNull {
                    fields[key.rawValue] = ["null": true]
                    continue
                }
                let raw = node.value ?? ""
                switch key.kind {
                case .text: fields[key.rawValue] = ["text": item.text(key) ?? raw]
                case .price: if let price = item.price { fields[key.rawValue] = ["decimal": price.description] }
                case .quantity: if let quantity = item.quantity { fields[key.rawValue] = ["decimal": quantity.description] }
                case .flag:
                    if ValueReading.bool(raw) != nil { fields[key.rawValue] = ["bool": key == .buy ? item.buy : item.done] }
                }
            }
            return ["index": positions[item.node] ?? -1, "fields": fields]
        }
        return view
    }
}

enum PyYAMLComparison {
    /// Reads every case with PyYAML's `safe_load` (YAML 1.1) and ruamel.yaml's safe loader (YAML
    /// 1.2), and compares the values shop interprets.
    static let script = #"""
        import json, sys, datetime
        from decimal import Decimal
        import yaml
        from ruamel.yaml import YAML
        ruamel = YAML(typ='safe', pure=True)

        cases = json.load(sys.stdin)
        failures = []
        compared = 0

        def same_text(expected, actual):
            return isinstance(actual, str) and actual == expected

        def check(number, where, expected, actual):
            global compared
            compared += 1
            if 'text' in expected:
                ok = same_text(expected['text'], actual)
            elif 'null' in expected:
                ok = actual is None
            elif 'bool' in expected:
                ok = actual is expected['bool']
            elif 'decimal' in expected:
                ok = isinstance(actual, (int, float)) and not isinstance(actual, bool) \
                    and Decimal(repr(actual)) == Decimal(expected['decimal'])
            else:
                ok = False
            if not ok:
                failures.append('file %d, %s: shop reads %r, %s %r' % (number, where, expected, reader, actual))

        def readers():
            yield 'PyYAML', yaml.safe_load
            yield 'ruamel.yaml', ruamel.load

        for case, (reader, load) in ((case, reader) for case in cases for reader in readers()):
            number = case['number']
            try:
                data = load(case['text'])
            except Exception as error:
                try:
                    load(case['input'])
                except Exception:
                    # Values shop does not interpret are kept as written, even those PyYAML
                    # cannot construct (a plain `=` item): not readable before, not after.
                    continue
                failures.append('file %d: %s cannot read the output: %s\n%s' % (number, reader, error, case['text']))
                continue
            view = case['view']
            if not view:
                continue
            if not isinstance(data, dict):
                failures.append('file %d: %s reads %r' % (number, reader, type(data)))
                continue
            if 'title' in view:
                expected = {'null': True} if view['title'] is None else {'text': view['title']}
                check(number, 'title', expected, data.get('title'))
            if 'currency' in view:
                check(number, 'currency', {'text': view['currency']}, data.get('currency'))
            if 'categories' in view:
                actual = data.get('categories')
                if not isinstance(actual, list) or len(actual) != len(view['categories']):
                    failures.append('file %d: categories %r for %s' % (number, actual, reader))
                else:
                    for index, entry in enumerate(view['categories']):
                        if entry is None:
                            check(number, 'category %d' % index, {'null': True}, actual[index])
                        elif isinstance(entry, str):
                            check(number, 'category %d' % index, {'text': entry}, actual[index])
            if 'items' in view:
                items = data.get('items')
                for item in view['items']:
                    index = item['index']
                    if not isinstance(items, list) or index >= len(items) or not isinstance(items[index], dict):
                        failures.append('file %d: item %d missing in %r for %s' % (number, index, items, reader))
                        continue
                    for key, expected in item['fields'].items():
                        if key not in items[index]:
                            failures.append('file %d: item %d has no %s for %s' % (number, index, key, reader))
                            continue
                        check(number, 'item %d %s' % (index, key), expected, items[index][key])

        json.dump({'compared': compared, 'failures': failures}, sys.stdout)
        """#
}
