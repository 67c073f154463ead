import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The mark a forwarding backend puts on the requests it sends to the real server, so that no
/// `ContractURLProtocol` takes them again (a globally installed one would otherwise forward its own
/// forwarded requests, for ever). Neither form reaches the server.
///
/// On Apple platforms the mark is a protocol property (`URLProtocol.setProperty`). swift-corelibs-foundation
/// does not keep protocol properties (`property(forKey:in:)` answers `nil` for a request just marked, verified
/// on this toolchain), so there the mark is the request's `mainDocumentURL`, which only cookie policies read,
/// and the forwarding session keeps no cookies.
enum ForwardingMark {
    static let key = "ContractCheck.forwarded"
    /// The `mainDocumentURL` of a forwarded request on Linux.
    static let documentURL = URL(string: "contractcheck-forwarded:")

    /// `request`, marked.
    static func marked(_ request: URLRequest) -> URLRequest {
        #if canImport(Darwin)
            guard let mutable = (request as NSURLRequest).mutableCopy() as? NSMutableURLRequest else {
                return request
            }
            URLProtocol.setProperty(true, forKey: key, in: mutable)
            return mutable as URLRequest
        #else
            var marked = request
            marked.mainDocumentURL = documentURL
            return marked
        #endif
    }

    /// Whether a forwarding backend sent `request`.
    static func isMarked(_ request: URLRequest) -> Bool {
        #if canImport(Darwin)
            URLProtocol.property(forKey: key, in: request) != nil
        #else
            request.mainDocumentURL != nil && request.mainDocumentURL == documentURL
        #endif
    }
}
