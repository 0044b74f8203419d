/// What an import would change, item by item, in the text form of `shop diff`:
///
/// ```
/// + Flour (1.99, 2 kg, Baking)
/// ~ Oat milk: price 1.89 -> 1.99, buy false -> true
/// 1 added, 0 removed, 1 changed
/// ```
///
/// Items are matched by name, as an import matches them; a changed item lists its known keys that
/// differ, in canonical order (notes only as `notes changed`), values as a reader sees them
/// (`none` for no value, a quantity of 1 when none is written).
public enum ImportPreview {
    /// The changes from `before` to `after`, one line each, then the summary line.
    public static func text(before: ShoppingList, after: ShoppingList) -> String {
        var old: [NameKey: Item] = [:]
        for item in before.items {
            if let name = item.name { old[NameKey(name)] = old[NameKey(name)] ?? item }
        }
        var lines: [String] = []
        var seen: Set<NameKey> = []
        var added = 0
        var changed = 0
        for item in after.items {
            guard let name = item.name else { continue }
            let key = NameKey(name)
            guard seen.insert(key).inserted else { continue }
            guard let previous = old[key] else {
                added += 1
                let details = [
                    item.price.map { $0.formatted(decimals: after.priceDecimals) },
                    item.quantity.map { quantity(quantity: $0, unit: item.unit) } ?? item.unit,
                    item.category,
                ].compactMap { $0 }
                lines.append("+ \(name)" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"))
                continue
            }
            let differences = self.differences(previous, item, decimals: after.priceDecimals)
            if !differences.isEmpty {
                changed += 1
                lines.append("~ \(name): " + differences.joined(separator: ", "))
            }
        }
        var removed = 0
        var kept = Set(after.items.compactMap { $0.name.map(NameKey.init) })
        for item in before.items {
            guard let name = item.name, kept.remove(NameKey(name)) == nil, seen.insert(NameKey(name)).inserted else {
                continue
            }
            removed += 1
            lines.append("- \(name)")
        }
        lines.append("\(added) added, \(removed) removed, \(changed) changed")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func quantity(quantity: DecimalNumber, unit: String?) -> String {
        let amount = quantity.formatted(decimals: quantity.significantDecimals)
        return unit.map { "\(amount) \($0)" } ?? amount
    }

    private static func differences(_ old: Item, _ new: Item, decimals: Int) -> [String] {
        var result: [String] = []
        func compare(_ key: String, _ lhs: String?, _ rhs: String?) {
            if lhs != rhs { result.append("\(key) \(lhs ?? "none") -> \(rhs ?? "none")") }
        }
        compare("id", old.id, new.id)
        compare("price", old.price?.formatted(decimals: decimals), new.price?.formatted(decimals: decimals))
        let oldQuantity = old.effectiveQuantity
        let newQuantity = new.effectiveQuantity
        compare(
            "quantity", oldQuantity.formatted(decimals: oldQuantity.significantDecimals),
            newQuantity.formatted(decimals: newQuantity.significantDecimals))
        compare("unit", old.unit, new.unit)
        compare("category", old.category, new.category)
        compare("buy", String(old.buy), String(new.buy))
        compare("done", String(old.done), String(new.done))
        if old.notes != new.notes { result.append("notes changed") }
        return result
    }
}
