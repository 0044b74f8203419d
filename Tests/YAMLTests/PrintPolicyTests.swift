import Testing

@testable import YAML

/// What a caller decides about printing: entry order, scalar renderings and where blank lines stay.
@Suite struct PrintPolicyTests {
    func printed(_ document: Document, _ policy: PrintPolicy) -> String {
        String(decoding: document.formatted(policy: policy), as: UTF8.self)
    }

    @Test func entryOrderReordersAMappingWithItsComments() throws {
        let document = try parse(
            """
            # top
            zeta: 1 # z
            # before alpha
            alpha: 2

            mid:
              b: 1
              a: 2
            """)
        let root = document.root!
        let mid = root["mid"]!
        let policy = PrintPolicy(entryOrder: [root.id: [1, 2, 0], mid.id: [1, 0]])
        #expect(
            printed(document, policy) == """
                # top
                # before alpha
                alpha: 2

                mid:
                  a: 2
                  b: 1
                zeta: 1 # z

                """)
    }

    @Test func entryOrderOfAMappingInASequenceItem() throws {
        let document = try parse(
            """
            - name: Milk # first
              # before buy
              buy: true
              price: 1
            """)
        let item = document.root!.items[0]
        let policy = PrintPolicy(entryOrder: [item.id: [2, 1, 0]])
        #expect(
            printed(document, policy) == """
                - price: 1
                  # before buy
                  buy: true
                  name: Milk # first

                """)
    }

    @Test func entryOrderThatIsNotAPermutationOfTheEntriesIsIgnored() throws {
        let document = try parse("b: 1\na: 2\n")
        let policy = PrintPolicy(entryOrder: [document.root!.id: [1]])
        #expect(printed(document, policy) == "b: 1\na: 2\n")
    }

    @Test func plainRenderingWritesTheTextAsGiven() throws {
        let document = try parse("price: 4.2 # eur\nbuy: yes\nname: x\n")
        let root = document.root!
        let policy = PrintPolicy(scalarRenderings: [
            root["price"]!.id: .plain("4.20"), root["buy"]!.id: .plain("true"), root["name"]!.id: .plain(""),
        ])
        #expect(printed(document, policy) == "price: 4.20 # eur\nbuy: true\nname:\n")
    }

    @Test func stringRenderingQuotesWhereNeeded() throws {
        let document = try parse("a: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\n")
        let root = document.root!
        let texts = ["yes", "Apples", "007", "two\nlines\n", " padded", "tab\there"]
        var renderings: [NodeID: ScalarRendering] = [:]
        for (entry, text) in zip(root.entries, texts) {
            renderings[entry.value.id] = .string(text)
        }
        let output = printed(document, PrintPolicy(scalarRenderings: renderings))
        #expect(
            output == """
                a: "yes"
                b: Apples
                c: "007"
                d: |
                  two
                  lines
                e: " padded"
                f: "tab\\there"

                """)
        let reread = try parse(output).root!
        #expect(reread.entries.map { $0.value.value } == texts)
    }

    @Test func stringRenderingOfAKey() throws {
        let document = try parse("old: 1\n")
        let key = document.root!.entries[0].key
        let policy = PrintPolicy(scalarRenderings: [key.id: .string("no")])
        #expect(printed(document, policy) == "\"no\": 1\n")
    }

    @Test func asStringQuotesPlainScalarsThatReadAsSomethingElse() throws {
        let document = try parse("- yes\n- 007\n- Apples\n- ~\n- 'single'\n- \"1.50\"\n-\n")
        var renderings: [NodeID: ScalarRendering] = [:]
        for item in document.root!.items { renderings[item.id] = .asString }
        let output = printed(document, PrintPolicy(scalarRenderings: renderings))
        #expect(output == "- \"yes\"\n- \"007\"\n- Apples\n- \"~\"\n- single\n- \"1.50\"\n- \"\"\n")
        // Without the policy, plain scalars stay plain and quoted ones keep what they need.
        #expect(
            try format("- yes\n- 007\n- ~\n- 'single'\n- \"1.50\"\n-\n")
                == "- yes\n- 007\n- ~\n- single\n- \"1.50\"\n-\n")
    }

    @Test func renderingsForNodesOfAnotherDocumentAreIgnored() throws {
        let document = try parse("a: 1\n")
        let policy = PrintPolicy(scalarRenderings: [NodeID(index: 99): .plain("x")])
        #expect(printed(document, policy) == "a: 1\n")
    }

    static let nested = """
        top: 1

        list:
          - a: 1

            b: 2
          - deeper:
              - x

              - y

          - z
        """

    @Test func blankLinesByDefaultAtTheTopAndOneLevelDown() throws {
        #expect(
            printed(try parse(Self.nested), PrintPolicy()) == """
                top: 1

                list:
                  - a: 1
                    b: 2
                  - deeper:
                      - x
                      - y

                  - z

                """)
    }

    @Test func blankLineDepthZeroKeepsThemBetweenTopLevelEntriesOnly() throws {
        #expect(
            printed(try parse(Self.nested), PrintPolicy(blankLineDepth: 0)) == """
                top: 1

                list:
                  - a: 1
                    b: 2
                  - deeper:
                      - x
                      - y
                  - z

                """)
    }

    @Test func deeperBlankLineDepthKeepsMore() throws {
        #expect(
            printed(try parse(Self.nested), PrintPolicy(blankLineDepth: 3)) == """
                top: 1

                list:
                  - a: 1

                    b: 2
                  - deeper:
                      - x

                      - y

                  - z

                """)
    }

    @Test func chunkedOutputEqualsTheWholeOutput() throws {
        let text = (0..<500).map { "key\($0): value \($0) # comment \($0)\nlist\($0):\n  - |\n    text\n" }.joined()
        let document = try parse(text)
        var chunks = 0
        var bytes: [UInt8] = []
        document.format(chunkSize: 1024) {
            chunks += 1
            bytes.append(contentsOf: $0)
        }
        #expect(chunks > 10)
        #expect(bytes == document.formatted())
    }
}
