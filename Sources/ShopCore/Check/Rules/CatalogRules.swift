import YAML

/// The rules of a list that names a catalog: the catalog must be there, in the same currency, and
/// have the list's items.
enum CatalogRules {
    /// `catalog`: the `catalog` value is not a path, or names a file that cannot be read, is not a
    /// shop list, or names a catalog itself.
    static let catalog = Rule(
        id: .catalog, summary: "The catalog the list names cannot be read, is not a shop list, or names a catalog itself.",
        check: { context in
            let value = Int(context.layout.catalog)
            guard value >= 0 else { return }
            let nodes = context.nodes
            guard nodes.isScalar(value), !nodes.isNull(value), !context.text(value).trimmingWhiteSpace().isEmpty else {
                let written = nodes.isScalar(value) ? "nothing" : "a \(context.kindName(value))"
                context.report(value, "\"catalog\" must be the path of a catalog file, such as catalog.yaml, not \(written)")
                return
            }
            guard let problem = context.list.catalogProblem else { return }
            let path = context.text(value)
            switch problem {
            case .unreadable(let reason):
                context.report(value, "cannot read the catalog '\(path)': \(reason)")
            case .notAShopFile(let reason):
                context.report(value, "the catalog '\(path)' is not a shop list: \(reason); run 'shop check' on it")
            case .namesACatalog(let other):
                context.report(
                    value, "the catalog '\(path)' names a catalog itself ('\(other)'); a catalog cannot have a catalog")
            }
        })

    /// `currency-mismatch`: the list's currency is not its catalog's.
    static let currencyMismatch = Rule(
        id: .currencyMismatch, summary: "The list's currency differs from its catalog's.",
        check: { context in
            let value = Int(context.layout.currency)
            guard value >= 0, let own = context.list.ownCurrency, let catalog = context.list.catalog,
                let theirs = catalog.ownCurrency, theirs != own
            else { return }
            let fix = Fix(
                title: "write \(theirs.code)", isSafe: false,
                edits: [TextEdit(span: context.span(of: value), replacement: theirs.code)])
            context.report(
                value, "the currency \(own.code) differs from the catalog's (\(theirs.code)); prices of both files are in one currency",
                fixes: [fix])
        })

    /// `not-in-catalog`: an item of a list with a catalog is not in the catalog (by id or name).
    static let notInCatalog = Rule(
        id: .notInCatalog, summary: "An item of a list that names a catalog is not in the catalog.",
        check: { context in
            guard let link = context.list.link, link.catalog != nil else { return }
            for (position, record) in context.records.enumerated()
            where position < link.matches.count && link.matches[position] < 0 {
                guard record.marks.contains(.textName), !record.marks.contains(.blankName),
                    let value = context.item(record).valueNode(.name)
                else { continue }
                context.report(
                    value, "\"\(context.text(value))\" is not in the catalog; add it there, or check its spelling")
            }
        })
}
