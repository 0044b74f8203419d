#if canImport(TestSupport)
    import TestSupport
#endif

/// The edits a household makes to a list between two merges: adds (some with an id), buys,
/// ticks, unticks, price and quantity changes, renames, removals, moves, comments, notes, a trip
/// cleared, a new title. Each side's copy of the list is edited on its own.
struct HouseholdEdits {
    /// What one edit did, for messages.
    var applied: [String] = []

    /// Makes `count` random edits to `list`. Names added are drawn from `names` (shared by both
    /// sides, so that they sometimes add the same product).
    mutating func edit(
        _ list: inout HouseholdList, count: Int, names: inout NameSource, random: inout SeededGenerator
    ) {
        for _ in 0..<count { editOnce(&list, names: &names, random: &random) }
    }

    private mutating func editOnce(_ list: inout HouseholdList, names: inout NameSource, random: inout SeededGenerator) {
        let roll = Int.random(in: 0..<100, using: &random)
        if list.items.isEmpty || roll < 14 {
            add(&list, names: &names, random: &random)
            return
        }
        let index = Int.random(in: 0..<list.items.count, using: &random)
        let name = list.items[index].name
        switch roll {
        case 14..<28:
            list.items[index].values["buy"] = "true"
            applied.append("buy \(name)")
        case 28..<40:
            list.items[index].values["buy"] = "true"
            list.items[index].values["done"] = "true"
            applied.append("tick \(name)")
        case 40..<44:
            list.items[index].values["done"] = nil
            applied.append("untick \(name)")
        case 44..<48:
            list.items[index].values["buy"] = nil
            list.items[index].values["done"] = nil
            applied.append("unbuy \(name)")
        case 48..<60:
            list.items[index].values["price"] = HouseholdLists.price(random: &random)
            applied.append("price \(name)")
        case 60..<66:
            list.items[index].values["quantity"] =
                Int.random(in: 0..<4, using: &random) == 0 ? nil : HouseholdLists.quantity(random: &random)
            applied.append("quantity \(name)")
        case 66..<71:
            list.items[index].name = names.next(random: &random)
            applied.append("rename \(name) to \(list.items[index].name)")
        case 71..<78:
            list.items.remove(at: index)
            applied.append("remove \(name)")
        case 78..<84:
            let item = list.items.remove(at: index)
            list.items.insert(item, at: Int.random(in: 0...list.items.count, using: &random))
            applied.append("move \(name)")
        case 84..<89:
            list.items[index].comment = HouseholdLists.comments.randomElement(using: &random)!
            applied.append("comment above \(name)")
        case 89..<92:
            if list.items[index].values["price"] != nil {
                list.items[index].keyComments["price"] = HouseholdLists.comments.randomElement(using: &random)!
                applied.append("comment on the price of \(name)")
            }
        case 92..<94:
            list.items[index].values["notes"] = HouseholdLists.notes.randomElement(using: &random)!
            applied.append("notes of \(name)")
        case 94..<96:
            list.items[index].values["category"] = list.categories.randomElement(using: &random)
            applied.append("category of \(name)")
        case 96..<98:
            for position in list.items.indices where list.items[position].values["done"] == "true" {
                list.items[position].values["buy"] = nil
                list.items[position].values["done"] = nil
            }
            applied.append("clear the done items")
        default:
            list.title = ["Weekly groceries", "Party", "Holiday shopping", "Our list"].randomElement(using: &random)!
            applied.append("title \(list.title)")
        }
    }

    private mutating func add(_ list: inout HouseholdList, names: inout NameSource, random: inout SeededGenerator) {
        let item = HouseholdLists.item(named: names.next(random: &random), categories: list.categories, random: &random)
        // As shop add does: after the last item of its category, else at the end; now and then
        // somewhere else, as a hand edit would.
        var position = list.items.count
        if let category = item.values["category"],
            let last = list.items.lastIndex(where: { $0.values["category"] == category })
        {
            position = last + 1
        }
        if Int.random(in: 0..<10, using: &random) == 0 {
            position = Int.random(in: 0...list.items.count, using: &random)
        }
        list.items.insert(item, at: position)
        applied.append("add \(item.name)")
    }
}

/// A generated list and two copies of it edited on their own, the same for one seed: what the
/// merge properties, the merge benchmark and the merge fuzzer merge.
struct HouseholdPair {
    var base: HouseholdList
    var ours: HouseholdList
    var theirs: HouseholdList
    /// The edits of ours, then of theirs, as ``HouseholdEdits/applied`` says them.
    var edits: [[String]]

    /// A list of `items` items (a count drawn from the range), each side with `edits` edits.
    init(seed: UInt64, items: ClosedRange<Int>, edits: ClosedRange<Int>) {
        var random = SeededGenerator(seed: seed)
        base = HouseholdLists.make(count: Int.random(in: items, using: &random), random: &random)
        var sides: [HouseholdList] = []
        var applied: [[String]] = []
        for _ in 0..<2 {
            // Names are shared by both sides, so that they sometimes add the same product.
            var names = NameSource()
            names.reserve(base.items.map(\.name))
            var list = base
            var editor = HouseholdEdits()
            editor.edit(&list, count: Int.random(in: edits, using: &random), names: &names, random: &random)
            sides.append(list)
            applied.append(editor.applied)
        }
        ours = sides[0]
        theirs = sides[1]
        self.edits = applied
    }
}
