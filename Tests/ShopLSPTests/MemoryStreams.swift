import Foundation
import JSON
import ShopLSP
import Synchronization

/// Bytes in memory as a server's input, handed out in chunks of a chosen size; `drained` is
/// signalled once every byte has been read, so that a test can wait until the reading thread has
/// seen the whole input.
final class MemorySource: ByteSource, Sendable {
    private let bytes: [UInt8]
    private let chunkSize: Int
    /// How far the input has been read, and whether `drained` was signalled.
    private let state = Mutex<(position: Int, signalled: Bool)>((0, false))
    let drained = DispatchSemaphore(value: 0)

    init(_ bytes: [UInt8], chunkSize: Int = 1 << 16) {
        self.bytes = bytes
        self.chunkSize = chunkSize
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        state.withLock { state in
            let count = min(buffer.count, chunkSize, bytes.count - state.position)
            if count == 0 {
                if !state.signalled {
                    state.signalled = true
                    drained.signal()
                }
                return 0
            }
            bytes.withUnsafeBytes { source in
                buffer.baseAddress?.copyMemory(from: source.baseAddress! + state.position, byteCount: count)
            }
            state.position += count
            return count
        }
    }
}

/// Collects what a server writes.
final class MemorySink: ByteSink, Sendable {
    private let collected = Mutex<[UInt8]>([])

    func write(_ bytes: [UInt8]) -> Bool {
        collected.withLock { $0 += bytes }
        return true
    }

    var bytes: [UInt8] { collected.withLock { $0 } }

    /// The messages written, in order.
    var messages: [JSONValue] {
        var reader = FrameReader(source: MemorySource(bytes))
        var result: [JSONValue] = []
        while case .message(let body) = reader.next() {
            result.append((try? JSONReader.read(body)) ?? "unreadable")
        }
        return result
    }
}

/// Frames for a server's input.
enum Frames {
    static func message(_ value: JSONValue) -> [UInt8] {
        FrameReader.frame(JSONWriter.bytes(value))
    }

    static func request(_ id: Int, _ method: String, _ params: JSONValue = [:]) -> [UInt8] {
        message(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
    }

    static func notification(_ method: String, _ params: JSONValue = [:]) -> [UInt8] {
        message(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    static func initialize(_ id: Int = 1, encodings: [String]? = nil, capabilities: JSONObject = [:]) -> [UInt8] {
        var capabilities = capabilities
        if let encodings { capabilities["general"] = ["positionEncodings": .array(encodings.map { .string($0) })] }
        return request(id, "initialize", ["processId": nil, "capabilities": .object(capabilities)])
            + notification("initialized")
    }

    static func didOpen(_ uri: String, _ text: String, version: Int = 1) -> [UInt8] {
        notification(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(uri), "languageId": "yaml", "version": .int(version), "text": .string(text)]])
    }

    static let shutdownAndExit = request(999, "shutdown") + notification("exit")
}

/// Runs a server on the given input to its end and returns its exit status and what it wrote.
func runServer(
    _ input: [UInt8], features: LanguageFeatures = LanguageFeatures(), chunkSize: Int = 1 << 16,
    maximumMessageLength: Int = FrameReader.defaultMaximumLength
) -> (status: Int32, messages: [JSONValue]) {
    let sink = MemorySink()
    let server = LanguageServer(name: "test", version: "1", features: features, maximumMessageLength: maximumMessageLength)
    let status = server.run(input: MemorySource(input, chunkSize: chunkSize), output: sink)
    return (status, sink.messages)
}

extension JSONValue {
    /// The `error.code` of a response.
    var errorCode: Int? { self["error"]?["code"]?.intValue }
}

/// Bytes in memory handed out in parts: each part after the first only once `open()` has been
/// called for it, so that a test decides what the server has read while it handles a request.
final class GatedSource: ByteSource, Sendable {
    private let parts: [[UInt8]]
    /// The part being read and the place in it.
    private let state = Mutex<(part: Int, position: Int)>((0, 0))
    private let gate = DispatchSemaphore(value: 0)
    /// Signalled when the last byte has been read.
    let drained = DispatchSemaphore(value: 0)

    init(_ parts: [[UInt8]]) {
        self.parts = parts
    }

    /// Lets the next part be read.
    func open() { gate.signal() }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        state.withLock { state in
            while state.part < parts.count && state.position == parts[state.part].count {
                state.part += 1
                state.position = 0
                if state.part < parts.count { gate.wait() }
            }
            guard state.part < parts.count else {
                drained.signal()
                return 0
            }
            let count = min(buffer.count, parts[state.part].count - state.position)
            parts[state.part].withUnsafeBytes { source in
                buffer.baseAddress?.copyMemory(from: source.baseAddress! + state.position, byteCount: count)
            }
            state.position += count
            return count
        }
    }
}
