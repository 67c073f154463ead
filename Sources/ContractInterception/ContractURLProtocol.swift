import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLProtocol` that hands requests to a `ContractBackend`. It decides in `canInit` (HTTP and
/// HTTPS only), answers in `startLoading` and sets a flag in `stopLoading`; all state sits in the backend
/// behind a lock. Each backend uses a subclass of its own (`ContractBackend.protocolClass`); this class
/// itself answers for the globally installed backend (`ContractBackend.installGlobally()`).
public class ContractURLProtocol: URLProtocol {
    /// The backend slot this class answers for; `nil` for the global backend.
    class var backendSlot: Int? { nil }

    private let control = LoadingControl()

    /// Takes HTTP and HTTPS requests; the base class only while a backend is installed globally.
    override public class func canInit(with request: URLRequest) -> Bool {
        guard let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return false
        }
        return backendSlot != nil || BackendRegistry.shared.hasGlobal
    }

    /// The request unchanged: the backend wants to see exactly what the client sent.
    override public class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    /// Verifies, records and answers the request.
    override public func startLoading() {
        guard let backend = BackendRegistry.shared.backend(for: Self.backendSlot) else {
            let info = [NSLocalizedDescriptionKey: "ContractCheck: the backend of this session no longer exists"]
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost, userInfo: info))
            return
        }
        let plan = backend.plan(for: request, isUpload: task is URLSessionUploadTask)
        ResponseDelivery(protocol: self, control: control, plan: plan, backend: backend).start()
    }

    /// Cancels a pending delay or transfer; nothing reaches the client afterwards.
    override public func stopLoading() {
        control.cancel()
    }
}
