import ShopCore
import YAML

/// `shop list`: prints the shopping list (or every item) as an aligned table with line totals and
/// the total, grouped by category in aisle order.
enum ListCommand {
    static let spec = CommandSpec(
        name: "list",
        abstract: "Print the shopping list as a table with line totals and the total.",
        discussion: """
            Prints the items on the shopping list (or every item with --all) grouped by category \
            like the Markdown export: the categories in the order of categories, then the others \
            alphabetically, then the items without a category under Other. Each row shows [ ] for \
            an item to get, [x] for a done one (with --all, items not on the list have no box), the \
            name, the quantity, the unit, the price of one unit and the line total (price times \
            quantity, rounded half to even to the currency's decimals). When items are grouped, \
            each group ends with its subtotal, done items included (none for a group in which no \
            item has a price). The last lines are the total \
            of the line totals with how many items have no price, and the total still to get (the \
            items on the list that are not done). Columns are aligned by display width, so \
            accented, CJK and emoji names line up. TEXT keeps the items whose name contains it, \
            compared like names. A file with check errors is still listed, as far as its items \
            can be read (a value that breaks its rule counts as absent), with its errors on \
            standard error and exit status 1.
            --names and --categories print plain lines for scripts and shell completion instead of \
            the table; they also work on a file with check errors, as long as it is one readable \
            YAML document.
            """,
        arguments: [
            ArgumentSpec(
                name: "text", help: "Only the items whose name contains this (case and extra spaces do not matter).",
                arity: .optional, completion: .itemName)
        ],
        options: [
            OptionSpec(long: "all", help: "List every item, not only the shopping list."),
            OptionSpec(
                long: "category", valueName: "category",
                help: "Only the items of this category (case and extra spaces do not matter).",
                completion: .category),
            OptionSpec(long: "not-done", help: "Only the items not checked off yet."),
            OptionSpec(
                long: "names",
                help: "Print the name of every item of the catalog, one per line, in file order, and nothing else."),
            OptionSpec(
                long: "categories",
                help: "Print the categories, one per line: the categories list, then the others items use."),
        ],
        examples: [
            Example(command: "shop list", explanation: "Show what to buy and what it costs."),
            Example(command: "shop list --not-done", explanation: "In the store: what is still to get."),
            Example(command: "shop list milk --all", explanation: "Every item whose name contains \"milk\"."),
            Example(command: "shop list --all --category Dairy", explanation: "Show every dairy item of the catalog."),
            Example(command: "shop list --names | grep -i milk", explanation: "Find items by name in a script."),
        ],
        run: run)

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let arguments = context.arguments
        let path = context.listFile
        let names = arguments.flag("names")
        let categories = arguments.flag("categories")
        if names || categories {
            if names && categories || arguments.value("category") != nil || !arguments.positionals.isEmpty
                || arguments.flag("not-done")
            {
                throw CommandFailure.usage(
                    "'--names' and '--categories' go alone; they take no other option, no text and not each other",
                    command: "list")
            }
        }
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try FileAccess.read(path)
        } catch {
            ListFile.reportUnreadable(error, path: path, context: context)
            return 2
        }
        if names || categories { return printLines(bytes, path: path, names: names, context: context) }
        return printTable(bytes, path: path, context: context)
    }

    /// Prints the table of the list `bytes` hold, read in parts: each part's rows are kept as
    /// text, and the table is written once the whole list is read. The table reports errors only,
    /// so the rules that find warnings need not run.
    static func printTable(_ bytes: [UInt8], path: String, context: CommandContext) -> Int32 {
        let arguments = context.arguments
        let console = context.console
        // A file with errors still shows what it can read; one that git holds as one side's
        // version of an unfinished merge shows nothing, as one with conflict markers: its items
        // are not the list (the other side's changes are missing), and shopping from them would
        // miss them.
        if let refused = ListFile.unmergedRefusal(path: path, bytes: bytes) {
            refused.reportRefusal(to: console)
            return 1
        }
        let scope: ItemScope = arguments.flag("all") ? .all : .shoppingList
        let category = arguments.value("category")
        let text = arguments.positionals.first
        let filter = ItemFilter(nameContains: text, notDone: arguments.flag("not-done"))
        var sectioning = CategorySectioning(scope: scope, category: category, filter: filter)
        var table: ListTable?
        var used = UsedCategories()
        // The rows of a long list go to a temporary file once they are many.
        let folder = TemporaryFile.folder(in: context.environment)
        var spooled = SpooledSections(folder: folder)
        func take(_ list: ShoppingList) {
            var rows = table ?? ListTable(decimals: list.priceDecimals, currency: list.currency, rows: spooled)
            if category != nil { used.add(list) }
            let items = list.items
            sectioning.forEachShown(in: list) { position, group in rows.add(items[position], group: group) }
            table = rows
        }
        let findings: [Finding]
        let last: ShoppingList
        switch ShoppingList.checkInParts(bytes, rules: RuleRegistry.errors, { part, _ in take(part) }) {
        case .failure(let failure):
            let unreadable = ListFile.unreadable(failure, bytes: bytes, path: path)
            unreadable.reportDiagnostics(to: console, errorsOnly: true)
            console.error(unreadable.unreadableAdvice)
            return 1
        case .success(.parts(let found, let rest)):
            take(rest)
            (findings, last) = (found, rest)
        case .success(.whole(let found, let list)):
            // Read whole after all: what the parts gave is not the table.
            (sectioning, table, used) = (CategorySectioning(scope: scope, category: category, filter: filter), nil, UsedCategories())
            spooled = SpooledSections(folder: folder)
            take(list)
            (findings, last) = (found, list)
        }
        let loaded = ListFile(
            path: path, bytes: bytes, document: nil, list: nil, diagnostics: ResolvedFindings(findings, in: SourceText(bytes: bytes)))
        if let category, let message = unknownCategoryMessage(category, known: used.names, path: loaded.displayPath) {
            console.error(message)
            return 1
        }
        // In the store, one bad value must not hide the list: what can be read is shown, and the
        // errors are said.
        let rows = table ?? ListTable(decimals: last.priceDecimals, currency: last.currency, rows: spooled)
        let sections = sectioning.sections(hasItems: { rows.hasRows($0) }, uncategorized: rows.hasRows(nil))
        if sections.isEmpty {
            console.out.write(emptyMessage(scope: scope, category: category, text: text) + "\n")
        } else {
            let title = last.displayTitle(fallback: ExportOptions.title(forPath: path))
            rows.write(title: title, sections: sections, console: console)
            if let failure = spooled.failure {
                console.error(failure.description)
                return 2
            }
        }
        guard !loaded.diagnostics.hasErrors else {
            loaded.reportDiagnostics(to: console, errorsOnly: true)
            console.error("\(loaded.displayPath) has errors; values that break their rules were left out (see 'shop check')")
            return 1
        }
        return 0
    }

    /// What `list` says when no item is shown.
    static func emptyMessage(scope: ItemScope, category: String?, text: String?) -> String {
        let matching = text.map { " matching \"\($0)\"" } ?? ""
        if let category {
            return "No items\(matching) in \(category)\(scope == .all ? "" : " on the shopping list")."
        }
        if scope == .all { return "No items\(matching)." }
        return matching.isEmpty ? "Nothing on the shopping list." : "No items\(matching) on the shopping list."
    }

    /// Prints the names (`names`) or the categories of the list `bytes` hold, one per line, for
    /// `--names` and `--categories`, read in parts: each part's names as it is read, the
    /// categories once every part is. They serve shell completion, which should keep helping while
    /// a file has check errors: no rule runs, and only a file that is not one readable YAML
    /// document is refused (exit 1), with nothing printed, so the lines wait (in a temporary file
    /// once they are many) until the whole list is read. A text with a line break cannot be one
    /// line, and is left out.
    static func printLines(_ bytes: [UInt8], path: String, names: Bool, context: CommandContext) -> Int32 {
        let console = context.console
        let spool = OutputSpool(folder: TemporaryFile.folder(in: context.environment))
        var used = UsedCategories()
        func take(_ list: ShoppingList) {
            guard names else { return used.add(list) }
            for line in itemNames(list) where !line.contains(where: \.isNewline) {
                Array((line + "\n").utf8).withUnsafeBufferPointer(spool.write)
            }
        }
        func unreadable(_ failure: ReadFailure) -> Int32 {
            let file = ListFile.unreadable(failure, bytes: bytes, path: path)
            file.reportDiagnostics(to: console, errorsOnly: true)
            console.error(file.unreadableAdvice)
            return 1
        }
        switch ShoppingList.readInParts(bytes, { take($0) }) {
        case .failure(let failure):
            return unreadable(failure)
        case .success(.settingsAfterItems):
            // `categories` after the items: the list is read whole.
            spool.discard()
            used = UsedCategories()
            switch ShoppingList.read(bytes) {
            case .failure(let failure): return unreadable(failure)
            case .success(let list): take(list)
            }
        case .success(.read(let rest)):
            take(rest)
        }
        if !names {
            for line in used.names where !line.contains(where: \.isNewline) {
                Array((line + "\n").utf8).withUnsafeBufferPointer(spool.write)
            }
        }
        do throws(FileError) {
            try spool.deliver { console.out.write($0) }
        } catch {
            console.error(error.description)
            return 2
        }
        return 0
    }

    /// Every item name that is not blank, as written, in file order.
    static func itemNames(_ list: ShoppingList) -> [String] {
        list.items.compactMap { item in item.name.flatMap { NameKey($0).isEmpty ? nil : $0 } }
    }

    /// Why `--category` names none of the file's categories (`known`, see ``UsedCategories``),
    /// with the closest one; nil when it names one.
    static func unknownCategoryMessage(_ category: String, known: [String], path: String) -> String? {
        let wanted = NameKey(category)
        if known.contains(where: { NameKey($0) == wanted }) { return nil }
        var message = "no category \"\(category)\" in \(path)"
        if let suggestion = SpellingSuggestion.closest(to: category, among: known) {
            message += " (did you mean \"\(suggestion)\"?)"
        } else if !known.isEmpty {
            message += "; its categories are " + known.map { "\"\($0)\"" }.joined(separator: ", ")
        }
        return message
    }
}

/// The categories of a list, each once (compared the way names are), as first written: the
/// `categories` entries, then the others items use, in the order they are first used; gathered a
/// list or a part of one at a time.
struct UsedCategories {
    private var written: [String] = []
    private var seen: Set<NameKey> = []
    private var started = false

    /// Adds the categories of `list` (its `categories` entries, with the first list given).
    mutating func add(_ list: ShoppingList) {
        if !started {
            started = true
            written = list.categories ?? []
            seen = Set(written.map(NameKey.init))
        }
        for item in list.items {
            guard let used = item.category, seen.insert(NameKey(used)).inserted else { continue }
            written.append(used)
        }
    }

    /// The categories that are not blank.
    var names: [String] { written.filter { !NameKey($0).isEmpty } }
}
