import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLSession` a forwarding backend sends requests to the real server with: its own, with its own
/// delegate queue, never one the backend intercepts. It keeps no cookies and no cache (those stay the
/// client session's) and does not follow redirects itself: each hop is verified and recorded first.
final class ForwardingSession: Sendable {
    private let session: URLSession
    private let delegate: ForwardingDelegate
    private let upstream: URL?

    init(upstream: URL?) {
        self.upstream = upstream
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = 16
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "ContractCheck forwarding"
        delegate = ForwardingDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    /// Starts forwarding `load` from another queue: creating a task waits for the sessions' shared work
    /// queue, which `startLoading` runs on (on Linux), so doing it there would wait on itself.
    func start(_ load: ForwardedLoad) {
        DispatchQueue.global().async { [self] in
            let task = session.dataTask(with: forwardedRequest(load.outgoing))
            delegate.register(load, for: task.taskIdentifier)
            load.attach(task)
            task.resume()
        }
    }

    /// The request as sent to the server: to the upstream's scheme, host and port when there is one, and
    /// marked as forwarded.
    func forwardedRequest(_ request: URLRequest) -> URLRequest {
        var request = request
        if let upstream, let url = request.url,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        {
            components.scheme = upstream.scheme
            components.host = upstream.host
            components.port = upstream.port
            if let target = components.url { request.url = target }
        }
        return ForwardingMark.marked(request)
    }

    /// Cancels what is still running; called when the backend goes.
    func invalidate() {
        let session = session
        DispatchQueue.global().async { session.invalidateAndCancel() }
    }
}

/// Hands the forwarding session's callbacks to the load of each task.
final class ForwardingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let loads = Locked<[Int: ForwardedLoad]>([:])

    func register(_ load: ForwardedLoad, for task: Int) {
        loads.withLock { $0[task] = load }
    }

    private func load(_ task: URLSessionTask) -> ForwardedLoad? {
        loads.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let head = response as? HTTPURLResponse { load(dataTask)?.receive(head) }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        load(dataTask)?.receive(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(load(task)?.redirect(response, to: request))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let load = loads.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        load?.complete(error.map { ($0 as? URLError) ?? URLError(.unknown) })
    }
}
