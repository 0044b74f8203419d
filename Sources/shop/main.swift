import YAML
#if canImport(Glibc)
import Glibc
#endif
let path = CommandLine.arguments[1]
let fd = open(path, O_RDONLY)
var st = stat()
fstat(fd, &st)
let size = Int(st.st_size)
let bytes = [UInt8](unsafeUninitializedCapacity: size) { buf, n in
  var got = 0
  while got < size { let r = read(fd, buf.baseAddress! + got, size - got); if r <= 0 { break }; got += r }
  n = got
}
close(fd)
do {
  let doc = try Document(parsing: bytes)
  if CommandLine.arguments.count > 2 {
    if CommandLine.arguments[2] == "parse" { print(doc.nodeCount) } else { print(doc.outline(), terminator: "") }
  } else {
    doc.format { chunk in _ = write(1, chunk.baseAddress, chunk.count) }
  }
} catch {
  print("error: \(error.kind) \(error)")
}
