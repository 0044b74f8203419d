#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered writer to a file descriptor. A reader that goes away (a closed pipe) ends the output
/// quietly instead of killing the program; any other failure (a full disk, a closed descriptor) ends
/// it too, and is kept in ``failure`` for the program to report.
final class OutputStream {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private(set) var closed = false
    /// The error number of the write that failed for another reason than a reader gone away.
    private(set) var failure: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    func write(_ text: String) {
        guard !closed else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !closed else { return }
        if buffer.count + bytes.count >= 1 << 16 {
            flush()
            if bytes.count >= 1 << 15 {
                writeDirectly(bytes)
                return
            }
        }
        buffer.append(contentsOf: bytes)
    }

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBufferPointer { writeDirectly($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeDirectly(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !closed, let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let result = Glibc.write(descriptor, base + written, bytes.count - written)
            if result < 0 {
                let code = errno
                if code == EINTR { continue }
                closed = true
                if code != EPIPE { failure = code }
                return
            }
            written += result
        }
    }
}

/// Standard output and standard error, with the decision whether each gets colour.
final class Console {
    /// When to colour output.
    enum ColorChoice: String, CaseIterable {
        case auto, always, never
    }

    let out = OutputStream(descriptor: 1)
    let err = OutputStream(descriptor: 2)
    private(set) var colorOut = false
    private(set) var colorErr = false

    init(environment: Environment) {
        configure(.auto, environment: environment)
    }

    /// Colour goes to a stream that is a terminal when `NO_COLOR` is unset (and the terminal is not
    /// "dumb"); `always` and `never` override.
    func configure(_ choice: ColorChoice, environment: Environment) {
        switch choice {
        case .always, .never:
            colorOut = choice == .always
            colorErr = colorOut
        case .auto:
            let allowed = (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
            colorOut = allowed && isatty(1) == 1
            colorErr = allowed && isatty(2) == 1
        }
    }

    /// Styles for terminal text.
    enum Style: String {
        case bold = "1"
        case red = "1;31"
        case yellow = "1;33"
        case green = "32"
        case dim = "2"
    }

    func styled(_ text: String, _ style: Style, forErrorStream: Bool = false) -> String {
        guard forErrorStream ? colorErr : colorOut else { return text }
        return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
    }

    /// Writes `shop: error: message` to standard error.
    func error(_ message: String) {
        err.write(styled("shop: error:", .red, forErrorStream: true) + " " + message + "\n")
    }

    /// Writes `shop: warning: message` to standard error.
    func warning(_ message: String) {
        err.write(styled("shop: warning:", .yellow, forErrorStream: true) + " " + message + "\n")
    }

    /// Writes an informational line to standard error.
    func note(_ message: String) {
        err.write(message + "\n")
    }

    func flush() {
        out.flush()
        err.flush()
    }
}
