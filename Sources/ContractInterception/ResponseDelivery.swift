import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends a planned answer to the protocol's client: after its delay, the head, then the body (after the transfer
/// time when throttled), then the end. A redirect is handed to the session on Apple platforms; on
/// Linux, whose `URLProtocolClient` does not implement `wasRedirectedTo`, the backend follows it
/// itself, as the session's default policy would (16 hops at most). Every step checks the cancellation
/// flag first.
/// Unchecked Sendable: all `let`s; `urlProtocol`'s client is called only via the control's `deliver`/`finish` (locked).
struct ResponseDelivery: @unchecked Sendable {
    let urlProtocol: ContractURLProtocol
    let plan: PlannedAnswer
    let backend: ContractBackend
    /// The request answered: the protocol's, or the target of a redirect followed here.
    let request: URLRequest
    let hops: Int

    init(
        protocol urlProtocol: ContractURLProtocol, plan: PlannedAnswer,
        backend: ContractBackend, request: URLRequest, hops: Int = 0
    ) {
        self.urlProtocol = urlProtocol
        self.plan = plan
        self.backend = backend
        self.request = request
        self.hops = hops
    }

    func start() {
        if let deferred = plan.deferred { return resolve(deferred) }
        let live = urlProtocol.control.markOnCancel(plan.exchange, of: backend)
        if plan.delay <= .zero {
            // Nothing in between: the check for cancellation `head` makes is the one just made.
            if live { head(checked: true) }
        } else {
            urlProtocol.control.schedule(after: plan.delay) { head() }
        }
    }

    /// Waits for an async closure's answer in a task, then delivers it where the client may be called.
    private func resolve(_ deferred: DeferredAnswer) {
        urlProtocol.control.markOnCancel(plan.exchange, of: backend)
        deferred.resolve(for: backend) { outcome in
            var resolved = plan
            resolved.outcome = outcome
            resolved.deferred = nil
            let delivery = ResponseDelivery(
                protocol: urlProtocol, plan: resolved, backend: backend, request: request, hops: hops)
            SessionWorkQueue.run { delivery.start() }
        }
    }

    /// The client the protocol was given (its `client` property hides it once the load has finished).
    private var client: URLProtocolClient? {
        urlProtocol.loadingClient
    }

    /// The head, and the body in the same hold of the lock unless a bandwidth limit spaces them, then the end;
    /// `checked` when the caller has just found the load not cancelled.
    private func head(checked: Bool = false) {
        guard let client, checked || !urlProtocol.control.isCancelled else { return }
        switch plan.outcome {
        case .failure(let code):
            fail(code, to: client)
        case .response(let wire):
            guard let url = request.url,
                let head = HTTPURLResponse(
                    url: url, statusCode: wire.response.status, httpVersion: "HTTP/1.1",
                    headerFields: wire.headerFields)
            else { return fail(.badServerResponse, to: client) }
            SessionCookies.store(from: wire.response.headers, for: url, task: urlProtocol.task)
            // Only a 3xx reads the response's headers (a copy of the response retained them on every answer).
            if (300..<400).contains(wire.response.status), let redirect = redirect(wire.response, from: url) {
                return follow(redirect, head: head, to: client)
            }
            guard let rate = plan.bytesPerSecond, !wire.body.isEmpty else {
                if wire.pieces.count > 1, PieceDelivery.receivesPieces(urlProtocol.task) {
                    return stream(head, pieces: wire.pieces, to: client)
                }
                return answer(head, body: wire.body, to: client)
            }
            throttle(head, wire, bytesPerSecond: rate, to: client)
        }
    }

    // The answers but the common one (a response at once) are functions of their own, never inlined in
    // `head`: the request path finds its code out of the processor's caches, a cost for each piece fetched, and
    // inlined they spread the common path over twice as many lines.

    /// Ends the load with a transport error, unless it was cancelled or finished first.
    @inline(never)
    private func fail(_ code: URLError.Code, to client: URLProtocolClient) {
        guard urlProtocol.control.finish() else { return }
        client.urlProtocol(urlProtocol, didFailWithError: URLError(code))
    }

