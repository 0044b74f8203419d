/// How serious a finding is.
public enum Severity: String, Hashable, Sendable, Comparable {
    /// The file is wrong: `check` fails, `export` refuses it.
    case error
    /// Probably a mistake; `check --strict` fails on it.
    case warning

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .error && rhs == .warning
    }
}

/// The stable identifier of a rule, as every report shows it.
public enum RuleID: String, Hashable, Sendable, CaseIterable {
    case syntax
    case mergeConflict = "merge-conflict"
    case unmerged
    case structure
    case duplicateKey = "duplicate-key"
    case missingName = "missing-name"
    case duplicateName = "duplicate-name"
    case duplicateID = "duplicate-id"
    case badPrice = "bad-price"
    case badQuantity = "bad-quantity"
    case unknownCurrency = "unknown-currency"
    case duplicateCategory = "duplicate-category"
    case unknownKey = "unknown-key"
    case unknownCategory = "unknown-category"
    case categorySpelling = "category-spelling"
    case doneNotBought = "done-not-bought"

    /// The rule with this identifier.
    public var rule: Rule { RuleRegistry.rule(self) }
    /// The severity of the rule's findings (the more serious one, for a rule whose findings
    /// carry their own).
    public var severity: Severity { rule.severity }
    /// One sentence on what the rule checks.
    public var summary: String { rule.summary }
}

/// One rule of `check`: its identifier, the severity of its findings, what it checks, and the check.
///
/// Rules are values, listed in ``RuleRegistry``; each is defined in a file of its own (or with the
/// close family it belongs to). A rule looks at the decoded list and reports typed findings; the
/// two rules that apply while a file is read (`syntax`, `merge-conflict`) and the one that reads
/// git's state (`unmerged`) have no check of their own.
public struct Rule: Sendable {
    /// The identifier.
    public let id: RuleID
    /// The severity of its findings. A rule whose findings are errors or warnings by what it
    /// found (`unmerged`) has the error here, as the default that reports such as SARIF's
    /// announce, and each finding carries its own.
    public let severity: Severity
    /// One sentence on what it checks, for help texts and code-scanning reports.
    public let summary: String
    /// The check; nil for the rules that apply while a file is read.
    let check: (@Sendable (inout CheckContext) -> Void)?

    init(_ id: RuleID, _ severity: Severity, summary: String, check: (@Sendable (inout CheckContext) -> Void)?) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.check = check
    }
}
