import ShopCore

/// `shop import`: brings a checklist, a spreadsheet, a JSON export or pasted lines back into the
/// list, as one edit.
enum ImportCommand {
    static let formatNames = ImportFormat.names.map(\.name)

    static let spec = CommandSpec(
        name: "import",
        abstract: "Bring a ticked checklist, a spreadsheet, JSON or pasted lines into the list.",
        discussion: """
            Reads FILE (- for standard input) as a Markdown checklist, CSV, JSON or text lines, \
            one item a line, and changes the list as one edit: written atomically in canonical \
            form with every comment kept, or not at all. The format is --format, else the \
            extension of FILE (.md, .csv, .json, .txt), else what the text looks like. Names are \
            matched the way check compares them. From a checklist, a known item goes on the list, \
            checked off when ticked and unchecked when not; an unknown one is added under the \
            category of its heading; other lines are skipped. From CSV and JSON (delimited by , ; \
            or tabs, UTF-8 or UTF-16), a known item takes the values of the columns given (an empty \
            cell keeps its value), an unknown one is added; both go on the list unless the buy \
            column says false. From text lines (2 kg flour, milk 2x 1.29, coffee 500 g 7.99, bread, \
            rolls, rows pasted from a spreadsheet), an item goes on the list with the quantity, \
            unit, size and price the line gives. Lines that name one item are merged, their \
            quantities added up when they are in one unit and size. A line \
            that cannot be read is reported with its line number, and nothing is written (exit \
            status 1). Input larger than 8 MiB is refused. --dry-run prints the changes as shop \
            diff does and writes nothing.
            """,
        arguments: [
            ArgumentSpec(
                name: "file", help: "What to import; - reads standard input.", arity: .required, completion: .file)
        ],
        options: [
            OptionSpec(
                long: "format", valueName: "format",
                help: "markdown (or md), csv, json or text (or txt) (default: from the extension, else the content).",
                allowedValues: formatNames, completion: .values(ImportFormat.allCases.map(\.rawValue))),
            OptionSpec(long: "dry-run", help: "Print what would change, item by item, and write nothing."),
        ],
        examples: [
            Example(
                command: "shop import checklist.md",
                explanation: "Bring the ticks back from the checklist taken to the store."),
            Example(
                command: "shop import --dry-run prices.csv", explanation: "See what a spreadsheet would change first."),
            Example(
                command: "pbpaste | shop import --format text -",
                explanation: "Put pasted lines such as \"2 kg flour\" on the list."),
        ],
        run: run)

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let arguments = context.arguments
        let console = context.console
        let input = arguments.positionals[0]
        let inputName = CommandContext.displayName(input)
        let listFile = context.listFile
        if input != "-" && FileAccess.sameFile(input, listFile) {
            throw CommandFailure.refused("'\(input)' is the list itself; import another file into it")
        }
        let text: ImportText
        // The bytes read live only until the text is checked: the readers read the text.
        do throws(FileError) {
            switch try FileAccess.read(input, limit: ImportText.maximumBytes) {
            case .complete(let bytes):
                do throws(ImportProblem) {
                    text = try ImportText(bytes)
                } catch {
                    report([error], input: inputName, console: console)
                    console.error("nothing was imported")
                    return 1
                }
            case .tooLarge(let size):
                console.error("\(inputName): " + ImportText.tooLargeMessage(size: size) + "; nothing was imported")
                return 1
            }
        } catch {
            throw CommandFailure.file(error)
        }
        let chosen = arguments.value("format").flatMap(ImportFormat.init(name:)) ?? ImportFormat(fileExtensionOf: input)
        let format = chosen ?? ImportFormat.guess(text)
        if chosen == nil && format == .text, let what = yamlInput(input, text: text) {
            throw CommandFailure.refused(
                "\(inputName) is \(what), which import does not read: it reads checklists (.md), spreadsheets "
                    + "(.csv), JSON exports (.json) and lines of text (.txt); give --format to read it as one of those")
        }
        let preview: ((ShoppingList, ShoppingList) -> Void)? =
            arguments.flag("dry-run")
            ? { before, after in ListDiff(old: before, new: after).write { console.out.write($0) } } : nil
        return EditSession.run(context, preview: preview) { editor throws(EditRefusal) in
            do throws(ImportRefusal) {
                let entries: ImportEntries
                do throws(ImportProblem) {
                    entries = try ImportEntries.read(
                        text, format: format, knownNames: Set(editor.list.items.compactMap { $0.name.map(NameKey.init) }),
                        priceDecimals: editor.list.priceDecimals)
                } catch {
                    throw ImportRefusal([error])
                }
                try editor.importEntries(entries)
            } catch {
                // A refused import says each problem on its line, then what it refused.
                report(error.problems, input: inputName, console: console)
                let count = error.problems.count
                throw EditRefusal(
                    "nothing was imported (\(count == 1 ? "1 problem" : "\(count) problems") in \(inputName), read as \(format.rawValue))")
            }
        }
    }

    /// What the input is when it is YAML, which no import format reads: a file named `.yaml` or
    /// `.yml`, or text that reads as a shop list (a mapping with `items`). Read as lines of text,
    /// every line of a list would become an item. Asked only when neither `--format` nor the
    /// file's extension names a format and the text does not look like another one (JSON is YAML
    /// too).
    static func yamlInput(_ input: String, text: ImportText) -> String? {
        let name = FileAccess.fileName(of: input).lowercased()
        if input != "-" && (name.hasSuffix(".yaml") || name.hasSuffix(".yml")) { return "a YAML file" }
        guard case .success(let list) = ShoppingList.read(Array(text.text.utf8)), list.itemsNode != nil else { return nil }
        return "a shop list"
    }

    /// The most problems reported one by one; a file with more (often one that is not in the
    /// format it was read as) gets a count of the rest.
    static let reportedProblems = 50

    /// `checklist.md:3: error: MESSAGE`, one line a problem, on standard error.
    static func report(_ problems: [ImportProblem], input: String, console: Console) {
        let label = console.styled("error:", .red, forErrorStream: true)
        for problem in problems.prefix(reportedProblems) {
            console.err.write("\(input):\(problem.line): \(label) \(problem.message)\n")
        }
        if problems.count > reportedProblems {
            console.err.write("\(input): \(problems.count - reportedProblems) more problems not shown\n")
        }
    }
}
