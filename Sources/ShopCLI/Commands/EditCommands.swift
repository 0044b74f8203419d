import ShopCore

/// The commands that change a list: add, edit, rm, buy, unbuy, done, undone, clear.
enum EditCommands {
    static let nameArgument = ArgumentSpec(
        name: "name", help: "The item's name; case, accents written as one or two characters, and extra spaces do not matter.",
        arity: .required, completion: .itemName)
    static let namesArgument = ArgumentSpec(
        name: "name", help: "Item names; case and extra spaces do not matter.", arity: .oneOrMore,
        completion: .itemName)

    /// The keys `edit --unset` removes: every item key but the name.
    static let unsetKeys = ItemKey.allCases.filter { $0 != .name }.map(\.rawValue)

    /// The options that give `add` and `edit` an item key's value: one for each key the schema
    /// gives an option's help, in the keys' order.
    static let valueOptions: [OptionSpec] = valueKeys.map { key in
        OptionSpec(
            long: key.rawValue, valueName: key.rawValue, help: key.definition.optionHelp ?? "",
            completion: key.definition.completion == .categories ? .category : .none)
    }

    /// The keys ``valueOptions`` give.
    static let valueKeys = ItemKey.allCases.filter { $0.definition.optionHelp != nil }

    /// The keys `edit` sets: the name (`--name`) and those of ``valueOptions``.
    static let editedKeys = [ItemKey.name] + valueKeys

    /// `--new-category`, of the commands that take `--category`.
    static let newCategoryOption = OptionSpec(
        long: "new-category",
        help: "The --category is a new one: take it as given, even when it is close to a listed one, and add it to categories.")

    static let add = CommandSpec(
        name: "add",
        abstract: "Add an item to the catalog.",
        discussion: "Puts the item after the last item of its category (else at the end of the list) and writes the category as categories spells it. A name that is already taken (compared the way check compares names) is refused, naming the existing item and its line. A category that categories does not list but that is close to exactly one listed category is refused with that one suggested; --new-category takes it as given and adds it to categories.",
        arguments: [ArgumentSpec(name: "name", help: "The new item's name.", arity: .required)],
        options: valueOptions + [
            newCategoryOption,
            OptionSpec(long: "buy", help: "Put the item on the shopping list too."),
            OptionSpec(long: "id", help: "Give the item a new random UUID as its id."),
        ],
        examples: [
            Example(command: "shop add \"Oat milk\" --price 1.89 --category Dairy --buy", explanation: "Add an item and put it on the list."),
        ],
        run: { context throws(CommandFailure) in
            let arguments = context.arguments
            var values = try values(from: arguments, command: "add")
            values.fields[.name] = arguments.positionals[0]
            values.fields[flag: .buy] = arguments.flag("buy") ? true : nil
            values.fields[.id] = arguments.flag("id") ? ItemIdentifier.make() : nil
            return EditSession.run(context) { editor throws(EditRefusal) in try editor.add(values) }
        })

    static let edit = CommandSpec(
        name: "edit",
        abstract: "Change an item's fields.",
        discussion: "Sets the given fields and removes those named by --unset; every other key and every comment stays. Renaming onto a name that is taken is refused. A --category is taken as add takes it: one close to exactly one listed category is refused with that one suggested, unless --new-category says it is new. On a list that names a catalog, price, unit, size, category and notes change where the value comes from: the list when its item sets it, else the catalog; an item only the catalog has is edited there.",
        arguments: [nameArgument],
        options: [OptionSpec(long: "name", valueName: "new-name", help: "A new name for the item.")] + valueOptions + [
            newCategoryOption,
            OptionSpec(
                long: "unset", valueName: "key",
                help: "Remove a key from the item (repeatable): \(unsetKeys.joined(separator: ", ")), an x- key or any other key it has.",
                completion: .values(unsetKeys), repeatable: true)
        ],
        examples: [
            Example(command: "shop edit Apples --price 3.29 --unset unit", explanation: "Change the price and remove the unit."),
            Example(command: "shop edit \"oat milk\" --name \"Oat drink\"", explanation: "Rename an item."),
        ],
        run: { context throws(CommandFailure) in
            let arguments = context.arguments
            var values = try values(from: arguments, command: "edit")
            values.fields[.name] = arguments.value("name")
            let unset = arguments.values("unset")
            let setKeys = editedKeys.map(\.rawValue).filter { arguments.value($0) != nil }
            if let both = unset.first(where: setKeys.contains) {
                throw CommandFailure.usage("'\(both)' is both set and unset", command: "edit")
            }
            if setKeys.isEmpty && unset.isEmpty {
                throw CommandFailure.usage("nothing to change; give at least one option such as --price or --unset", command: "edit")
            }
            return EditSession.run(context) { editor throws(EditRefusal) in
                try editor.edit(arguments.positionals[0], values: values, unset: unset)
            }
        })

    static let remove = perName(
        "rm", abstract: "Remove items from the catalog, with their comments.",
        discussion: "Removes items from the list file only. On a list that names a catalog, an item only the catalog has is refused: other lists may name it.",
        example: Example(command: "shop rm Croissants", explanation: "Remove an item and the comments above and beside it.")
    ) { editor, name throws(EditRefusal) in try editor.remove(name) }

