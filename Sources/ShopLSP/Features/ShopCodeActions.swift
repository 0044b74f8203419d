import JSON
import ShopCore

/// `textDocument/codeAction`: the fixes of the findings in the range as quick fixes, preferred when
/// safe, with the very edits `shop check --fix` makes; and, for the whole document, one action
/// that applies every safe fix as `check --fix` does (without rewriting the file in canonical form:
/// that is formatting's part).
struct ShopCodeActions: RequestHandler {
    let cache: ShopAnalysisCache

    /// The kind of the action that applies every safe fix.
    static let fixAllKind = "source.fixAll.shop"
    static let quickFixKind = "quickfix"

    var method: String { "textDocument/codeAction" }

    var serverCapability: (key: String, value: JSONValue)? {
        ("codeActionProvider", ["codeActionKinds": [.string(Self.quickFixKind), .string(Self.fixAllKind)]])
    }

    func respond(to request: FeatureRequest) throws(ResponseError) -> JSONValue {
        let snapshot = try request.textDocument()
        let range = try LSPRange(json: try request.params.required("range"))
        let only = request.params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
        // Actions are sent as literals; a client that cannot take them gets none (shop has no
        // commands to send instead).
        guard request.capability("textDocument", "codeAction", "codeActionLiteralSupport")?.objectValue != nil else {
            return []
        }
        let analysis = cache.analysis(of: snapshot)
        try request.checkCancellation()
        let first = snapshot.offset(of: min(range.start, range.end))
        let last = snapshot.offset(of: max(range.start, range.end))
        let uri = snapshot.document.uri
        var actions: [CodeAction] = []
        var safeInRange = false
        if Self.wanted(Self.quickFixKind, only: only) {
            // A finding is in the range when they overlap or touch: a cursor just after a word
            // still gets its fixes.
            for finding in analysis.findings where finding.span.start <= last && first <= finding.span.end {
                let diagnostic = ShopDiagnostics.diagnostic(of: finding, in: analysis.source, snapshot: snapshot)
                for fix in finding.fixes {
                    safeInRange = safeInRange || fix.isSafe
                    actions.append(
                        CodeAction(
                            title: fix.title, kind: Self.quickFixKind, diagnostics: [diagnostic], isPreferred: fix.isSafe,
                            changes: [(uri, fix.edits.map { Self.edit($0, snapshot) })]))
                }
            }
        }
        // Asked for by kind, the whole-file action comes whenever there is something to fix;
        // otherwise only beside a safe quick fix, so that it does not follow the cursor about.
        if Self.wanted(Self.fixAllKind, only: only), only != nil || safeInRange, let list = analysis.list {
            try request.checkCancellation()
            if let action = Self.fixAll(list, snapshot: snapshot) { actions.append(action) }
        }
        return .array(actions.map(\.json))
    }

    /// Whether a client that asked for the kinds `only` (nil: every kind) wants actions of `kind`:
    /// `source` asks for `source.fixAll.shop`.
    static func wanted(_ kind: String, only: [String]?) -> Bool {
        guard let only else { return true }
        return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
    }

    /// Every safe fix, applied in rounds as `check --fix` applies them, as one edit of the lines
    /// that change; nil when there is none.
    static func fixAll(_ list: ShoppingList, snapshot: DocumentSnapshot) -> CodeAction? {
        // The list was checked already: its findings start the rounds.
        let rounds = FixRounds(list, findings: list.check())
        guard !rounds.fixed.isEmpty, let change = LineEdit(old: snapshot.document.bytes, new: rounds.bytes) else {
            return nil
        }
        let fixedCount = rounds.fixed.reduce(0) { $0 + $1.count }
        let newText = String(decoding: rounds.bytes[change.newRange], as: UTF8.self)
        return CodeAction(
            title: fixedCount == 1 ? "Apply the safe fix (shop check --fix)" : "Apply the \(fixedCount) safe fixes (shop check --fix)",
            kind: fixAllKind, diagnostics: [], isPreferred: false,
            changes: [(snapshot.document.uri, [TextEdit(range: snapshot.range(of: change.oldRange), newText: newText)])])
    }

    /// A fix's edit in the client's positions.
    static func edit(_ edit: ShopCore.TextEdit, _ snapshot: DocumentSnapshot) -> TextEdit {
        TextEdit(range: snapshot.range(of: edit.span.start..<edit.span.end), newText: edit.replacement)
    }
}
