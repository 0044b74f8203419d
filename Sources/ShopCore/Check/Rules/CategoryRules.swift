import YAML

/// The rules on categories: `duplicate-category` in the aisle order (of `categories` and of each
/// store), and for items and stores' categories `unknown-category` (not in `categories`) and
/// `category-spelling` (in it, spelled otherwise).
enum CategoryRules {
    /// `duplicate-category`: a category listed twice in `categories`, or in one store of
    /// `stores`; removing the later entry (its comments stay) is a safe fix.
    static let duplicateCategory = Rule(
        id: .duplicateCategory, summary: "A category is listed twice in `categories`, or twice in one store of `stores`.",
        check: { context in
            let nodes = context.nodes
            let sequence = Int(context.layout.categories)
            if sequence >= 0, nodes.isSequence(sequence) {
                reportRepeats(in: sequence, where: "", &context)
            }
            forEachStore(&context) { name, sequence, context in
                reportRepeats(in: sequence, where: " in store \"\(name)\"", &context)
            }
        })

    /// Calls `body` with the name and the category list of every store of `stores` whose name is
    /// text and whose value is a list.
    static func forEachStore(_ context: inout CheckContext, _ body: (String, Int, inout CheckContext) -> Void) {
        let nodes = context.nodes
        let stores = Int(context.layout.stores)
        guard stores >= 0, nodes.isMapping(stores) else { return }
        for (key, value) in nodes.entries(of: stores) where nodes.isScalar(key) && nodes.isSequence(value) {
            // A store without a name is a structure error; what it lists is not judged besides.
            if NameKey(utf8: nodes.value(key)).isEmpty { continue }
            body(context.text(key), value, &context)
        }
    }

    /// Reports every entry of the category list `sequence` that an earlier entry names (compared
    /// like names); `place` says which list it is in messages.
    private static func reportRepeats(in sequence: Int, where place: String, _ context: inout CheckContext) {
        let nodes = context.nodes
        var seen: [NameKey: Int] = [:]
        var previous: Int?
        for entry in nodes.items(of: sequence) {
            defer { previous = entry }
            guard nodes.isScalar(entry), !nodes.isNull(entry) else { continue }
            let key = NameKey(utf8: nodes.value(entry))
            guard let first = seen[key] else {
                seen[key] = entry
                continue
            }
            let fix = Fix(
                title: "remove this entry", isSafe: true,
                edits: [removal(of: entry, after: previous, flow: nodes.isFlow(sequence), in: context)])
            context.report(
                entry,
                FindingMessage(parts: [
                    .text("category \"\(context.text(entry))\" is listed twice\(place) (first at "), context.line(of: first),
                    .text(")"),
                ]), related: [context.place(first, "first listed here")], fixes: [fix])
        }
    }

