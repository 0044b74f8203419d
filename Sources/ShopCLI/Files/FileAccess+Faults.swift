#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The system calls of a write, through which a debug build can be made to fail them on purpose:
// the tests set SHOP_INJECT_FAULT to see that a failing disk leaves the list as it was, no
// temporary file behind, and a reason on standard error. A release build (no DEBUG) has no such
// switch; the calls go straight to the system.

#if DEBUG
    /// A failure a debug build's writes can be told to meet, named by the value of the
    /// environment variable SHOP_INJECT_FAULT.
    enum InjectedFault: String {
        /// Every write(2) fails with EIO.
        case write
        /// The first write(2) of a file writes half its bytes; the next fails with ENOSPC, as on a
        /// disk that fills while the file is written.
        case enospc
        /// fsync(2) of the new file fails with EIO.
        case fsync
        /// rename(2) of the new file over the old fails with EIO.
        case rename

        /// The fault the environment asks for, read once; nil when none or an unknown one.
        static let current: InjectedFault? = getenv("SHOP_INJECT_FAULT").flatMap {
            InjectedFault(rawValue: String(cString: $0))
        }
    }
#endif

extension FileAccess {
    /// write(2), or the fault a test asked for.
    static func systemWrite(_ descriptor: Int32, _ base: UnsafePointer<UInt8>, _ count: Int) -> Int {
        #if DEBUG
            switch InjectedFault.current {
            case .write?:
                errno = EIO
                return -1
            case .enospc?:
                // Stateless: the first piece starts at offset 0 (a new file, or a device whose
                // offset does not move), and is cut in half; anything after it finds the disk full.
                if count > 1 && lseek(descriptor, 0, SEEK_CUR) == 0 {
                    return write(descriptor, base, count / 2)
                }
                errno = ENOSPC
                return -1
            default:
                break
            }
        #endif
        return write(descriptor, base, count)
    }

    /// fsync(2) of a file written, or the fault a test asked for.
    static func systemSync(_ descriptor: Int32) -> Int32 {
        #if DEBUG
            if InjectedFault.current == .fsync {
                errno = EIO
                return -1
            }
        #endif
        return fsync(descriptor)
    }

    /// rename(2) of a new file over the one it replaces, or the fault a test asked for.
    static func systemRename(_ source: String, _ destination: String) -> Int32 {
        #if DEBUG
            if InjectedFault.current == .rename {
                errno = EIO
                return -1
            }
        #endif
        return rename(source, destination)
    }
}
