import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request a forwarding backend sends to the real server, from the forwarding session's callbacks to
/// the protocol's client.
///
/// The session's callbacks arrive on its own delegate queue; every call to the protocol's client is made
/// through `SessionWorkQueue`, where a `URLProtocol`'s client may be called, and through the protocol's
/// `LoadingControl`, so that nothing reaches the client after `stopLoading`. A body streams to a client
/// that receives pieces (a data delegate on Linux) as it arrives; other clients, and every client while
/// response modifiers are set, get the response whole after it was verified.
final class ForwardedLoad: Sendable {
    /// What the load knows so far; changed on the forwarding session's delegate queue and by `cancel`.
    private struct Progress {
        /// The request as the client sent it (after the request modifiers), for verification and records.
        var request: HTTPRequest
        var verdict: RequestVerdict
        /// Where the request went, for server violations.
        var serverURL: String
        /// The URL the client sees the response come from.
        var clientURL: URL?
        var receivedAt: Date
        var head: HTTPURLResponse?
        var body = Data()
        /// More body than `bodyLimit` arrived: it is delivered, not verified.
        var overflowed = false
        var headSent = false
        var hops = 0
        var task: URLSessionTask?
        var cancelled = false
    }

    /// Bodies above this size are streamed and recorded, but not verified (nor kept whole).
    static let bodyLimit = 64 << 20

    let backend: ContractBackend
    /// The request to forward, as the client sent it, with its body in `httpBody`.
    let outgoing: URLRequest
    /// Whether the body goes to the client piece by piece as it arrives.
    private let streams: Bool
    /// The protocol whose client receives the answer; `nil` once the load has ended (which breaks the cycle
    /// with the protocol, which holds the load until then).
    private let target: Locked<ContractURLProtocol?>
    private let progress: Locked<Progress>

    init(
        protocol urlProtocol: ContractURLProtocol, backend: ContractBackend, outgoing: URLRequest,
        request: HTTPRequest, verdict: RequestVerdict, streams: Bool
    ) {
        self.backend = backend
        self.outgoing = outgoing
        self.streams = streams
        target = Locked(urlProtocol)
        let serverURL = backend.forwarder?.forwardedRequest(outgoing).url?.absoluteString ?? ""
        progress = Locked(
            Progress(
                request: request, verdict: verdict, serverURL: serverURL, clientURL: outgoing.url,
                receivedAt: Date()))
    }

    /// Keeps the forwarding task, for `cancel`; a load cancelled before its task existed cancels it now.
    func attach(_ task: URLSessionTask) {
        let cancelled = progress.withLock { progress in
            progress.task = task
            return progress.cancelled
        }
        if cancelled { task.cancel() }
    }

    /// Cancels the forwarding task (`stopLoading`), from another queue: `stopLoading` runs on the sessions'
    /// shared work queue (on Linux), and cancelling a task waits for that queue.
    func cancel() {
        let task = progress.withLock { progress in
            progress.cancelled = true
            return progress.task
        }
        guard let task else { return }
        DispatchQueue.global().async { task.cancel() }
    }

    // MARK: The forwarding session's callbacks

    func receive(_ head: HTTPURLResponse) {
        SessionCookies.store(
            from: Self.headers(head), for: progress.withLock { $0.clientURL }, task: urlProtocol?.task)
        let sendsHead = progress.withLock { progress in
            progress.head = head
            progress.body = Data()
            progress.headSent = streams && !(backend.mode.answersUnimplemented && [404, 501].contains(head.statusCode))
            return progress.headSent
        }
        if sendsHead { SessionWorkQueue.run { self.sendHead() } }
    }

    func receive(_ data: Data) {
        let sendsPiece = progress.withLock { progress in
            if progress.body.count + data.count <= Self.bodyLimit {
                progress.body.append(data)
            } else {
                progress.overflowed = true
                progress.body = Data()
            }
            return progress.headSent
        }
        if sendsPiece { SessionWorkQueue.run { self.sendPiece(data) } }
    }

    /// Records the redirect's hop, then lets the forwarding session follow it (16 hops at most) with the
    /// next request verified as the client's own.
    func redirect(_ head: HTTPURLResponse, to next: URLRequest) -> URLRequest? {
        let hop = progress.withLock { progress -> Progress? in
            guard !progress.cancelled else { return nil }
            defer { progress.hops += 1 }
            return progress
        }
        guard let hop else { return nil }
        let response = HTTPResponse(status: head.statusCode, headers: Self.headers(head), body: .unavailable)
        SessionCookies.store(from: response.headers, for: hop.clientURL, task: urlProtocol?.task)
        backend.recordForwarded(
            request: hop.request, verdict: hop.verdict, response: response, failure: nil,
            serverURL: hop.serverURL, receivedAt: hop.receivedAt, wasCancelled: false)
        guard hop.hops < 16 else { return nil }
        // The client session's cookies for the next hop, which the forwarding session sends without.
        var next = next
        SessionCookies.of(urlProtocol?.task)?.addCookies(to: &next, for: clientView(of: next).url)
        let clientView = clientView(of: next)
        let request = RequestReader.httpRequest(from: clientView, isUpload: false)
        let verdict = backend.contract.verifier.verifyRequest(request)
        progress.withLock { progress in
            progress.request = request
            progress.verdict = verdict
            progress.serverURL = next.url?.absoluteString ?? ""
            progress.clientURL = clientView.url
            progress.receivedAt = Date()
        }
        return ForwardingMark.marked(next)
    }

