/// One rule of `check`: its identifier, the severity of its findings, what it checks, and the check.
///
/// Rules are values, listed in ``RuleRegistry``; each is defined in a file of its own (or with the
/// close family it belongs to). A rule looks at the decoded list and reports typed findings; the
/// two rules that apply while a file is read (`syntax`, `merge-conflict`) and the one that reads
/// git's state (`unmerged`) have no check of their own.
public struct Rule: Sendable {
    /// The identifier.
    public let id: RuleID
    /// The severity of its findings (its identifier's). A rule whose findings are errors or
    /// warnings by what it found (`unmerged`) has the error here, as the default that reports
    /// such as SARIF's announce, and each finding carries its own.
    public var severity: Severity { id.severity }
    /// One sentence on what it checks, for help texts and code-scanning reports.
    public let summary: String
    /// The check; nil for the rules that apply while a file is read.
    let check: (@Sendable (inout CheckContext) -> Void)?
}

extension RuleID {
    /// The rule with this identifier.
    public var rule: Rule { RuleRegistry.rule(self) }
    /// One sentence on what the rule checks.
    public var summary: String { rule.summary }
}
