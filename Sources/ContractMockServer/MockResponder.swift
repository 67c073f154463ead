import ContractInterception
import ContractVerify
import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1

/// Answers each request as the fake backend would: the control API under its prefix, CORS preflights
/// when asked, and every other request routed to its contract, verified, recorded and answered from the
/// backend's plan.
struct MockResponder: Sendable {
    let contracts: MockedContracts
    let settings: MockServer.Settings
    let control: ControlAPI

    /// Answers `request`, which arrived on `channel`, on `writer`.
    func write(_ request: Request, to writer: consuming ResponseWriter, channel: any Channel) async throws {
        try await Self.send(await respond(to: request, channel: channel), on: writer)
    }

    /// Writes `response`, with the `Date` field every answer of a server with a clock carries (RFC 9110,
    /// 6.6.1).
    static func send(_ response: Response, on writer: consuming ResponseWriter) async throws {
        var response = response
        response.headers[.date] = HTTPDate.now()
        try await writer.write(response: response.head, body: response.body)
    }

    /// The answer to `request`, which arrived on `channel`.
    func respond(to request: Request, channel: any Channel) async -> Response {
        let path = request.head.path ?? "/"
        if path.hasPrefix(ControlAPI.prefix) {
            return await control.respond(to: request)
        }
        if settings.cors, let preflight = CORSHeaders.preflight(request) { return preflight }
        var request = request
        var body = ByteBuffer()
        let length = request.headers[.contentLength].flatMap(Int.init)
        if let length, length > settings.maximumBodyBytes {
            return tooLarge(channel)
        }
        // An HTTP/1.1 request with neither `Content-Length` nor `Transfer-Encoding` has no body (RFC 9112,
        // 6.3), and neither has one of length 0: most requests (GET) are answered without waiting on the
        // body's stream, which costs a suspension of the handler's task (about a tenth of the mock's time
        // per request under load, BENCHMARKS.md).
        if length.map({ $0 > 0 }) ?? (request.headers[.transferEncoding] != nil) {
            do {
                body = try await request.collectBody(upTo: settings.maximumBodyBytes)
            } catch let error as HTTPParserError {
                return unparsable(error, channel)
            } catch {
                return tooLarge(channel)
            }
        }
        return await answer(WireConversion.request(request, body: body), request: request, channel: channel)
    }

    /// The backend's answer to a request already read.
    func answer(
        _ verified: ContractVerify.HTTPRequest, request: Request, channel: any Channel
    ) async -> Response {
        let contract = contracts.contract(for: verified)
        let backend = contract.backend
        let plan = backend.plan(for: verified)
        backend.forgetExchanges(keepingLatest: settings.keptExchanges)
        if plan.delay > .zero { try? await Task.sleep(for: plan.delay) }
        switch plan.outcome {
        case .failure:
            // A stubbed transport error: the connection closes without an answer.
            channel.close(promise: nil)
            return Response(status: .serviceUnavailable)
        case .response(let wire):
            var extra = settings.cors ? CORSHeaders.simple(request) : HTTPFields()
            if !plan.violations.isEmpty {
                settings.log(ExchangeLog.lines(plan.violations))
                if let field = ExchangeLog.violationsField(count: plan.violations.count) { extra.append(field) }
            }
            return WireConversion.response(
                wire.response, body: wire.body, pieces: wire.pieces, bytesPerSecond: plan.bytesPerSecond,
                isHead: request.method == .head, extraHeaders: extra)
        }
    }

    /// A body the HTTP parser refused (a chunk size that is no number, say): 400 or 431 as problem+json
    /// (`UnparsableRequestAnswer`), and the connection closes.
    func unparsable(_ error: HTTPParserError, _ channel: any Channel) -> Response {
        let (status, title, detail) = UnparsableRequestAnswer.problem(for: error)
        return closing(status, title, detail, channel)
    }

    /// A body over the limit: 413, and the connection closes rather than reading the rest.
    func tooLarge(_ channel: any Channel) -> Response {
        closing(
            .contentTooLarge, "Request body too large",
            "the mock server takes bodies of at most \(settings.maximumBodyBytes) bytes", channel)
    }

    /// A problem answer after which the connection closes: its input is shut now, and the answer still goes out.
    private func closing(
        _ status: HTTPTypes.HTTPResponse.Status, _ title: String, _ detail: String, _ channel: any Channel
    ) -> Response {
        channel.close(mode: .input, promise: nil)
        var headers = HTTPFields()
        headers[.connection] = "close"
        headers[.contentType] = ProblemDocument.contentType
        return Response(
            status: status, headers: headers,
            body: ResponseBody(byteBuffer: ProblemDocument.body(status: status.code, title: title, detail: detail)))
    }
}
