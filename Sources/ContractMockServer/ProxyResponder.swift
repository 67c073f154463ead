import AsyncHTTPClient
import ContractInterception
import ContractVerify
import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1

/// Answers for `contract-check proxy`: verifies each request, forwards it to the upstream, verifies the
/// upstream's response and hands it back byte for byte (unless told to add the violations header); in
/// fallback mode an operation the upstream does not implement (404, 405 or 501) is answered by the mock.
/// A compressed body is verified decoded and passed on as it came; a body larger than the server's body
/// limit is passed on as it arrives, not verified, with a warning that says so.
struct ProxyResponder: Sendable {
    let contracts: MockedContracts
    let settings: MockServer.Settings
    let proxy: MockProxy.Settings
    let client: UpstreamClient
    let recorder: ProxyRecorder
    let mock: MockResponder

    /// Answers `request`, which arrived on `channel`, on `writer`. What the proxy answers itself (the
    /// control API, 413, 502, the mock's fallback) carries the mock's `Date`; the upstream's answers keep
    /// every field the upstream sent.
    func write(_ request: Request, to writer: consuming ResponseWriter, channel: any Channel) async throws {
        if (request.head.path ?? "/").hasPrefix(ControlAPI.prefix) {
            return try await mock.write(request, to: writer, channel: channel)
        }
        var request = request
        if let length = request.headers[.contentLength].flatMap(Int.init), length > settings.maximumBodyBytes {
            return try await MockResponder.send(mock.tooLarge(channel), on: writer)
        }
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: settings.maximumBodyBytes)
        } catch let error as HTTPParserError {
            return try await MockResponder.send(mock.unparsable(error, channel), on: writer)
        } catch {
            return try await MockResponder.send(mock.tooLarge(channel), on: writer)
        }
        // The body is copied once, by the view (decoded when it is compressed).
        var verified = WireConversion.request(request, body: ByteBuffer())
        let requestView = VerifiedView(fields: verified.headers, body: body, limit: settings.maximumBodyBytes)
        verified.headers = requestView.headers
        verified.body = requestView.body
        let contract = contracts.contract(for: verified)
        let verifier = contract.backend.verifier
        let verdict = verifier.verifyRequest(verified)
        let startedAt = Date()
        let upstream: UpstreamClient.Response
        var upstreamBody: HTTPClientResponse.Body.AsyncIterator
        let received: ReceivedBody
        do {
            upstream = try await client.forward(ProxyWire.forwarded(request, body: body, host: client.host))
            upstreamBody = upstream.body.makeAsyncIterator()
            received = try await ReceivedBody.read(from: &upstreamBody, limit: settings.maximumBodyBytes)
        } catch {
            settings.log("\(verified.method) \(verified.path): the upstream did not answer: \(error)")
            return try await MockResponder.send(Response(status: .badGateway), on: writer)
        }
        let status = Int(upstream.status.code)
        if proxy.answersUnimplemented, verdict.route.match != nil, [404, 405, 501].contains(status) {
            let answer = await mock.answer(verified, request: request, channel: channel)
            return try await MockResponder.send(answer, on: writer)
        }
        let fields = ContractVerify.HTTPHeaders(upstream.headers.map { .init(name: $0.name, value: $0.value) })
        let responseView =
            received.isComplete
            ? VerifiedView(fields: fields, body: received.bytes, limit: settings.maximumBodyBytes)
            : VerifiedView(
                fields: fields,
                unread: "a body of more than \(settings.maximumBodyBytes) bytes, passed on unread (--max-body)")
        let response = ContractVerify.HTTPResponse(
            status: status, headers: responseView.headers, body: responseView.body)
        var violations = requestView.explaining(verdict.violations)
        if let match = verdict.route.match {
            violations += responseView.explaining(verifier.verifyResponse(response, for: match, request: verified))
        }
        // The recording keeps the exchange as it was verified (bodies decoded), so that `contract-check`
        // reading it again comes to the same verdict.
        recorder.record(
            HTTPExchange(request: verified, response: response), violations: violations, contract: contract,
            verifier: verifier, startedAt: startedAt)
        var extra = HTTPFields()
        if !violations.isEmpty {
            settings.log(ExchangeLog.lines(violations))
            if proxy.marksViolations, let field = ExchangeLog.violationsField(count: violations.count) {
                extra.append(field)
            }
        }
        let head = ProxyWire.handedBack(upstream, extraHeaders: extra)
        if request.method == .head || (received.isComplete && received.bytes.readableBytes == 0) {
            return try await writer.writeResponse(head)
        }
        var bodyWriter = try await writer.writeHead(head)
        try await bodyWriter.write(received.bytes)
        // The rest of a body too large to verify, as it arrives; a failure of the upstream here closes
        // the client's connection, which then sees the body cut short, as it would from the upstream.
        if !received.isComplete {
            while let chunk = try await next(of: &upstreamBody, request: verified) {
                try await bodyWriter.write(chunk)
            }
        }
        try await bodyWriter.finish(nil)
    }

    /// The upstream body's next piece. A failure is logged and thrown as `UpstreamBrokeOff`: the server
    /// answers a thrown `HTTPParserError` (what a connection closed mid-body gives) with a 400 as if the
    /// client's request were malformed, written after the head already sent; any other error closes the
    /// connection.
    private func next(
        of body: inout HTTPClientResponse.Body.AsyncIterator, request: ContractVerify.HTTPRequest
    ) async throws(UpstreamBrokeOff) -> ByteBuffer? {
        do {
            return try await body.next()
        } catch {
            settings.log("\(request.method) \(request.path): the upstream broke off its body: \(error)")
            throw UpstreamBrokeOff()
        }
    }
}

/// The upstream stopped in the middle of a body the proxy was passing on.
struct UpstreamBrokeOff: Error {}
