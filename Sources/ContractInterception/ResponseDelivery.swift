import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends a planned answer to the protocol's client: after its delay, the head, then the body (in timed
/// chunks when throttled), then the end; a redirect is handed to the session to follow. Every step
/// checks the cancellation flag first.
struct ResponseDelivery: @unchecked Sendable {
    // `URLProtocol` is not `Sendable`; its client may be called from any thread, and every call here is
    // guarded by the control's flag, which is why carrying it across the scheduled steps is safe.
    let urlProtocol: URLProtocol
    let control: LoadingControl
    let plan: PlannedAnswer
    let backend: ContractBackend

    init(protocol urlProtocol: URLProtocol, control: LoadingControl, plan: PlannedAnswer, backend: ContractBackend) {
        self.urlProtocol = urlProtocol
        self.control = control
        self.plan = plan
        self.backend = backend
    }

    func start() {
        if plan.delay <= .zero {
            head()
        } else {
            control.schedule(after: plan.delay) { head() }
        }
    }

    private var client: URLProtocolClient? {
        control.isCancelled ? nil : urlProtocol.client
    }

    private func head() {
        guard let client else { return cancelled() }
        switch plan.outcome {
        case .failure(let code):
            client.urlProtocol(urlProtocol, didFailWithError: URLError(code))
        case .response(let response):
            guard let url = urlProtocol.request.url,
                let head = HTTPURLResponse(
                    url: url, statusCode: response.status, httpVersion: "HTTP/1.1",
                    headerFields: Self.headerFields(response.headers))
            else {
                client.urlProtocol(urlProtocol, didFailWithError: URLError(.badServerResponse))
                return
            }
            if let redirect = redirect(response, from: url) {
                client.urlProtocol(urlProtocol, wasRedirectedTo: redirect, redirectResponse: head)
                return
            }
            client.urlProtocol(urlProtocol, didReceive: head, cacheStoragePolicy: .notAllowed)
            body(Array(response.body.bytes ?? [])[...])
        }
    }

    private func body(_ remaining: ArraySlice<UInt8>) {
        guard let client else { return cancelled() }
        guard !remaining.isEmpty else {
            client.urlProtocolDidFinishLoading(urlProtocol)
            return
        }
        guard let rate = plan.bytesPerSecond else {
            client.urlProtocol(urlProtocol, didLoad: Data(remaining))
            client.urlProtocolDidFinishLoading(urlProtocol)
            return
        }
        // Twenty chunks a second: smooth enough for progress and timeouts, few enough to stay cheap.
        let chunk = max(1, rate / 20)
        client.urlProtocol(urlProtocol, didLoad: Data(remaining.prefix(chunk)))
        let rest = remaining.dropFirst(chunk)
        guard !rest.isEmpty else {
            client.urlProtocolDidFinishLoading(urlProtocol)
            return
        }
        control.schedule(after: .milliseconds(50)) { body(rest) }
    }

    private func cancelled() {
        backend.markCancelled(plan.exchange)
    }

    /// The request a 3xx with `Location` leads to: `GET` without a body after 303, and after 301/302 for
    /// a `POST` (what browsers and `URLSession` do); 307 and 308 keep the method and body.
    private func redirect(_ response: HTTPResponse, from url: URL) -> URLRequest? {
        guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["Location"],
            let target = URL(string: location, relativeTo: url)?.absoluteURL
        else { return nil }
        var next = urlProtocol.request
        next.url = target
        let method = next.httpMethod ?? "GET"
        if response.status == 303 || (response.status <= 302 && method == "POST") {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
        }
        return next
    }

    /// `HTTPURLResponse` takes one value per name: repeated fields are joined as HTTP allows.
    static func headerFields(_ headers: HTTPHeaders) -> [String: String] {
        var fields: [String: String] = [:]
        for field in headers {
            if let key = fields.keys.first(where: { $0.caseInsensitiveCompare(field.name) == .orderedSame }) {
                fields[key] = (fields[key] ?? "") + ", " + field.value
            } else {
                fields[field.name] = field.value
            }
        }
        return fields
    }
}
