import JSON
import ShopCore
import YAML

/// `textDocument/formatting`: the text `shop fmt` writes, as one edit over the lines that change;
/// no edits when the document is canonical; an error when it is not well-formed YAML. The
/// formatting options are not used: the canonical form has one layout.
struct ShopFormatting: RequestHandler {
    let cache: ShopAnalysisCache

    var method: String { "textDocument/formatting" }

    func announce(in capabilities: inout JSONObject) {
        capabilities["documentFormattingProvider"] = true
    }

    func respond(to request: FeatureRequest) throws(ResponseError) -> JSONValue {
        let snapshot = try request.textDocument()
        let document: Document
        switch cache.analysis(of: snapshot.document).parsed {
        case .failure(let failure):
            let first = failure.diagnostics.first
            let place = first.map { "line \($0.location.line), column \($0.location.column): \($0.message)" } ?? "unreadable"
            throw ResponseError(.requestFailed, "the document cannot be formatted: " + place)
        case .success(let parsed):
            document = parsed
        }
        let formatted = CanonicalForm.format(document)
        guard let edit = LineEdit(old: snapshot.document.bytes, new: formatted) else { return [] }
        let textEdit = TextEdit(
            range: snapshot.range(of: edit.oldRange), newText: String(decoding: formatted[edit.newRange], as: UTF8.self))
        return [textEdit.json]
    }
}
