/// What a Markdown import reads.
public struct MarkdownImport: Hashable, Sendable {
    /// The text of the first `#` heading, escapes undone.
    public var title: String?
    /// The task items, in order.
    public var items: [MarkdownImportItem]
    /// The lines that name an item but cannot be read (`- [ ] 2-3 apples`).
    public var problems: [ImportProblem]
    /// How many lines are neither task items, headings, notes nor blank: paragraphs, quotes,
    /// rules, tables, plain list items, the total line in any wording. They are skipped.
    public var skippedLines = 0
}

/// Reads `shop import --format markdown` input: what `shop export --format markdown` writes (see
/// ``MarkdownExporter``), and checklists typed by hand.
///
/// - Only task items are items: a list item (`-`, `*`, `+` or `1.`, at any indentation) with a
///   checkbox, ticked with `[x]`, `[X]` or the other boxes a text line takes (`[✓]`, `☑`),
///   unticked with `[ ]` or `☐`; its text is read by ``MarkdownItemText``, and a known item's name
///   followed by a remark (`Oat milk (Oatly)`, ``NameRemark``) names that item. An item with no
///   text is skipped.
/// - A `#` heading is the title; a `##` (or deeper) heading gives the category of the items below
///   it, escapes undone and white space at the ends dropped. The export heads the items without a
///   category `Other`, or, when a category has that name, `Uncategorized`, then `Without a
///   category`, always last: when the last heading is the one the export would choose after the
///   headings before it, its items have no category and every other heading is a category;
///   otherwise items under an `Other` heading have no category.
/// - Block quote lines (`> ...`) and indented text lines after an item are its notes: a line a
///   line (a trailing `\` or two spaces, a hard break, dropped), an empty quote line or a blank
///   line between paragraphs.
/// - Every other line (paragraphs, quotes that follow no item, rules, tables, plain list items, the
///   total line in any wording) is not an item: it is skipped, and counted in
///   ``MarkdownImport/skippedLines``.
public enum MarkdownImportReader {
    /// Reads checked text. With `knownNames`, each item keeps only the reading that
    /// ``MarkdownImportItem/reading(matching:)`` picks for them, as both its only reading and its
    /// reading, which spares the memory of the others on large input.
    /// Lines typed by hand read their prices for a list whose prices have `priceDecimals`.
    public static func read(
        _ text: ImportText, resolvingWith knownNames: Set<NameKey>? = nil, priceDecimals: Int = Currency.defaultDecimals
    ) -> MarkdownImport {
        var items: [MarkdownImportItem] = []
        var headings: [Int] = []
        let isKnown = knownNames.map { names in { (name: NameKey) in names.contains(name) } }
        var read = read(text, resolvingWith: isKnown, priceDecimals: priceDecimals) { item, heading in
            items.append(item)
            headings.append(heading)
        }
        for index in items.indices where headings[index] >= 0 {
            items[index].category = read.categories[headings[index]]
        }
        read.import.items = items
        return read.import
    }

    /// ``read(_:resolvingWith:priceDecimals:)``, handing each item to `item` in
    /// order instead of holding them, with the index of the heading above it (-1 before any):
    /// an item's category is known only at the end (which heading is the export's heading of the
    /// items without one depends on the last), and is then the heading's entry of `categories`.
    /// What is returned has no items.
    static func read(
        _ text: ImportText, resolvingWith isKnown: ((NameKey) -> Bool)?, priceDecimals: Int,
        each item: (MarkdownImportItem, _ heading: Int) -> Void
    ) -> (import: MarkdownImport, categories: [String?]) {
        var state = State()
        state.isKnown = isKnown
        state.priceDecimals = priceDecimals
        text.forEachLine { number, line in
            state.read(line, number: number)
            // The last item's notes may go on: the others are done.
            state.handOver(keepingLast: true, to: item)
        }
        return state.finish(handingOver: item)
    }

    /// Reads bytes; throws when they are not UTF-8 text (see ``ImportText``).
    public static func read(_ bytes: [UInt8]) throws(ImportProblem) -> MarkdownImport {
        read(try ImportText(bytes))
    }

