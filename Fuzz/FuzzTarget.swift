import ShopCore

@testable import YAML

/// One fuzzing input: whatever the bytes, reading them either fails with a diagnostic or gives a
/// document that formats to text which reads again and formats to itself; every export of a list
/// without errors runs to the end; the editor refuses or applies a typical edit cleanly; and reading
/// on two threads gives what reading on one gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard reading(bytes, schedule: .inline) == reading(bytes, schedule: .concurrent) else {
        fatalError("reading on two threads differs")
    }
    guard case .success(let document) = ShoppingList.parseDocument(bytes) else { return 0 }
    let list = ShoppingList(document: document)
    let formatted = CanonicalForm.format(document)
    guard case .success(let reread) = ShoppingList.parseDocument(formatted) else {
        fatalError("fmt wrote text that does not read back:\n\(String(decoding: formatted, as: UTF8.self))")
    }
    guard CanonicalForm.format(reread) == formatted else {
        fatalError("fmt is not idempotent on:\n\(String(decoding: formatted, as: UTF8.self))")
    }
    guard ShoppingList(document: reread).diagnostics.count == list.diagnostics.count else {
        fatalError("fmt changed what check finds:\n\(String(decoding: formatted, as: UTF8.self))")
    }
    if !list.hasErrors {
        for format in ExportFormat.allCases {
            for scope in [ItemScope.shoppingList, .all] {
                _ = format.export(list, options: ExportOptions(scope: scope))
            }
        }
    }
    if var editor = try? ListEditor(document: document) {
        try? editor.add(ItemValues(name: "fuzz item", price: "1.5"))
        _ = CanonicalForm.format(editor.document)
    }
    return 0
}

/// Everything a read keeps, or its error.
func reading(_ bytes: [UInt8], schedule: DocumentReader.Schedule) -> Result<String, YAMLError> {
    do throws(YAMLError) {
        let document = try DocumentReader.read(SourceText(bytes: bytes), limits: ParseLimits(), schedule: schedule)
        return .success(document.outline() + "\(document.allComments)")
    } catch {
        return .failure(error)
    }
}
