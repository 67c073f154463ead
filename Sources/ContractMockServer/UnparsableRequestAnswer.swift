import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers bytes the HTTP parser refuses with a problem document that says why, then ends the connection:
/// 431 when the request line and header fields run past what the parser reads (a query of many kilobytes,
/// say), 400 for anything else that is not an HTTP/1.1 request. Without it, HummingbirdCore answers both
/// with an empty 400.
///
/// It answers between requests, after the responses to the requests read before the bad bytes (a client
/// may send them in one go): those go out first. A parse error inside a request's body reaches the
/// responder reading that body, which answers with the same problem (`MockResponder.unparsable`).
final class UnparsableRequestAnswer: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The most bytes of request line and header fields the parser reads (HummingbirdCore's default,
    /// which the mock server keeps).
    static let headLimit = 80 * 1024

    /// Whether a request's head has been read and its end not yet.
    private var readingRequest = false
    /// Requests read whose responses have not ended yet.
    private var responsesOwed = 0
    /// A parse error that came while responses were owed, answered once they have gone out.
    private var heldError: HTTPParserError?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            readingRequest = true
            responsesOwed += 1
        case .body: break
        case .end: readingRequest = false
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        guard case .end = unwrapOutboundIn(data) else { return }
        responsesOwed = max(0, responsesOwed - 1)
        if responsesOwed == 0, let error = heldError {
            heldError = nil
            answer(error, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError, !readingRequest else {
            context.fireErrorCaught(error)
            return
        }
        if responsesOwed > 0 {
            heldError = parserError
        } else {
            answer(parserError, context: context)
        }
    }

    private func answer(_ error: HTTPParserError, context: ChannelHandlerContext) {
        let (status, title, detail) = Self.problem(for: error)
        let body = ProblemDocument.body(status: status.code, title: title, detail: detail)
        var fields = HTTPFields()
        fields[.contentType] = ProblemDocument.contentType
        fields[.contentLength] = String(body.readableBytes)
        fields[.connection] = "close"
        context.write(wrapOutboundOut(.head(HTTPResponse(status: status, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        // Only the output closes: the input is read (and dropped by the failed parser) until the client closes,
        // since closing a socket with unread input resets the connection, and the client could lose this answer.
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            channel.close(mode: .output, promise: nil)
        }
    }

    /// The status, title and detail answering `error`; the detail says what to send instead.
    static func problem(for error: HTTPParserError) -> (HTTPResponse.Status, String, String) {
        let status: HTTPResponse.Status
        let title: String
        let detail: String
        if error == .headerOverflow {
            status = .requestHeaderFieldsTooLarge
            title = "Request line and header fields too large"
            detail =
                "the request line and header fields take more than \(headLimit) bytes, the most this server reads; "
                + "send long data in the body, or fewer or shorter query parameters and header fields"
        } else {
            status = .badRequest
            title = "Malformed HTTP/1.1 request"
            detail =
                "the HTTP parser refused the request (\(error)); send a request line such as GET /path HTTP/1.1, "
                + "header fields, an empty line, then a body framed as its Content-Length or chunked "
                + "Transfer-Encoding says"
        }
        return (status, title, detail)
    }
}
