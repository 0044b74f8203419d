import ShopCore

/// `shop buy --from FILE...`: reads the recipes, then puts their items on the list as one edit.
enum BuyFromCommand {
    /// Reads every `--from` file, then edits the list; returns the exit status. A recipe that is
    /// missing or unreadable is exit 2, one with errors exit 1, and then the list is not touched.
    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let arguments = context.arguments
        if !arguments.positionals.isEmpty {
            throw CommandFailure.usage(
                "'--from FILE' puts a recipe's items on the list; name items without it, or run buy twice", command: "buy")
        }
        if arguments.flag("quantity") {
            throw CommandFailure.usage(
                "'--quantity' sets the quantity of items named; with '--from', the recipe gives it ('--times N' multiplies it)",
                command: "buy")
        }
        let times = try self.times(arguments.value("times"))
        let console = context.console
        var recipes: [Recipe] = []
        for path in arguments.values("from") {
            if path != "-" && FileAccess.sameFile(path, context.listFile) {
                throw CommandFailure.refused("'\(path)' is the list itself; --from takes a recipe to put on it")
            }
            let loaded: ListFile
            switch ListFile.loadRefusingErrors(path) {
            case .failure(let error):
                throw CommandFailure.file(error)
            case .success(let file):
                loaded = file
            }
            guard let list = loaded.list, !loaded.diagnostics.hasErrors else {
                loaded.reportDiagnostics(to: console, errorsOnly: true)
                console.error(
                    "the recipe \(loaded.displayPath) has errors; nothing was bought (see 'shop check \(ListEditor.quotedForShell(path))')")
                return 1
            }
            recipes.append(Recipe(list: list, fileName: loaded.displayPath))
        }
        var said: [EditNote] = []
        let preview: ((ShoppingList, ShoppingList) -> Void)? =
            arguments.flag("dry-run")
            ? { _, _ in
                for note in said where note.kind == .changed || note.kind == .unchanged { console.out.write(note.message + "\n") }
            } : nil
        return EditSession.run(context, preview: preview) { editor throws(EditRefusal) in
            try editor.buy(from: recipes, times: times)
            said = editor.notes
        }
    }

    /// The `--times` given: a decimal more than 0 with at most 3 decimals (1 when not given).
    static func times(_ text: String?) throws(CommandFailure) -> DecimalNumber {
        guard let text else { return DecimalNumber(1) }
        switch ValueReading.quantity(text) {
        case .success(let times): return times
        case .failure:
            throw CommandFailure.refused(
                "--times \"\(text)\" is not a number of times; give a decimal more than 0 with at most 3 decimals, such as 2 or 1.5")
        }
    }
}
