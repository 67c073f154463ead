import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers bytes the HTTP parser refuses with a problem document that says why, then ends the connection:
/// 431 when the request line and header fields run past what the parser reads (a query of many kilobytes,
/// say), 400 for anything else that is not an HTTP/1.1 request. Without it, HummingbirdCore answers both
/// with an empty 400.
///
/// It answers only between requests. A parse error inside a request's body reaches the responder reading
/// that body, whose own answer is the one the client gets.
final class UnparsableRequestAnswer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    /// The most bytes of request line and header fields the parser reads (HummingbirdCore's default,
    /// which the mock server keeps).
    static let headLimit = 80 * 1024

    /// Whether a request's head has been read and its end not yet.
    private var readingRequest = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: readingRequest = true
        case .body: break
        case .end: readingRequest = false
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError, !readingRequest else {
            context.fireErrorCaught(error)
            return
        }
        let (status, title, detail) = Self.problem(for: parserError)
        let body = ByteBuffer(
            string: #"{"type":"about:blank","title":"\#(title)","status":\#(status.code),"detail":"\#(detail)"}"#)
        var fields = HTTPFields()
        fields[.contentType] = "application/problem+json"
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

    /// The status, title and detail for `error`; the detail says what to send instead.
    static func problem(for error: HTTPParserError) -> (HTTPResponse.Status, String, String) {
        if error == .headerOverflow {
            return (
                .requestHeaderFieldsTooLarge, "Request line and header fields too large",
                "the request line and header fields take more than \(headLimit) bytes, the most this server reads; "
                    + "send long data in the body, or fewer or shorter query parameters and header fields"
            )
        }
        return (
            .badRequest, "Not an HTTP/1.1 request",
            "the HTTP parser refused the request (\(error)); send a request line such as "
                + "GET /path HTTP/1.1, header fields, then an empty line"
        )
    }
}
