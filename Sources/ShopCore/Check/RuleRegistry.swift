import Threads
import YAML

/// Every rule of `check`, in the order reports list them.
public enum RuleRegistry {
    /// The rules, one per ``RuleID``, in its order.
    public static let all: [Rule] = {
        let rules = [
            SyntaxRules.syntax, SyntaxRules.mergeConflict, UnmergedRule.rule, StructureRule.rule, DuplicateKeyRule.rule,
            NameRules.missingName, NameRules.duplicateName, NameRules.duplicateID, ValueRules.badPrice,
            ValueRules.badQuantity, SizeRule.rule, CurrencyRule.rule, CategoryRules.duplicateCategory,
            StoreRule.duplicateStore, UnknownKeyRule.rule, CategoryRules.unknownCategory, CategoryRules.categorySpelling,
            DoneNotBoughtRule.rule, CatalogRules.catalog, CatalogRules.currencyMismatch, CatalogRules.notInCatalog,
        ]
        precondition(rules.map(\.id) == RuleID.allCases, "every rule is registered once, in the order of RuleID")
        return rules
    }()

    /// The rule with the identifier `id`.
    public static func rule(_ id: RuleID) -> Rule {
        all[id.position]
    }

    /// The rules whose findings are errors (or may be, for a rule whose findings carry their own
    /// severity).
    public static let errors: Set<RuleID> = Set(all.filter { $0.severity == .error }.map(\.id))

    /// The rules whose failing leaves a file that no command may write: the shape of the file.
    public static let structural: Set<RuleID> = [.syntax, .mergeConflict, .structure]
}

extension RuleID {
    /// The identifier's place in ``RuleID/allCases`` (and in ``RuleRegistry/all``).
    public var position: Int { Self.positions[self] ?? 0 }

    private static let positions: [RuleID: Int] = Dictionary(
        uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })
}

extension ShoppingList {
    /// Every finding of `rules` (all of them by default), ordered by position. On a large list
    /// the rules run on two threads: each rule reads the list and reports on its own.
    public func check(_ rules: Set<RuleID>? = nil) -> [Finding] {
        check(rules, sharing: records.count >= SharedItemWork.minimumItems)
    }

    /// Every finding of `rules`, with the rules on two threads when `sharing`.
    func check(_ rules: Set<RuleID>?, sharing: Bool) -> [Finding] {
        CheckContext.sortedFindings(run(rules, sharing: sharing, keepsFirstOnly: false).map(\.reported))
    }

    /// The first finding of `rules` in order (the first of ``check(_:)``), and how many there are
    /// in all: the others are counted, not kept.
    func firstFinding(_ rules: Set<RuleID>) -> (first: Finding?, count: Int) {
        let reports = run(rules, sharing: records.count >= SharedItemWork.minimumItems, keepsFirstOnly: true)
        return (CheckContext.sortedFindings(reports.map(\.reported)).first, reports.reduce(0) { $0 + $1.count })
    }

    /// What each rule of `rules` (all when nil) that has a check reports: its findings, and how
    /// many it found.
    private func run(
        _ rules: Set<RuleID>?, sharing: Bool, keepsFirstOnly: Bool
    ) -> [(reported: [(order: CheckContext.Order, finding: Finding)], count: Int)] {
        let selected = RuleRegistry.all.compactMap { rule in
            rule.check.flatMap { check in rules?.contains(rule.id) ?? true ? (rule.id, check) : nil }
        }
        return document.withRawNodes { nodes in
            SharedWork.map(selected.count, concurrently: sharing) { position in
                var context = CheckContext(list: self, nodes: nodes, rule: selected[position].0)
                context.keepsFirstOnly = keepsFirstOnly
                selected[position].1(&context)
                return (context.reported, context.count)
            }
        }
    }

    /// Every finding, resolved to lines and columns, ordered by position.
    public var diagnostics: [Diagnostic] { check().resolved(in: document.source) }

    /// Whether any finding is an error.
    public var hasErrors: Bool { check().contains { $0.severity == .error } }
}

