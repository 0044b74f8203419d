import JSON
import ShopLSP

/// One fuzzing input for `shop lsp`: a session after `initialize`, each line of the input one
/// message (framed here, so that mutations work on the JSON), or with a first byte `!` the rest of
/// the input as the raw byte stream. Whatever it holds, the server ends with status 0 or 1 and
/// every message it writes is JSON-RPC 2.0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // A client that takes everything the features can give: Markdown, code action literals,
    // symbol hierarchies.
    let initialize = FrameReader.frame(
        Array(
            (#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{"general":{"positionEncodings":["utf-8"]},"#
                + #""textDocument":{"hover":{"contentFormat":["markdown"]},"codeAction":{"codeActionLiteralSupport":{}},"#
                + #""documentSymbol":{"hierarchicalDocumentSymbolSupport":true}}}}}"#).utf8))
    var input = initialize
    if bytes.first == UInt8(ascii: "!") {
        input += bytes.dropFirst()
    } else {
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
            input += FrameReader.frame(Array(line))
        }
    }
    let output = Collected()
    let server = LanguageServer(name: "fuzz", version: "0", features: ShopLanguageFeatures.make(), maximumMessageLength: 1 << 20)
    let status = server.run(input: Bytes(input), output: output)
    guard status == 0 || status == 1 else { fatalError("exit status \(status)") }
    var reader = FrameReader(source: Bytes(output.bytes))
    while true {
        switch reader.next() {
        case .end: return 0
        case .message(let body):
            guard let message = try? JSONReader.read(body), message["jsonrpc"] == "2.0" else {
                fatalError("the server wrote something that is not a JSON-RPC message: \(String(decoding: body, as: UTF8.self))")
            }
        default: fatalError("the server wrote broken framing")
        }
    }
}

/// Bytes in memory as input.
final class Bytes: ByteSource, @unchecked Sendable {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, bytes.count - position)
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress, count > 0 {
                buffer.baseAddress?.copyMemory(from: base + position, byteCount: count)
            }
        }
        position += count
        return count
    }
}

/// What the server writes, kept.
final class Collected: ByteSink, @unchecked Sendable {
    var bytes: [UInt8] = []

    func write(_ more: [UInt8]) -> Bool {
        bytes += more
        return true
    }
}
