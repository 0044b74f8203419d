import JSON
import Testing

/// The value types: exact numbers, objects in order with lookup by key, accessors.
@Suite struct ValueTests {
    @Test func numbersKeepTheirText() {
        #expect(JSONNumber("3.490")?.text == "3.490")
        #expect(JSONNumber(-42).text == "-42")
        for invalid in ["", "+1", "01", "-", ".5", "1.", "1e", "1e+", "NaN", " 1", "1 ", "0x1", "١"] {
            #expect(JSONNumber(invalid) == nil, "\(invalid)")
        }
        #expect(JSONNumber("1.0") != JSONNumber("1"))
    }

    @Test func exactIntegers() {
        let integers: [(String, Int?)] = [
            ("0", 0), ("-0", 0), ("42", 42), ("-7", -7), ("4.2e1", 42), ("100E-2", 1), ("1.000", 1),
            ("0.0e5", 0), ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
            ("9223372036854775808", nil), ("-9223372036854775809", nil), ("92233720368547758070e-1", Int.max),
            ("0.5", nil), ("1e19", nil), ("1e-1", nil), ("15e-1", nil), ("1e1000000000000", nil),
            ("1e-1000000000000", nil), ("0e1000000000000", 0), ("12345678901234567890123", nil),
        ]
        for (text, expected) in integers {
            #expect(JSONNumber(text)?.intValue == expected, "\(text)")
        }
        #expect(JSONValue.int(5).intValue == 5)
        #expect(JSONValue.string("5").intValue == nil)
    }

    @Test func objectsKeepOrderAndLookUpByKey() {
        var object: JSONObject = ["b": 1, "a": 2]
        #expect(object.keys == ["b", "a"])
        object["c"] = 3
        object["b"] = "one"
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["b"] == "one")
        object["a"] = nil
        #expect(object.keys == ["b", "c"])
        #expect(object["a"] == nil)
        #expect(object.map(\.key) == ["b", "c"])
        // A key given twice keeps its first place and its last value.
        let repeated = JSONObject([JSONMember("x", 1), JSONMember("y", 2), JSONMember("x", 3)])
        #expect(repeated.members == [JSONMember("x", 3), JSONMember("y", 2)])
        // Order matters for equality.
        let ab: JSONObject = ["a": 1, "b": 2]
        let ba: JSONObject = ["b": 2, "a": 1]
        #expect(ab != ba)
    }

    @Test func largeObjectsLookUpEveryKey() {
        var object = JSONObject()
        for index in 0..<100 { object["k\(index)"] = .int(index) }
        for index in stride(from: 0, to: 100, by: 3) { object["k\(index)"] = nil }
        #expect(object.count == 66)
        for index in 0..<100 {
            #expect(object["k\(index)"] == (index % 3 == 0 ? nil : .int(index)))
        }
        #expect(object.position(of: "k1") == 0)
        #expect(object.position(of: "k2") == 1)
    }

    @Test func accessors() {
        let value: JSONValue = ["list": [1, "two", nil, true], "object": ["k": "v"]]
        #expect(value["list"]?[1]?.stringValue == "two")
        #expect(value["list"]?[2]?.isNull == true)
        #expect(value["list"]?[3]?.boolValue == true)
        #expect(value["list"]?[4] == nil)
        #expect(value["list"]?[-1] == nil)
        #expect(value["object"]?["k"] == "v")
        #expect(value["missing"] == nil)
        #expect(value["list"]?["k"] == nil)
        #expect(value["list"]?.arrayValue?.count == 4)
        #expect(value.objectValue?.count == 2)
        #expect(value.kindDescription == "an object")
        #expect(JSONValue.null.kindDescription == "null")
    }
}
