import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Memory safety: `httpScheme` reads the lent URL bytes only through `lowered`, which checks the offset against
// `bytes.count`.

/// The `URLProtocol` that hands requests to a `ContractBackend`. It decides in `canInit` (HTTP and
/// HTTPS only), answers in `startLoading` and sets a flag in `stopLoading`; all state sits in the backend
/// behind a lock. Each backend uses a subclass of its own (`ContractBackend.protocolClass`); this class
/// itself answers for the globally installed backend (`ContractBackend.installGlobally()`).
public class ContractURLProtocol: URLProtocol {
    /// The backend slot this class answers for; `nil` for the global backend.
    class var backendSlot: Int? { nil }

    /// The load's progress and cancellation, for `ResponseDelivery` too.
    let control = LoadingControl()
    /// The request forwarded to the real server, for `stopLoading` to cancel.
    let forwarded = Locked<ForwardedLoad?>(nil)

    /// Takes HTTP and HTTPS requests in the backend's scope, except those a forwarding backend sent; the base
    /// class only while a backend is installed globally.
    override public class func canInit(with request: URLRequest) -> Bool {
        guard let url = request.url, isHTTP(url.absoluteString), !ForwardingMark.isMarked(request) else {
            return false
        }
        guard let backend = BackendRegistry.shared.backend(for: backendSlot) else {
            // A session that outlived its backend is told so in `startLoading`.
            return backendSlot != nil
        }
        return backend.scope.takes(request)
    }

    /// Whether the URL text starts with `http:` or `https:` in any case. Read from the text: sessions ask
    /// several times per request, and `URL.scheme` parses the URL and builds a string each time.
    static func isHTTP(_ url: String) -> Bool {
        httpScheme(url) != nil
    }

    /// `http` or `https` when the URL text starts with one of them and `:` in any case (the scheme
    /// `URL.scheme` reads, lower-cased), else `nil`.
    static func httpScheme(_ url: String) -> String? {
        var url = url
        return url.withUTF8 { httpScheme($0) }
    }

