import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a load's later steps (a delayed answer, a throttled body) call the protocol's client.
///
/// On Apple platforms the client may be called from any thread, so a step runs where its timer fired.
/// swift-corelibs-foundation's client is not thread-safe: its callbacks read the session's task registry
/// without a lock, and the session changes that registry on its work queue whenever another of its tasks
/// starts or ends. A delayed answer sent from a global queue while the same session ran other tasks crashed
/// the process within seconds (a nil `behaviour(for:)` in `urlProtocol(_:didReceive:cacheStoragePolicy:)`).
///
/// Every session's work queue there targets one serial queue that the library shares between sessions
/// (`org.swift.URLSession.SharedQueue`, in the toolchain's `libFoundationNetworking`), and no public API
/// hands that queue out. `startLoading` is the one public entry onto it, so a step reaches it as the load of
/// a task in a private session of its own: whatever runs in that `startLoading` is serialised with every
/// session's bookkeeping, as an immediate answer is. `SessionWorkQueueTests` checks both the serialisation
/// and the crash.
enum SessionWorkQueue {
    /// Runs `step` where the client may be called. Never call this on a session's work queue (inside
    /// `startLoading` or `stopLoading`): creating the hop's task waits for that queue.
    static func run(_ step: @escaping @Sendable () -> Void) {
        #if canImport(FoundationNetworking)
            Hop.shared.run(step)
        #else
            step()
        #endif
    }
}

#if canImport(FoundationNetworking)
    extension SessionWorkQueue {
        /// The private session whose loads run the waiting steps.
        final class Hop: Sendable {
            static let shared = Hop()

            private let session: URLSession
            private let waiting = Locked<[@Sendable () -> Void]>([])
            private let request: URLRequest

            private init() {
                let configuration = URLSessionConfiguration.ephemeral
                configuration.protocolClasses = [HopProtocol.self]
                configuration.urlCache = nil
                session = URLSession(configuration: configuration)
                // A scheme no other protocol takes; the URL is never read.
                request = URLRequest(url: URL(fileURLWithPath: "/").appendingPathComponent("contractcheck-hop"))
            }

            /// Queues `step`, and starts a load only when no step was waiting: a load started and not yet
            /// run takes the later steps too, so a burst of steps costs one load.
            func run(_ step: @escaping @Sendable () -> Void) {
                let first = waiting.withLock { steps in
                    steps.append(step)
                    return steps.count == 1
                }
                if first { session.dataTask(with: request).resume() }
            }

            /// The steps waiting, in the order they came; each load takes all of them.
            func takeWaiting() -> [@Sendable () -> Void] {
                waiting.withLock { steps in
                    defer { steps.removeAll() }
                    return steps
                }
            }
        }

        /// Runs the waiting steps in `startLoading`, on the work queue, then ends its own load.
        final class HopProtocol: URLProtocol {
            override class func canInit(with request: URLRequest) -> Bool { true }

            override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

            override func startLoading() {
                for step in Hop.shared.takeWaiting() { step() }
                client?.urlProtocolDidFinishLoading(self)
            }

            override func stopLoading() {}
        }
    }
#endif
