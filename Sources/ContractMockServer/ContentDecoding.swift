import ContractVerify
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPCompression

/// Decodes a copy of a compressed body for the verifier, so that a schema is checked against the JSON a
/// client reads while the wire bytes pass through untouched. zlib does the work, through the same
/// decompressor an HTTP client puts in its pipeline, run here on a channel of its own.
enum ContentDecoding {
    /// What decoding made of a body.
    enum Outcome: Equatable {
        /// The body has no content coding (or `identity`): it is verified as it is.
        case unencoded
        /// The body decoded to these bytes.
        case decoded([UInt8])
        /// The body could not be decoded; the text says why, for the verifier's warning.
        case undecodable(String)
    }

    /// The codings decoded: `x-gzip` is read as `gzip`, as RFC 9110 asks.
    private static let supported: [String: String] = ["gzip": "gzip", "x-gzip": "gzip", "deflate": "deflate"]

    /// How many compressed bytes go into the decoder at a time, so that one step's output stays small and
    /// the limit stops a body that inflates without bound early.
    private static let sliceBytes = 16 << 10

    /// Decodes `body` sent with the `Content-Encoding` field values `encodings`, producing at most `limit`
    /// bytes.
    static func decode(_ body: ByteBuffer, encodings: [String], limit: Int) -> Outcome {
        let codings = FieldTokens.of(encodings).filter { $0 != "identity" }
        guard let first = codings.first else { return .unencoded }
        let named = codings.joined(separator: ", ")
        guard codings.count == 1, let coding = supported[first] else {
            return .undecodable("a body in Content-Encoding \(named), which the proxy does not decode")
        }
        // Nothing to decode (a HEAD response, a 304): the empty body is what the client reads too.
        if body.readableBytes == 0 { return .decoded([]) }
        do {
            return .decoded(try inflate(body, coding: coding, limit: limit))
        } catch let error as NIOHTTPDecompression.DecompressionError where error == .limit {
            return .undecodable("a \(named) body that decodes to more than \(limit) bytes, the most the proxy decodes")
        } catch {
            return .undecodable("a \(named) body that does not decode (\(error))")
        }
    }

    private static func inflate(_ body: ByteBuffer, coding: String, limit: Int) throws -> [UInt8] {
        let channel = EmbeddedChannel(handler: NIOHTTPResponseDecompressor(limit: .size(limit)))
        defer { _ = try? channel.finish() }
        var head = HTTPResponseHead(version: .http1_1, status: .ok)
        head.headers.add(name: "Content-Encoding", value: coding)
        try channel.writeInbound(HTTPClientResponsePart.head(head))
        var decoded: [UInt8] = []
        var rest = body
        while let slice = rest.readSlice(length: min(sliceBytes, rest.readableBytes)), slice.readableBytes > 0 {
            try channel.writeInbound(HTTPClientResponsePart.body(slice))
            try drain(channel, into: &decoded)
        }
        try channel.writeInbound(HTTPClientResponsePart.end(nil))
        try drain(channel, into: &decoded)
        return decoded
    }

    /// Moves the decoded pieces the channel holds into `decoded`.
    private static func drain(_ channel: EmbeddedChannel, into decoded: inout [UInt8]) throws {
        while let part = try channel.readInbound(as: HTTPClientResponsePart.self) {
            if case .body(let piece) = part { decoded.append(contentsOf: piece.readableBytesView) }
        }
    }
}