    static let buy = CommandSpec(
        name: "buy",
        abstract: "Put items on the shopping list, by name or every item of a recipe.",
        discussion: """
            With --from, every item of FILE (any shop list: a recipe, a party plan; its own buy and \
            done do not matter) goes on the list, --times N over. An item the list has that is on \
            the list and not done gets its quantity raised; one off the list or done goes on it \
            with the recipe's quantity. The amount is converted into the item's unit, which is never \
            rewritten: g and kg, ml, cl, dl and l convert; pcs and no unit count alike. When the \
            item has a size in a unit the amount converts into, the quantity is the number of whole \
            sizes that hold it (250 g of size 500 g is 1). Amounts of one item from every --from add \
            up before rounding; other quantities are rounded up to 3 decimals. An item the list does \
            not have is added with the recipe's keys and comments. Units that do not convert, or a \
            recipe with errors, are refused and nothing is written. Each item's change is printed.

            On a list that names a catalog, an item only the catalog has is added to the list with \
            buy: true; its other values stay the catalog's.
            """,
        arguments: [
            ArgumentSpec(
                name: "name", help: "Item names; case and extra spaces do not matter (none with --from).",
                arity: .zeroOrMore, completion: .itemName)
        ],
        options: [
            OptionSpec(long: "quantity", valueName: "quantity", help: "How many units to buy (sets the quantity of every item named)."),
            OptionSpec(
                long: "from", valueName: "file",
                help: "Put every item of this list (a recipe; - reads standard input) on the shopping list (repeatable: amounts add up).",
                completion: .file, repeatable: true),
            OptionSpec(
                long: "times", valueName: "n",
                help: "With --from: how many times the recipes are made, such as 2 or 1.5 (default: 1)."),
            OptionSpec(long: "dry-run", help: "With --from: print what would change and write nothing."),
        ],
        examples: [
            Example(command: "shop buy Apples \"Oat milk\" --quantity 2", explanation: "Put two items on the list, two of each."),
            Example(
                command: "shop buy --from recipes/pancakes.yaml --times 2",
                explanation: "Put what pancakes for twice as many people need on the list."),
        ],
        run: { context throws(CommandFailure) in
            let arguments = context.arguments
            if !arguments.values("from").isEmpty { return try BuyFromCommand.run(context) }
            for option in ["times", "dry-run"] where arguments.flag(option) {
                throw CommandFailure.usage("'--\(option)' goes with '--from FILE'", command: "buy")
            }
            if arguments.positionals.isEmpty {
                throw CommandFailure.usage("name the items to buy, or give '--from FILE'", command: "buy")
            }
            let quantity = arguments.value("quantity")
            return names(context) { editor, name throws(EditRefusal) in try editor.buy(name, quantity: quantity) }
        })

    static let unbuy = perName(
        "unbuy", abstract: "Take items off the shopping list (removes their buy and done keys).",
        example: Example(command: "shop unbuy \"Vanilla ice cream\"", explanation: "Changed your mind: take an item off the list.")
    ) { editor, name throws(EditRefusal) in try editor.unbuy(name) }

    static let done = perName(
        "done", abstract: "Check items off: they are in the basket (an item not on the list is put on it).",
        example: Example(command: "shop done Bananas", explanation: "Check off an item in the store.")
    ) { editor, name throws(EditRefusal) in try editor.markDone(name) }

    static let undone = perName(
        "undone", abstract: "Uncheck items (removes their done key).",
        example: Example(command: "shop undone Bananas", explanation: "Take an item out of the basket again.")
    ) { editor, name throws(EditRefusal) in try editor.markUndone(name) }

    static let clear = CommandSpec(
        name: "clear",
        abstract: "After a trip: take the done items off the list.",
        options: [OptionSpec(long: "all", help: "Take every item off the list, done or not.")],
        examples: [Example(command: "shop clear", explanation: "Take what is in the basket off the list.")],
        run: { context throws(CommandFailure) in
            EditSession.run(context) { editor throws(EditRefusal) in try editor.clear(all: context.arguments.flag("all")) }
        })

    static let all = [add, edit, remove, buy, unbuy, done, undone, clear]

    /// A command that takes item names and makes `change` to each.
    static func perName(
        _ name: String, abstract: String, discussion: String = "", example: Example,
        change: @escaping @Sendable (inout ListEditor, String) throws(EditRefusal) -> Void
    ) -> CommandSpec {
        CommandSpec(
            name: name, abstract: abstract, discussion: discussion, arguments: [namesArgument], examples: [example],
            run: { context throws(CommandFailure) in names(context, change) })
    }

    /// Applies `change` to each NAME; if any is refused, nothing is written.
    static func names(_ context: CommandContext, _ change: (inout ListEditor, String) throws(EditRefusal) -> Void) -> Int32 {
        EditSession.run(context) { editor throws(EditRefusal) in
            for name in context.arguments.positionals { try change(&editor, name) }
        }
    }

    static func values(from arguments: ParsedArguments, command: String) throws(CommandFailure) -> ItemValues {
        let newCategory = arguments.flag("new-category")
        if newCategory && arguments.value("category") == nil {
            throw CommandFailure.usage("'--new-category' says the '--category' given is new; give '--category' too", command: command)
        }
        var values = ItemValues(newCategory: newCategory)
        for key in valueKeys { values.fields[key] = arguments.value(key.rawValue) }
        return values
    }
}
