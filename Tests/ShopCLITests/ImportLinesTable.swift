import Foundation
import YAML

/// The table of lines as people type them, each with what `shop import` must make of it
/// (`Fixtures/import-lines/lines.yaml`), and the lists its rows are imported into. The file's
/// opening comment says how a row is written; this reads it and says what is wrong with it.
struct ImportLinesTable {
    /// How a row's input is given to `shop import`: the value of `--format`.
    enum Kind: String, CaseIterable, Sendable {
        case text, markdown, csv

        /// The extension of the file the input is written to.
        var fileExtension: String {
            switch self {
            case .text: "txt"
            case .markdown: "md"
            case .csv: "csv"
            }
        }
    }

    /// What importing a row must do.
    enum Outcome: Sendable {
        /// Succeed and leave the list as it was.
        case skipped
        /// Fail with exit status 1 and leave the list byte for byte.
        case refused
        /// Leave these items (and every other item of the base list unchanged).
        case items([ExpectedItem])
    }

    /// An item a row names, as it must be in the list afterwards.
    struct ExpectedItem: Sendable {
        /// Whether it is an item of the base list (matched) rather than a new one.
        var known: Bool
        var item: ListItem
        /// Whether the row gives a category to compare; others are not compared.
        var checksCategory: Bool
    }

    /// One line (or one CSV file) and what its import must do.
    struct Row: Sendable {
        /// The line of `lines.yaml` the row starts on, to find it.
        var line: Int
        var kind: Kind
        var language: String
        var currency: String
        /// The header row of a CSV input.
        var header: String?
        var input: String
        var outcome: Outcome

        /// The bytes of the file imported.
        var fileText: String {
            switch kind {
            case .text, .markdown: input + "\n"
            case .csv: (header ?? "") + "\n" + input + "\n"
            }
        }

        /// The row as a person reads it in a report.
        var title: String {
            let shown = header.map { $0 + "\n" + input } ?? input
            return "lines.yaml:\(line) \(kind.rawValue) (\(language), \(currency)) \(shown.debugDescription)"
        }
    }

    /// The languages the table must cover, and the others it may use.
    static let requiredLanguages: Set<String> = ["en", "de", "fr", "es", "it", "nl", "pt"]
    static let languages = requiredLanguages.union(["ja"])

    /// The base list of each currency, by the file that holds it.
    static let baseFiles = ["EUR": "base-eur.yaml", "JPY": "base-jpy.yaml"]

    static let folder = CLIPaths.testsDirectory.appendingPathComponent("Fixtures/import-lines")

    var rows: [Row] = []
    /// What is wrong with the table, each with its line: nothing, in a table that can judge.
    var problems: [String] = []
    /// The text of each base list, by currency.
    var baseTexts: [String: String] = [:]
    /// The items of each base list, by currency.
    var baseItems: [String: [ListItem]] = [:]

    /// Reads the table and its base lists.
    static func load() throws -> ImportLinesTable {
        var table = ImportLinesTable()
        for (currency, file) in baseFiles {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            table.baseTexts[currency] = text
            guard let items = ListItem.items(ofList: text) else {
                table.problems.append("\(file): not a list of items")
                continue
            }
            table.baseItems[currency] = items
        }
        let text = try String(contentsOf: folder.appendingPathComponent("lines.yaml"), encoding: .utf8)
        let document: Document
        do {
            document = try Document(parsing: text)
        } catch {
            table.problems.append("lines.yaml: \(error)")
            return table
        }
        guard let groups = document.root?["groups"], groups.isSequence else {
            table.problems.append("lines.yaml: no `groups` list")
            return table
        }
        for group in groups.items {
            table.readGroup(group)
        }
        return table
    }

    private static let groupKeys: Set<String> = ["kind", "lang", "currency", "header", "rows"]
    private static let rowKeys: Set<String> = ["in", "want", "kind", "lang", "currency", "header"]

    private mutating func readGroup(_ group: Node) {
        let line = group.location?.line ?? 0
        guard group.isMapping, let rowList = group["rows"], rowList.isSequence else {
            problems.append("lines.yaml:\(line): a group is a mapping with a `rows` list")
            return
        }
        for entry in group.entries where !Self.groupKeys.contains(entry.key.value ?? "") {
            problems.append("lines.yaml:\(line): unknown group key \(entry.key.value ?? "?")")
        }
        for row in rowList.items {
            readRow(row, group: group)
        }
    }

