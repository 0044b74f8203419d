import Foundation
@testable import ShopCore
import Testing

/// Columns, values, the formula guard and problems of CSV imports; and every CSV export of every
/// export fixture read back exactly.
@Suite struct CSVImportReaderTests {
    static func read(_ text: String) throws -> CSVImport {
        try CSVImportReader.read(Array(text.utf8))
    }

    static func problem(_ text: String) -> ImportProblem? {
        do {
            _ = try read(text)
            return nil
        } catch let problem as ImportProblem {
            return problem
        } catch {
            return nil
        }
    }

    @Test func columnsAreFoundByNameInAnyCaseAndOrder() throws {
        let read = try Self.read("Notes, QTY ,Name,Colour,unit,PRICE,Category,Buy,Done,ID,Total\nfresh,2,Milk,white,l,1.19,Dairy,true,no,m1,2.38\n")
        #expect(read.delimiter == .comma)
        #expect(read.columns == [
            .key(.notes): 0, .key(.quantity): 1, .key(.name): 2, .key(.unit): 4, .key(.price): 5, .key(.category): 6, .key(.buy): 7,
            .key(.done): 8, .key(.id): 9, .total: 10,
        ])
        #expect(read.ignoredColumns == ["Colour"])
        let record = try #require(read.records.first)
        #expect(record.line == 2)
        #expect(record.fields[.name] == "Milk")
        #expect(record.fields[decimal: .quantity] == DecimalNumber(2))
        #expect(record.fields[.unit] == "l")
        #expect(record.fields[decimal: .price] == DecimalNumber("1.19"))
        #expect(record.fields[.category] == "Dairy")
        #expect(record.fields[flag: .buy] == true && record.fields[flag: .done] == false)
        #expect(record.fields[.notes] == "fresh" && record.fields[.id] == "m1")
        #expect(record.cells == ["fresh", "2", "Milk", "white", "l", "1.19", "Dairy", "true", "no", "m1", "2.38"])
        #expect(read.columns[.total].map { record.cells[$0] } == "2.38")
        #expect(read.columns[.key(.name)].map { record.cells[$0] } == "Milk")
        #expect(read.problems.isEmpty)
    }

    @Test func onlyANameColumnIsNeeded() throws {
        let read = try Self.read("name\nApples\nPears\n")
        #expect(read.records.map { $0.fields[.name] } == ["Apples", "Pears"])
        #expect(read.records.allSatisfy { $0.fields.keys == [.name] })
    }

    @Test func withoutANameColumnTheWholeFileIsRefused() throws {
        let problem = try #require(Self.problem("item,quantity\nApples,2\n"))
        #expect(problem.line == 1)
        #expect(problem.message.contains("no name column"))
        #expect(Self.problem("")?.message.contains("empty") == true)
        #expect(Self.problem("\n\n")?.message.contains("empty") == true)
    }

    @Test func aColumnNamedTwiceIsRefused() throws {
        #expect(Self.problem("name,qty,quantity\n")?.message == "the header names the quantity column twice (columns 2 and 3)")
    }

    @Test func aSemicolonFileTakesDecimalCommas() throws {
        let read = try Self.read("\u{FEFF}Name;Menge;Quantity;Price\r\nKäse;x;0,5;2,99\r\nBrot;;1.5;3\r\n")
        #expect(read.delimiter == .semicolon)
        #expect(read.ignoredColumns == ["Menge"])
        #expect(read.records.map { $0.fields[decimal: .quantity] } == [DecimalNumber("0.5"), DecimalNumber("1.5")])
        #expect(read.records.map { $0.fields[decimal: .price] } == [DecimalNumber("2.99"), DecimalNumber(3)])
        #expect(read.problems.isEmpty)
    }

    @Test func aPriceHeaderMayNameItsCurrency() throws {
        for (header, currency) in [("Price (EUR)", "EUR"), ("price [€]", "€"), ("PRICE €", "€"), ("Price in usd", "USD"), ("price", nil)] {
            let read = try Self.read("name,\(header)\nMilk,1.99\n")
            #expect(read.columns[.key(.price)] == 1, "\(header)")
            #expect(read.priceCurrency == currency, "\(header)")
            #expect(read.ignoredColumns.isEmpty)
        }
        for header in ["Pricey", "Price (each)", "Unit price"] {
            #expect(try Self.read("name,\(header)\nMilk,1.99\n").ignoredColumns == [header])
        }
    }

    @Test func aSemicolonFileDoesNotGuessAPointBeforeThreeDigits() throws {
        let read = try Self.read("name;quantity;price\nNails;1.500;0,05\nScrews;0.500;1\nBolts;2;1.250\n")
        #expect(read.problems.map(\.message) == [
            "quantity \"1.500\" could mean 1500 or 1.5; write one of those",
            "price \"1.250\" could mean 1250 or 1.25; write one of those",
        ])
        #expect(read.records.map { $0.fields[decimal: .quantity] } == [nil, DecimalNumber("0.500"), DecimalNumber(2)])
        // A cell is quoted as written, with its decimal comma.
        let comma = try Self.read("name;quantity\nx;1,0005\n")
        #expect(comma.problems.map(\.message) == ["quantity \"1,0005\" has 4 decimals; at most 3 are allowed"])
    }

    /// A comma in a cell of a comma-separated file was quoted: before fewer than three digits it
    /// can only be a decimal comma; before three it could separate thousands.
    @Test func aCommaFileTakesAQuotedDecimalCommaBeforeFewerThanThreeDigits() throws {
        let read = try Self.read("name,quantity\nx,\"1,5\"\ny,\"1,500\"\n")
        #expect(read.records.map { $0.fields[decimal: .quantity] } == [DecimalNumber("1.5"), nil])
        #expect(read.problems.map(\.line) == [3])
        #expect(read.problems[0].message.contains("use \".\" as the decimal separator"))
    }

    @Test func theFormulaGuardOfTheExportIsTakenOffExactly() throws {
        let read = try Self.read(
            "name,unit,category,notes,id\n'=SUM(A1),'-kg,'+1,'@x,\"'\tx\"\n'plain,'',''=x,'''-y,\"'\rz\"\n")
        #expect(read.records[0].fields[.name] == "=SUM(A1)")
        #expect(read.records[0].fields[.unit] == "-kg")
        #expect(read.records[0].fields[.category] == "+1")
        #expect(read.records[0].fields[.notes] == "@x")
        #expect(read.records[0].fields[.id] == "\tx")
        #expect(read.records[1].fields[.name] == "'plain")
        #expect(read.records[1].fields[.unit] == "''")
        #expect(read.records[1].fields[.category] == "'=x")
        #expect(read.records[1].fields[.notes] == "''-y")
        #expect(read.records[1].fields[.id] == "\rz")
        // The cells themselves are kept as given.
        #expect(read.records[1].cells[2] == "''=x")
    }

    @Test func theExportGuardsTextsThatStartWithApostrophesBeforeAFormula() throws {
        let list = try ExportFixtures.parse("items:\n  - name: \"'=x\"\n    buy: true\n  - name: \"'x\"\n    buy: true\n")
        let csv = String(decoding: ExportFormat.csv.export(list, options: ExportOptions()), as: UTF8.self)
        #expect(csv.contains("\r\n''=x,1,"))
        #expect(csv.contains("\r\n'x,1,"))
        #expect(try CSVImportReader.read(Array(csv.utf8)).records.map { $0.fields[.name] } == ["'=x", "'x"])
    }

    @Test func textsAreKeptExactlyAndBlankOnesAreNone() throws {
        let read = try Self.read("name,unit,notes\n\" lead \",\" \",\"a\n\nb \"\n")
        #expect(read.records[0].fields[.name] == " lead ")
        #expect(read.records[0].fields[.unit] == nil)
        #expect(read.records[0].fields[.notes] == "a\n\nb ")
    }

    @Test func flags() throws {
        let read = try Self.read("name,buy,done\na,true,false\nb,YES,no\nc,1,0\nd,x,\ne,On,OFF\nf,maybe,2\n")
        #expect(read.records.map { $0.fields[flag: .buy] } == [true, true, true, true, true, nil])
        #expect(read.records.map { $0.fields[flag: .done] } == [false, false, false, nil, false, nil])
        #expect(read.problems.map(\.line) == [7, 7])
        #expect(read.problems[0].message.contains("buy \"maybe\" is not true or false"))
    }

    @Test func badValuesAreProblemsOnTheirLines() throws {
        let read = try Self.read("name,quantity,price\na,0,1\nb,2,-1\nc,1.2345,$3\nd, 2 , 1.50 \n")
        #expect(read.problems.map(\.line) == [2, 3, 4, 4])
        #expect(read.problems[0].message.contains("must be more than 0"))
        #expect(read.problems[1].message.contains("negative"))
        #expect(read.problems[2].message.contains("4 decimals"))
        #expect(read.problems[3].message.contains("without a currency"))
        #expect(read.records.last?.fields[decimal: .quantity] == DecimalNumber(2))
        #expect(read.records.last?.fields[decimal: .price] == DecimalNumber("1.50"))
    }

    @Test func rowsLongerOrShorterThanTheHeader() throws {
        let read = try Self.read("name,quantity\na,1,,\nb\nc,2,extra\n")
        #expect(read.records.map { $0.fields[.name] } == ["a", "b"])
        #expect(read.records.map(\.cells) == [["a", "1"], ["b", ""]])
        #expect(read.problems == [ImportProblem(line: 4, message: "the row has 3 cells but the header only 2; quote cells that hold the delimiter")])
    }

    @Test func emptyRowsAreSkippedAndEmptyNamesAreProblems() throws {
        let read = try Self.read("name,quantity\n,\n;\n  ,2\n\"\",3\nok,1\n")
        #expect(read.records.map { $0.fields[.name] } == [";", "ok"])
        #expect(read.problems.map(\.line) == [4, 5])
        #expect(read.problems.allSatisfy { $0.message == "the name is empty" })
    }

    @Test func multiLineCellsGiveTheLineTheRecordStartsOn() throws {
        let read = try Self.read("name,notes\na,\"one\ntwo\nthree\"\nb,x\n")
        #expect(read.records.map(\.line) == [2, 5])
    }

    // MARK: Round trip

    /// Every CSV export of every export fixture, in both scopes, reads back as the values the model
    /// says the items have.
    @Test func everyExportOfEveryFixtureReadsBackExactly() throws {
        for name in ExportFixtures.names {
            let list = try ExportFixtures.list(name)
            for scope in [ItemScope.shoppingList, .all] {
                let read = try CSVImportReader.read(ExportFormat.csv.export(list, options: ExportOptions(scope: scope)))
                let expected = list.items.filter { scope == .all || $0.buy }
                #expect(read.problems.isEmpty, "\(name)")
                #expect(read.ignoredColumns.isEmpty)
                #expect(read.records.count == expected.count, "\(name)")
                for (record, item) in zip(read.records, expected) {
                    #expect(CSVRoundTrip.difference(record, item) == nil, "\(name): \(CSVRoundTrip.difference(record, item) ?? "")")
                }
            }
        }
    }
}

