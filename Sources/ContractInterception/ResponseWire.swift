import ContractVerify
import Foundation

/// A response as the protocol hands it to the client: header fields folded for `HTTPURLResponse`, the
/// body as `Data`, beside the response they were made from. Built once for a cached synthesized answer, so
/// repeated answers copy nothing. A class: an answer passes through the cache, the plan and the delivery,
/// and each copy retained the response's fields, the header table and the body's storage; now it retains
/// one object.
package final class ResponseWire: Sendable {
    /// The response, as the verifier and the recorded exchange see it.
    package let response: HTTPResponse
    let headerFields: [String: String]
    package let body: Data
    /// A stream's body (server-sent events, JSON lines) in the pieces it is delivered in, one item each;
    /// empty for a body delivered whole.
    package let pieces: [Data]

    init(_ response: HTTPResponse, pieces: [Data] = []) {
        self.response = response
        headerFields = Self.headerFields(response.headers)
        body = Data(response.body.bytes ?? [])
        self.pieces = pieces
    }

    /// `HTTPURLResponse` takes one value per name: repeated fields are joined as HTTP allows. Names are
    /// matched by their ASCII lower-case form (Foundation's case-insensitive comparison is costly per request).
    static func headerFields(_ headers: HTTPHeaders) -> [String: String] {
        var fields: [String: String] = [:]
        var names: [String: String] = [:]
        for field in headers {
            let folded = field.name.lowercased()
            if let name = names[folded] {
                fields[name] = (fields[name] ?? "") + ", " + field.value
            } else {
                names[folded] = field.name
                fields[field.name] = field.value
            }
        }
        return fields
    }
}