    /// The text edit that removes a sequence entry: in flow style from the end of the entry
    /// before it; in block style its whole line, but for an end-of-line comment, which stays on a
    /// line of its own.
    private static func removal(of entry: Int, after previous: Int?, flow: Bool, in context: CheckContext) -> TextEdit {
        let span = context.span(of: entry)
        if flow, let previous {
            return TextEdit(span: SourceSpan(start: context.span(of: previous).end, end: span.end), replacement: "")
        }
        let bytes = context.source.bytes
        var lineStart = span.start
        while lineStart > 0 && bytes[lineStart - 1] != 0x0A && bytes[lineStart - 1] != 0x0D { lineStart -= 1 }
        var lineEnd = span.end
        while lineEnd < bytes.count && bytes[lineEnd] != 0x0A && bytes[lineEnd] != 0x0D { lineEnd += 1 }
        var next = lineEnd
        if next < bytes.count && bytes[next] == 0x0D { next += 1 }
        if next < bytes.count && bytes[next] == 0x0A { next += 1 }
        let rest = bytes[span.end..<lineEnd]
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            var indent = lineStart
            while indent < span.start && bytes[indent] == 0x20 { indent += 1 }
            let comment = String(decoding: bytes[hash..<lineEnd], as: UTF8.self)
            let spaces = String(repeating: " ", count: indent - lineStart)
            return TextEdit(span: SourceSpan(start: lineStart, end: lineEnd), replacement: spaces + comment)
        }
        return TextEdit(span: SourceSpan(start: lineStart, end: next), replacement: "")
    }

    /// `unknown-category`: an item's category, or one a store lists, is not in the `categories` in
    /// force (the list's, else its catalog's; only when there are some).
    static let unknownCategory = Rule(
        id: .unknownCategory, summary: "An item's category, or one a store lists, is not listed in `categories`.",
        check: { context in check(&context, spelling: false) })

    /// `category-spelling`: an item's category, or one a store lists, is in `categories` as another
    /// spelling; writing the listed one, which exports then use, is a safe fix.
    static let categorySpelling = Rule(
        id: .categorySpelling, summary: "An item's category, or one a store lists, is spelled otherwise than in `categories`.",
        check: { context in check(&context, spelling: true) })

    private static func check(_ context: inout CheckContext, spelling: Bool) {
        guard let index = context.list.categoryIndex else { return }
        var judge = Judge(index: index, spelling: spelling)
        let nodes = context.nodes
        for record in context.records {
            guard let value = context.item(record).valueNode(.category), nodes.isScalar(value), !nodes.isNull(value) else {
                continue
            }
            judge.judge(value, of: "", &context)
        }
        // The categories a store lists are judged as items' categories are: a store's aisle
        // order names the list's categories.
        forEachStore(&context) { name, sequence, context in
            // An entry that repeats an earlier one is a `duplicate-category` error to remove, and
            // not judged besides.
            var seen: Set<NameKey> = []
            for entry in nodes.items(of: sequence) where nodes.isScalar(entry) && !nodes.isNull(entry) {
                guard seen.insert(NameKey(utf8: nodes.value(entry))).inserted else { continue }
                judge.judge(entry, of: " of store \"\(name)\"", &context)
            }
        }
    }

    /// Judges category values against `categories`, with the suggestions made so far.
    private struct Judge {
        let index: CategoryIndex
        let spelling: Bool
        // A suggestion measures the name against every category: a bound on that work keeps a
        // file with thousands of categories and unknown ones quick to check.
        var suggestions: [String: String?] = [:]
        var comparisonsLeft = 200_000

        /// Reports the category `value` (`whose` says whose it is, after the category) when it is
        /// not in `categories` (`unknown-category`), or, when ``spelling``, when it is there
        /// spelled otherwise.
        mutating func judge(_ value: Int, of whose: String, _ context: inout CheckContext) {
            let nodes = context.nodes
            let bytes = nodes.value(value)
            if index.lists(bytes) { return }
            let key = NameKey(utf8: bytes)
            if key.isEmpty { return }
            let category = context.text(value)
            if let spelled = index.byKey[key] {
                guard spelling else { return }
                let fix = Fix(
                    title: "write \"\(spelled)\"", isSafe: true,
                    edits: [TextEdit(span: context.span(of: value), replacement: ScalarAnalysis.quotedIfNeeded(spelled))])
                context.report(value, "category \"\(category)\"\(whose) is spelled \"\(spelled)\" in \"categories\"", fixes: [fix])
                return
            }
            guard !spelling else { return }
            var suggestion: String?
            if let known = suggestions[category] {
                suggestion = known
            } else if comparisonsLeft > 0 {
                comparisonsLeft -= index.names.count
                suggestion = SpellingSuggestion.closest(to: category, among: index.names)
                suggestions[category] = suggestion
            }
            let listing = context.layout.categories < 0 && context.list.catalog != nil ? "the catalog's " : ""
            var message = "category \"\(category)\"\(whose) is not in \(listing)\"categories\""
            var fixes: [Fix] = []
            if let suggestion {
                message += " (did you mean \"\(suggestion)\"?)"
                fixes.append(
                    Fix(
                        title: "write \"\(suggestion)\"", isSafe: false,
                        edits: [TextEdit(span: context.span(of: value), replacement: ScalarAnalysis.quotedIfNeeded(suggestion))]))
            } else {
                message += "; add it there or fix the spelling"
            }
            context.report(value, message, fixes: fixes)
        }
    }
}
