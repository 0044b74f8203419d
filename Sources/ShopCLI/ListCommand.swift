import ShopCore

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
            each group ends with its subtotal, done items included. The last lines are the total \
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
        let console = context.console
        let path = context.listFile
        let names = arguments.flag("names")
        let categories = arguments.flag("categories")
        let loaded: ListFile
        // The table reports errors only, so the rules that find warnings need not run; the plain
        // lines for completion report nothing, so no rule runs for them.
        switch ListFile.load(path, context: context, rules: names || categories ? [] : RuleRegistry.errors) {
        case .failure(let error):
            ListFile.reportUnreadable(error, path: path, context: context)
            return 2
        case .success(let file):
            loaded = file
        }
        if names || categories {
            if names && categories || arguments.value("category") != nil || !arguments.positionals.isEmpty
                || arguments.flag("not-done")
            {
                throw CommandFailure.usage(
                    "'--names' and '--categories' go alone; they take no other option, no text and not each other",
                    command: "list")
            }
            return printLines(names ? itemNames : allCategories, of: loaded, console: console)
        }
        guard let list = loaded.list else {
            loaded.reportDiagnostics(to: console, errorsOnly: true)
            console.error(loaded.unreadableAdvice)
            return 1
        }
        // In the store, one bad value must not hide the list: what can be read is shown, and the
        // errors are said.
        let hasErrors = loaded.diagnostics.contains { $0.severity == .error }
        let scope: ItemScope = arguments.flag("all") ? .all : .shoppingList
        let category = arguments.value("category")
        if let category, let message = unknownCategoryMessage(category, in: list, path: loaded.displayPath) {
            console.error(message)
            return 1
        }
        let text = arguments.positionals.first
        let filter = ItemFilter(nameContains: text, notDone: arguments.flag("not-done"))
        let sections = CategorySections(list: list, scope: scope, category: category, filter: filter)
        if sections.sections.isEmpty {
            console.out.write(emptyMessage(scope: scope, category: category, text: text) + "\n")
        } else {
            let title = list.displayTitle(fallback: ExportOptions.title(forPath: path))
            console.out.write(ListTable(list: list, sections: sections.sections, title: title).render(console: console))
        }
        guard !hasErrors else {
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

    /// Prints `lines(list)`, one per line, for `--names` and `--categories`. They serve shell
    /// completion, which should keep helping while a file has check errors, so only a file that is
    /// not one readable YAML document is refused (exit 1). A text with a line break cannot be one
    /// line, and is left out.
    static func printLines(_ lines: (ShoppingList) -> [String], of loaded: ListFile, console: Console) -> Int32 {
        guard let list = loaded.list else {
            loaded.reportDiagnostics(to: console, errorsOnly: true)
            console.error(loaded.unreadableAdvice)
            return 1
        }
        for line in lines(list) where !line.contains(where: \.isNewline) {
            console.out.write(line + "\n")
        }
        return 0
    }

    /// Every item name that is not blank, as written, in file order.
    static func itemNames(_ list: ShoppingList) -> [String] {
        list.items.compactMap { item in item.name.flatMap { NameKey($0).isEmpty ? nil : $0 } }
    }

    /// The `categories` entries, then the other categories items use, each once (compared the way
    /// names are), as first written.
    static func allCategories(_ list: ShoppingList) -> [String] {
        var known = list.categories ?? []
        var seen = Set(known.map(NameKey.init))
        for item in list.items {
            guard let used = item.category, seen.insert(NameKey(used)).inserted else { continue }
            known.append(used)
        }
        return known.filter { !NameKey($0).isEmpty }
    }

    /// Why `--category` names no category of the file, with the closest one; nil when the file
    /// lists it in `categories` or an item uses it.
    static func unknownCategoryMessage(_ category: String, in list: ShoppingList, path: String) -> String? {
        let wanted = NameKey(category)
        let known = allCategories(list)
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
