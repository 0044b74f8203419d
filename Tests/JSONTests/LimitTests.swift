import JSON
import Testing

/// Inputs past the limits get an error at once, and nothing the reader is given can overflow its stack.
@Suite struct LimitTests {
    @Test func deepNestingStopsAtTheLimit() {
        let brackets = [UInt8](repeating: UInt8(ascii: "["), count: 100_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)
        #expect {
            try JSONReader.read(brackets)
        } throws: { error in
            let error = error as? JSONError
            return error?.kind == .tooDeep && error?.offset == 512
                && error?.message == "arrays and objects are nested more than 512 deep"
        }
        let objects = String(repeating: "{\"a\":", count: 100_000)
        #expect {
            try JSONReader.read(objects, limits: JSONReader.Limits(maximumDepth: 10))
        } throws: { error in
            (error as? JSONError)?.kind == .tooDeep && (error as? JSONError)?.offset == 50
        }
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let depth = 512
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONReader.read(text)
        var levels = 0
        while let inner = value.arrayValue {
            levels += 1
            guard let first = inner.first else { break }
            value = first
        }
        #expect(levels == depth)
    }

    /// With the depth limit out of the way, 100,000 open brackets are still read without recursion:
    /// the read ends at the end of the text, not in a stack overflow.
    @Test func noRecursionWithoutADepthLimit() {
        let brackets = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        #expect {
            try JSONReader.read(brackets, limits: JSONReader.Limits(maximumDepth: 1_000_000))
        } throws: { error in
            (error as? JSONError)?.kind == .unexpectedEnd && (error as? JSONError)?.offset == 100_000
        }
        let mixed = String(repeating: "{\"k\":[", count: 50_000)
        #expect(throws: JSONError.self) {
            try JSONReader.read(mixed, limits: JSONReader.Limits(maximumDepth: 1_000_000))
        }
    }

    @Test func textsOverTheSizeLimitAreRefusedBeforeReading() {
        // A string of 80 MiB, over the default limit of 64 MiB.
        var huge = [UInt8](repeating: UInt8(ascii: "a"), count: 80 << 20)
        huge[0] = UInt8(ascii: "\"")
        huge[huge.count - 1] = UInt8(ascii: "\"")
        #expect {
            try JSONReader.read(huge)
        } throws: { error in
            let error = error as? JSONError
            return error?.kind == .tooLarge && error?.offset == 64 << 20
                && error?.message == "the text is larger than the limit of 67108864 bytes"
        }
        #expect(throws: JSONError.self) { try JSONReader.read("[1,2,3]", limits: JSONReader.Limits(maximumBytes: 6)) }
        #expect((try? JSONReader.read("[1,2,3]", limits: JSONReader.Limits(maximumBytes: 7))) == [1, 2, 3])
    }

    @Test func longStringsAreReadWhole() throws {
        let length = 8 << 20
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length + 2)
        bytes[0] = UInt8(ascii: "\"")
        bytes[length + 1] = UInt8(ascii: "\"")
        #expect(try JSONReader.read(bytes).stringValue?.utf8.count == length)
        // Unclosed, it is reported where it opens.
        bytes.removeLast()
        #expect {
            try JSONReader.read(bytes)
        } throws: { error in
            (error as? JSONError)?.kind == .invalidString && (error as? JSONError)?.offset == 0
        }
        // With an escape at the end, the slow path runs over the whole string once.
        bytes += Array("\\n\"".utf8)
        #expect(try JSONReader.read(bytes).stringValue?.utf8.count == length + 1)
    }

    @Test func manyMembersAndElements() throws {
        let elements = "[" + (0..<200_000).map(String.init).joined(separator: ",") + "]"
        #expect(try JSONReader.read(elements).arrayValue?.count == 200_000)
        let members = "{" + (0..<100_000).map { "\"\($0)\":\($0)" }.joined(separator: ",") + "}"
        let object = try JSONReader.read(members)
        #expect(object.objectValue?.count == 100_000)
        #expect(object["99999"] == 99_999)
    }
}
