#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread that runs one closure and is waited for with ``join()``, or let go with ``detach()``.
///
/// Whoever starts it and joins it keeps everything the closure touches alive until `join` returns;
/// that is what makes handing it unsafe pointers sound. The product targets do not import
/// Foundation (see the doc comment of the decomposition table in ShopCore's NameKey.swift), so
/// threads are started here, with pthreads, for every target that needs one.
public struct JoinableThread {
    private let handle: pthread_t

    /// Boxes the closure so that its address can cross `pthread_create`. Sendable because it is
    /// handed over once: the starting thread lets go of it in `pthread_create` and never touches
    /// it again, and the new thread alone runs and releases it.
    private final class Body: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts `body` on a new thread, or returns nil when the system refuses one.
    public static func start(_ body: @escaping () -> Void) -> JoinableThread? {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
            var handle: pthread_t?
        #else
            var handle = pthread_t()
        #endif
        let status = pthread_create(
            &handle, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        #if canImport(Darwin)
            guard let handle else { return nil }
        #endif
        return JoinableThread(handle: handle)
    }

    /// Waits for the closure to return.
    public func join() {
        pthread_join(handle, nil)
    }

    /// Lets the thread run to its end on its own: nothing waits for it.
    public func detach() {
        pthread_detach(handle)
    }
}
