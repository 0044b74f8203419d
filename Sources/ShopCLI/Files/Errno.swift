#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ENOENT`, for code that does not import the C library.
let ENOENTCode: Int32 = ENOENT
