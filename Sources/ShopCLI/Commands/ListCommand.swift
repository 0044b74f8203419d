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
            alphabetically, then the items without a category under Other; with --store (or \
            $SHOP_STORE), the categories that store lists in stores come first, in its aisle order. \
            A store the list does not have is refused (exit 2) naming its stores; $SHOP_STORE is \
            ignored by a list without stores. Each row shows [ ] for \
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
            --names, --categories and --stores print plain lines for scripts and shell completion instead of \
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
                long: "store", valueName: "store",
                help: "Group in the aisle order of this store of stores (default: $SHOP_STORE).",
                completion: .store),
            OptionSpec(
                long: "names",
                help: "Print the name of every item of the catalog, one per line, in file order, and nothing else."),
            OptionSpec(
                long: "categories",
                help: "Print the categories, one per line: the categories list, then the others items use."),
            OptionSpec(long: "stores", help: "Print the names of the stores, one per line, in file order."),
        ],
        examples: [
            Example(command: "shop list", explanation: "Show what to buy and what it costs."),
            Example(command: "shop list --not-done", explanation: "In the store: what is still to get."),
            Example(command: "shop list --store Market", explanation: "What to get, in the order of Market's aisles."),
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
        let stores = arguments.flag("stores")
        let lines = [names, categories, stores].filter { $0 }.count
        if lines > 0 {
            if lines > 1 || arguments.value("category") != nil || !arguments.positionals.isEmpty
                || arguments.flag("not-done") || arguments.value("store") != nil
            {
                throw CommandFailure.usage(
                    "'--names', '--categories' and '--stores' go alone; they take no other option, no text and not each other",
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
        if lines > 0 {
            return printLines(bytes, path: path, lines: names ? .names : (stores ? .stores : .categories), context: context)
        }
        return printTable(bytes, path: path, context: context)
    }

    /// Prints the table of the list `bytes` hold. The table reports errors only, so the rules that
    /// find warnings need not run.
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
        let loaded = ListFile.decode(bytes, path: path, rules: RuleRegistry.errors)
        guard let list = loaded.list else {
            loaded.reportRefusal(to: console)
            return 1
        }
        let scope: ItemScope = arguments.flag("all") ? .all : .shoppingList
        let category = arguments.value("category")
        let text = arguments.positionals.first
        if let category, let message = unknownCategoryMessage(category, known: UsedCategories(list).names, path: loaded.displayPath) {
            console.error(message)
            return 1
        }
        // In the store, one bad value must not hide the list: what can be read is shown, and the
        // errors are said.
        let store: StoreOrders.Store?
        switch StoreChoice.choose(in: list, context: context, displayPath: loaded.displayPath) {
        case .store(let chosen): store = chosen
        case .unknown(let message):
            console.error(message)
            return 2
        }
        let filter = ItemFilter(nameContains: text, notDone: arguments.flag("not-done"))
        let sections = CategorySections(list: list, scope: scope, category: category, filter: filter, store: store)
            .sections
        if sections.isEmpty {
            console.out.write(emptyMessage(scope: scope, category: category, text: text) + "\n")
        } else {
            let title = list.displayTitle(fallback: ExportOptions.title(forPath: path))
            ListTable(list: list, sections: sections).write(title: title, console: console)
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

    /// What `--names`, `--categories` and `--stores` print.
    enum Lines {
        case names, categories, stores
    }

    /// Prints the names, the categories or the stores of the list `bytes` hold, one per line, for
    /// `--names`, `--categories` and `--stores`. They serve shell completion, which should keep helping while
    /// a file has check errors: no rule runs, and only a file that is not one readable YAML
    /// document is refused (exit 1), with nothing printed. A text with a line break cannot be one
    /// line, and is left out.
    static func printLines(_ bytes: [UInt8], path: String, lines: Lines, context: CommandContext) -> Int32 {
        let console = context.console
        let list: ShoppingList
        switch ShoppingList.read(bytes) {
        case .failure(let failure):
            let file = ListFile.unreadable(failure, bytes: bytes, path: path)
            file.reportRefusal(to: console)
            return 1
        case .success(let read):
            // Completion lists the catalog's names and categories too.
            list = ListFile.resolvingCatalog(read, listPath: path).list
        }
        let printed: [String]
        switch lines {
        case .names: printed = itemNames(list)
        case .categories: printed = UsedCategories(list).names
        case .stores: printed = list.stores?.names ?? []
        }
        for line in printed where !line.contains(where: \.isNewline) {
            console.out.write(line + "\n")
        }
        return 0
    }

    /// Every item name that is not blank, as written, in file order; for a list with a catalog,
    /// then the catalog's names the list does not have, in the catalog's order.
    static func itemNames(_ list: ShoppingList) -> [String] {
        var names = list.items.compactMap { item in item.name.flatMap { NameKey($0).isEmpty ? nil : $0 } }
        guard let catalog = list.catalog else { return names }
        var seen = Set(names.map(NameKey.init))
        for name in itemNames(catalog) where seen.insert(NameKey(name)).inserted {
            names.append(name)
        }
        return names
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
/// `categories` entries, then the others items use, in the order they are first used.
struct UsedCategories {
    private var written: [String]

    /// The categories of `list`.
    init(_ list: ShoppingList) {
        written = list.categories ?? []
        var seen = Set(written.map(NameKey.init))
        for item in list.items {
            guard let used = item.category, seen.insert(NameKey(used)).inserted else { continue }
            written.append(used)
        }
    }

    /// The categories that are not blank.
    var names: [String] { written.filter { !NameKey($0).isEmpty } }
}
