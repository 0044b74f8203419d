import JSON
import ShopCore
import YAML

/// `textDocument/formatting`: the text `shop fmt` writes, as one edit over the lines that change;
/// no edits when the document is canonical; an error when it is not well-formed YAML, or when
/// git holds its file as one side's version of an unfinished merge (which `shop fmt` refuses). The
/// formatting options are not used: the canonical form has one layout.
struct ShopFormatting: RequestHandler {
    let cache: ShopAnalysisCache

    var method: String { "textDocument/formatting" }

    var serverCapability: (key: String, value: JSONValue)? { ("documentFormattingProvider", true) }

    func respond(to request: FeatureRequest) throws(ResponseError) -> JSONValue {
        let snapshot = try request.textDocument()
        let analysis = cache.analysis(of: snapshot)
        guard let list = analysis.list else {
            if case .failure(let failure) = analysis.parsed, let first = failure.diagnostics.first {
                throw ResponseError(
                    .requestFailed,
                    "the document cannot be formatted: line \(first.location.line), column \(first.location.column): \(first.message)")
            }
            throw ResponseError(.requestFailed, "the document cannot be formatted")
        }
        // As `shop fmt` refuses it: formatted, one side's version of an unfinished merge would no
        // longer be that side's byte for byte, and would pass for one resolved by hand.
        if let unmerged = cache.unmergedFinding(of: snapshot.document), unmerged.severity == .error {
            throw ResponseError(
                .requestFailed, "the document cannot be formatted: \(unmerged.message.text(in: list.document.source))")
        }
        // The list decoded for the diagnostics tells the canonical form what to look at.
        let formatted = list.document.formatted(policy: CanonicalForm.policy(for: list))
        guard let edit = LineEdit(old: snapshot.document.bytes, new: formatted) else { return [] }
        let textEdit = TextEdit(
            range: snapshot.range(of: edit.oldRange), newText: String(decoding: formatted[edit.newRange], as: UTF8.self))
        return [textEdit.json]
    }
}