    private mutating func readRow(_ row: Node, group: Node) {
        let line = row.location?.line ?? 0
        var found: [String] = []
        defer { problems += found }
        func problem(_ message: String) { found.append("lines.yaml:\(line): \(message)") }
        guard row.isMapping else { return problem("a row is a mapping") }
        for entry in row.entries where !Self.rowKeys.contains(entry.key.value ?? "") {
            problem("unknown row key \(entry.key.value ?? "?")")
        }
        // A row's own value wins over its group's.
        func setting(_ key: String) -> String? { (row[key] ?? group[key])?.value }
        guard let kindName = setting("kind"), let kind = Kind(rawValue: kindName) else {
            return problem("kind must be one of \(Kind.allCases.map(\.rawValue))")
        }
        guard let language = setting("lang"), Self.languages.contains(language) else {
            return problem("lang must be one of \(Self.languages.sorted())")
        }
        let currency = setting("currency") ?? "EUR"
        guard let base = baseItems[currency] else { return problem("no base list in \(currency)") }
        guard let input = row["in"]?.value else { return problem("no `in`") }
        let header = setting("header")
        switch kind {
        case .text, .markdown:
            if header != nil { problem("only a csv row has a header") }
            if input.contains(where: \.isNewline) { problem("a \(kind.rawValue) row is one line") }
        case .csv:
            if header?.isEmpty ?? true { problem("a csv row needs its header") }
            if input.isEmpty { problem("a csv row needs a data row") }
        }
        guard let want = row["want"] else { return problem("no `want`") }
        let outcome: Outcome
        if want.hasValue("skipped") {
            outcome = .skipped
        } else if want.hasValue("refused") {
            outcome = .refused
        } else if want.isSequence, want.count > 0 {
            var items: [ExpectedItem] = []
            for node in want.items {
                guard let item = Self.expectedItem(node, currency: currency, base: base, problem: problem) else {
                    continue
                }
                if items.contains(where: { ListItem.sameName($0.item.name, item.item.name) }) {
                    problem("\(item.item.name) is wanted twice")
                }
                items.append(item)
            }
            outcome = .items(items)
        } else {
            return problem("want is `skipped`, `refused` or a list of items")
        }
        rows.append(
            Row(
                line: line, kind: kind, language: language, currency: currency, header: header, input: input,
                outcome: outcome))
    }

    private static let itemKeys: Set<String> = [
        "known", "new", "quantity", "unit", "size", "price", "category", "buy", "done",
    ]

    /// An item of a row's `want`, checked against the specification's rules for its values and
    /// against the base list its row is imported into.
    private static func expectedItem(
        _ node: Node, currency: String, base: [ListItem], problem: (String) -> Void
    ) -> ExpectedItem? {
        guard node.isMapping else {
            problem("a wanted item is a mapping")
            return nil
        }
        for entry in node.entries where !itemKeys.contains(entry.key.value ?? "") {
            problem("unknown item key \(entry.key.value ?? "?")")
        }
        let known = node["known"]?.value
        let new = node["new"]?.value
        guard (known == nil) != (new == nil), let name = known ?? new,
            !name.trimmingCharacters(in: .whitespaces).isEmpty
        else {
            problem("a wanted item has a name: exactly one of `known` and `new`")
            return nil
        }
        if let known {
            if !base.contains(where: { $0.name == known }) {
                problem("\(known) is not an item of the \(currency) base list (as it spells it)")
            }
        } else if base.contains(where: { ListItem.sameName($0.name, name) }) {
            problem("\(name) is an item of the \(currency) base list: `known`, not `new`")
        }
        var item = ListItem(name: name)
        if let quantity = node["quantity"]?.value {
            if let value = ListItem.canonicalDecimal(quantity), value != "0",
                (value.split(separator: ".").dropFirst().first?.count ?? 0) <= 3
            {
                item.quantity = value
            } else {
                problem("\(name): quantity \(quantity) is not a number above 0 with at most 3 decimals")
            }
        }
        if let price = node["price"]?.value {
            let decimals = currency == "JPY" ? 0 : 2
            if let value = ListItem.canonicalDecimal(price),
                (value.split(separator: ".").dropFirst().first?.count ?? 0) <= decimals
            {
                item.price = value
            } else {
                problem("\(name): price \(price) is not a price in \(currency)")
            }
        }
        if let size = node["size"]?.value {
            guard let value = ListItem.PackSize(size) else {
                problem("\(name): size \(size) is not AMOUNT UNIT or COUNT x AMOUNT UNIT")
                return nil
            }
            item.size = value.description
        }
        item.unit = node["unit"]?.value
        item.category = node["category"]?.value
        for key in ["buy", "done"] {
            guard let text = node[key]?.value else { continue }
            guard let value = ListItem.bool(text) else {
                problem("\(name): \(key) is true or false")
                continue
            }
            if key == "buy" { item.buy = value } else { item.done = value }
        }
        return ExpectedItem(known: known != nil, item: item, checksCategory: item.category != nil)
    }
}

