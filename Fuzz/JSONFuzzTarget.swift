import JSON

/// One fuzzing input for the JSON reader: whatever the bytes, reading them either fails with an
/// error inside the input, or gives a value whose compact text reads back as an equal value and
/// writes the same text again. Reading the bytes as a string gives the same answer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let limits = JSONReader.Limits(maximumBytes: 1 << 20, maximumDepth: 64)
    let value: JSONValue
    do {
        value = try JSONReader.read(bytes, limits: limits)
    } catch {
        guard error.offset >= 0, error.offset <= size, error.line >= 1, error.column >= 1, !error.message.isEmpty else {
            fatalError("an error outside the input: \(error)")
        }
        return 0
    }
    let written = JSONWriter.bytes(value)
    let reread: JSONValue
    do {
        reread = try JSONReader.read(written, limits: limits)
    } catch {
        fatalError("the writer wrote text the reader refuses (\(error)):\n\(String(decoding: written, as: UTF8.self))")
    }
    guard reread == value else {
        fatalError("the text written reads back as another value:\n\(String(decoding: written, as: UTF8.self))")
    }
    guard JSONWriter.bytes(reread) == written else {
        fatalError("writing is not stable:\n\(String(decoding: written, as: UTF8.self))")
    }
    // Valid JSON is valid UTF-8, so the bytes as a string are the same text.
    guard (try? JSONReader.read(String(decoding: bytes, as: UTF8.self), limits: limits)) == value else {
        fatalError("reading the text as a string differs")
    }
    return 0
}
