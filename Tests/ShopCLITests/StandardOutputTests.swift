import Foundation
import Testing

/// What `shop` does when its standard output cannot take what it writes: a full disk or a closed
/// descriptor is an error the caller hears of (exit 2), a reader that went away is not.
@Suite("standard output")
struct StandardOutputTests {
    /// A list whose CSV export is larger than a pipe holds.
    static let list =
        "currency: EUR\nitems:\n"
        + (0..<2_000).map { "  - name: Item number \($0)\n    price: 1.\($0 % 90 + 10)\n    buy: true\n" }.joined()

    /// Runs `shop ARGUMENTS` in `scratch` with its standard output redirected by `redirect`, a
    /// shell redirection.
    static func run(_ arguments: [String], redirecting redirect: String, in scratch: EditScratch) throws
        -> ShopProcess.Result
    {
        try EditCLI.run(arguments, in: scratch.folder, prefix: ["/bin/sh", "-c", "exec \"$0\" \"$@\" \(redirect)"])
    }

    @Test(
        "output to a full disk or a closed descriptor: the reason on standard error, exit 2",
        arguments: [
            (["export", "--format", "csv"], ">/dev/full", "No space left on device"),
            (["export", "--format", "csv"], ">&-", "Bad file descriptor"),
            (["fmt", "-"], "<shopping.yaml >/dev/full", "No space left on device"),
            (["list"], ">/dev/full", "No space left on device"),
            (["check", "--format", "json"], ">/dev/full", "No space left on device"),
        ])
    func unwritableOutput(_ arguments: [String], _ redirect: String, _ reason: String) throws {
        let scratch = try EditScratch()
        try scratch.write(Self.list, to: "shopping.yaml")
        let run = try Self.run(arguments, redirecting: redirect, in: scratch)
        #expect(run.status == 2, "\(run)")
        #expect(run.err.hasSuffix("shop: error: cannot write standard output: \(reason)\n"), "\(run)")
    }

    @Test(
        "a reader that stops reading ends the output quietly, with the command's own status",
        .requires(.program("bash")))
    func readerGoneAway() throws {
        let scratch = try EditScratch()
        try scratch.write(Self.list, to: "shopping.yaml")
        let run = try EditCLI.run(
            ["export", "--format", "csv"], in: scratch.folder,
            prefix: ["/usr/bin/env", "bash", "-c", "set -o pipefail; \"$0\" \"$@\" | head -c 1 >/dev/null"])
        #expect(run.status == 0, "\(run)")
        #expect(run.err == "", "\(run)")
    }
}
