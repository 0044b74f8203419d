import ShopCore
import YAML

/// `shop export`: writes the shopping list (or every item) as CSV, a Markdown checklist, JSON, a
/// printable HTML page or a page to tick on a phone.
enum ExportCommand {
    static let formatNames = ExportFormat.names.map(\.name)

    static let spec = CommandSpec(
        name: "export",
        abstract: "Write the shopping list as CSV, a Markdown checklist, JSON, a printable page or a phone's page.",
        discussion: """
            Exports the items on the shopping list (buy: true), or every item with --all, in file \
            order (Markdown, HTML and the phone's page group them by category in the order of \
            categories; with --store, or $SHOP_STORE, the categories that store lists in stores \
            come first, in its aisle order; CSV and JSON rows stay in file order). A store the list \
            does not have is refused (exit 2, nothing written) naming its stores; $SHOP_STORE is \
            ignored by a list without stores. Without --format, \
            the extension of --output picks the format: .csv, .md or .markdown, .json, .html or .htm, \
            or .phone.html. The HTML page is one self-contained file (no script, nothing fetched) with a \
            print style sheet: two columns on A4 or Letter, each item and each heading with its first \
            item kept together, and a layout that fits a phone's width. The phone's page is that page \
            made to be ticked in the store with no network: a tap ticks a row, the ticks stay in the \
            phone's browser, a field adds what is not on the list, and "Send back" gives the \
            checklist that shop import reads; it fetches and sends nothing. The export \
            goes to standard output, or with --output to a file that is replaced atomically. A file \
            with check errors is not exported: its errors are printed on standard error and the \
            exit status is 1; warnings do not stop an export. Line totals are price times quantity \
            rounded half to even to the currency's decimals, and totals add up those rounded line \
            totals, in exact decimal arithmetic.
            """,
        arguments: [
            ArgumentSpec(
                name: "file", help: "The list to export; - reads standard input (default: the list file).",
                arity: .optional, completion: .file)
        ],
        options: [
            OptionSpec(
                long: "format", valueName: "format",
                help: "csv, markdown (or md), json, html (or htm) or phone (default: from the extension of --output).",
                allowedValues: formatNames, completion: .values(ExportFormat.allCases.map(\.rawValue))),
            OptionSpec(long: "all", help: "Export every item, not only the shopping list."),
            OptionSpec(
                long: "store", valueName: "store",
                help: "Order the sections of Markdown, HTML and the phone's page as this store's aisles (default: $SHOP_STORE).",
                completion: .store),
            OptionSpec(
                long: "output", short: "o", valueName: "path",
                help: "Write to this file, replacing it atomically; - is standard output (the default).",
                completion: .file),
        ],
        examples: [
            Example(
                command: "shop export --format markdown > list.md",
                explanation: "Print the shopping list as a checklist to take to the store."),
            Example(
                command: "shop export --all -o catalog.csv", explanation: "Write every item to a spreadsheet file."),
            Example(
                command: "shop export groceries.yaml --format json",
                explanation: "Print a list as JSON for other programs."),
            Example(
                command: "shop export -o list.html", explanation: "Write a page to print or to open on a phone."),
            Example(
                command: "shop export -o list.phone.html",
                explanation: "Write a page to tick in the store, offline, and send back to shop import."),
        ],
        run: run)

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let arguments = context.arguments
        let output = arguments.value("output").flatMap { $0 == "-" ? nil : $0 }
        let format = try chooseFormat(arguments.value("format"), output: output)
        let path = context.fileOperands[0]
        let console = context.console
        var options = ExportOptions(
            scope: arguments.flag("all") ? .all : .shoppingList, fallbackTitle: ExportOptions.title(forPath: path))

        let loaded: ListFile
        // Only errors stop it: the rules that find warnings need not run.
        switch ListFile.loadRefusingErrors(path) {
        case .failure(let error):
            ListFile.reportUnreadable(error, path: path, context: context)
            return 2
        case .success(let file):
            loaded = file
        }
        guard let list = loaded.list, !loaded.diagnostics.hasErrors else {
            loaded.reportDiagnostics(to: console, errorsOnly: true)
            console.error("\(loaded.displayPath) has errors; nothing was exported (see 'shop check')")
            return 1
        }
        switch StoreChoice.choose(in: list, context: context, displayPath: loaded.displayPath) {
        case .store(let store): options.store = store
        case .unknown(let message):
            console.error(message)
            return 2
        }
        guard let output else {
            format.write(list, options: options) { console.out.write($0) }
            return 0
        }
        if FileAccess.sameFile(path, output) {
            console.error("refusing to write the export over the list it comes from ('\(output)')")
            return 2
        }
        do throws(FileError) {
            try FileAccess.writeAtomically(to: output) { write in format.write(list, options: options, to: write) }
        } catch {
            console.error(error.description)
            return 2
        }
        return 0
    }

    /// The format asked for, else the one the output's extension names; a usage error when
    /// neither tells.
    static func chooseFormat(_ name: String?, output: String?) throws(CommandFailure) -> ExportFormat {
        if let name, let format = ExportFormat(name: name) { return format }
        guard let output else {
            throw CommandFailure.usage(
                "missing '--format <format>' (csv, markdown, json, html or phone), or an '--output' file named .csv, .md, "
                    + ".json, .html or .phone.html",
                command: "export")
        }
        guard let format = ExportFormat(fileExtensionOf: output) else {
            throw CommandFailure.usage(
                "cannot tell the format from the name '\(output)'; use '--format csv|markdown|json|html|phone', or name "
                    + "the file .csv, .md, .markdown, .json, .html, .htm or .phone.html",
                command: "export")
        }
        return format
    }
}
