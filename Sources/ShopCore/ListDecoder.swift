import YAML

/// Reads a document into the parts of a ``ShoppingList`` and applies every rule of `check`.
struct ListDecoder {
    struct Finding {
        var rule: Rule
        var node: Int?
        var message: String
    }

    let document: Document
    var title: String?
    var currency: Currency?
    var currencyCode: String?
    var categories: [String]?
    var itemsNode: Int?
    var itemNodes: [Int32] = []
    var findings: [Finding] = []

    init(document: Document) {
        self.document = document
    }

    mutating func decode() {
        guard let root = document.root else {
            findings.append(
                Finding(
                    rule: .structure, node: nil,
                    message: "the file has no content; a shop file is a mapping with an \"items\" list (for example \"items: []\")"))
            return
        }
        document.withRawNodes { nodes in
            guard nodes.isMapping(root.id.index) else {
                let kind = nodes.isSequence(root.id.index) ? "a list" : "a single value"
                findings.append(
                    Finding(
                        rule: .structure, node: root.id.index,
                        message: "the top level is \(kind); a shop file is a mapping with keys such as \"title\" and \"items\""))
                return
            }
            decodeRoot(root.id.index, nodes: nodes)
            if let itemsNode {
                decodeItems(itemsNode, nodes: nodes)
            }
            checkNestedMappings(after: root.id.index, nodes: nodes)
        }
    }

    /// Reports keys repeated in the mappings nested in values shop does not interpret (under
    /// unknown and `x-` keys): YAML readers disagree about which one counts, or refuse the file.
    /// The top level and the items are checked as they are decoded.
    private mutating func checkNestedMappings(after root: Int, nodes: RawNodes) {
        var nextItem = 0
        for mapping in (root + 1)..<nodes.count where nodes.isMapping(mapping) {
            // Items are in document order, like the scan.
            while nextItem < itemNodes.count && Int(itemNodes[nextItem]) < mapping { nextItem += 1 }
            if nextItem < itemNodes.count && Int(itemNodes[nextItem]) == mapping { continue }
            var seen: [[UInt8]: Int] = [:]
            for (key, _) in nodes.entries(of: mapping) {
                guard nodes.isScalar(key) else { continue }
                let bytes = Array(nodes.value(key))
                if let first = seen[bytes] {
                    let text = String(decoding: bytes, as: UTF8.self)
                    report(.duplicateKey, key, "duplicate key \"\(text)\" (first at \(lineOf(first, nodes))); keep only one")
                } else {
                    seen[bytes] = key
                }
            }
        }
    }

    // MARK: Top level

    private mutating func decodeRoot(_ root: Int, nodes: RawNodes) {
        var seen: [[UInt8]: Int] = [:]
        var categoriesNode: Int?
        var sawItems = false
        for (key, value) in nodes.entries(of: root) {
            guard nodes.isScalar(key) else {
                report(.structure, key, "keys must be text, not a \(kindName(key, nodes))")
                continue
            }
            let keyBytes = nodes.value(key)
            let keyText = String(decoding: keyBytes, as: UTF8.self)
            if let first = seen[Array(keyBytes)] {
                report(.duplicateKey, key, "duplicate key \"\(keyText)\" (first at \(lineOf(first, nodes))); keep only one")
                continue
            }
            seen[Array(keyBytes)] = key
            switch ListKey.matching(keyBytes) {
            case .title:
                if !nodes.isScalar(value) {
                    report(.structure, value, "\"title\" must be text, not a \(kindName(value, nodes))")
                } else if !nodes.isNull(value) {
                    title = String(decoding: nodes.value(value), as: UTF8.self)
                }
            case .currency:
                decodeCurrency(value, nodes: nodes)
            case .categories:
                categoriesNode = value
            case .items:
                sawItems = true
                if nodes.isSequence(value) {
                    itemsNode = value
                } else if nodes.isNull(value) {
                    report(.structure, value, "\"items\" has no value; write \"items: []\" for an empty list")
                } else {
                    report(.structure, value, "\"items\" must be a list of items, not a \(kindName(value, nodes))")
                }
            case nil:
                if !isExtensionKey(keyBytes) {
                    let note: String
                    if let suggestion = SpellingSuggestion.closest(to: keyText, among: ListKey.allCases.map(\.rawValue)) {
                        note = " (did you mean \"\(suggestion)\"?)"
                    } else {
                        note = "; extension keys start with \"x-\""
                    }
                    report(.unknownKey, key, "unknown key \"\(keyText)\"\(note)")
                }
            }
        }
        if let categoriesNode { decodeCategories(categoriesNode, nodes: nodes) }
        if !sawItems {
            report(.structure, root, "\"items\" is missing; add \"items:\" with a list of items, or \"items: []\"")
        }
    }

