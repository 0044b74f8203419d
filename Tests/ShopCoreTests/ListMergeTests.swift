import ShopCore
import Testing

/// The three-way merge of lists, one test per rule of the merge.
@Suite("list merge")
struct ListMergeTests {
    static let base = """
        # Groceries for the flat
        title: Weekly
        currency: EUR
        categories:
          - Produce
          - Bakery
          - Dairy
        items:
          - name: Apples
            price: 3.49
            category: Produce
          - name: Bread
            price: 2.10
            category: Bakery
          - name: Oat milk
            price: 1.89
            category: Dairy

        """

    func merge(_ base: String, _ ours: String, _ theirs: String, markerSize: Int = 7) -> ListMerge.Result {
        ListMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), markerSize: markerSize)
    }

    func text(_ result: ListMerge.Result) -> String {
        String(decoding: result.merged, as: UTF8.self)
    }

    /// `base` with `old` replaced by `new` (which must be there).
    func edit(_ text: String, _ old: String, _ new: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        #expect(text.contains(old), "the text to replace is there", sourceLocation: sourceLocation)
        return text.replacingOccurrences(of: old, with: new)
    }

    /// Expects a clean merge whose text is `expected`.
    func expectClean(
        _ result: ListMerge.Result, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.lineMergeReason == nil, sourceLocation: sourceLocation)
        #expect(result.conflicts == 0, "\(text(result))", sourceLocation: sourceLocation)
        #expect(text(result) == expected, sourceLocation: sourceLocation)
    }

    @Test("two sides that each add an item at the end both get theirs, ours first")
    func bothAddAtTheEnd() {
        let ours = Self.base + "  - name: Tea\n    price: 4.50\n"
        let theirs = Self.base + "  - name: Coffee\n    price: 7.99\n"
        expectClean(merge(Self.base, ours, theirs), Self.base + "  - name: Tea\n    price: 4.50\n  - name: Coffee\n    price: 7.99\n")
    }

    @Test("changes to different keys of one item are both taken")
    func differentKeysOfOneItem() {
        let ours = edit(Self.base, "    price: 2.10\n", "    price: 2.30\n")
        let theirs = edit(Self.base, "    category: Bakery\n", "    category: Bakery\n    buy: true\n")
        expectClean(
            merge(Self.base, ours, theirs), edit(Self.base, "    price: 2.10\n    category: Bakery\n", "    price: 2.30\n    category: Bakery\n    buy: true\n"))
    }

    @Test("the same change on both sides is taken once")
    func sameChangeOnBothSides() {
        let changed = edit(Self.base, "    price: 1.89\n    category: Dairy\n", "    price: 1.99\n    category: Dairy\n    buy: true\n")
        expectClean(merge(Self.base, changed, changed), changed)
        // Written otherwise, it is still the same change.
        let otherwise = edit(Self.base, "    price: 1.89\n    category: Dairy\n", "    buy: yes\n    price: 1.990\n    category: Dairy\n")
        expectClean(merge(Self.base, changed, otherwise), changed)
    }

    @Test("a side that writes or drops a default changed nothing: the other side's change is taken")
    func defaultsWrittenOrDropped() {
        let base = "items:\n  - name: Tea\n    price: 3.00\n    quantity: 1\n  - name: Milk\n    buy: false\n  - name: Rice\n"
        // Ours drops the defaults (as `shop edit --unset` does), theirs buys.
        let ours = "items:\n  - name: Tea\n    price: 3.00\n  - name: Milk\n  - name: Rice\n"
        let theirs =
            "items:\n  - name: Tea\n    price: 3.00\n    quantity: 2\n    buy: true\n  - name: Milk\n    buy: true\n  - name: Rice\n"
        expectClean(merge(base, ours, theirs), theirs)
        expectClean(merge(base, theirs, ours), theirs)
        // Where the other side left the key as it was, the default written or dropped stays,
        // whichever side made that edit.
        let written = edit(base, "  - name: Rice\n", "  - name: Rice\n    done: false\n")
        let alsoBought = edit(base, "    buy: false\n", "    buy: true\n")
        let both = edit(written, "    buy: false\n", "    buy: true\n")
        expectClean(merge(base, written, alsoBought), both)
        expectClean(merge(base, alsoBought, written), both)
        // An item removed on one side and changed only by a default on the other goes.
        let removed = edit(base, "  - name: Milk\n    buy: false\n", "")
        let milkDropped = edit(base, "  - name: Milk\n    buy: false\n", "  - name: Milk\n")
        expectClean(merge(base, removed, milkDropped), removed)
        expectClean(merge(base, milkDropped, removed), removed)
    }

    @Test("a blank line one side puts before an item it moves, or between categories, is kept")
    func blankLinesOfMovedItemsAndCategories() {
        let base = "categories:\n  - A\n  - B\n  - C\n  - D\nitems:\n  - name: A\n  - name: B\n  - name: C\n  - name: D\n"
        // D moved above C, a new group started before it; the categories likewise, and grouped
        // without a move.
        let moved = edit(edit(base, "  - name: C\n  - name: D\n", "\n  - name: D\n  - name: C\n"), "  - C\n  - D\n", "\n  - D\n  - C\n")
        let grouped = edit(base, "  - B\n  - C\n", "  - B\n\n  - C\n")
        for theirs in [moved, grouped] {
            expectClean(merge(base, base, theirs), theirs)
            expectClean(merge(base, theirs, base), theirs)
        }
        // With an item added on the other side.
        let added = base + "  - name: E\n"
        expectClean(merge(base, added, moved), moved + "  - name: E\n")
    }

    @Test("a reorder of an item's extension keys on one side is taken")
    func extensionKeysReordered() {
        let base = "items:\n  - name: A\n    x-a: 1\n    x-b: 2\n  - name: B\n"
        let theirs = "items:\n  - name: A\n    x-b: 2\n    x-a: 1\n  - name: B\n"
        expectClean(merge(base, base, theirs), theirs)
        expectClean(merge(base, theirs, base), theirs)
        // With a change of another item on the other side.
        let bought = edit(base, "  - name: B\n", "  - name: B\n    buy: true\n")
        expectClean(merge(base, bought, theirs), edit(theirs, "  - name: B\n", "  - name: B\n    buy: true\n"))
    }

    @Test("different changes to one key are a conflict around that key's lines")
    func sameKeyChangedDifferently() {
        let ours = edit(Self.base, "    price: 2.10\n", "    price: 2.30\n")
        let theirs = edit(Self.base, "    price: 2.10\n", "    price: 2.20\n")
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts == 1)
        #expect(
            text(result) == edit(
                Self.base, "    price: 2.10\n",
                "<<<<<<< ours\n    price: 2.30\n=======\n    price: 2.20\n>>>>>>> theirs\n"))
    }

    @Test("an item added on both sides with one identity is merged key by key against an empty base")
    func addedOnBothSides() {
        let ours = Self.base + "  - name: Tea\n    price: 4.50\n    quantity: 2\n"
        let theirs = Self.base + "  - name: Tea\n    price: 4.50\n    category: Drinks\n"
        expectClean(merge(Self.base, ours, theirs), Self.base + "  - name: Tea\n    price: 4.50\n    quantity: 2\n    category: Drinks\n")
        let cheaper = Self.base + "  - name: Tea\n    price: 3.90\n    category: Drinks\n"
        let result = merge(Self.base, ours, cheaper)
        #expect(result.conflicts == 1)
        #expect(
            text(result) == Self.base
                + "  - name: Tea\n<<<<<<< ours\n    price: 4.50\n=======\n    price: 3.90\n>>>>>>> theirs\n    quantity: 2\n    category: Drinks\n")
    }

    @Test("an item removed on one side and unchanged on the other is removed")
    func removedAndUnchanged() {
        let removed = edit(Self.base, "  - name: Bread\n    price: 2.10\n    category: Bakery\n", "")
        let other = edit(Self.base, "    price: 3.49\n", "    price: 3.29\n")
        let expected = edit(removed, "    price: 3.49\n", "    price: 3.29\n")
        expectClean(merge(Self.base, removed, other), expected)
        expectClean(merge(Self.base, other, removed), expected)
    }

    @Test("an item removed on one side and changed on the other is a conflict on the whole item")
    func removedAndChanged() {
        let removed = edit(Self.base, "  - name: Bread\n    price: 2.10\n    category: Bakery\n", "")
        let changed = edit(Self.base, "    price: 2.10\n", "    price: 2.30\n")
        let result = merge(Self.base, removed, changed)
        #expect(result.conflicts == 1)
        #expect(
            text(result) == edit(
                Self.base, "  - name: Bread\n    price: 2.10\n    category: Bakery\n",
                "<<<<<<< ours\n=======\n  - name: Bread\n    price: 2.30\n    category: Bakery\n>>>>>>> theirs\n"))
        let reversed = merge(Self.base, changed, removed)
        #expect(reversed.conflicts == 1)
        #expect(
            text(reversed) == edit(
                Self.base, "  - name: Bread\n    price: 2.10\n    category: Bakery\n",
                "<<<<<<< ours\n  - name: Bread\n    price: 2.30\n    category: Bakery\n=======\n>>>>>>> theirs\n"))
        // A comment added to it is a change too.
        let commented = edit(Self.base, "  - name: Bread\n", "  # the day-old one is fine\n  - name: Bread\n")
        #expect(merge(Self.base, commented, removed).conflicts == 1)
    }

    @Test("an item renamed on one side is matched by its id and gets the other side's changes")
    func renamedByID() {
        let base = edit(Self.base, "  - name: Oat milk\n", "  - name: Oat milk\n    id: om-1\n")
        let renamed = edit(base, "name: Oat milk", "name: Oat drink")
        let changed = edit(base, "    price: 1.89\n    category: Dairy\n", "    price: 1.99\n    category: Dairy\n    buy: true\n")
        let expected = edit(changed, "name: Oat milk", "name: Oat drink")
        expectClean(merge(base, renamed, changed), expected)
        expectClean(merge(base, changed, renamed), expected)
    }

    @Test("an item renamed without an id is matched when it is the one removed and its other keys are equal")
    func renamedWithoutID() {
        let renamed = edit(Self.base, "name: Bread", "name: Sourdough bread")
        let changed = edit(Self.base, "    price: 2.10\n    category: Bakery\n", "    price: 2.10\n    category: Bakery\n    buy: true\n")
        let expected = edit(changed, "name: Bread", "name: Sourdough bread")
        expectClean(merge(Self.base, renamed, changed), expected)
        expectClean(merge(Self.base, changed, renamed), expected)
    }

    @Test("theirs' additions go after the item before them in theirs, after ours' additions there; else first")
    func orderOfAdditions() {
        let ours = edit(Self.base, "  - name: Bread\n", "  - name: Pears\n  - name: Bread\n")
        let theirs = edit(Self.base, "  - name: Bread\n", "  - name: Plums\n  - name: Bread\n")
        expectClean(merge(Self.base, ours, theirs), edit(Self.base, "  - name: Bread\n", "  - name: Pears\n  - name: Plums\n  - name: Bread\n"))
        let first = edit(Self.base, "items:\n", "items:\n  - name: Salt\n")
        let oursFirst = edit(Self.base, "items:\n", "items:\n  - name: Pepper\n")
        expectClean(merge(Self.base, oursFirst, first), edit(Self.base, "items:\n", "items:\n  - name: Pepper\n  - name: Salt\n"))
        // The item before it in theirs was removed by ours: the nearest one before that is there.
        let removed = edit(Self.base, "  - name: Bread\n    price: 2.10\n    category: Bakery\n", "")
        let afterBread = edit(Self.base, "  - name: Oat milk\n", "  - name: Rolls\n  - name: Oat milk\n")
        expectClean(
            merge(Self.base, removed, afterBread),
            edit(removed, "  - name: Oat milk\n", "  - name: Rolls\n  - name: Oat milk\n"))
    }

    @Test("a reordering made only by theirs is applied; one made by ours stays")
    func reordering() {
        let moved = """
            # Groceries for the flat
            title: Weekly
            currency: EUR
            categories:
              - Produce
              - Bakery
              - Dairy
            items:
              - name: Oat milk
                price: 1.89
                category: Dairy
              - name: Apples
                price: 3.49
                category: Produce
              - name: Bread
                price: 2.10
                category: Bakery

            """
        let added = edit(Self.base, "    price: 3.49\n", "    price: 3.29\n") + "  - name: Tea\n"
        let expected = edit(moved, "    price: 3.49\n", "    price: 3.29\n") + "  - name: Tea\n"
        expectClean(merge(Self.base, added, moved), expected)
        // Moved by ours: ours' order stays, theirs' changes are taken, and the item theirs added
        // follows the one before it in theirs.
        expectClean(
            merge(Self.base, moved, added),
            edit(edit(moved, "    price: 3.49\n", "    price: 3.29\n"), "  - name: Apples\n", "  - name: Tea\n  - name: Apples\n"))
    }

    @Test("title, currency and other top-level keys merge as keys; values of x- keys compare as data")
    func topLevelKeys() {
        let ours = edit(Self.base, "title: Weekly\n", "title: Party\nx-owner: Sam\n")
        let theirs = edit(edit(Self.base, "currency: EUR\n", "currency: CHF\n"), "items:\n", "x-shop: \"Market\"\nitems:\n")
        expectClean(
            merge(Self.base, ours, theirs),
            edit(edit(Self.base, "title: Weekly\ncurrency: EUR\n", "title: Party\ncurrency: CHF\n"), "items:\n", "items:\n")
                + "x-owner: Sam\nx-shop: Market\n")
        // Quoting a string that reads as a string changes nothing; quoting a number does.
        let base = "x-code: 5\nx-name: Sam\nitems: []\n"
        let requoted = "x-code: 5\nx-name: \"Sam\"\nitems: []\n"
        let changed = "x-code: 6\nx-name: Sam\nitems: []\n"
        expectClean(merge(base, requoted, changed), "items: []\nx-code: 6\nx-name: Sam\n")
        let string = "x-code: \"5\"\nx-name: Sam\nitems: []\n"
        #expect(merge(base, string, changed).conflicts == 1)
    }

    @Test("categories merge as an ordered set")
    func categoriesAsASet() {
        let ours = edit(Self.base, "  - Bakery\n", "")
        let theirs = edit(Self.base, "  - Produce\n  - Bakery\n", "  - Produce\n  - Frozen\n  - Bakery\n")
        let merged = merge(Self.base, ours, theirs)
        #expect(merged.conflicts == 0)
        #expect(text(merged).hasPrefix("# Groceries for the flat\ntitle: Weekly\ncurrency: EUR\ncategories:\n  - Produce\n  - Frozen\n  - Dairy\nitems:\n"), "\(text(merged))")
    }

    @Test("a blank line one side added or removed before an item or a top-level key is taken, either side")
    func blankLines() {
        let theirs = edit(edit(Self.base, "items:\n", "\nitems:\n"), "  - name: Bread\n", "\n  - name: Bread\n")
        let ours = edit(Self.base, "    price: 1.89\n", "    price: 1.99\n")
        let expected = edit(theirs, "    price: 1.89\n", "    price: 1.99\n")
        expectClean(merge(Self.base, ours, theirs), expected)
        expectClean(merge(Self.base, theirs, ours), expected)
        // Removed by one side, left by the other: removed.
        expectClean(merge(theirs, ours, theirs), ours)
        // Both sides the same way, or each its own item: no conflict.
        let other = edit(Self.base, "  - name: Oat milk\n", "\n  - name: Oat milk\n")
        expectClean(merge(Self.base, other, theirs), edit(theirs, "  - name: Oat milk\n", "\n  - name: Oat milk\n"))
    }

    @Test("comments travel with their item, key or value; a comment one side changed is taken")
    func comments() {
        let ours = edit(Self.base, "    price: 2.10\n", "    price: 2.30\n")
        let theirs = edit(edit(Self.base, "    price: 2.10\n", "    price: 2.10 # the day-old one\n"), "  - name: Oat milk\n", "  # in the fridge\n  - name: Oat milk\n")
        expectClean(
            merge(Self.base, ours, theirs),
            edit(edit(Self.base, "    price: 2.10\n", "    price: 2.30 # the day-old one\n"), "  - name: Oat milk\n", "  # in the fridge\n  - name: Oat milk\n"))
        // An item theirs added keeps its comments.
        let added = Self.base + "  # for guests\n  - name: Tea # green\n    # loose leaves\n    price: 4.50\n"
        expectClean(merge(Self.base, ours, added), ours + "  # for guests\n  - name: Tea # green\n    # loose leaves\n    price: 4.50\n")
    }

    @Test("the comment block at the top merges as text lines")
    func headerComments() {
        let ours = edit(Self.base, "# Groceries for the flat\n", "# Groceries for the flat\n# Edit by hand or with shop.\n")
        let theirs = edit(Self.base, "title: Weekly\n", "title: Weekly\n") .replacingOccurrences(of: "# Groceries for the flat\n", with: "# Lists: see the wiki\n# Groceries for the flat\n")
        expectClean(
            merge(Self.base, ours, theirs),
            edit(Self.base, "# Groceries for the flat\n", "# Lists: see the wiki\n# Groceries for the flat\n# Edit by hand or with shop.\n"))
        let other = edit(Self.base, "# Groceries for the flat\n", "# Groceries for the house\n")
        let conflicting = edit(Self.base, "# Groceries for the flat\n", "# Groceries for us\n")
        let result = merge(Self.base, other, conflicting)
        #expect(result.conflicts == 1)
        #expect(text(result).hasPrefix("<<<<<<< ours\n# Groceries for the house\n=======\n# Groceries for us\n>>>>>>> theirs\ntitle: Weekly\n"), "\(text(result))")
    }

    @Test("two items that would end up with one name are a conflict")
    func nameClash() {
        let ours = Self.base + "  - name: Tea\n    id: t-1\n    price: 4.50\n"
        let theirs = Self.base + "  - name: Tea\n    id: t-2\n    price: 3.90\n"
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts == 1)
        #expect(
            text(result) == Self.base
                + "<<<<<<< ours\n  - name: Tea\n    id: t-1\n    price: 4.50\n=======\n  - name: Tea\n    id: t-2\n    price: 3.90\n>>>>>>> theirs\n")
        // A rename onto a name the other side added.
        let renamed = edit(Self.base, "name: Bread", "name: Rolls")
        let addedRolls = Self.base + "  - name: Rolls\n    price: 0.40\n"
        let clash = merge(Self.base, addedRolls, renamed)
        #expect(clash.conflicts == 1, "\(text(clash))")
        #expect(text(clash).contains("<<<<<<< ours\n  - name: Bread\n=======\n  - name: Rolls\n>>>>>>> theirs\n"), "\(text(clash))")
    }

    @Test("an item ours removed and theirs renamed onto a name ours added keeps to its own conflict")
    func removedItemRenamedOntoAnAddedName() {
        let top = "title: Weekly\ncurrency: EUR\nitems:\n"
        let base = top + "  - name: Mozzarella\n    price: 9.09\n    unit: pack\n"
            + "  - name: Chocolate\n    id: c-1\n    price: 6.06\n"
        // Ours renamed Mozzarella and bought it (too many changes to be read as a rename: it is
        // an item of its own) and removed Chocolate; theirs changed Mozzarella's quantity and
        // renamed Chocolate onto the name ours gave.
        let oursCheddar = "  - name: Cheddar\n    price: 9.09\n    unit: pack\n    buy: true\n"
        let theirsItems = "  - name: Mozzarella\n    price: 9.09\n    quantity: 1.5\n    unit: pack\n"
            + "  - name: Cheddar\n    id: c-1\n    price: 6.06\n    buy: true\n"
        let ours = top + oursCheddar
        let result = merge(base, ours, top + theirsItems)
        #expect(result.conflicts > 0, "\(text(result))")
        #expect(HouseholdReading.resolve(text(result), takingOurs: true) == ours, "\(text(result))")
        // Theirs' side keeps ours' new item as well as both of theirs' changed ones.
        #expect(HouseholdReading.resolve(text(result), takingOurs: false) == top + oursCheddar + theirsItems, "\(text(result))")
    }

    @Test("markers take the size and labels given")
    func markers() {
        let ours = edit(Self.base, "    price: 2.10\n", "    price: 2.30\n")
        let theirs = edit(Self.base, "    price: 2.10\n", "    price: 2.20\n")
        let result = ListMerge.merge(
            base: Array(Self.base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8),
            labels: LineMerge.Labels(ours: "HEAD", base: "merged common ancestors", theirs: "feature"), markerSize: 10)
        #expect(text(result).contains("<<<<<<<<<< HEAD\n    price: 2.30\n==========\n    price: 2.20\n>>>>>>>>>> feature\n"))
    }

    @Test("a version that is not a list is merged line by line, and the result says why")
    func lineMergeFallback() {
        let broken = edit(Self.base, "    price: 2.10\n", "    price: [2.10\n")
        let theirs = edit(Self.base, "title: Weekly\n", "title: Party\n")
        let result = merge(Self.base, broken, theirs)
        #expect(result.lineMergeReason?.hasPrefix("ours cannot be read as a list (line 14:") == true, "\(result.lineMergeReason ?? "")")
        let line = LineMerge.merge(base: Array(Self.base.utf8), ours: Array(broken.utf8), theirs: Array(theirs.utf8))
        #expect(result.merged == line.merged)
        #expect(result.conflicts == line.conflicts)
        let duplicate = Self.base + "  - name: bread\n"
        #expect(merge(Self.base, duplicate, theirs).lineMergeReason?.contains("duplicate-name") == true)
    }

    @Test("an empty base is an empty list: two lists added on their own merge item by item")
    func emptyBase() {
        let ours = "items:\n  - name: Tea\n    price: 4.50\n"
        let theirs = "items:\n  - name: Coffee\n"
        expectClean(merge("", ours, theirs), "items:\n  - name: Tea\n    price: 4.50\n  - name: Coffee\n")
    }

    @Test("a currency from one side that breaks prices from the other is a conflict")
    func currencyClash() {
        let ours = edit(Self.base, "currency: EUR\n", "currency: JPY\n").replacingOccurrences(of: ".49", with: "").replacingOccurrences(of: ".10", with: "").replacingOccurrences(of: "1.89", with: "189")
        let theirs = Self.base + "  - name: Tea\n    price: 4.50\n"
        let result = merge(Self.base, ours, theirs)
        #expect(result.conflicts == 1, "\(text(result))")
        #expect(text(result).contains("<<<<<<< ours\ncurrency: JPY\n=======\ncurrency: EUR\n>>>>>>> theirs\n"), "\(text(result))")
    }

    @Test("when every item is in a conflict whose one side is empty, items: stands between the markers too")
    func emptyItemsOnOneSide() {
        let base = "title: Weekly\nitems:\n  - name: Bread\n    price: 2.10\n"
        let changed = "title: Weekly\nitems:\n  - name: Bread\n    price: 2.30\n"
        let emptied = "title: Weekly\nitems: []\n"
        let result = merge(base, changed, emptied)
        #expect(result.conflicts == 1)
        #expect(
            text(result)
                == "title: Weekly\n<<<<<<< ours\nitems:\n  - name: Bread\n    price: 2.30\n=======\nitems: []\n>>>>>>> theirs\n")
        let reversed = merge(base, emptied, changed)
        #expect(
            text(reversed)
                == "title: Weekly\n<<<<<<< ours\nitems: []\n=======\nitems:\n  - name: Bread\n    price: 2.30\n>>>>>>> theirs\n")
    }

    @Test("a name or id written with other code points for the same characters is the same item")
    func sameCharactersOtherCodePoints() {
        // "Café" with a precomposed é in the base and ours, with e and a combining accent in theirs.
        let base = "items:\n  - name: Caf\u{E9}\n    price: 1.00\n  - name: Tea\n    id: k\u{E9}\n    price: 2.00\n"
        let ours = edit(edit(base, "price: 1.00", "price: 1.50"), "price: 2.00", "price: 2.50")
        let theirs = edit(
            edit(base, "name: Caf\u{E9}\n", "name: Cafe\u{301}\n    category: Drinks\n"),
            "name: Tea\n    id: k\u{E9}\n", "name: Green tea\n    id: ke\u{301}\n")
        let result = merge(base, ours, theirs)
        #expect(result.lineMergeReason == nil)
        #expect(result.conflicts == 0, "\(text(result))")
        let merged = text(result)
        #expect(merged.components(separatedBy: "- name:").count == 3, "two items, not one gone and one come: \(merged)")
        #expect(merged.contains("price: 1.50") && merged.contains("category: Drinks"), "\(merged)")
        #expect(merged.contains("name: Green tea") && merged.contains("price: 2.50"), "\(merged)")
    }
}