    /// `httpScheme` for the URL text's bytes.
    static func httpScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func lowered(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] | 0x20 : 0 }
        guard lowered(0) == UInt8(ascii: "h"), lowered(1) == UInt8(ascii: "t"), lowered(2) == UInt8(ascii: "t"),
            lowered(3) == UInt8(ascii: "p")
        else { return nil }
        // `| 0x20` leaves `:` as it is.
        let colon = UInt8(ascii: ":")
        if lowered(4) == colon { return "http" }
        return lowered(4) == UInt8(ascii: "s") && lowered(5) == colon ? "https" : nil
    }

    /// The request unchanged: the backend wants to see exactly what the client sent.
    override public class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    /// Verifies, records and answers the request.
    override public func startLoading() {
        guard let backend = BackendRegistry.shared.backend(for: Self.backendSlot) else {
            let info = [NSLocalizedDescriptionKey: "ContractCheck: the backend of this session no longer exists"]
            fail(URLError(.cannotConnectToHost, userInfo: info))
            return
        }
        // The request and task read once each: every read of `request` or `task` goes through Foundation's
        // accessors. The probe check looks at the headers read for verification (Foundation's own
        // case-insensitive lookup was a visible part of every request).
        var request = request
        let task = task
        if !backend.scope.isEverything, !backend.scope.includes(request) {
            return refuseOutsideScope(backend, request: request)
        }
        for modifier in backend.requestModifiers { modifier.modify(&request) }
        // A plain data task (nearly every request) is told by its exact class: the casts below walked the
        // task class's superclasses, metadata that the request touches nowhere else. Subclasses, and Apple's
        // private task classes,
        // still go through the casts.
        let isDataTask =
            task.map { ObjectIdentifier(type(of: $0)) == ObjectIdentifier(URLSessionDataTask.self) } ?? false
        let received = RequestReader.httpRequest(
            from: request, isUpload: !isDataTask && task is URLSessionUploadTask)
        if received.headers.contains(ContractBackend.probeHeader) {
            answerProbe(slot: backend.slot)
            return
        }
        if let verdict = backend.forwardingVerdict(for: received) {
            return forward(received, verdict: verdict, request: request, backend: backend)
        }
        let plan = backend.plan(for: received)
        #if !canImport(Darwin)
            if !isDataTask, task is URLSessionDownloadTask {
                failDownload(backend)
                return
            }
        #endif
        // Consumed: without `consume` the plan was copied into the delivery and the original destroyed.
        ResponseDelivery(protocol: self, plan: consume plan, backend: backend, request: request)
            .start()
    }

    /// Hands the request to the backend's forwarding session; the body, read once already, is sent as
    /// `httpBody`.
    private func forward(
        _ received: HTTPRequest, verdict: RequestVerdict, request: URLRequest, backend: ContractBackend
    ) {
        guard let forwarder = backend.forwarder else { return fail(URLError(.unsupportedURL)) }
        switch SessionCache.use(cachedResponse, for: request, received: received) {
        case .answer(let response):
            let plan = backend.answer(fromCache: response, for: received, verdict: verdict)
            return ResponseDelivery(protocol: self, plan: plan, backend: backend, request: request).start()
        case .fail:
            _ = backend.recordForwarded(
                request: received, verdict: verdict, response: nil, failure: .resourceUnavailable, serverURL: nil,
                receivedAt: Date(), wasCancelled: false)
            let info = [NSLocalizedDescriptionKey: "ContractCheck: no cached response, and the request allows no load"]
            return fail(URLError(.resourceUnavailable, userInfo: info))
        case .forward:
            break
        }
        if let cached = backend.cachedAnswer(for: received, verdict: verdict) {
            return ResponseDelivery(protocol: self, plan: cached, backend: backend, request: request).start()
        }
        var outgoing = request
        if let bytes = received.body.bytes, !bytes.isEmpty || request.httpBodyStream != nil {
            outgoing.httpBodyStream = nil
            outgoing.httpBody = Data(bytes)
        }
        let load = ForwardedLoad(
            protocol: self, backend: backend, outgoing: outgoing, request: received, verdict: verdict,
            streams: backend.responseModifiers.isEmpty && PieceDelivery.receivesPieces(task))
        forwarded.withLock { $0 = load }
        forwarder.start(load)
    }

    /// A request outside the backend's scope that the test allows no network for: a problem, and a
    /// transport error for the client.
    private func refuseOutsideScope(_ backend: ContractBackend, request: URLRequest) {
        let url = request.url?.absoluteString ?? "?"
        backend.recordProblem(
            "\(request.httpMethod ?? "GET") \(url) is outside the backend's scope, and the test allows no network")
        let info = [NSLocalizedDescriptionKey: "ContractCheck: \(url) is outside the backend's scope (no network)"]
        fail(URLError(.notConnectedToInternet, userInfo: info))
    }

    /// Answers `ContractBackend.intercepts(_:)` with the backend's slot, so it can tell its own sessions.
    private func answerProbe(slot: Int) {
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: 204, httpVersion: "HTTP/1.1",
                headerFields: [ContractBackend.probeHeader: String(slot)])
        else { return }
        guard let client = loadingClient, control.finish() else { return }
        client.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client.urlProtocolDidFinishLoading(self)
    }

    #if !canImport(Darwin)
        /// swift-corelibs-foundation hands a download task's file only from its own HTTP protocol (a URL
        /// kept in internal properties), so a `URLProtocol` cannot complete one: it would crash on a nil
        /// file URL. The request is verified and recorded; the task fails with an explanation instead.
        private func failDownload(_ backend: ContractBackend) {
            backend.recordProblem(
                "download tasks cannot be answered by a URLProtocol on Linux (swift-corelibs-foundation "
                    + "writes the file only for its own HTTP handling); use data(for:) in tests that run on Linux")
            let info = [NSLocalizedDescriptionKey: "ContractCheck: download tasks are not supported on Linux"]
            fail(URLError(.cannotCreateFile, userInfo: info))
        }
    #endif

    /// Ends the load with `error`, unless it was cancelled or finished first.
    private func fail(_ error: URLError) {
        guard let client = loadingClient, control.finish() else { return }
        client.urlProtocol(self, didFailWithError: error)
    }

    /// The client the load was given, for the load's own callbacks.
    var loadingClient: URLProtocolClient? {
        super.client
    }

    #if !canImport(Darwin)
        /// No client once the load has finished. swift-corelibs-foundation's `URLSessionTask.cancel()` calls
        /// `stopLoading()` and then reports the cancellation to `client` even when the load has already
        /// ended and the task has left its session, which traps the process ("Trying to access a behaviour
        /// for a task that in not in the registry"); a task cancelled as its answer arrives hits that.
        /// Without a client there is nothing to report to, and the task keeps the answer it got.
        override public var client: URLProtocolClient? {
            get { control.hasFinished ? nil : super.client }
            set { super.client = newValue }
        }
    #endif

    /// Cancels a pending delay or transfer; nothing reaches the client afterwards.
    override public func stopLoading() {
        control.cancel()
        forwarded.withLock { $0 }?.cancel()
    }
}