    private mutating func decodeCurrency(_ value: Int, nodes: RawNodes) {
        guard nodes.isScalar(value) else {
            report(.structure, value, "\"currency\" must be a code such as EUR, not a \(kindName(value, nodes))")
            return
        }
        if nodes.isNull(value) { return }
        let text = String(decoding: nodes.value(value), as: UTF8.self)
        if let known = Currency(code: text) {
            currency = known
            currencyCode = known.code
            return
        }
        // An unknown code is not named as the owner of the default decimals in price messages.
        report(.unknownCurrency, value, Currency.unknownCodeMessage(text))
    }

    private mutating func decodeCategories(_ value: Int, nodes: RawNodes) {
        if nodes.isScalar(value) && nodes.isNull(value) { return }
        guard nodes.isSequence(value) else {
            report(.structure, value, "\"categories\" must be a list of category names, not a \(kindName(value, nodes))")
            return
        }
        var names: [String] = []
        var seen: [NameKey: Int] = [:]
        for entry in nodes.items(of: value) {
            guard nodes.isScalar(entry), !nodes.isNull(entry) else {
                report(.structure, entry, "a category must be a name, not \(nodes.isScalar(entry) ? "empty" : "a \(kindName(entry, nodes))")")
                continue
            }
            let bytes = nodes.value(entry)
            let name = String(decoding: bytes, as: UTF8.self)
            let key = NameKey(utf8: bytes)
            if let first = seen[key] {
                report(.duplicateCategory, entry, "category \"\(name)\" is listed twice (first at \(lineOf(first, nodes)))")
                continue
            }
            seen[key] = entry
            names.append(name)
        }
        categories = names
    }

    // MARK: Items

    private mutating func decodeItems(_ sequence: Int, nodes: RawNodes) {
        let itemDecoder = ItemDecoder(
            document: document, nodes: nodes, decimals: currency?.decimals ?? Currency.defaultDecimals,
            currencyCode: currencyCode)
        var suggestedCategories: [String: String?] = [:]
        var categoryComparisonsLeft = 200_000
        let categoryKeys = Set((categories ?? []).map(NameKey.init))
        let categoryTexts = (categories ?? []).map { Array($0.utf8) }
        let categoryTextSet = Set(categoryTexts)
        var names: [Int: Int32] = [:]
        // Sized once: growing a table of 100,000 names step by step costs time and a peak of memory.
        let itemCount = nodes.items(of: sequence).reduce(0) { count, _ in count + 1 }
        names.reserveCapacity(itemCount)
        itemNodes.reserveCapacity(itemCount)
        var exactNames: [NameKey: Int32] = [:]
        var ids: [String: Int32] = [:]
        var findings = self.findings
        let report: ItemDecoder.Report = { rule, node, message in
            findings.append(Finding(rule: rule, node: node, message: message))
        }
        for entry in nodes.items(of: sequence) {
            guard nodes.isMapping(entry) else {
                let what = nodes.isScalar(entry) ? (nodes.isNull(entry) ? "empty" : "a single value") : "a list"
                report(.structure, entry, "an item must be a mapping with keys such as \"name:\" and \"price:\", not \(what)")
                continue
            }
            let item = itemDecoder.scan(entry, report: report)
            itemNodes.append(Int32(entry))

            if let nameNode = item.valueNode(.name), nodes.isScalar(nameNode), !nodes.isNull(nameNode) {
                let nameBytes = nodes.value(nameNode)
                let (fingerprint, blank) = NameKey.fingerprint(ofName: nameBytes)
                let hash = Int(truncatingIfNeeded: fingerprint)
                if blank {
                    report(.missingName, entry, "this item's name is empty; give it a name")
                } else if let first = names[hash] {
                    let key = NameKey(utf8: nameBytes)
                    var firstNode = Int(first)
                    if NameKey(utf8: nodes.value(firstNode)) != key {
                        // Two different names with the same hash: compare exactly.
                        firstNode = exactNames[key].map(Int.init) ?? -1
                        if firstNode < 0 { exactNames[key] = Int32(nameNode) }
                    }
                    if firstNode >= 0 {
                        let name = String(decoding: nodes.value(nameNode), as: UTF8.self)
                        report(
                            .duplicateName, nameNode,
                            "duplicate item name \"\(name)\" (first defined at \(lineOf(firstNode, nodes)))")
                    }
                } else {
                    names[hash] = Int32(nameNode)
                }
            } else if item.keyNode(.name) == nil || nodes.isScalar(item.valueNode(.name)!) {
                let detail = item.keyNode(.name) == nil ? "add a \"name:\" line" : "\"name\" has no value"
                report(.missingName, entry, "this item has no name; \(detail)")
            }
            if let idNode = item.valueNode(.id), nodes.isScalar(idNode), !nodes.isNull(idNode) {
                let id = String(decoding: nodes.value(idNode), as: UTF8.self)
                if let first = ids[id] {
                    report(.duplicateID, idNode, "duplicate id \"\(id)\" (first used at \(lineOf(Int(first), nodes)))")
                } else {
                    ids[id] = Int32(idNode)
                }
            }
            if let categories, let categoryNode = item.valueNode(.category), nodes.isScalar(categoryNode),
                !nodes.isNull(categoryNode),
                !isListed(nodes.value(categoryNode), texts: categoryTexts, textSet: categoryTextSet, keys: categoryKeys)
            {
                let category = String(decoding: nodes.value(categoryNode), as: UTF8.self)
                var message = "category \"\(category)\" is not in \"categories\""
                var suggestion: String?
                if let known = suggestedCategories[category] {
                    suggestion = known
                } else if categoryComparisonsLeft > 0 {
                    // A suggestion measures the name against every category: a bound on that work
                    // keeps a file with thousands of categories and unknown ones quick to check.
                    categoryComparisonsLeft -= categories.count
                    suggestion = SpellingSuggestion.closest(to: category, among: categories)
                    suggestedCategories[category] = suggestion
                }
                if let suggestion {
                    message += " (did you mean \"\(suggestion)\"?)"
                } else {
                    message += "; add it there or fix the spelling"
                }
                report(.unknownCategory, categoryNode, message)
            }
            if item.done && !item.buy, let doneKey = item.keyNode(.done) {
                let name = item.valueNode(.name).flatMap { nodes.isScalar($0) && !nodes.isNull($0) ? $0 : nil }
                    .map { String(decoding: nodes.value($0), as: UTF8.self) }
                let label = name.map { "\"\($0)\" is" } ?? "this item is"
                report(.doneNotBought, doneKey, "\(label) done but not on the shopping list; add \"buy: true\" or remove \"done\"")
            }
        }
        self.findings = findings
    }

