/// Hexadecimal digits, for the readers of escapes: JSON's `\uXXXX`, a URI's `%XX`, Markdown's `&#xXX;`.
public enum HexDigit {
    /// The value of `byte` as a hexadecimal digit (either case); nil when it is none.
    public static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
