import YAML
#if canImport(Glibc)
import Glibc
#endif
let path = CommandLine.arguments[1]
var bytes: [UInt8] = []
if let f = fopen(path, "rb") {
  var buf = [UInt8](repeating: 0, count: 65536)
  while true { let n = fread(&buf, 1, 65536, f); if n <= 0 { break }; bytes += buf[0..<n] }
  fclose(f)
}
do {
  let doc = try Document(parsing: bytes)
  if CommandLine.arguments.count > 2 { print(doc.outline(), terminator: "") } else { print(String(decoding: doc.formatted(), as: UTF8.self), terminator: "") }
} catch {
  print("error: \(error.kind) \(error)")
}