    /// Whether an item's category is one of `categories`: the same text (the common case, checked
    /// without normalizing), or the same name key. A blank category counts as none.
    private func isListed(
        _ category: UnsafeBufferPointer<UInt8>, texts: [[UInt8]], textSet: Set<[UInt8]>, keys: Set<NameKey>
    ) -> Bool {
        // A store has a few dozen aisles: comparing bytes beats hashing them, until there are many.
        if texts.count <= 32 {
            for listed in texts where listed.withUnsafeBufferPointer({ memoryEqual($0, category) }) {
                return true
            }
        } else if textSet.contains(Array(category)) {
            return true
        }
        let key = NameKey(utf8: category)
        return key.isEmpty || keys.contains(key)
    }

    // MARK: Findings

    private mutating func report(_ rule: Rule, _ node: Int, _ message: String) {
        findings.append(Finding(rule: rule, node: node, message: message))
    }

    private func kindName(_ node: Int, _ nodes: RawNodes) -> String {
        nodes.isMapping(node) ? "mapping" : (nodes.isSequence(node) ? "list" : "single value")
    }

    private func lineOf(_ node: Int, _ nodes: RawNodes) -> String {
        guard let offset = nodes.startOffset(node) else { return "an earlier line" }
        return LineReference.placeholder(offset)
    }

    /// The findings as diagnostics with positions, ordered by position.
    func sortedDiagnostics() -> [Diagnostic] {
        guard !findings.isEmpty else { return [] }
        let source = document.source
        var offsets: [Int] = []
        offsets.reserveCapacity(findings.count)
        document.withRawNodes { nodes in
            for finding in findings {
                var offset = source.contentStart
                if let node = finding.node {
                    var probe = node
                    while probe > 0 && nodes.startOffset(probe) == nil { probe -= 1 }
                    offset = nodes.startOffset(probe) ?? source.contentStart
                }
                offsets.append(offset)
            }
        }
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(findings.count)
        var previous: SourceLocation?
        for index in offsets.indices.sorted(by: { (offsets[$0], $0) < (offsets[$1], $1) }) {
            let location = Self.location(at: offsets[index], after: previous, in: source)
            previous = location
            diagnostics.append(
                Diagnostic(
                    rule: findings[index].rule, location: location,
                    message: LineReference.resolve(findings[index].message, in: source)))
        }
        return diagnostics
    }

    /// The location of `offset`, counted on from the previous finding's when both are on one line,
    /// so that thousands of findings on one long line (a file in flow style) cost time in proportion
    /// to the line, not to the line times the findings.
    static func location(at offset: Int, after previous: SourceLocation?, in source: SourceText) -> SourceLocation {
        let bytes = source.bytes
        guard let previous, previous.offset <= offset, offset <= bytes.count else { return source.location(at: offset) }
        var column = previous.column
        for index in previous.offset..<offset {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D { return source.location(at: offset) }
            if byte & 0xC0 != 0x80 { column += 1 }
        }
        return SourceLocation(line: previous.line, column: column, offset: offset)
    }
}
