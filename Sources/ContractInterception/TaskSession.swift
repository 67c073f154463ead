import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session of a task, on Linux, where swift-corelibs-foundation keeps it in an internal property: read by
/// reflection, `nil` when that property is not there (another corelibs layout).
enum TaskSession {
    static func session(of task: URLSessionTask) -> URLSession? {
        child("session", of: task) as? URLSession
    }

    /// A stored property of `subject` or of its superclasses, by name.
    static func child(_ label: String, of subject: Any) -> Any? {
        var mirror: Mirror? = Mirror(reflecting: subject)
        while let current = mirror {
            if let found = current.children.first(where: { $0.label == label }) { return found.value }
            mirror = current.superclassMirror
        }
        return nil
    }
}
