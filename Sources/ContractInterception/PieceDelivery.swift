import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whether a task's client receives a body sent in several `didLoad` pieces.
///
/// On Apple platforms every client does. swift-corelibs-foundation keeps only the last piece for
/// completion handlers and `data(for:)` (each `didLoad` replaces the data it will hand them), and passes
/// every piece only to a task its session's data delegate drives. That is told by the behaviour the
/// session registered for the task, which corelibs does not make public: it is read by reflection,
/// and whatever cannot be read (another corelibs layout) counts as a completion handler, so the body is
/// then sent in one piece and no client loses data.
enum PieceDelivery {
    static func receivesPieces(_ task: URLSessionTask?) -> Bool {
        #if canImport(Darwin)
            return true
        #else
            guard let task, let session = TaskSession.session(of: task),
                session.delegate is URLSessionDataDelegate,
                let registry = TaskSession.child("taskRegistry", of: session),
                let behaviours = TaskSession.child("behaviours", of: registry) as? [Int: Any],
                let behaviour = behaviours[task.taskIdentifier]
            else { return false }
            return String(describing: behaviour) == "callDelegate"
        #endif
    }
}