    /// Everything read so far.
    private struct State {
        /// Whether the list has an item of a name; nil keeps every reading.
        var isKnown: ((NameKey) -> Bool)?
        var priceDecimals = Currency.defaultDecimals
        var title: String?
        var headings: [String] = []
        /// The items not handed over yet: the last one takes notes until another line comes.
        var items: [MarkdownImportItem] = []
        /// The heading above each item (an index into `headings`), or -1.
        var itemHeadings: [Int] = []
        var problems: [ImportProblem] = []
        var skippedLines = 0
        /// The notes of the last item: paragraphs of lines.
        var notes: [[String]] = []
        /// Whether an empty quote line or a blank line came after the last notes line.
        var paragraphBreak = false
        /// Whether the lines being read still belong to the last item.
        var inItem = false

        mutating func read(_ line: Substring, number: Int) {
            let indentation = line.scalarPrefix { $0 == " " || $0 == "\t" }.unicodeScalars.count
            let content = line.droppingScalars(indentation)
            let trimmed = content.strippedOfWhiteSpace
            if trimmed.isEmpty {
                if !notes.isEmpty { paragraphBreak = true }
                return
            }
            if var quoted = trimmed.afterScalars(">") {
                guard inItem else {
                    skippedLines += 1
                    return
                }
                quoted = quoted.afterScalars(" ") ?? quoted
                addNotesLine(quoted)
                return
            }
            if isThematicBreak(trimmed) {
                finishItem()
                inItem = false
                skippedLines += 1
                return
            }
            if let item = listItem(content) {
                finishItem()
                guard item.hasCheckbox else {
                    // Only task items are read: `- Apples` is a note in a list, not an item.
                    inItem = false
                    skippedLines += 1
                    return
                }
                guard !item.text.isEmpty else { return }
                startItem(item, number: number)
                return
            }
            if indentation <= 3, let heading = heading(content) {
                finishItem()
                inItem = false
                if heading.level == 1 {
                    if title == nil { title = heading.text }
                } else {
                    headings.append(heading.text)
                }
                return
            }
            if inItem && indentation >= 2 {
                addNotesLine(content)
                return
            }
            finishItem()
            inItem = false
            skippedLines += 1
        }

        /// `- [x] text`, `* [ ] text`, `1. text`: the checkbox and the text after it.
        private func listItem(_ content: Substring) -> (hasCheckbox: Bool, ticked: Bool, text: Substring)? {
            var rest = content
            if let first = rest.unicodeScalars.first, first == "-" || first == "*" || first == "+" {
                rest = rest.droppingScalars(1)
            } else {
                let digits = rest.scalarPrefix { $0.value >= 0x30 && $0.value <= 0x39 }.unicodeScalars.count
                guard (1...9).contains(digits) else { return nil }
                rest = rest.droppingScalars(digits)
                guard let mark = rest.unicodeScalars.first, mark == "." || mark == ")" else { return nil }
                rest = rest.droppingScalars(1)
            }
            guard Self.startsWithSpace(rest) else { return nil }
            rest = rest.strippedOfWhiteSpace
            if let (after, checkbox) = TextLineParser.leadingCheckbox(rest) {
                return (true, checkbox == .ticked, after.strippedOfWhiteSpace)
            }
            return (false, false, rest)
        }

        /// An ATX heading: its level and its text, escapes undone and an optional closing sequence
        /// of `#`s dropped.
        private func heading(_ content: Substring) -> (level: Int, text: String)? {
            let level = content.scalarPrefix { $0 == "#" }.unicodeScalars.count
            guard (1...6).contains(level) else { return nil }
            var rest = content.droppingScalars(level)
            guard Self.startsWithSpace(rest) else { return nil }
            rest = rest.strippedOfWhiteSpace
            let closing = rest.unicodeScalars.reversed().prefix { $0 == "#" }.count
            if closing > 0 {
                let before = Substring(rest.unicodeScalars.dropLast(closing))
                if before.isEmpty || before.unicodeScalars.last == " " || before.unicodeScalars.last == "\t" {
                    rest = before.strippedOfWhiteSpace
                }
            }
            return (level, MarkdownText.unescaped(rest).text.trimmingWhiteSpace())
        }