/// One item of a list as the table compares it: the keys that say what is bought, each with
/// its default in a list file, numbers in one spelling (`1.20` is `1.2`), a size by what it says.
struct ListItem: Equatable, Sendable, CustomStringConvertible {
    var name: String
    var quantity = "1"
    var unit: String?
    var size: String?
    var price: String?
    var category: String?
    var buy = false
    var done = false

    /// The items of a list file's text, as shop reads them; nil when it is not a list.
    static func items(ofList text: String) -> [ListItem]? {
        guard let document = try? Document(parsing: text), let items = document.root?["items"], items.isSequence
        else { return nil }
        return items.items.map { node in
            func value(_ key: String) -> String? {
                guard let found = node[key], found.isScalar, !found.isNull else { return nil }
                return found.value
            }
            var item = ListItem(name: value("name") ?? "")
            if let quantity = value("quantity") { item.quantity = canonicalDecimal(quantity) ?? quantity }
            if let price = value("price") { item.price = canonicalDecimal(price) ?? price }
            if let size = value("size") { item.size = PackSize(size)?.description ?? size }
            item.unit = value("unit")
            item.category = value("category")
            item.buy = value("buy").flatMap(bool) ?? false
            item.done = value("done").flatMap(bool) ?? false
            return item
        }
    }

    /// Whether two names are one item's, the way shop compares them (case, NFKC, white space).
    static func sameName(_ first: String, _ second: String) -> Bool {
        normalizedName(first) == normalizedName(second)
    }

    static func normalizedName(_ name: String) -> String {
        name.precomposedStringWithCompatibilityMapping.lowercased()
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A plain decimal (`12`, `12.50`, `.5`) in its shortest spelling; nil for anything else.
    /// Text, not a binary float: the table's numbers are money and stay exact.
    static func canonicalDecimal(_ text: String) -> String? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard digits, text.contains(where: \.isNumber) else { return nil }
        var whole = String(parts[0].drop { $0 == "0" })
        if whole.isEmpty { whole = "0" }
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        while fraction.last == "0" { fraction.removeLast() }
        return fraction.isEmpty ? whole : whole + "." + fraction
    }

    static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on": true
        case "false", "no", "off": false
        default: nil
        }
    }

    /// A pack size, `AMOUNT UNIT` or `COUNT x AMOUNT UNIT`, read with or without the spaces and
    /// with a decimal point or comma, so that two spellings of one size compare equal.
    struct PackSize: CustomStringConvertible {
        var count: String?
        var amount: String
        var unit: String

        init?(_ text: String) {
            var rest = Substring(text.trimmingCharacters(in: .whitespaces))
            func number() -> String? {
                let digits = rest.prefix { $0.isNumber || $0 == "." || $0 == "," }
                rest = rest.dropFirst(digits.count).drop(while: \.isWhitespace)
                return ListItem.canonicalDecimal(digits.replacingOccurrences(of: ",", with: "."))
            }
            guard let first = number() else { return nil }
            if let sign = rest.first, sign == "x" || sign == "×", rest.dropFirst().first?.isLetter != true {
                rest = rest.dropFirst().drop(while: \.isWhitespace)
                guard let second = number() else { return nil }
                count = first
                amount = second
            } else {
                amount = first
            }
            guard !rest.isEmpty, rest.allSatisfy(\.isLetter) else { return nil }
            unit = String(rest)
        }

        var description: String {
            (count.map { "\($0) x " } ?? "") + "\(amount) \(unit)"
        }
    }

    var description: String {
        var parts = ["quantity \(quantity)" + (unit.map { " \($0)" } ?? "")]
        if let size { parts.append("size \(size)") }
        if let price { parts.append("price \(price)") }
        if let category { parts.append("category \(category)") }
        if buy { parts.append("buy") }
        if done { parts.append("done") }
        return "\(name): " + parts.joined(separator: ", ")
    }
}