/// What differs between a CSV record read back and the item it was exported from.
enum CSVRoundTrip {
    static func difference(_ record: CSVImportRecord, _ item: Item) -> String? {
        var wrong: [String] = []
        if record.fields[.name] != item.name { wrong.append("name \(record.fields[.name].debugDescription) for \((item.name ?? "").debugDescription)") }
        if record.fields[decimal: .quantity] != item.effectiveQuantity { wrong.append("quantity \(String(describing: record.fields[decimal: .quantity]))") }
        if record.fields[.unit] != item.unit { wrong.append("unit \(String(describing: record.fields[.unit]))") }
        if record.fields[decimal: .price] != item.price { wrong.append("price \(String(describing: record.fields[decimal: .price]))") }
        if record.fields[.category] != item.category { wrong.append("category \(String(describing: record.fields[.category]))") }
        if record.fields[flag: .buy] != item.buy { wrong.append("buy \(String(describing: record.fields[flag: .buy]))") }
        if record.fields[flag: .done] != item.done { wrong.append("done \(String(describing: record.fields[flag: .done]))") }
        if record.fields[.notes] != item.notes { wrong.append("notes \(String(describing: record.fields[.notes]))") }
        if record.fields[.id] != item.id { wrong.append("id \(String(describing: record.fields[.id]))") }
        return wrong.isEmpty ? nil : wrong.joined(separator: ", ")
    }
}