    func complete(_ error: URLError?) {
        let ended = progress.withLock { $0 }
        if let error {
            backend.recordForwarded(
                request: ended.request, verdict: ended.verdict, response: nil,
                failure: ended.cancelled ? .cancelled : error.code, serverURL: ended.serverURL,
                receivedAt: ended.receivedAt, wasCancelled: ended.cancelled)
            if ended.cancelled { return release() }
            return SessionWorkQueue.run { self.sendFailure(error) }
        }
        guard let head = ended.head else {
            return SessionWorkQueue.run { self.sendFailure(URLError(.badServerResponse)) }
        }
        var response = HTTPResponse(
            status: head.statusCode, headers: Self.headers(head),
            body: ended.overflowed ? .unavailable : HTTPBody(ended.body))
        for modifier in backend.responseModifiers { modifier.modify(&response) }
        let match = ended.verdict.route.match
        if !ended.headSent, backend.mode.answersUnimplemented, let match,
            response.status == 501 || (response.status == 404 && !Self.documents404(match))
        {
            return answerFromContract(ended.request)
        }
        let violations = match.map {
            backend.contract.verifier.verifyResponse(response, for: $0, request: ended.request)
        }
        backend.cache(response, for: ended.request)
        if ended.hops == 0, let url = ended.clientURL {
            SessionCache.keep(response, for: ended.request, url: url, clientRequest: outgoing, task: urlProtocol?.task)
        }
        backend.recordForwarded(
            request: ended.request, verdict: ended.verdict, response: response, failure: nil,
            serverURL: ended.serverURL, receivedAt: ended.receivedAt, wasCancelled: false,
            serverViolations: violations ?? [])
        if ended.headSent {
            SessionWorkQueue.run { self.sendEnd() }
        } else {
            let url = ended.clientURL
            let delivered = response
            let request = ended.request
            SessionWorkQueue.run { self.sendWhole(delivered, url: url, request: request) }
        }
    }

    // MARK: Calls to the protocol's client, on the sessions' work queue

    /// The protocol, taken out of the lock before any call to its client: a callback may reenter
    /// `stopLoading`, which cancels this load.
    private var urlProtocol: ContractURLProtocol? {
        target.withLock { $0 }
    }

    private func sendHead() {
        let (head, url, request) = progress.withLock { ($0.head, $0.clientURL, $0.request) }
        guard let urlProtocol, let client = urlProtocol.loadingClient, let head, let url else { return }
        let headers = Self.headers(head)
        guard let forClient = Self.clientHead(status: head.statusCode, headers: headers, url: url) else { return }
        let policy = SessionCache.policy(status: head.statusCode, headers: headers, request: request)
        urlProtocol.control.deliver {
            client.urlProtocol(urlProtocol, didReceive: forClient, cacheStoragePolicy: policy)
        }
    }

    private func sendPiece(_ data: Data) {
        guard let urlProtocol, let client = urlProtocol.loadingClient else { return }
        urlProtocol.control.deliver { client.urlProtocol(urlProtocol, didLoad: data) }
    }

    private func sendEnd() {
        defer { release() }
        guard let urlProtocol, let client = urlProtocol.loadingClient, urlProtocol.control.finish() else { return }
        client.urlProtocolDidFinishLoading(urlProtocol)
    }

    private func sendWhole(_ response: HTTPResponse, url: URL?, request: HTTPRequest) {
        defer { release() }
        guard let urlProtocol, let client = urlProtocol.loadingClient, let url,
            let head = Self.clientHead(status: response.status, headers: response.headers, url: url)
        else { return }
        let body = Data(response.body.bytes ?? [])
        let policy = SessionCache.policy(status: response.status, headers: response.headers, request: request)
        let finished = urlProtocol.control.deliverLast {
            client.urlProtocol(urlProtocol, didReceive: head, cacheStoragePolicy: policy)
            if !body.isEmpty { client.urlProtocol(urlProtocol, didLoad: body) }
        }
        if finished { client.urlProtocolDidFinishLoading(urlProtocol) }
    }

    private func sendFailure(_ error: URLError) {
        defer { release() }
        guard let urlProtocol, let client = urlProtocol.loadingClient, urlProtocol.control.finish() else { return }
        client.urlProtocol(urlProtocol, didFailWithError: error)
    }

    /// The contract's answer for an operation the server does not implement yet.
    private func answerFromContract(_ request: HTTPRequest) {
        let plan = backend.plan(for: request)
        let backend = backend
        let outgoing = outgoing
        SessionWorkQueue.run {
            defer { self.release() }
            guard let urlProtocol = self.urlProtocol else { return }
            ResponseDelivery(protocol: urlProtocol, plan: plan, backend: backend, request: outgoing).start()
        }
    }

    private func release() {
        target.withLock { $0 = nil }
    }

    // MARK: Helpers

    /// The request a redirect leads to, as the client would have sent it: to the client's own scheme, host
    /// and port when the redirect stays on the upstream server.
    private func clientView(of next: URLRequest) -> URLRequest {
        guard let upstream = backend.mode.upstream, let url = next.url, let original = outgoing.url,
            url.host == upstream.host, url.port == upstream.port,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return next }
        components.scheme = original.scheme
        components.host = original.host
        components.port = original.port
        var request = next
        if let mapped = components.url { request.url = mapped }
        return request
    }

    /// Whether the operation documents a 404 itself (by code or range), not only through `default`.
    private static func documents404(_ match: RouteMatch) -> Bool {
        match.operation.responses.contains { $0.status == .code(404) || $0.status == .range(4) }
    }

    static func headers(_ head: HTTPURLResponse) -> HTTPHeaders {
        var fields: [String: String] = [:]
        for (name, value) in head.allHeaderFields {
            if let name = name as? String { fields[name] = "\(value)" }
        }
        return RequestReader.headers(fields)
    }

    static func clientHead(status: Int, headers: HTTPHeaders, url: URL) -> HTTPURLResponse? {
        HTTPURLResponse(
            url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ResponseWire.headerFields(headers))
    }
}