        private func isThematicBreak(_ text: Substring) -> Bool {
            guard let mark = text.unicodeScalars.first, mark == "-" || mark == "*" || mark == "_" else { return false }
            let marks = text.unicodeScalars.filter { $0 != " " && $0 != "\t" }
            return marks.count >= 3 && marks.allSatisfy { $0 == mark }
        }

        /// Whether the text is empty or starts with a space or a tab, as after a list marker.
        private static func startsWithSpace(_ text: Substring) -> Bool {
            guard let first = text.unicodeScalars.first else { return true }
            return first == " " || first == "\t"
        }

        private mutating func startItem(_ item: (hasCheckbox: Bool, ticked: Bool, text: Substring), number: Int) {
            var (readings, preferred, typedFailure) = MarkdownItemText.readings(item.text, priceDecimals: priceDecimals)
            // A line typed by hand that a text line would refuse is refused here too, unless it
            // names a known item as it stands.
            if let typedFailure, !(isKnown?(NameKey(preferred.name)) ?? false) {
                finishItem()
                inItem = false
                problems.append(ImportProblem(line: number, message: typedFailure.reason))
                return
            }
            if let isKnown {
                preferred = MarkdownImportItem.knownReading(readings, isKnown: isKnown) ?? preferred
                readings = [preferred]
            }
            items.append(
                MarkdownImportItem(
                    line: number, ticked: item.ticked, hasCheckbox: item.hasCheckbox,
                    text: MarkdownText.unescaped(item.text).text, category: nil, notes: nil, readings: readings,
                    reading: preferred))
            itemHeadings.append(headings.count - 1)
            inItem = true
        }

        private mutating func addNotesLine(_ line: Substring) {
            var text = line
            // Two spaces at the end are a hard break, as a backslash is.
            while text.unicodeScalars.last == " " { text = Substring(text.unicodeScalars.dropLast()) }
            let content = MarkdownText.unescaped(text).text
            if content.isEmpty {
                if !notes.isEmpty { paragraphBreak = true }
            } else if notes.isEmpty || paragraphBreak {
                notes.append([content])
                paragraphBreak = false
            } else {
                notes[notes.count - 1].append(content)
            }
        }

        /// Gives the notes read so far to the last item.
        private mutating func finishItem() {
            if !notes.isEmpty, !items.isEmpty {
                items[items.count - 1].notes = notes.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
            }
            notes = []
            paragraphBreak = false
        }

        /// Hands the items read so far to `body`, with their headings; all but the last when
        /// `keepingLast`.
        mutating func handOver(keepingLast: Bool, to body: (MarkdownImportItem, Int) -> Void) {
            let count = keepingLast ? items.count - 1 : items.count
            guard count > 0 else { return }
            for index in 0..<count { body(items[index], itemHeadings[index]) }
            items.removeFirst(count)
            itemHeadings.removeFirst(count)
        }

        /// Hands the last items over, and gives what was read besides: the title and problems, and
        /// the category of the items under each heading.
        mutating func finish(handingOver body: (MarkdownImportItem, Int) -> Void) -> (MarkdownImport, [String?]) {
            finishItem()
            handOver(keepingLast: false, to: body)
            let uncategorized = uncategorizedHeadings()
            let categories = headings.indices.map { heading -> String? in
                uncategorized.contains(heading) || headings[heading].isEmpty ? nil : headings[heading]
            }
            return (MarkdownImport(title: title, items: [], problems: problems, skippedLines: skippedLines), categories)
        }

        /// The headings whose items have no category.
        private func uncategorizedHeadings() -> Set<Int> {
            guard let last = headings.indices.last else { return [] }
            let exported = CategorySections.uncategorizedHeading(after: headings[..<last].map(NameKey.init))
            if NameKey(headings[last]) == NameKey(exported) { return [last] }
            let other = NameKey(CategorySections.otherHeading)
            return Set(headings.indices.filter { NameKey(headings[$0]) == other })
        }
    }
}