    /// A redirect: handed to the session on Apple platforms; on Linux, where swift-corelibs-foundation does
    /// not follow a protocol's redirect, the backend answers the next request itself.
    @inline(never)
    private func follow(_ redirect: URLRequest, head: HTTPURLResponse, to client: URLProtocolClient) {
        #if canImport(Darwin)
            guard urlProtocol.control.finish() else { return }
            client.urlProtocol(urlProtocol, wasRedirectedTo: redirect, redirectResponse: head)
        #else
            var redirect = redirect
            SessionCookies.of(urlProtocol.task)?.addCookies(to: &redirect)
            let next = backend.plan(for: redirect, isUpload: false)
            ResponseDelivery(protocol: urlProtocol, plan: next, backend: backend, request: redirect, hops: hops + 1)
                .start()
        #endif
    }

    /// Throttled: the head now, the body in one piece after the transfer time the limit implies (one piece
    /// because swift-corelibs-foundation keeps only the last `didLoad` chunk for completion handlers and
    /// `data(for:)`, verified on this toolchain, so chunks would lose data on Linux).
    @inline(never)
    private func throttle(
        _ head: HTTPURLResponse, _ wire: ResponseWire, bytesPerSecond rate: Int, to client: URLProtocolClient
    ) {
        // The protocol taken out first: a closure that names it through `self` copied the whole delivery.
        let urlProtocol = urlProtocol
        let delivered = urlProtocol.control.deliver {
            client.urlProtocol(urlProtocol, didReceive: head, cacheStoragePolicy: .notAllowed)
        }
        guard delivered else { return }
        urlProtocol.control.schedule(after: .milliseconds(wire.body.count * 1000 / max(rate, 1))) {
            load(wire)
        }
    }

    /// Head and body in one hold of the lock, which leaves the load finished, then the end: a hold for each
    /// was a lock and an unlock per request more. A cancellation that came between the two would have left the
    /// head delivered and the exchange marked cancelled; now it comes after the body, as it could before.
    private func answer(_ head: HTTPURLResponse, body bytes: Data, to client: URLProtocolClient) {
        let urlProtocol = urlProtocol
        let finished = urlProtocol.control.deliverLast {
            client.urlProtocol(urlProtocol, didReceive: head, cacheStoragePolicy: .notAllowed)
            if !bytes.isEmpty { client.urlProtocol(urlProtocol, didLoad: bytes) }
        }
        if finished { client.urlProtocolDidFinishLoading(urlProtocol) }
    }

    /// A stream's answer (server-sent events, JSON lines): the head, then each piece of the body as a
    /// `didLoad` of its own, the last in the hold of the lock that finishes the load, then the end.
    @inline(never)
    private func stream(_ head: HTTPURLResponse, pieces: [Data], to client: URLProtocolClient) {
        let urlProtocol = urlProtocol
        let started = urlProtocol.control.deliver {
            client.urlProtocol(urlProtocol, didReceive: head, cacheStoragePolicy: .notAllowed)
        }
        guard started, let last = pieces.last else { return }
        for piece in pieces.dropLast() {
            guard urlProtocol.control.deliver({ client.urlProtocol(urlProtocol, didLoad: piece) }) else { return }
        }
        guard urlProtocol.control.deliverLast({ client.urlProtocol(urlProtocol, didLoad: last) }) else { return }
        client.urlProtocolDidFinishLoading(urlProtocol)
    }

    /// A throttled answer's body (never empty) and the end. Given the wire, not its `Data`: a copy of that
    /// retained its storage.
    private func load(_ wire: ResponseWire) {
        guard let client else { return }
        let bytes = wire.body
        // The protocol taken out first: a closure that names it through `self` copied the whole delivery.
        let urlProtocol = urlProtocol
        guard urlProtocol.control.deliverLast({ client.urlProtocol(urlProtocol, didLoad: bytes) }) else { return }
        client.urlProtocolDidFinishLoading(urlProtocol)
    }

    /// The request a 3xx with `Location` leads to: `GET` without a body after 303, and after 301/302 for
    /// a `POST` (what browsers and `URLSession` do); 307 and 308 keep the method and body.
    private func redirect(_ response: HTTPResponse, from url: URL) -> URLRequest? {
        guard hops < 16, [301, 302, 303, 307, 308].contains(response.status),
            let location = response.headers["Location"],
            let target = URL(string: location, relativeTo: url)?.absoluteURL
        else { return nil }
        var next = request
        next.url = target
        let method = next.httpMethod ?? "GET"
        if response.status == 303 || (response.status <= 302 && method == "POST") {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
        }
        return next
    }
}
